/**
 * What the pipeline decides for one (topic, document) pair, in memory: the collection check (the
 * topic's sources), the pre-filter rule and the built-in detection, with the topic's relevance
 * model built as the pipeline builds it, from a store sample (the evaluation's documents) and the
 * reader's judgements. Shared by the relevance and topic-profile evaluations.
 */
import { coveredCollections } from '../contract/collections.js';
import type { TopicModelRecord } from '../server/db/schema/index.js';
import { buildTopicModel, documentFeatures, sampleOf, scoreDocument, type DocumentFeatures, type Judged, type StoreSample } from '../server/intelligence/builtin/topic-model.js';
import { builtinRelevance } from '../server/intelligence/capabilities/relevance.js';
import { extractiveSummary } from '../server/intelligence/capabilities/summarise.js';
import type { NewTopic } from '../server/modules/user-topics/topics.js';
import { namesTopic, plausible, topicText } from '../server/pipeline/prefilter.js';
import { cosine, createHashedTfIdfEmbedder } from '../server/search/embeddings.js';

const embedder = createHashedTfIdfEmbedder();

export type Decision = 'collection' | 'prefilter' | 'DROP' | 'PASS';

export interface JudgedDocument {
  id: string;
  title: string;
  text: string;
  collection_id?: number;
  publisher?: string | null;
  published_at?: string | null;
  language?: string | null;
}

/** The evaluation's documents as the store sample topic models are built on. */
const storeIds = new Map<string, number>();
export function storeOf(docs: JudgedDocument[]): StoreSample {
  docs.forEach((d, i) => storeIds.set(d.id, i + 1));
  return sampleOf(docs.map((d, i) => ({ id: i + 1, title: d.title, text: d.text, language: d.language, collectionId: d.collection_id ?? 1 })));
}

const fullTopic = (topic: NewTopic) => ({ description: '', query: '', keyEvents: [], keyEntities: [], keyPlaces: [], relevanceMatrix: {}, ...topic });

/** A topic's model as the pipeline builds it (its words, the store, the reader's judgements on documents). */
export function modelOf(topic: NewTopic, store: StoreSample, judged: { doc: JudgedDocument; judgement: 'more' | 'less' }[] = []): TopicModelRecord {
  const t = fullTopic(topic);
  const judgements: Judged[] = judged.map((j) => ({ judgement: j.judgement, documentId: storeIds.get(j.doc.id), features: documentFeatures(j.doc) }));
  return buildTopicModel({ name: t.name, keyEntities: t.keyEntities, query: t.query, collections: t.sources?.length ? coveredCollections(t.sources) : undefined }, store, judgements);
}

/** What a document brings to every pair, read once: its summary, its features and its embedding for the pre-filter. */
const perDocument = new Map<string, Promise<{ summary: string; features: DocumentFeatures; head: number[] }>>();
function documentOf(doc: JudgedDocument) {
  let entry = perDocument.get(doc.id);
  if (!entry) {
    const summary = extractiveSummary({ title: doc.title, text: doc.text }).summary;
    entry = embedder.embed([`${doc.title}\n${summary}`]).then(([head]) => ({ summary, features: documentFeatures(doc), head: head! }));
    perDocument.set(doc.id, entry);
  }
  return entry;
}
const topicVectors = new Map<string, Promise<number[]>>();
function topicVector(text: string) {
  let vector = topicVectors.get(text);
  if (!vector) topicVectors.set(text, (vector = embedder.embed([text]).then(([v]) => v!)));
  return vector;
}

/** The pipeline's decision on one pair: dropped by the collection check, by the pre-filter, or detection's PASS / DROP; `prefilter` says whether the pre-filter let it through. */
export async function judgePair(topic: NewTopic, doc: JudgedDocument, model: TopicModelRecord): Promise<{ decision: Decision; total: number; prefilter: boolean; summary: string; rationale?: string }> {
  if (topic.sources?.length && !coveredCollections(topic.sources).includes(doc.collection_id ?? 1)) return { decision: 'collection', total: 0, prefilter: false, summary: '' };
  const full = fullTopic(topic);
  const { summary, features, head } = await documentOf(doc);
  const verdict = builtinRelevance({
    topic: full,
    document: { title: doc.title, summary, text: doc.text, publisher: doc.publisher ?? null, date: doc.published_at ?? '', language: doc.language },
    // Built-in detection reads the model alone; the similarity is for language models.
    similarity: 0,
    model,
    features,
  });
  const passes = plausible(scoreDocument(model, features), model, namesTopic(doc.title, full), cosine(head, await topicVector(topicText(full))));
  return { decision: passes ? verdict.decision : 'prefilter', total: verdict.scores.weighted_total, prefilter: passes, summary, rationale: verdict.rationale };
}

export interface RelevanceLabel {
  topic: string;
  doc_id: string;
  relevant: boolean;
  title?: string;
}

export interface Confusion {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

const pct = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '-');
export function prf(c: Omit<Confusion, 'tn'>): string {
  const p = c.tp / (c.tp + c.fp);
  const r = c.tp / (c.tp + c.fn);
  return `P ${pct(p)}  R ${pct(r)}  F1 ${pct((2 * p * r) / (p + r))}`;
}
