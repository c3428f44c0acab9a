/**
 * Ingest throughput, end to end (normalise, dedupe, chunk, embed, index), in documents per
 * second, on embedded PGlite and (with TEST_DATABASE_URL or DATABASE_URL) on a PostgreSQL server.
 *
 *   npm run bench:ingest [-- --docs 10000 --page 200]
 *
 * Documents: the bundled demo corpus, then variants of it (new ids, shuffled sentences) up to
 * --docs. Targets: >= 100 docs/s on PGlite, >= 300 docs/s on PostgreSQL.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { openDatabase, type Database } from '../server/db/client.js';
import { detectFeatures, runMigrations } from '../server/db/migrate.js';
import { ingestDocuments } from '../server/documents/ingest.js';
import { createHashedTfIdfEmbedder } from '../server/search/embeddings.js';
import { openSearchIndex } from '../server/search/index-state.js';
import { loadDemoCorpus } from '../server/sources/demo.js';

import type { RawDocument } from '../server/sources/types.js';
import { sources } from '../server/db/schema/index.js';
import { createFreshServerDatabase } from '../server/db/fresh-database.js';

const { values } = parseArgs({ options: { docs: { type: 'string', default: '10000' }, page: { type: 'string', default: '200' }, only: { type: 'string' }, 'no-vectors': { type: 'boolean', default: false } } });
const total = Number(values.docs);
const pageSize = Number(values.page);
const logger = pino({ level: 'warn' });

async function documents(): Promise<RawDocument[]> {
  const { records, sharedUrls } = await loadDemoCorpus();
  const out: RawDocument[] = [];
  for (let round = 0; out.length < total; round++) {
    for (const r of records) {
      if (out.length >= total) break;
      const sentences = r.text.split(/(?<=[.!?])\s+/);
      if (round > 0) sentences.push(sentences.shift() ?? '');
      out.push({
        externalId: round ? `${r.id}#${round}` : r.id,
        title: round ? `${r.title} (${round})` : r.title,
        text: sentences.join(' '),
        url: r.url && !sharedUrls.has(r.url) ? `${r.url}${round ? `#v${round}` : ''}` : undefined,
        canonicalUrl: r.url && !sharedUrls.has(r.url) && round === 0 ? undefined : null,
        publisher: r.publisher ?? undefined,
        publishedAt: r.published_at ? new Date(r.published_at) : null,
        contentType: r.content_type,
        collectionId: r.collection_id,
        metadata: r.metadata,
      });
    }
  }
  return out;
}

async function bench(label: string, database: Database) {
  const features = await detectFeatures(database);
  await runMigrations(database);
  const search = await openSearchIndex(database, values['no-vectors'] ? { ...features, pgvector: false } : features, createHashedTfIdfEmbedder(), logger);
  const [source] = await database.db.insert(sources).values({ kind: 'demo', name: `bench ${Date.now()}`, collectionId: 1, intervalMinutes: 60 }).returning();
  if (!source) throw new Error('no source');
  const docs = await documents();
  const started = performance.now();
  let inserted = 0;
  let chunks = 0;
  for (let i = 0; i < docs.length; i += pageSize) {
    const result = await ingestDocuments({ database, search, logger }, { id: source.id, collectionId: 1 }, docs.slice(i, i + pageSize));
    inserted += result.inserted;
    chunks += result.chunks;
    process.stdout.write(`\r  ${label}: ${i + pageSize} / ${docs.length}`);
  }
  const seconds = (performance.now() - started) / 1000;
  // Idempotence: the same documents again add nothing.
  const again = await ingestDocuments({ database, search, logger }, { id: source.id, collectionId: 1 }, docs.slice(0, pageSize));
  process.stdout.write('\r');
  console.log(
    `${label.padEnd(10)} ${inserted} documents, ${chunks} chunks in ${seconds.toFixed(1)} s = ${(inserted / seconds).toFixed(0)} docs/s ` +
      `(${(chunks / seconds).toFixed(0)} chunks/s; vectors ${search.vectors ? 'HNSW' : 'off: no pgvector'}; re-ingest added ${again.inserted})`,
  );
  return inserted / seconds;
}

console.log(`ingest benchmark: ${total} documents, pages of ${pageSize}; ${os.cpus()[0]?.model} x${os.cpus().length}, load ${os.loadavg()[0]!.toFixed(1)}`);
if (!values.only || values.only === 'pglite') {
  const database = await openDatabase({ dataDir: '', inMemory: true });
  const rate = await bench('PGlite', database);
  await database.close();
  console.log(`  target >= 100 docs/s: ${rate >= 100 ? 'met' : 'NOT met'}`);
}
const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
if (serverUrl && (!values.only || values.only === 'postgres')) {
  const fresh = await createFreshServerDatabase(serverUrl);
  const database = await openDatabase({ databaseUrl: fresh.url, dataDir: '' });
  try {
    const rate = await bench('PostgreSQL', database);
    console.log(`  target >= 300 docs/s: ${rate >= 300 ? 'met' : 'NOT met'}`);
  } finally {
    await database.close();
    await fresh.drop();
  }
} else if (!serverUrl) {
  console.log('PostgreSQL: skipped (set TEST_DATABASE_URL)');
}
