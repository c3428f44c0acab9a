/**
 * A topic's class in the store: a naive Bayes model of "documents of this kind" against the rest of
 * the store, self-trained from the documents the topic's words already pass (ADR 007).
 *
 * A topic's own words find the documents that say them; its class finds those that are of the same
 * kind without saying them. "Corporate earnings results" is said by a few reports, but most results
 * arrive as tables ("Shr 22 cts vs 20 cts, Net 2,058,000 vs ...") that never write "earnings": the
 * documents that do share those words with them, and the class learns it. It is trained by EM on
 * the store sample (Nigam et al., "Text classification from labeled and unlabeled documents using
 * EM", 2000): the documents the topic's words pass are labelled, the rest are unlabelled and count
 * a tenth of their posterior, three rounds. A reader's "more like this" documents are labelled of
 * the class, "less like this" ones not.
 *
 * The stored class keeps the CLASS_WORDS words that weigh most over the store (log-odds times
 * document frequency): common words decide most of a document's sum, and the cut keeps the model
 * small and a little regularised. A class alone never decides: relevance.ts's caller requires the
 * document to name the topic's concept too (topic-model.ts), or a class of monthly statistics would
 * take every monthly statistic for "Industrial production".
 */
import type { StoreSample } from './model-features.js';

/** EM rounds, the weight of an unlabelled document's posterior, the smoothing of word counts. */
const ROUNDS = 3;
const UNLABELLED_WEIGHT = 0.1;
const SMOOTHING = 0.1;
/** A document's words are scaled to at most this many (naive Bayes is overconfident on long documents). */
export const CLASS_LENGTH = 60;
/** Words the stored class keeps. */
const CLASS_WORDS = 300;

export interface TopicClass {
  /** Log-odds of the class before any word. */
  prior: number;
  /** Stem -> log-odds of the class given the word (per scaled occurrence). */
  logOdds: Record<string, number>;
}

/** A stem: not a word as written (`=word`), a pair (`word_word`) or a place (`@CODE`). */
export const isStemFeature = (feature: string) => !feature.startsWith('=') && !feature.includes('_') && !feature.startsWith('@');

/** A document's stems (not words as written, not pairs, not places) with their counts, and their total. */
export function stemCounts(tf: Map<string, number>): { stems: [string, number][]; length: number } {
  const stems: [string, number][] = [];
  let length = 0;
  for (const [feature, count] of tf) {
    if (!isStemFeature(feature)) continue;
    stems.push([feature, count]);
    length += count;
  }
  return { stems, length };
}

/** The log-odds a class gives a document (0: as likely of the class as not). */
export function classLogit(topicClass: TopicClass, tf: Map<string, number>): number {
  let length = 0;
  let sum = 0;
  for (const [feature, count] of tf) {
    if (!isStemFeature(feature)) continue;
    length += count;
    sum += count * (topicClass.logOdds[feature] ?? 0);
  }
  return topicClass.prior + Math.min(1, CLASS_LENGTH / (length || 1)) * sum;
}

/** The sample as indexed stem vectors, read once per sample and shared by every topic's class. */
interface Indexed {
  vocabulary: string[];
  df: Float64Array;
  /** Per document: word indexes and scaled counts. */
  words: Int32Array[];
  counts: Float64Array[];
}
const indexes = new WeakMap<StoreSample['docs'], Indexed>();

function indexOf(docs: StoreSample['docs']): Indexed {
  let indexed = indexes.get(docs);
  if (indexed) return indexed;
  const ids = new Map<string, number>();
  const vocabulary: string[] = [];
  const words: Int32Array[] = [];
  const counts: Float64Array[] = [];
  const dfCounts: number[] = [];
  for (const doc of docs) {
    const { stems, length } = stemCounts(doc.features.tf);
    const scale = Math.min(1, CLASS_LENGTH / (length || 1));
    const w = new Int32Array(stems.length);
    const c = new Float64Array(stems.length);
    stems.forEach(([stem, count], i) => {
      let id = ids.get(stem);
      if (id === undefined) {
        id = vocabulary.length;
        ids.set(stem, id);
        vocabulary.push(stem);
        dfCounts.push(0);
      }
      dfCounts[id]! += 1;
      w[i] = id;
      c[i] = count * scale;
    });
    words.push(w);
    counts.push(c);
  }
  indexed = { vocabulary, df: Float64Array.from(dfCounts), words, counts };
  indexes.set(docs, indexed);
  return indexed;
}

