/**
 * What the relevance models (topic-model.ts) read of a document and of the store: a document's
 * features (its words as written, their stems, pairs of words in a row, the places of its title and
 * lead), the store sample (features, document frequencies, average length), a feature's rarity in
 * the store blended with general news, and BM25 over weighted features.
 */
import { generalShare } from '../../search/embeddings.js';
import { contentWord, languageOf, stem, wordsIn } from '../../search/terms.js';
import { withoutCompanyNames } from './company-names.js';
import { placeFeaturesIn } from './place-features.js';

/** BM25's saturation and length normalisation, the weight of a title's words, and the text read. */
const K1 = 1.2;
const B = 0.75;
export const TITLE_WEIGHT = 2;
/** A part of a hyphenated compound counts this much of a word (its stem only). */
const COMPOUND_PART = 0.5;
export const TEXT_READ = 4000;
/** The words of a text's lead: a report names what it is about in its title and its first sentences (news writing's inverted pyramid). */
const LEAD_WORDS = 60;
/** The average document length assumed of an empty store (weighted words: a title and a short report). */
const EMPTY_STORE_LENGTH = 100;

export interface DocumentFeatures {
  /** Feature -> weighted count (title words count TITLE_WEIGHT times). */
  tf: Map<string, number>;
  length: number;
  /** The features of the title and the lead (the text's first LEAD_WORDS words): where a report says what it is about. */
  lead?: Set<string>;
}

export interface ModelDocument {
  id: number;
  title: string;
  text: string;
  language?: string | null;
  collectionId?: number;
}

/** A word as written with an English plural folded ("prices" -> "price", "news" and "gas" stay). */
export function written(word: string, language: string): string {
  if (language !== 'en' || word.length <= 3 || !word.endsWith('s') || /(?:ss|us|is|ics|news)$/.test(word)) return word;
  return word.endsWith('ies') && word.length > 4 ? `${word.slice(0, -3)}y` : word.slice(0, -1);
}

/** The features of a run of text: each content word as written (`=word`), its stem, and each pair of content words in a row (`word_word`). */
export function addFeatures(tf: Map<string, number>, text: string, language: string, weight: number): number {
  let previous: string | undefined;
  let count = 0;
  for (const word of wordsIn(text, language)) {
    // Two words count as a pair only when nothing stands between them ("money supply", not
    // "payments and current").
    if (!contentWord(word, language)) {
      previous = undefined;
      continue;
    }
    const form = written(word, language);
    for (const feature of [`=${form}`, stem(word, language), ...(previous ? [`${previous}_${form}`] : [])]) tf.set(feature, (tf.get(feature) ?? 0) + weight);
    // A compound says its parts too, more faintly: "vision-language models" are language models of a kind.
    const parts = word.includes('-') ? word.split('-').filter((part) => contentWord(part, language)) : [];
    for (const part of new Set(parts.map((p) => stem(p, language)))) tf.set(part, (tf.get(part) ?? 0) + weight * COMPOUND_PART);
    previous = parts.length ? written(parts.at(-1)!, language) : form;
    count++;
  }
  return count * weight;
}

/** The lead of a text: its first LEAD_WORDS words. */
const leadOf = (text: string) => text.slice(0, LEAD_WORDS * 12).split(/\s+/).slice(0, LEAD_WORDS).join(' ');

/** A document's features: its title (counted twice) and the start of its text, in its language. */
export function documentFeatures(doc: { title: string; text: string; language?: string | null }): DocumentFeatures {
  const language = languageOf(doc.language);
  const tf = new Map<string, number>();
  const length = addFeatures(tf, doc.title, language, TITLE_WEIGHT) + addFeatures(tf, doc.text.slice(0, TEXT_READ), language, 1);
  const lead = new Map<string, number>();
  const head = `${doc.title}\n${leadOf(doc.text)}`;
  // A company's name says who, not what: "Bethlehem Steel Corp" does not make a report about steel.
  addFeatures(lead, withoutCompanyNames(head), language, 1);
  // The places its title and lead name, as places (`@DE`): "Berlin" and "German" are in Germany, in Europe.
  for (const place of placeFeaturesIn(head, language)) {
    tf.set(place, (tf.get(place) ?? 0) + 1);
    lead.set(place, 1);
  }
  return { tf, length, lead: new Set(lead.keys()) };
}

export interface StoreSample {
  docs: { id: number; collectionId: number; features: DocumentFeatures }[];
  df: Map<string, number>;
  avgLength: number;
  lastDocumentId: number;
}

/** The store's recent documents as the models read them: features, document frequencies, average length. */
export function sampleOf(docs: ModelDocument[]): StoreSample {
  return sampleFromFeatures(docs.map((doc) => ({ id: doc.id, collectionId: doc.collectionId ?? 1, features: documentFeatures(doc) })));
}

/** A sample from documents whose features are read already. */
export function sampleFromFeatures(docs: StoreSample['docs']): StoreSample {
  const df = new Map<string, number>();
  for (const doc of docs) for (const feature of doc.features.tf.keys()) df.set(feature, (df.get(feature) ?? 0) + 1);
  // An empty store has no average: a short news report's length stands in.
  const avgLength = docs.length ? docs.reduce((sum, d) => sum + d.features.length, 0) / docs.length || 1 : EMPTY_STORE_LENGTH;
  return { docs, df, avgLength, lastDocumentId: docs.reduce((max, d) => Math.max(max, d.id), 0) };
}

/** How many documents of general news an English word's rarity in the store is blended with (a store of 30 documents cannot say that "prices" is common). */
const GENERAL_DOCUMENTS = 500;

/** A feature's share of general news (English): a stem's, a written word's stem's, a pair's two words' together. */
function generalShareOf(feature: string): number {
  if (feature.includes('_')) return feature.split('_').reduce((share, word) => share * generalShare(stem(word.replace(/^=/, ''), 'en')), 1);
  return generalShare(feature.startsWith('=') ? stem(feature.slice(1), 'en') : feature);
}

/**
 * A feature's inverse document frequency in the store sample, blended with its rarity in general
 * news as GENERAL_DOCUMENTS more documents (English topics): a small store's counts are noise, a
 * large one's decide.
 */
export const idfOf = (sample: StoreSample, language = 'en') => (feature: string) => {
  const general = language === 'en' ? GENERAL_DOCUMENTS : 0;
  const n = (sample.df.get(feature) ?? 0) + (general ? general * generalShareOf(feature) : 0);
  return Math.log(1 + (sample.docs.length + general - n + 0.5) / (n + 0.5));
};

/** How rare a feature is in general news (English): a word's breadth, whatever the store is about. */
export const generalRarity = (feature: string) => -Math.log(generalShareOf(feature));

/** A stored model's weights as entries, read once (a model scores thousands of documents; stored weights never change). */
const entriesOf = new WeakMap<Record<string, number>, [string, number][]>();
function weightEntries(weights: Map<string, number> | Record<string, number>): Iterable<[string, number]> {
  if (weights instanceof Map) return weights;
  let entries = entriesOf.get(weights);
  if (!entries) entriesOf.set(weights, (entries = Object.entries(weights)));
  return entries;
}

/** BM25 of a document over weighted features (weights include the inverse document frequency). */
export function bm25(weights: Map<string, number> | Record<string, number>, features: DocumentFeatures, avgLength: number): number {
  const norm = K1 * (1 - B + (B * features.length) / avgLength);
  let score = 0;
  for (const [feature, weight] of weightEntries(weights)) {
    const tf = features.tf.get(feature);
    if (tf) score += (weight * tf * (K1 + 1)) / (tf + norm);
  }
  return score;
}
