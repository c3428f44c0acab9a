/**
 * `npm run sources -- <command>`: the sources of this Herald install, from a terminal.
 *
 *   list                                   every source with its state and last error
 *   add <kind> <name> [--config JSON] [--url URL] [--collection ID] [--interval MINUTES]
 *   import-opml <file> [--collection ID]   one feed source per outline with an xmlUrl
 *   run <id>                               run one source now, with a progress bar
 *   enable <id> | disable <id>             switch a source on (clears failures) or off
 *   kinds                                  the connector kinds and their settings
 *
 * Uses the same configuration as the server (DATA_DIR or DATABASE_URL). While Herald runs on the
 * embedded database, that database belongs to the server: the command then asks the running
 * server (its address and operator token are in the data directory), so nothing needs stopping.
 * Otherwise it opens the database itself, through the same operations as the Sources page.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import pino from 'pino';
import { z } from 'zod';
import { COLLECTIONS } from '../../../contract/collections.js';
import type { TCreateSource, TOpmlImportResult, TSource, TSourceDetail, TUpdateSource } from '../../../contract/sources.js';
import { readControlFile } from '../../auth/operator-token.js';
import { ConfigError, loadConfig, type Config } from '../../config.js';
import { openDatabase } from '../../db/client.js';
import { DataDirLockedError, lockDataDir } from '../../db/lock.js';
import { detectFeatures, runMigrations } from '../../db/migrate.js';
import { AppError } from '../../http/errors.js';
import { createEmbedder } from '../../search/embeddings.js';
import { openSearchIndex } from '../../search/index-state.js';
import { maintainSearchIndex } from '../../search/maintenance.js';
import { ALL_CONNECTORS } from '../../sources/registry.js';
import { runSource } from '../../sources/runner.js';
import { findSource, listSources, sourceDetail } from './list.js';
import { createSource, updateSource, sourcePolicy } from './manage.js';
import { importOpml } from './opml.js';

class UsageError extends Error {}

const USAGE = `Usage: npm run sources -- <command>
  list
  add <kind> <name> [--config JSON] [--url URL] [--collection ID] [--interval MINUTES]
  import-opml <file> [--collection ID]
  run <id>
  enable <id> | disable <id>
  kinds`;

const collectionName = (id: number) => COLLECTIONS.find((c) => c.id === id)?.name ?? String(id);
const when = (date: string | null) => (date ? date.replace('T', ' ').slice(0, 16) : '-');

/** What the commands need, answered by the running server or by the database directly. */
interface Operations {
  list(): Promise<TSource[]>;
  add(body: TCreateSource): Promise<TSource>;
  update(id: number, body: TUpdateSource): Promise<TSource>;
  importOpml(xml: string, collectionId: number): Promise<TOpmlImportResult>;
  /** Runs the source now, reporting progress; answers its finished run. */
  run(id: number, progress: (received: number) => void): Promise<TSourceDetail['runs'][number]>;
  close(): Promise<void>;
}

/** Through the running server's Sources calls, with the operator token. */
function remoteOperations(url: string, token: string): Operations {
  async function call<T>(method: string, path: string, body?: unknown, form?: FormData): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${url}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      });
    } catch (error) {
      throw new UsageError(`The running Herald at ${url} does not answer (${(error as Error).message}). Is it still starting or stopping?`);
    }
    const answer = (await response.json().catch(() => ({}))) as T & { error?: string };
    if (!response.ok) throw new UsageError(answer.error ?? `The server answered ${response.status}.`);
    return answer;
  }
  return {
    list: async () => (await call<{ sources: TSource[] }>('GET', '/sources/')).sources,
    add: (body) => call('POST', '/sources/', body),
    update: (id, body) => call('PATCH', `/sources/${id}/`, body),
    importOpml(xml, collectionId) {
      const form = new FormData();
      form.append('file', new Blob([xml], { type: 'text/x-opml' }), 'feeds.opml');
      return call('POST', `/sources/import-opml/?collection_id=${collectionId}`, undefined, form);
    },
    async run(id, progress) {
      const before = await call<TSourceDetail>('GET', `/sources/${id}/`);
      const lastBefore = before.runs[0]?.id ?? 0;
      await call('POST', `/sources/${id}/run/`);
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const detail = await call<TSourceDetail>('GET', `/sources/${id}/`);
        const run = detail.runs.find((r) => r.id > lastBefore);
        if (run?.finished_at) return run;
        if (run) progress(run.received);
      }
    },
    close: async () => undefined,
  };
}

