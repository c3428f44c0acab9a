/**
 * The reader's "more / less like this" (Rocchio): a judged document's words as a vector, the
 * topic's words moved towards the "more" documents and away from what sets the "less" ones apart,
 * the bar the judgements imply, and which of a judged document's words can say what the topic is
 * (ADR 007). Used by topic-model.ts.
 */
import { fold, nameIndex } from '../knowledge/gazetteer.js';
import { stem } from '../../search/terms.js';
import type { DocumentFeatures } from './model-features.js';
import { isStemFeature } from './topic-class.js';

/** Rocchio: the weights of the reader's "more" and "less" documents, the words a "more" lends and those that set the "less" ones apart. */
const MORE_WEIGHT = 0.3;
const LESS_WEIGHT = 1;
const LESS_WORDS = 10;
const JUDGED_WORDS = 40;

/** Weights scaled to sum (by absolute value) to 1. */
export const l1 = (weights: Map<string, number>) => {
  const total = [...weights.values()].reduce((sum, w) => sum + Math.abs(w), 0) || 1;
  return new Map([...weights].map(([f, w]) => [f, w / total]));
};

export interface Judged {
  judgement: 'more' | 'less';
  /** The document's id, where it may be in the store sample. */
  documentId?: number;
  features: DocumentFeatures;
  /** A language model's weighted total for the document, when one judged it. */
  llmScore?: number | null;
}

/** A judged document's words as a Rocchio vector: its rarest-weighted stems, summing to 1. */
export function judgedVector(features: DocumentFeatures, idf: (f: string) => number): Map<string, number> {
  const weights = [...features.tf]
    .filter(([feature]) => isStemFeature(feature))
    .map(([feature, tf]) => [feature, (1 + Math.log(tf)) * idf(feature)] as [string, number])
    .sort((a, b) => b[1] - a[1])
    .slice(0, JUDGED_WORDS);
  return l1(new Map(weights));
}

/**
 * Rocchio: the query moved towards the reader's "more" documents (their words, MORE_WEIGHT in all)
 * and away from the "less" ones: what sets those apart (their words that are neither the topic's
 * own nor in a "more" document, LESS_WORDS of them) weighs against a document, LESS_WEIGHT in all,
 * as much as the topic's words weigh for it. A "less" document shares the topic's words (it
 * passed); the reader says "not this kind", and the kind is in the other words.
 */
export function withJudgements(query: Map<string, number>, judged: Judged[], idf: (f: string) => number, own: ReadonlySet<string>): Map<string, number> {
  const out = l1(query);
  const centroid = (judgement: 'more' | 'less') => {
    const docs = judged.filter((j) => j.judgement === judgement);
    const sum = new Map<string, number>();
    for (const doc of docs) for (const [feature, w] of judgedVector(doc.features, idf)) sum.set(feature, (sum.get(feature) ?? 0) + w / docs.length);
    return sum;
  };
  const more = centroid('more');
  for (const [feature, w] of more) out.set(feature, (out.get(feature) ?? 0) + MORE_WEIGHT * w);
  const distinct = [...centroid('less')].filter(([feature]) => !own.has(feature) && !more.has(feature)).sort((a, b) => b[1] - a[1]).slice(0, LESS_WORDS);
  for (const [feature, w] of l1(new Map(distinct))) out.set(feature, (out.get(feature) ?? 0) - LESS_WEIGHT * w);
  return out;
}

/**
 * The bar the reader's judgements imply: of the bars that leave the fewest judged documents on the
 * wrong side (a "less like this" at or above it, a "more like this" below it), the one nearest the
 * bar the store gave, in the middle of the gap between two judged documents (just above the highest
 * or just below the lowest where it is outside them); the bar moves half way there. Readers
 * contradict themselves (a "more" scored below a "less"), and a bar then sits where most of their
 * judgements hold, not above every "less". One judgement says more about which documents are
 * wanted (Rocchio moves the words) than about how much, so the level moves by halves.
 */
export function judgedBar(start: number, more: number[], less: number[], range: readonly [number, number]): number {
  const wrong = (bar: number) => less.filter((s) => s >= bar).length + more.filter((s) => s < bar).length;
  const scores = [...more, ...less].sort((a, b) => a - b);
  const candidates = scores.length ? [scores[0]! * 0.95, ...scores.slice(1).map((s, i) => (scores[i]! + s) / 2), scores.at(-1)! * 1.05 + 0.01] : [];
  let target = start;
  for (const bar of candidates) {
    const [now, best] = [wrong(bar), wrong(target)];
    if (now < best || (now === best && target !== start && Math.abs(bar - start) < Math.abs(target - start))) target = bar;
  }
  return Math.min(range[1], Math.max(range[0], (start + target) / 2));
}

/**
 * Whether a stem of a judged document can say what the topic is: a word, not a number ("0.2 pct"
 * names no topic), nor the name of a country, region or group of them as the document writes it
 * ("Quebec", "Canadian"): a place is where, not what (topic-concept.ts, partHeld).
 */
export function saysWhat(feature: string, features: DocumentFeatures, language: string): boolean {
  if (!/^\p{L}+$/u.test(feature)) return false;
  const names = nameIndex(language).names;
  for (const key of features.tf.keys()) {
    if (!key.startsWith('=') || key.includes('_') || stem(key.slice(1), language) !== feature) continue;
    if (names.get(fold(key.slice(1)))?.some((ref) => ref.place.kind !== 'city')) return false;
  }
  return true;
}
