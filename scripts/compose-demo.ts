/**
 * Every demo document composed alone, as the article stage would compose it with no research and no
 * earlier events: the built-in summary, then the built-in article, its source's template counted per
 * publisher over the corpus as the demo source counts it at ingest (source_sentences). One JSON line
 * a document (id, set, publisher, title, summary, article; `error` where composition throws), to
 * compare two commits' leads, introductions and titles:
 *
 *   npx tsx scripts/compose-demo.ts [out.jsonl] [--limit N]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadDemoCorpus, type DemoRecord } from '../server/sources/demo.js';
import { prepareDocument, type PreparedDocument } from '../server/documents/normalise.js';
import { extractiveSummary } from '../server/intelligence/capabilities/summarise.js';
import { builtinCompose } from '../server/intelligence/capabilities/compose.js';
import { TEMPLATE_MIN_DOCUMENTS } from '../server/intelligence/capabilities/repeated-sentences.js';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { limit: { type: 'string' } } });
const out = positionals[0] ?? 'compose-demo.jsonl';

async function prepared(records: DemoRecord[]): Promise<{ r: DemoRecord; p: PreparedDocument }[]> {
  const docs: { r: DemoRecord; p: PreparedDocument }[] = [];
  for (const r of records) {
    const raw = { externalId: r.id, title: r.title, text: r.text, publisher: r.publisher ?? undefined, contentType: r.content_type, collectionId: r.collection_id, metadata: r.metadata };
    docs.push({ r, p: await prepareDocument(raw, 1) });
  }
  return docs;
}

/** Each publisher's template: the keys held by TEMPLATE_MIN_DOCUMENTS of its documents. */
function templates(docs: { p: PreparedDocument }[]): (p: PreparedDocument) => Set<number> {
  const counts = new Map<string, number>();
  for (const { p } of docs) for (const key of p.sentenceKeys) counts.set(`${p.publisher}|${key}`, (counts.get(`${p.publisher}|${key}`) ?? 0) + 1);
  return (p) => new Set(p.sentenceKeys.filter((key) => (counts.get(`${p.publisher}|${key}`) ?? 0) >= TEMPLATE_MIN_DOCUMENTS));
}

function composed(r: DemoRecord, p: PreparedDocument, sourceTemplate: Set<number>): string {
  const s = extractiveSummary({ title: p.title, text: p.text, publisher: p.publisher, language: p.language, sourceTemplate });
  const main = { documentId: 1, title: p.title, text: p.text, summary: s.summary, keyFacts: s.key_facts, publisher: p.publisher, date: r.published_at ?? '2000-01-01', collectionId: 1, language: p.language, score: 1, sourceTemplate };
  let article: unknown;
  try {
    article = builtinCompose({ topic: { name: 'Demo' }, main, supporting: [], novelFacts: s.key_facts, knownFacts: [], phaseChange: null, language: p.language });
  } catch (error) {
    article = { error: String(error).slice(0, 200) };
  }
  return JSON.stringify({ id: r.id, set: r.set, publisher: p.publisher, title: p.title, summary: s.summary, article });
}

const { records } = await loadDemoCorpus();
const docs = await prepared(records.slice(0, values.limit ? Number(values.limit) : records.length));
const templateOf = templates(docs);
writeFileSync(out, docs.map(({ r, p }) => composed(r, p, templateOf(p))).join('\n') + '\n');
console.log(`${docs.length} demo documents composed alone -> ${out}`);
