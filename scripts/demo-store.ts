/**
 * The demo corpus as a store, for evaluation scripts: an in-memory Herald (API role, built-in
 * engine, no demo replay) with every demo document ingested, indexed and summarised (about a
 * minute). The caller stops it (`herald.stop()`).
 */
import pino from 'pino';
import { startHerald } from '../server/boot.js';
import { loadConfig } from '../server/config.js';
import { sources } from '../server/db/schema/index.js';
import { ingestDocuments } from '../server/documents/ingest.js';
import { summariseDocuments } from '../server/pipeline/summarise.js';
import { demoConnector } from '../server/sources/demo.js';

export async function demoStore() {
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DEMO: 'off', DEMO_SOURCE: 'off', HERALD_ROLES: 'api', SUMMARY_MODEL: 'builtin' });
  const herald = await startHerald(config, { inMemory: true, listen: false, logger: pino({ level: 'silent' }) });
  try {
    const t0 = performance.now();
    const stage = { database: herald.database, search: herald.search, config, logger: herald.logger };
    const [source] = await herald.database.db.insert(sources).values({ kind: 'demo', name: 'demo corpus', collectionId: 1, intervalMinutes: 60, enabled: false }).returning({ id: sources.id });
    const demo = demoConnector.config.parse({ rate: 0, pageSize: 500, pageDelayMs: 0, runSeconds: 600 });
    let stored = 0;
    for await (const page of demoConnector.fetch({ config: demo, cursor: null, signal: new AbortController().signal, now: new Date(), http: undefined as never, keys: {} as never })) {
      const { insertedIds } = await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: source!.id, collectionId: 1 }, page.documents);
      await summariseDocuments(stage, insertedIds);
      stored += insertedIds.length;
      process.stderr.write(`\rthe store: ${stored} demo documents`);
    }
    process.stderr.write(` (${((performance.now() - t0) / 1000).toFixed(0)} s)\n`);
    return { herald, config };
  } catch (error) {
    await herald.stop();
    throw error;
  }
}
