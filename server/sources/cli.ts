/**
 * `npm run sources -- <command>`: the sources of this Herald install.
 *
 *   list                                   every source with its state and last error
 *   add <kind> <name> [--config JSON] [--url URL] [--collection ID] [--interval MINUTES]
 *   import-opml <file> [--collection ID]   one feed source per outline with an xmlUrl
 *   run <id>                               run one source now, with a progress bar
 *   enable <id> | disable <id>             switch a source on (clears failures) or off
 *   kinds                                  the connector kinds and their settings
 *
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL). The embedded database
 * can be opened by one process at a time: stop `npm start` first, or use a PostgreSQL server.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { z } from 'zod';
import { COLLECTIONS } from '../../contract/collections.js';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { DataDirLockedError, lockDataDir } from '../db/lock.js';
import { detectFeatures, runMigrations } from '../db/migrate.js';
import { sources } from '../db/schema/index.js';
import { createEmbedder } from '../search/embeddings.js';
import { openSearchIndex } from '../search/index-state.js';
import { maintainSearchIndex } from '../search/maintenance.js';
import { parseOpml } from './connectors/index.js';
import { ALL_CONNECTORS } from './registry.js';
import { runSource } from './runner.js';
import { addSource } from './service.js';
import { SourceError } from './types.js';

class UsageError extends Error {}

const USAGE = `Usage: npm run sources -- <command>
  list
  add <kind> <name> [--config JSON] [--url URL] [--collection ID] [--interval MINUTES]
  import-opml <file> [--collection ID]
  run <id>
  enable <id> | disable <id>
  kinds`;

const collectionName = (id: number) => COLLECTIONS.find((c) => c.id === id)?.name ?? String(id);
const when = (date: Date | null) => (date ? date.toISOString().replace('T', ' ').slice(0, 16) : '-');

async function main() {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      config: { type: 'string' },
      url: { type: 'string' },
      collection: { type: 'string' },
      interval: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...rest] = positionals;
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }
  if (command === 'kinds') {
    for (const [kind, connector] of Object.entries(ALL_CONNECTORS)) {
      const shape = connector.config instanceof z.ZodObject ? Object.keys(connector.config.shape).join(', ') : '';
      console.log(`${kind.padEnd(18)} ${collectionName(connector.defaultCollectionId).padEnd(18)} every ${connector.defaultIntervalMinutes} min  settings: ${shape}`);
    }
    return;
  }

  const config = loadConfig();
  const release = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax, dataDir: config.dataDir });
  try {
    const features = await detectFeatures(database);
    await runMigrations(database);
    const search = await openSearchIndex(database, features, createEmbedder(config), logger);
    const id = () => {
      const value = Number(rest[0]);
      if (!Number.isInteger(value) || value < 1) throw new UsageError(`${command} needs a source id (see \`list\`)`);
      return value;
    };
    const numberOption = (name: 'collection' | 'interval') => {
      const raw = values[name];
      if (raw === undefined) return undefined;
      const value = Number(raw);
      if (!Number.isInteger(value)) throw new UsageError(`--${name} must be a whole number`);
      return value;
    };

    switch (command) {
      case 'list': {
        const rows = await database.db.select().from(sources).orderBy(sources.id);
        if (rows.length === 0) console.log('No sources. Add one with `npm run sources -- add <kind> <name> ...`.');
        for (const s of rows) {
          const state = s.enabled ? 'on' : 'OFF';
          console.log(
            `${String(s.id).padStart(4)}  ${state.padEnd(3)}  ${s.kind.padEnd(16)} ${s.name.slice(0, 40).padEnd(40)} ${collectionName(s.collectionId).padEnd(18)}` +
              ` every ${s.intervalMinutes} min  docs ${s.documentsIngested}  last run ${when(s.lastRunAt)}  ok ${when(s.lastSuccessAt)}  failures ${s.consecutiveFailures}`,
          );
          if (s.disabledReason) console.log(`        disabled: ${s.disabledReason}`);
          else if (s.lastError) console.log(`        last error: ${s.lastError}`);
        }
        break;
      }
      case 'add': {
        const [kind, ...nameParts] = rest;
        if (!kind || nameParts.length === 0) throw new UsageError('add needs a kind and a name');
        let settings: Record<string, unknown> = {};
        if (values.config) {
          try {
            settings = JSON.parse(values.config) as Record<string, unknown>;
          } catch {
            throw new UsageError('--config must be JSON, e.g. --config \'{"url":"https://example.com/feed.xml"}\'');
          }
        }
        if (values.url) settings.url = values.url;
        const row = await addSource(database.db, { kind, name: nameParts.join(' '), config: settings, collectionId: numberOption('collection'), intervalMinutes: numberOption('interval') });
        console.log(`Added source ${row.id}: ${row.kind} "${row.name}" (${collectionName(row.collectionId)}, every ${row.intervalMinutes} min). Run it now with: npm run sources -- run ${row.id}`);
        break;
      }
      case 'import-opml': {
        if (!rest[0]) throw new UsageError('import-opml needs a file');
        const outlines = parseOpml(await readFile(rest[0], 'utf8'));
        let added = 0;
        for (const outline of outlines) {
          try {
            await addSource(database.db, { kind: 'feed', name: outline.title || outline.url, config: { url: outline.url }, collectionId: numberOption('collection') });
            added++;
          } catch (error) {
            console.log(`  skipped ${outline.url}: ${(error as Error).message}`);
          }
        }
        console.log(`Imported ${added} of ${outlines.length} feeds.`);
        break;
      }
      case 'run': {
        const sourceId = id();
        const [row] = await database.db.select().from(sources).where(eq(sources.id, sourceId));
        if (!row) throw new UsageError(`no source ${sourceId}`);
        const bar = new cliProgress.SingleBar({ format: `${row.name} [{bar}] {value}/{total} documents`, hideCursor: true }, cliProgress.Presets.shades_classic);
        let started = false;
        const summary = await runSource({ database, search, logger, config }, sourceId, {
          progress(done, total) {
            if (!started) bar.start(total ?? done, done);
            started = true;
            if (total !== undefined) bar.setTotal(total);
            bar.update(done);
          },
        });
        if (started) bar.stop();
        await maintainSearchIndex(database);
        console.log(
          summary.ok
            ? `Done in ${(summary.ms / 1000).toFixed(1)} s: ${summary.pages} page(s), ${summary.received} received, ${summary.inserted} new, ${summary.duplicates} duplicates, ${summary.nearDuplicates} near-duplicates, ${summary.rejected} rejected.`
            : `Failed after ${(summary.ms / 1000).toFixed(1)} s: ${summary.error}${summary.disabled ? ' (the source is now disabled)' : ''}`,
        );
        if (!summary.ok) process.exitCode = 1;
        break;
      }
      case 'enable':
      case 'disable': {
        const sourceId = id();
        const enable = command === 'enable';
        const updated = await database.db
          .update(sources)
          .set(enable ? { enabled: true, disabledReason: null, consecutiveFailures: 0, nextRunAt: new Date() } : { enabled: false, disabledReason: 'disabled by an operator' })
          .where(eq(sources.id, sourceId))
          .returning({ id: sources.id });
        if (updated.length === 0) throw new UsageError(`no source ${sourceId}`);
        console.log(`Source ${sourceId} ${enable ? 'enabled' : 'disabled'}.`);
        break;
      }
      default:
        throw new UsageError(`unknown command "${command}"\n${USAGE}`);
    }
  } finally {
    await database.close();
    await release?.();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof SourceError || error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
