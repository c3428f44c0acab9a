/**
 * Every demo document composed alone, as the article stage would compose it with no research and no
 * earlier events: the built-in summary, then the built-in article, its source's template counted per
 * publisher over the corpus as the demo source counts it at ingest (source_sentences). One JSON line
 * a document (id, set, publisher, title, summary, article; `error` where composition throws), to
 * compare two commits' leads, introductions and titles. `takeaway` is the one the article would
 * show: the composed one, else the grounded one (capabilities/takeaway.ts) from the built-in impact
 * for the demo reader and the demo topic whose names the document names most (the first when it
 * names none), with no story before it; the document stored as the demo source stores it (stamped
 * with the replay time, its own date in metadata):
 *
 *   npx tsx scripts/compose-demo.ts [out.jsonl] [--limit N]
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { loadDemoCorpus, type DemoRecord } from '../server/sources/demo.js';
import { prepareDocument, type PreparedDocument } from '../server/documents/normalise.js';
import { extractiveSummary } from '../server/intelligence/capabilities/summarise.js';
import { builtinCompose, type TArticle } from '../server/intelligence/capabilities/compose.js';
import { TEMPLATE_MIN_DOCUMENTS } from '../server/intelligence/capabilities/repeated-sentences.js';
import { builtinImpact, namedIn } from '../server/intelligence/capabilities/impact.js';
import { groundedTakeaway } from '../server/intelligence/capabilities/takeaway.js';
import { documentRecord, reportedSource, takeawayContext } from '../server/pipeline/impact.js';
import { DEMO_USERS } from '../server/demo/seed.js';
import { DEMO_TOPICS } from '../server/demo/topics.js';
import { collectionKey } from '../contract/collections.js';

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

const dana = DEMO_USERS[0]!;
const reader = { title: dana.title, company: 'Herald Demo', industry: null, organizations: dana.organizations ?? [], productsMarkets: dana.markets ?? [], placesJurisdictions: dana.places ?? [] };
const replayedAt = new Date();

/** The demo topic whose names the document names most; the first when it names none. */
function topicOf(p: PreparedDocument) {
  const text = `${p.title}\n${p.text}`;
  const counts = DEMO_TOPICS.map((t) => (t.keyEntities ?? []).filter((n) => namedIn(n, text)).length);
  const topic = DEMO_TOPICS[counts.indexOf(Math.max(...counts))]!;
  return { name: topic.name, keyEntities: topic.keyEntities ?? [] };
}

/** The takeaway the article would show: the composed one, else the grounded one, as the article stage makes it (pipeline/impact.ts). */
/** The document as the pipeline reports it (impact.ts reportedSource). */
const reportedOf = (r: DemoRecord, p: PreparedDocument) =>
  reportedSource({ id: 1, title: p.title, text: p.text, collectionId: p.collectionId, language: p.language, contentType: p.contentType, publisher: p.publisher, canonicalAt: replayedAt, publishedAt: replayedAt, metadata: { ...p.metadata, original_published_at: r.published_at } });

function takeawayOf(r: DemoRecord, p: PreparedDocument, article: TArticle): string {
  if (article.actionable_takeaway.trim()) return article.actionable_takeaway;
  const reported = reportedOf(r, p);
  const topic = topicOf(p);
  const impact = builtinImpact({
    reader,
    topic,
    article: { title: article.title, introduction: article.introduction, points: article.bullet_points, sections: article.sections },
    references: article.references.filter((ref) => ref.document_id === 1).map((ref) => ({ number: ref.number, title: p.title, date: reported.date, kind: collectionKey(p.collectionId), text: p.text, language: p.language })),
    reported: reported.date,
    rank: 0.5,
    standing: null,
    phaseChange: false,
  });
  return groundedTakeaway(impact, takeawayContext(topic, article, reported));
}

function composed(r: DemoRecord, p: PreparedDocument, sourceTemplate: Set<number>): string {
  const s = extractiveSummary({ title: p.title, text: p.text, publisher: p.publisher, language: p.language, sourceTemplate });
  const main = { documentId: 1, title: p.title, text: p.text, summary: s.summary, keyFacts: s.key_facts, publisher: p.publisher, date: r.published_at ?? '2000-01-01', collectionId: 1, language: p.language, score: 1, sourceTemplate, record: documentRecord(reportedOf(r, p)) };
  let article: TArticle | { error: string };
  let takeaway: string | undefined;
  try {
    article = builtinCompose({ topic: { name: 'Demo' }, main, supporting: [], novelFacts: s.key_facts, knownFacts: [], phaseChange: null, language: p.language });
    takeaway = takeawayOf(r, p, article);
  } catch (error) {
    article = { error: String(error).slice(0, 200) };
  }
  return JSON.stringify({ id: r.id, set: r.set, publisher: p.publisher, title: p.title, summary: s.summary, article, takeaway });
}

const { records } = await loadDemoCorpus();
const docs = await prepared(records.slice(0, values.limit ? Number(values.limit) : records.length));
const templateOf = templates(docs);
writeFileSync(out, docs.map(({ r, p }) => composed(r, p, templateOf(p))).join('\n') + '\n');
console.log(`${docs.length} demo documents composed alone -> ${out}`);
