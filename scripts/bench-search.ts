/**
 * Search latency (p50/p95, hybrid) at 100k chunks on embedded PGlite, and recall@10 of the
 * vector part (HNSW) against exact nearest-neighbour search.
 *
 *   npm run bench:search [-- --chunks 100000 --queries 200 --rebuild]
 *
 * The corpus (demo documents and variants of them) is ingested once into .bench/search-pglite
 * and reused by later runs. Targets: p95 <= 100 ms, recall@10 >= 0.95.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase, rowsOf } from '../server/db/client.js';
import { detectFeatures, runMigrations } from '../server/db/migrate.js';
import { sources } from '../server/db/schema/index.js';
import { ingestDocuments } from '../server/documents/ingest.js';
import { ROOT } from '../server/paths.js';
import { createHashedTfIdfEmbedder } from '../server/search/embeddings.js';
import { openSearchIndex, vectorLiteral } from '../server/search/index-state.js';
import { maintainSearchIndex } from '../server/search/maintenance.js';
import { indexPendingVectors } from '../server/search/vector-index.js';
import { HNSW_EF_SEARCH, searchChunks } from '../server/search/search.js';
import { loadDemoCorpus } from '../server/sources/demo.js';

const { values } = parseArgs({
  options: { chunks: { type: 'string', default: '100000' }, queries: { type: 'string', default: '200' }, rebuild: { type: 'boolean', default: false } },
});
const targetChunks = Number(values.chunks);
const queryCount = Number(values.queries);
const dataDir = path.join(ROOT, '.bench', `search-pglite-${targetChunks}`);
const logger = pino({ level: 'warn' });

if (values.rebuild) await rm(dataDir, { recursive: true, force: true });
const fresh = !existsSync(dataDir);
const database = await openDatabase({ dataDir });
const features = await detectFeatures(database);
await runMigrations(database);
const search = await openSearchIndex(database, features, createHashedTfIdfEmbedder(), logger);
if (!search.vectors) throw new Error('pgvector is required for this benchmark (PGlite has it)');
const count = async () => Number(rowsOf<{ n: string }>(await database.db.execute(sql`SELECT count(*)::text AS n FROM chunks`))[0]!.n);

const { records } = await loadDemoCorpus();
let chunkTotal = await count();
if (fresh || chunkTotal < targetChunks) {
  const [source] = await database.db.insert(sources).values({ kind: 'demo', name: `bench ${Date.now()}`, collectionId: 1, intervalMinutes: 60 }).returning();
  const started = performance.now();
  for (let round = 0; chunkTotal < targetChunks; round++) {
    for (let i = 0; i < records.length && chunkTotal < targetChunks; i += 200) {
      const page = records.slice(i, i + 200).map((r, k) => {
        // Variants mix the sentences of two documents of the corpus: new text, realistic words.
        const other = records[((i + k) * 7 + round * 13 + 1) % records.length]!;
        const own = r.text.split(/(?<=[.!?])\s+/);
        const mixed = round ? other.text.split(/(?<=[.!?])\s+/) : [];
        const sentences = own.flatMap((sentence, n) => (mixed[n] ? [sentence, mixed[n]!] : [sentence]));
        return {
          externalId: `${r.id}#${round}`,
          title: round ? `${r.title} (${round})` : r.title,
          text: sentences.join(' '),
          canonicalUrl: null,
          publishedAt: r.published_at ? new Date(r.published_at) : null,
          contentType: r.content_type,
          collectionId: r.collection_id,
        };
      });
      const result = await ingestDocuments({ database, search, logger }, { id: source!.id, collectionId: 1 }, page);
      chunkTotal += result.chunks;
      process.stdout.write(`\r  building: ${chunkTotal} chunks (${((performance.now() - started) / 1000).toFixed(0)} s)`);
    }
  }
  process.stdout.write('\n');
}
// Ingest leaves the vectors waiting for the HNSW graph (vector-index.ts): measure the graph built.
if (search.vectors) await indexPendingVectors(database);
await maintainSearchIndex(database, true);

// Queries: document titles (a phrase someone would search) and keyword pairs from them.
const rng = (seed: number) => () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
const random = rng(42);
const queries: string[] = [];
while (queries.length < queryCount) {
  const r = records[Math.floor(random() * records.length)]!;
  const words = r.title.split(/\s+/).filter((w) => w.length > 3);
  queries.push(queries.length % 2 === 0 ? r.title.slice(0, 120) : words.slice(0, 3).join(' ') || r.title);
}

for (const q of queries.slice(0, 10)) await searchChunks(database, search, { query: q, limit: 10, offset: 0 }); // warm up
const times: number[] = [];
for (const query of queries) {
  const started = performance.now();
  await searchChunks(database, search, { query, limit: 10, offset: 0 });
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;

// Recall@10 of the vector side: HNSW (as search uses it) against an exact scan.
let hits = 0;
let possible = 0;
for (const query of queries.slice(0, 100)) {
  const [vector] = await search.embedder.embed([query]);
  const literal = vectorLiteral(vector!);
  const approx = await database.db.transaction(async (tx) => {
    await tx.execute(sql.raw(`SET LOCAL hnsw.ef_search = ${HNSW_EF_SEARCH}`));
    return rowsOf<{ id: string; d: number }>(
      await tx.execute(sql`SELECT chunk_id::text AS id, embedding <=> ${literal}::vector AS d FROM chunk_vectors ORDER BY embedding <=> ${literal}::vector LIMIT 10`),
    );
  });
  const exact = await database.db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_indexscan = off`);
    return rowsOf<{ id: string; d: number }>(
      await tx.execute(sql`SELECT chunk_id::text AS id, embedding <=> ${literal}::vector AS d FROM chunk_vectors ORDER BY embedding <=> ${literal}::vector LIMIT 10`),
    );
  });
  // Ties: a result as close as the exact 10th counts as a hit (identical chunks are equally right).
  const kth = Number(exact.at(-1)?.d ?? Infinity);
  hits += approx.filter((r) => Number(r.d) <= kth + 1e-9).length;
  possible += exact.length;
}
const recall = hits / possible;

console.log(`search benchmark: ${chunkTotal} chunks on PGlite (hybrid); ${os.cpus()[0]?.model} x${os.cpus().length}, load ${os.loadavg()[0]!.toFixed(1)}`);
console.log(`  latency over ${times.length} queries: p50 ${pct(50).toFixed(1)} ms, p95 ${pct(95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms  (target p95 <= 100 ms: ${pct(95) <= 100 ? 'met' : 'NOT met'})`);
console.log(`  recall@10 of HNSW vs exact over 100 queries: ${recall.toFixed(3)}  (target >= 0.95: ${recall >= 0.95 ? 'met' : 'NOT met'})`);
await database.close();
