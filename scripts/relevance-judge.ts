/**
 * What the pipeline decides for one (topic, document) pair, in memory: the collection check (the
 * topic's sources), the built-in summary, the pre-filter rule and the built-in detection with the
 * built-in embedding's similarity. Shared by the relevance and topic-profile evaluations.
 */
import { coveredCollections } from '../contract/collections.js';
import type { NewTopic } from '../server/modules/user-topics/topics.js';
import { builtinRelevance } from '../server/intelligence/capabilities/relevance.js';
import { extractiveSummary } from '../server/intelligence/capabilities/summarise.js';
import { detectionTexts } from '../server/pipeline/detect.js';
import { plausible, prefilterTerms, topicText } from '../server/pipeline/prefilter.js';
import { cosine, createHashedTfIdfEmbedder } from '../server/search/embeddings.js';
import { terms } from '../server/search/terms.js';
import type { DemoRecord } from '../server/sources/demo.js';

const embedder = createHashedTfIdfEmbedder();

export type Decision = 'collection' | 'prefilter' | 'DROP' | 'PASS';

export async function judgePair(topic: NewTopic, doc: DemoRecord): Promise<{ decision: Decision; total: number; summary: string; rationale?: string }> {
  if (topic.sources?.length && !coveredCollections(topic.sources).includes(doc.collection_id)) return { decision: 'collection', total: 0, summary: '' };
  const summary = extractiveSummary({ title: doc.title, text: doc.text }).summary;
  const full = { description: '', query: '', keyEvents: [], keyEntities: [], keyPlaces: [], relevanceMatrix: {}, ...topic };
  const [headVector, topicVector] = await embedder.embed([`${doc.title}\n${summary}`, topicText(full)]);
  if (!plausible(doc.title, new Set(terms(`${doc.title} ${summary}`)), full, prefilterTerms(full), cosine(headVector!, topicVector!))) return { decision: 'prefilter', total: 0, summary };
  const [docVector, detectVector] = await embedder.embed(detectionTexts(doc.title, summary, full));
  const verdict = builtinRelevance({
    topic: full,
    document: { title: doc.title, summary, text: doc.text, publisher: doc.publisher, date: doc.published_at ?? '' },
    similarity: Math.max(0, cosine(docVector!, detectVector!)),
  });
  return { decision: verdict.decision, total: verdict.scores.weighted_total, summary, rationale: verdict.rationale };
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