/** The M step: class prior and word log-odds from documents weighted by their share of the class (NaN: not trained on). */
function estimate(index: Indexed, weights: Float64Array): { prior: number; logOdds: Float64Array } {
  const size = index.vocabulary.length;
  const inClass = new Float64Array(size);
  const outClass = new Float64Array(size);
  let totalIn = 0;
  let totalOut = 0;
  let share = 0;
  let n = 0;
  index.words.forEach((words, d) => {
    const w = weights[d]!;
    if (Number.isNaN(w)) return;
    n++;
    share += w;
    const counts = index.counts[d]!;
    for (let i = 0; i < words.length; i++) {
      inClass[words[i]!]! += w * counts[i]!;
      outClass[words[i]!]! += (1 - w) * counts[i]!;
      totalIn += w * counts[i]!;
      totalOut += (1 - w) * counts[i]!;
    }
  });
  const logOdds = new Float64Array(size);
  for (let i = 0; i < size; i++) logOdds[i] = Math.log((inClass[i]! + SMOOTHING) / (totalIn + SMOOTHING * size)) - Math.log((outClass[i]! + SMOOTHING) / (totalOut + SMOOTHING * size));
  return { prior: Math.log(Math.max(share, 0.5) / Math.max(n - share, 0.5)), logOdds };
}

/** The E step: each document's posterior of the class. */
function posteriors(index: Indexed, model: { prior: number; logOdds: Float64Array }): Float64Array {
  return Float64Array.from(index.words, (words, d) => {
    const counts = index.counts[d]!;
    let logit = model.prior;
    for (let i = 0; i < words.length; i++) logit += counts[i]! * model.logOdds[words[i]!]!;
    return 1 / (1 + Math.exp(-logit));
  });
}

/**
 * Trains a topic's class on the sample's documents: `labelled` gives a document's known share of
 * the class (1: the topic's words pass it or the reader wants more like it; 0: the reader wants
 * less), undefined for the unlabelled rest, or 'skip' for a document outside the topic's sources.
 * Undefined when nothing is labelled of the class. The sample is indexed once for every topic.
 */
export function trainTopicClass(docs: StoreSample['docs'], labelled: (index: number) => 0 | 1 | undefined | 'skip'): TopicClass | undefined {
  const index = indexOf(docs);
  const labels = docs.map((_, d) => labelled(d));
  if (!labels.includes(1)) return undefined;
  const weightOf = (label: (typeof labels)[number], unlabelled: number) => (label === 'skip' ? NaN : (label ?? unlabelled));
  let weights = Float64Array.from(labels, (l) => weightOf(l, 0));
  let model = estimate(index, weights);
  for (let round = 1; round < ROUNDS; round++) {
    const posterior = posteriors(index, model);
    weights = Float64Array.from(labels, (l, d) => weightOf(l, UNLABELLED_WEIGHT * posterior[d]!));
    model = estimate(index, weights);
  }
  const kept = [...model.logOdds.keys()]
    .sort((a, b) => Math.abs(model.logOdds[b]!) * index.df[b]! - Math.abs(model.logOdds[a]!) * index.df[a]!)
    .slice(0, CLASS_WORDS);
  return {
    prior: Math.round(model.prior * 1e4) / 1e4,
    logOdds: Object.fromEntries(kept.map((i) => [index.vocabulary[i]!, Math.round(model.logOdds[i]! * 1e4) / 1e4])),
  };
}
