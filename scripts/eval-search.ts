/**
 * Search ranking against labels Herald did not write: nDCG@10 and precision@10 of the hybrid search
 * (server/search/search.ts) for queries typed as a reader types them, each with its relevant
 * documents.
 *
 *   npm run eval:search [-- --set demo|newswire]
 *
 * demo: the demo topics' names as queries over the demo corpus, the relevant documents those of
 * fixtures/eval/relevance.jsonl judged relevant, read as a condensed list (the documents nobody
 * judged left out of the ranking: Sakai 2007), since most of the corpus is unjudged.
 * newswire: the topics of fixtures/eval/newswire-topics.jsonl as queries over the newswire dev
 * stream (../shared/data/newswire, read in place, never copied here), the relevant documents those
 * the wire's editors filed under the topic's categories.
 * Results are chunks: a document counts once, at its best chunk's place.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pino from 'pino';
import { startHerald } from '../server/boot.js';
import { loadConfig } from '../server/config.js';
import { documents, sources } from '../server/db/schema/index.js';
import { ingestDocuments } from '../server/documents/ingest.js';
import { DEMO_TOPICS } from '../server/demo/topics.js';
import { ROOT } from '../server/paths.js';
import { searchChunks } from '../server/search/search.js';
import { loadDemoCorpus } from '../server/sources/demo.js';

const { values } = parseArgs({ options: { set: { type: 'string' } } });
const EVAL = path.join(ROOT, 'fixtures', 'eval');
const NEWSWIRE = process.env.HERALD_NEWSWIRE ?? path.join(ROOT, '..', 'shared', 'data', 'newswire', 'reuters_1987_03_09-20.jsonl');
const CUTOFF = 10;
const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);

interface Doc {
  id: string;
  title: string;
  text: string;
  published: string;
  collectionId: number;
}
interface Query {
  text: string;
  relevant: Set<string>;
  /** Where only some documents are judged: those (the rest are left out of the ranking). */
  judged?: Set<string>;
}

/** nDCG@k with binary gains, and precision@k, of a ranked list of document ids. */
export function ndcgAt(ranked: string[], relevant: Set<string>, k = CUTOFF): { ndcg: number; precision: number } {
  const top = ranked.slice(0, k);
  const dcg = top.reduce((sum, id, i) => sum + (relevant.has(id) ? 1 / Math.log2(i + 2) : 0), 0);
  const ideal = Array.from({ length: Math.min(k, relevant.size) }, (_, i) => 1 / Math.log2(i + 2)).reduce((a, b) => a + b, 0);
  return { ndcg: ideal ? dcg / ideal : 0, precision: top.filter((id) => relevant.has(id)).length / k };
}

async function evaluate(name: string, docs: Doc[], queries: Query[]): Promise<void> {
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DEMO: 'off', DEMO_SOURCE: 'off', HERALD_ROLES: 'api', SUMMARY_MODEL: 'builtin' });
  const herald = await startHerald(config, { inMemory: true, listen: false, logger: pino({ level: 'silent' }) });
  try {
    const [source] = await herald.database.db.insert(sources).values({ kind: 'demo', name, collectionId: 1, intervalMinutes: 60, enabled: false }).returning({ id: sources.id });
    for (let i = 0; i < docs.length; i += 200) {
      const page = docs.slice(i, i + 200).map((d) => ({ externalId: d.id, title: d.title, text: d.text, publisher: name, publishedAt: new Date(d.published), contentType: 'news', collectionId: d.collectionId, canonicalUrl: null, language: 'en' }));
      await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: source!.id, collectionId: 1 }, page);
      process.stderr.write(`\r${name}: ${Math.min(docs.length, i + 200)} documents`);
    }
    process.stderr.write('\n');
    const stored = await herald.database.db.select({ id: documents.id, externalId: documents.externalId }).from(documents);
    const external = new Map(stored.map((d) => [d.id, d.externalId]));
    let ndcg = 0;
    let precision = 0;
    console.log(`\n${name}: ${docs.length} documents, ${queries.length} queries; nDCG@${CUTOFF} and P@${CUTOFF} of the hybrid search`);
    for (const query of queries) {
      const { results } = await searchChunks(herald.database, herald.search, { query: query.text, limit: query.judged ? 400 : 60, offset: 0 });
      const ranked = [...new Set(results.map((r) => external.get(r.metadata.document_id)!))].filter((id) => !query.judged || query.judged.has(id));
      const score = ndcgAt(ranked, query.relevant);
      ndcg += score.ndcg;
      precision += score.precision;
      console.log(`  ${query.text.padEnd(44)} nDCG ${score.ndcg.toFixed(3)}  P ${score.precision.toFixed(2)}  (${query.relevant.size} relevant)`);
    }
    console.log(`mean over ${queries.length} queries: nDCG@${CUTOFF} ${(ndcg / queries.length).toFixed(3)}  P@${CUTOFF} ${(precision / queries.length).toFixed(3)}`);
  } finally {
    await herald.stop();
  }
}

if (!values.set || values.set === 'demo') {
  const { records } = await loadDemoCorpus();
  const labels = readJsonl<{ topic: string; doc_id: string; relevant: boolean }>(path.join(EVAL, 'relevance.jsonl'));
  const queries = DEMO_TOPICS.map((t) => ({
    text: t.name,
    relevant: new Set(labels.filter((l) => l.topic === t.name && l.relevant).map((l) => l.doc_id)),
    judged: new Set(labels.filter((l) => l.topic === t.name).map((l) => l.doc_id)),
  }));
  await evaluate('demo', records.map((r) => ({ id: r.id, title: r.title, text: r.text, published: r.published_at ?? '2026-01-01', collectionId: r.collection_id })), queries);
}
if (!values.set || values.set === 'newswire') {
  if (!existsSync(NEWSWIRE)) console.log(`\nnewswire: skipped, ${NEWSWIRE} not found (set HERALD_NEWSWIRE)`);
  else {
    const stories = readJsonl<{ doc_id: string; title: string; text: string; published: string; labels: string[] }>(NEWSWIRE);
    const topics = readJsonl<{ name: string; labels: string[] }>(path.join(EVAL, 'newswire-topics.jsonl'));
    const queries = topics.map((t) => ({ text: t.name, relevant: new Set(stories.filter((s) => s.labels.some((l) => t.labels.includes(l))).map((s) => s.doc_id)) }));
    await evaluate('newswire', stories.map((s) => ({ id: s.doc_id, title: s.title, text: s.text, published: s.published, collectionId: 1 })), queries);
  }
}