/** On the database itself (a PostgreSQL server, or the embedded database while Herald is stopped). */
async function localOperations(config: Config): Promise<Operations> {
  const release = config.databaseUrl ? undefined : await lockDataDir(config.dataDir);
  const logger = pino({ level: process.env.LOG_LEVEL ?? 'warn' });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax, dataDir: config.dataDir });
  const features = await detectFeatures(database);
  await runMigrations(database);
  const search = await openSearchIndex(database, features, createEmbedder(config), logger);
  const found = async (id: number) => {
    const source = await findSource(database, id);
    if (!source) throw new UsageError(`no source ${id}`);
    return source;
  };
  return {
    list: () => listSources(database),
    add: async (body) => found((await createSource(database, undefined, body, sourcePolicy(config))).id),
    update: async (id, body) => {
      await updateSource(database, undefined, id, body, sourcePolicy(config));
      return found(id);
    },
    importOpml: (xml, collectionId) => importOpml(database, undefined, xml, { dryRun: false, collectionId, policy: sourcePolicy(config) }),
    async run(id, progress) {
      await found(id);
      await runSource({ database, search, logger, config }, id, { trigger: 'cli', progress: (done) => progress(done) });
      await maintainSearchIndex(database);
      return (await sourceDetail(database, id))!.runs[0]!;
    },
    async close() {
      await database.close();
      await release?.();
    },
  };
}

/** The running server when it holds the embedded database, else the database. */
async function connect(config: Config): Promise<Operations> {
  if (config.databaseUrl) return localOperations(config);
  try {
    return await localOperations(config);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const control = await readControlFile(config.dataDir);
    if (!control) throw new UsageError(`${error.message} It does not serve the API here (no api role), so stop it to manage sources.`);
    return remoteOperations(control.url, control.token);
  }
}

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
  const known = ['list', 'add', 'import-opml', 'run', 'enable', 'disable'];
  if (!known.includes(command)) throw new UsageError(`unknown command "${command}"\n${USAGE}`);
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

  const operations = await connect(loadConfig());
  try {
    switch (command) {
      case 'list': {
        const rows = await operations.list();
        if (rows.length === 0) console.log('No sources. Add one with `npm run sources -- add <kind> <name> ...`.');
        for (const s of rows.sort((a, b) => a.id - b.id)) {
          const state = s.enabled ? 'on' : 'OFF';
          console.log(
            `${String(s.id).padStart(4)}  ${state.padEnd(3)}  ${s.kind.padEnd(16)} ${s.name.slice(0, 40).padEnd(40)} ${collectionName(s.collection_id).padEnd(18)}` +
              ` every ${s.interval_minutes} min  docs ${s.documents}  last run ${when(s.last_run_at)}  ok ${when(s.last_success_at)}  failures ${s.consecutive_failures}`,
          );
          if (s.disabled_reason) console.log(`        disabled: ${s.disabled_reason}`);
          else if (s.last_error) console.log(`        last error: ${s.last_error}`);
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
        const source = await operations.add({ kind, name: nameParts.join(' '), settings, collection_id: numberOption('collection'), interval_minutes: numberOption('interval') });
        console.log(`Added source ${source.id}: ${source.kind} "${source.name}" (${collectionName(source.collection_id)}, every ${source.interval_minutes} min). Run it now with: npm run sources -- run ${source.id}`);
        break;
      }
      case 'import-opml': {
        if (!rest[0]) throw new UsageError('import-opml needs a file');
        const result = await operations.importOpml(await readFile(rest[0], 'utf8'), numberOption('collection') ?? 1);
        for (const entry of result.entries.filter((e) => e.status !== 'new')) console.log(`  skipped ${entry.url}: ${entry.reason}`);
        console.log(`Imported ${result.added} of ${result.entries.length} feeds.`);
        break;
      }
      case 'run': {
        const sourceId = id();
        const bar = new cliProgress.SingleBar({ format: 'source {id} [{bar}] {value} received', hideCursor: true }, cliProgress.Presets.shades_classic);
        let started = false;
        const run = await operations.run(sourceId, (received) => {
          if (!started) bar.start(Math.max(received, 1), received, { id: sourceId });
          started = true;
          bar.setTotal(Math.max(received, 1));
          bar.update(received);
        });
        if (started) bar.stop();
        const seconds = ((Date.parse(run.finished_at!) - Date.parse(run.started_at)) / 1000).toFixed(1);
        console.log(
          run.ok
            ? `Done in ${seconds} s: ${run.pages} page(s), ${run.received} received, ${run.inserted} new, ${run.duplicates} duplicates, ${run.not_modified} of ${run.requests} request(s) not modified.`
            : `Failed after ${seconds} s: ${run.error}`,
        );
        if (!run.ok) process.exitCode = 1;
        break;
      }
      case 'enable':
      case 'disable': {
        const sourceId = id();
        await operations.update(sourceId, { enabled: command === 'enable' });
        console.log(`Source ${sourceId} ${command}d.`);
        break;
      }
    }
  } finally {
    await operations.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError || error instanceof AppError || error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
