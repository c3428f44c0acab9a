/**
 * One sense per collocation (Yarowsky, "One sense per collocation", 1993): a word keeps one sense
 * within a fixed pair of words. A word of a topic's name that the store's documents also use in a
 * pair whose documents are not about the topic ("lead manager" of a bond issue for "Zinc, lead and
 * tin", "billion yen" of a loan for "Japanese yen", "reserve requirement" for "Foreign exchange
 * reserves") is another word there: within that pair it neither scores nor names the topic.
 *
 * Whether a pair's documents are about the topic is read from the store, without the word itself:
 * their score by the topic's other words (its expansion included) against that of the documents
 * most about the topic (those naming it by the name's other words, where it has any). Only a word
 * that names the topic alone is read so: a common word's pairs are other subjects, not senses. Pure functions over the store sample; the model keeps the pairs it
 * found (TopicModelRecord.senses) and every score reads a document through them (`inSense`).
 */
import type { TopicModelRecord } from '../../db/schema/index.js';
import { isUnitOfMeasure } from '../lexicon/wordnet.js';
import { bm25, type DocumentFeatures, type StoreSample } from './model-features.js';

/** A pair counts when this many of the topic's sample documents hold it (fewer say nothing of a sense). */
const PAIR_HOLDERS = 5;
/** A pair is another sense when its documents score under this share of the word's other documents by the topic's other words. */
const SENSE_SHARE = 0.35;
/** The documents most about the topic that hold the word: what its sense's company looks like. */
const ABOUT_DOCUMENTS = 10;

/** Pair feature -> the features of the name's word it holds (the word as written and its stem). */
export type Senses = Record<string, string[]>;

/** The store's pairs (`word_word` features) by the words they hold, indexed once per sample. */
const pairIndex = new WeakMap<StoreSample, Map<string, string[]>>();
function pairsByWord(sample: StoreSample): Map<string, string[]> {
  let index = pairIndex.get(sample);
  if (index) return index;
  index = new Map();
  for (const [feature, df] of sample.df) {
    if (df < PAIR_HOLDERS || !feature.includes('_')) continue;
    for (const word of new Set(feature.split('_'))) index.set(word, [...(index.get(word) ?? []), feature]);
  }
  pairIndex.set(sample, index);
  return index;
}

const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/**
 * The pairs in which a word of the name has another sense. `words`: each word of the name as its
 * features ([`=written`, stem, ...]); `tested`: those of them (`=written`) that name the topic
 * alone, whose other senses pass documents (a common word's pairs are other subjects, "oil prices"
 * of "Gasoline prices", not other senses); `terms`: the model's weighted features.
 */
export function foreignPairs(words: string[][], tested: ReadonlySet<string>, docs: StoreSample['docs'], sample: StoreSample, terms: Record<string, number>): Senses {
  const written = new Set(words.map((forms) => forms[0]!.slice(1)));
  const senses: Senses = {};
  for (const forms of words.filter((w) => tested.has(w[0]!))) {
    const word = forms[0]!.slice(1);
    const own = new Set(forms.slice(0, 2));
    const pairs = (pairsByWord(sample).get(word) ?? []).filter((pair) => !pair.split('_').every((w) => written.has(w)));
    if (pairs.length === 0) continue;
    // The topic's other words: its score without this word, in any form or pair.
    const others = Object.fromEntries(Object.entries(terms).filter(([f]) => !own.has(f) && !f.split('_').includes(word)));
    const holders = docs.filter((d) => d.features.tf.has(forms[0]!)).map((d) => ({ d, context: bm25(others, d.features, sample.avgLength) }));
    // What the documents most about the topic say besides the word: those that name it by its
    // other words where it has any (the word's own documents may be mostly of its other sense).
    const otherForms = words.filter((w) => w !== forms).map((w) => w[0]!);
    const namers = otherForms.length ? docs.filter((d) => otherForms.some((f) => d.features.tf.has(f))) : holders.map((h) => h.d);
    const about = mean(
      namers
        .map((d) => ({ score: bm25(terms, d.features, sample.avgLength), context: bm25(others, d.features, sample.avgLength) }))
        .sort((a, b) => b.score - a.score)
        .slice(0, ABOUT_DOCUMENTS)
        .map((h) => h.context),
    );
    for (const pair of pairs) {
      const inPair = holders.filter((h) => h.d.features.tf.has(pair));
      if (inPair.length < PAIR_HOLDERS) continue;
      if (mean(inPair.map((h) => h.context)) < SENSE_SHARE * about) senses[pair] = [...own];
    }
  }
  return senses;
}

/** A figure as the features write it ("150", "3.5"; "1,000" is read as "1" and "000"). */
const FIGURE = /^\d[\d.]*$/;
/** A word is a magnitude ("billion", "mln") when the store writes a figure before it in at least this share of its documents. */
const MAGNITUDE_SHARE = 0.5;

/** The documents of each word that hold it after a figure (`150_mln`), counted once per sample. */
const afterFigureIndex = new WeakMap<StoreSample, Map<string, number>>();
function afterFigures(sample: StoreSample): Map<string, number> {
  let index = afterFigureIndex.get(sample);
  if (index) return index;
  index = new Map();
  for (const [feature, df] of sample.df) {
    const [first, second, more] = feature.split('_');
    if (second && more === undefined && FIGURE.test(first!)) index.set(second, (index.get(second) ?? 0) + df);
  }
  afterFigureIndex.set(sample, index);
  return index;
}

/**
 * The pairs in which a word of the name is the unit of an amount: a unit of measurement (WordNet)
 * after a magnitude, a word the store writes after figures ("150 billion yen" of a loan, "3 mln
 * yen"): what the amount is counted in, not what the report is about. A rate after a bare figure
 * ("the dollar at 151.50 yen") still says the word. English names (WordNet's units).
 */
export function measurePairs(words: string[][], sample: StoreSample, language: string): Senses {
  if (language !== 'en') return {};
  const senses: Senses = {};
  for (const forms of words) {
    const word = forms[0]!.slice(1);
    if (!isUnitOfMeasure(word)) continue;
    for (const pair of pairsByWord(sample).get(word) ?? []) {
      const [magnitude, unit] = pair.split('_');
      if (unit !== word || FIGURE.test(magnitude!)) continue;
      if ((afterFigures(sample).get(magnitude!) ?? 0) >= MAGNITUDE_SHARE * (sample.df.get(`=${magnitude}`) ?? Infinity)) senses[pair] = forms.slice(0, 2);
    }
  }
  return senses;
}

/** Documents read through a model's senses already (a score reads a document once through them). */
const read = new WeakSet<DocumentFeatures>();

/**
 * A document as a topic reads it: the name's words counted only outside the pairs where they
 * have another sense, and not naming the topic in the lead where only such a pair holds them.
 */
export function inSense(model: Pick<TopicModelRecord, 'senses'>, features: DocumentFeatures): DocumentFeatures {
  if (!model.senses || read.has(features)) return features;
  const present = Object.entries(model.senses).filter(([pair]) => features.tf.has(pair));
  if (present.length === 0) return features;
  const tf = new Map(features.tf);
  for (const [pair, hidden] of present) {
    for (const feature of hidden) {
      const left = (tf.get(feature) ?? 0) - features.tf.get(pair)!;
      if (left > 0) tf.set(feature, left);
      else tf.delete(feature);
    }
  }
  const lead = features.lead && new Set([...features.lead].filter((f) => tf.has(f)));
  const out = { tf, length: features.length, ...(lead ? { lead } : {}) };
  read.add(out);
  return out;
}
