/**
 * The topic's own words and its concept, read in its language: the name first, then its key
 * entities and query lighter (the description is prose, much of it said of every topic of a kind,
 * and is left out). Each word counts as written (plurals folded), by its Snowball stem, and with its
 * neighbour (two words in a row); an English word also brings WordNet's derived forms and synonyms
 * of its most common sense ("acquisitions": "acquire"; "earnings": "profit", "net income"), or of
 * the senses the store speaks of. The concept is the name's parts, each word with the stems that
 * say it: what a document's title or lead must name (topic-model.ts).
 */
import { contentWord, languageOf, stem, wordsIn } from '../../search/terms.js';
import { isCollocation, lemmasOf, sensesOf, type PartOfSpeech, type Relations } from '../lexicon/wordnet.js';
import { addFeatures, generalRarity, written, type DocumentFeatures, type StoreSample } from './model-features.js';
import { kindWordsFrom } from './name-reading.js';
import { namePlaces, placeForms, scopesName } from './place-features.js';

/** The weights of the topic's texts, and of each kind of feature a word brings. */
const TEXT_WEIGHTS = { name: 1, keyEntities: 0.5, query: 0.4 } as const;
const FEATURE_WEIGHTS = { written: 1, stem: 0.5, pair: 1, derived: 0.4, synonym: 0.2, hyponym: 0.2 } as const;
/** A document names the topic's concept when its title or lead names this share of one part of its name (its words, their derived forms or synonyms, rarer words weighing more): a document of the topic's class passes only then (topic-model.ts). */
const CONCEPT_SHARE = 0.3;

export interface TopicWords {
  name: string;
  keyEntities?: string[];
  query?: string;
  language?: string | null;
}

/** Whether the store's documents holding a word also hold a related word, more than the store does: a sense the store speaks of. */
export type Affinity = (word: string, related: string) => boolean;

/** A related word the store speaks of: held by at least this many of the documents holding the word, at this many times its share of the whole sample. */
const AFFINITY_HOLDERS = 2;
const AFFINITY_LIFT = 2;

/** The features an English related word or phrase is held as: a word as its stem, a phrase ("net income") as its pairs of words. */
function relatedFeatures(related: string): string[] {
  const tf = new Map<string, number>();
  addFeatures(tf, related, 'en', 1);
  return [...tf.keys()].filter((f) => (related.includes(' ') ? f.includes('_') : !f.startsWith('=') && !f.includes('_')));
}

/**
 * The store's affinity: the documents holding a word ("yen") hold a related word of one of its
 * senses ("money", "hankering") at least twice as often as the whole sample does, in two or more
 * of them.
 */
export function storeAffinity(sample: StoreSample): Affinity {
  const holders = new Map<string, StoreSample['docs']>();
  const total = sample.docs.length || 1;
  return (word, related) => {
    const own = stem(word, 'en');
    let docs = holders.get(own);
    if (!docs) holders.set(own, (docs = sample.docs.filter((d) => d.features.tf.has(own))));
    const [feature] = relatedFeatures(related);
    if (!feature || docs.length === 0) return false;
    const held = docs.filter((d) => d.features.tf.has(feature)).length;
    return held >= AFFINITY_HOLDERS && held / docs.length >= (AFFINITY_LIFT * (sample.df.get(feature) ?? 0)) / total;
  };
}

const NO_RELATIONS: Relations = { derived: [], synonyms: [], hyponyms: [], gloss: '' };
/** Senses read for synonyms and kinds where the store is known. */
const SENSES_READ = 3;

/**
 * WordNet's derived forms (of its most common sense), synonyms and kinds (direct hyponyms) of an
 * English word or collocation (its first part of speech: noun, else verb, else adjective). Without
 * a store, the synonyms and kinds of its most common sense; with one, those of its first senses
 * that the store speaks of beside the word ("yen": no "hankering"; "earnings": "profit" and "net",
 * no "lucre"; "grain": "cereal", "wheat", "rice"; "meat": "beef", "pork").
 */
function relatedWords(word: string, affinity?: Affinity, head = word): Relations {
  const [first] = lemmasOf(word);
  if (!first) return NO_RELATIONS;
  const senses = pluralSenses(word, first) ?? sensesOf(first.lemma, first.part, affinity ? SENSES_READ : 1);
  const common = senses[0] ?? NO_RELATIONS;
  if (!affinity) return common;
  const spoken = (key: 'synonyms' | 'hyponyms') => [...new Set(senses.flatMap((sense) => sense[key]))].filter((related) => affinity(head, related));
  return { ...common, synonyms: spoken('synonyms'), hyponyms: spoken('hyponyms') };
}

/** A sense's examples, as WordNet quotes them after its gloss. */
const examplesOf = (gloss: string) => [...gloss.matchAll(/"([^"]+)"/g)].map((m) => m[1]!);

/** Each plural noun's count senses, read once. */
const countSenses = new Map<string, Relations[] | undefined>();

/**
 * A noun typed in the plural is read in its count senses: those WordNet's examples use in the
 * plural ("securities": "he held several valuable securities", the certificate, not "national
 * security" or "protection"). None when no example writes the plural: the word's senses stay.
 */
function pluralSenses(word: string, { lemma, part }: { lemma: string; part: PartOfSpeech }): Relations[] | undefined {
  if (part !== 'noun' || lemma === word) return undefined;
  // Every sense is read to find them: once a word (a model reads each word of its name several times).
  if (!countSenses.has(word)) {
    const writes = (example: string) => example.toLowerCase().split(/[^\p{L}\p{N}'-]+/u).includes(word);
    const counted = sensesOf(lemma, part, Infinity).filter((sense) => examplesOf(sense.gloss).some(writes));
    countSenses.set(word, counted.length ? counted.slice(0, SENSES_READ) : undefined);
  }
  return countSenses.get(word);
}

/** The places of a part's words that stand in a collocation WordNet knows with the word before or after them ("natural gas", "money supply", "foreign exchange"). */
function collocated(part: string[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i + 1 < part.length; i++) if (isCollocation(part[i]!, part[i + 1]!)) out.add(i).add(i + 1);
  return out;
}

/**
 * The words that say a word of a name beside its own stem: its derived forms, synonyms and kinds
 * (one word each: "beef" says "meat"), and, where two words of the name in a row are a collocation
 * WordNet knows ("vegetable oil", "money supply", "interest rate"), the words its kinds and
 * synonyms add in place of the collocation's other word ("palm" of "palm oil" says "vegetable",
 * "canola" says both; "m1" says "money supply").
 */
function sayingWords(part: string[], language: string, affinity?: Affinity): Map<number, { derived: string[]; synonyms: string[]; hyponyms: string[] }> {
  const out = new Map(part.map((word, i) => [i, { derived: [] as string[], synonyms: [] as string[], hyponyms: [] as string[] }]));
  if (language !== 'en') return out;
  const single = (words: string[]) => words.filter((w) => !w.includes(' '));
  // A kind is narrower than its word: no commoner in general news ("pork" than "meat"; not "work" than "jobs").
  const narrower = (kind: string, than: string) => generalRarity(stem(kind, language)) >= generalRarity(stem(than, language));
  const inCollocation = collocated(part);
  part.forEach((word, i) => {
    const { derived, synonyms, hyponyms } = relatedWords(word, affinity);
    // In a collocation a word has the collocation's sense only ("gas" of "natural gas" is no "gasoline"): its own synonyms and kinds are another word's.
    if (inCollocation.has(i)) out.set(i, { derived: single(derived), synonyms: [], hyponyms: [] });
    else out.set(i, { derived: single(derived), synonyms: single(synonyms), hyponyms: single(hyponyms).filter((kind) => narrower(kind, word)) });
  });
  for (let i = 0; i + 1 < part.length; i++) {
    const { synonyms, hyponyms } = relatedWords(`${part[i]}_${part[i + 1]}`, affinity, part[i + 1]);
    const own = [i, i + 1].map((j) => stem(part[j]!, language));
    for (const related of [...synonyms, ...hyponyms]) {
      const words = wordsIn(related, language).filter((w) => contentWord(w, language));
      const stems = words.map((w) => stem(w, language));
      const added = words.filter((w, k) => !own.includes(stems[k]!) && narrower(w, part[i + 1]!));
      if (!added.length) continue;
      for (const [k, j] of [i, i + 1].entries()) if (!stems.includes(own[k]!)) out.get(j)!.hyponyms.push(...added);
    }
  }
  return out;
}

/**
 * An English word's derived forms that keep its root ("acquisition" of "acquire", not "acclimate"
 * of "climate" nor "catenate" of "chain", which WordNet also links), then its synonyms in the sense
 * the store speaks of. Without a store to say which sense, no synonyms: the most common sense's are
 * a guess ("callback" of "recalls", "lodging" of "housing", "dirt" of "scandal"). The words a
 * search query shows.
 */
export function relatedWordsOf(word: string, affinity?: Affinity): string[] {
  const { derived, synonyms } = relatedWords(word, affinity);
  const rooted = derived.filter((form) => form.slice(0, ROOT_LETTERS) === word.slice(0, ROOT_LETTERS));
  return affinity ? [...rooted, ...synonyms] : rooted;
}
/** Letters a derived form shares with its word where they share a root. */
const ROOT_LETTERS = 3;

/**
 * The derived forms and synonyms the words of an English name bring (WordNet): a word's own, or,
 * for a word in a collocation, its derived forms only, the collocation bringing its synonyms in
 * place of the word's ("fed" of "Federal Reserve", no "backlog" of "reserve").
 */
function nameRelations(name: string, affinity?: Affinity): { derived: string[]; synonyms: string[] }[] {
  return partsOf(name, 'en').flatMap((part) => {
    const inCollocation = collocated(part);
    const words = part.map((word, i) => {
      const { derived, synonyms } = relatedWords(word, affinity);
      return { derived, synonyms: inCollocation.has(i) ? [] : synonyms };
    });
    const collocations = [...inCollocation].filter((i) => inCollocation.has(i + 1)).map((i) => ({ derived: [], synonyms: relatedWords(`${part[i]}_${part[i + 1]}`, affinity, part[i + 1]).synonyms }));
    return [...words, ...collocations];
  });
}

/** The topic's own words as weighted features (before the store and the reader). */
export function ownWords(topic: TopicWords, affinity?: Affinity): Map<string, number> {
  const language = languageOf(topic.language);
  const out = new Map<string, number>();
  const put = (feature: string, weight: number) => out.set(feature, Math.max(out.get(feature) ?? 0, weight));
  const texts: [string, number][] = [
    [topic.name, TEXT_WEIGHTS.name],
    [(topic.keyEntities ?? []).join('. '), TEXT_WEIGHTS.keyEntities],
    [topic.query ?? '', TEXT_WEIGHTS.query],
  ];
  for (const [text, weight] of texts) {
    const tf = new Map<string, number>();
    addFeatures(tf, text, language, 1);
    for (const feature of tf.keys()) {
      const kind = feature.startsWith('=') ? 'written' : feature.includes('_') ? 'pair' : 'stem';
      // A query is a list of words that may come from the store or a kind of topic: they count by
      // their stems only; the name's and the entities' words also as written and two at a time
      // ("money supply", "Federal Reserve").
      if (kind !== 'stem' && weight === TEXT_WEIGHTS.query) continue;
      put(feature, weight * FEATURE_WEIGHTS[kind]);
    }
  }
  // The name's words also bring their derived forms and synonyms (English: WordNet).
  if (language === 'en') {
    for (const { derived, synonyms } of nameRelations(topic.name, affinity)) {
      for (const [words, weight] of [[derived, FEATURE_WEIGHTS.derived], [synonyms, FEATURE_WEIGHTS.synonym]] as const) {
        for (const related of words) for (const feature of relatedFeatures(related)) put(feature, weight);
      }
    }
    // ... and the words that say its kinds ("beef" of "meat", "palm" of "vegetable oil").
    for (const part of partsOf(topic.name, language)) for (const { hyponyms } of sayingWords(part, language, affinity).values()) for (const word of hyponyms) put(stem(word, language), FEATURE_WEIGHTS.hyponym);
  }
  // The places it names, as places: a group's members as its kinds.
  for (const { place, members } of namePlaces(topic.name, language).values()) {
    put(place, FEATURE_WEIGHTS.synonym);
    for (const member of members) put(member, FEATURE_WEIGHTS.hyponym);
  }
  return out;
}

/**
 * The parts of a name a document may be about on its own: split at "and", "or", commas and
 * semicolons ("Coffee and cocoa markets": coffee | cocoa markets; "Jobs and unemployment": jobs |
 * unemployment), each as its content words.
 */
function partsOf(name: string, language: string): string[][] {
  const parts = name.split(/\s*(?:[,;&]|\band\b|\bor\b|\bet\b|\by\b|\bund\b)\s*/i).filter((p) => p.trim());
  return (parts.length ? parts : [name]).map((part) => wordsIn(part, language).filter((w) => contentWord(w, language))).filter((part) => part.length > 0);
}

/** The parts of a name, each word as the features that say it (as written, its stem, its derived forms). */
export function nameParts(name: string, language: string, affinity?: Affinity): string[][][] {
  const places = namePlaces(name, language);
  return partsOf(name, language).map((part) => {
    const saying = sayingWords(part, language, affinity);
    return part.map((word, i) => {
      const { derived, hyponyms } = saying.get(i)!;
      return [`=${written(word, language)}`, stem(word, language), ...[...derived, ...hyponyms].map((related) => stem(related, language)), ...placeForms(places, word)];
    });
  });
}

/**
 * Whether a document holds one part of the name by at least half its words' weight, a rarer word
 * weighing more (its inverse document frequency): it is about the topic by its own words. "Gold
 * prices" is not held by a report of prices alone.
 */
export function holdsName(parts: string[][][], features: DocumentFeatures, idf: (f: string) => number, inStore: (f: string) => boolean): boolean {
  return parts.some((part) =>
    // A word no stored document holds says nothing either way ("markets" of "cocoa markets" in a store without it).
    // The name's scope is not asked here: what the store says of the subject is read from every place; the concept gate asks it.
    partHeld(
      part.map((forms) => ({ forms, weight: forms.some(inStore) ? idf(forms[0]!) : 0 })),
      (f) => features.tf.has(f),
      0.5,
    ),
  );
}

/** A word of a name that is a place's (its forms hold `@` places). */
const isPlaceWord = (forms: readonly string[]) => forms.some((f) => f.startsWith('@'));

/**
 * Whether a document holds a part of a name: its words it holds weigh at least `share` of the
 * part. A place in it is where, not what: a document also holds the part when it holds that share
 * of the part's other words (the subject) and names a place within it ("asylum" and "Hungary" hold
 * "Asylum policy in Europe"); "Japan" alone holds nothing of "Japanese yen".
 */
function partHeld(part: { weight: number; forms: readonly string[]; scope?: boolean }[], has: (feature: string) => boolean, share: number): boolean {
  // A place that scopes the name must be named: a report from Australia is no news of "Asylum seekers in Germany".
  const scopes = part.filter((w) => w.scope);
  if (scopes.length && !scopes.some((w) => w.forms.some(has))) return false;
  const sum = (words: typeof part) => words.reduce((total, w) => total + w.weight, 0);
  const subject = part.filter((w) => !isPlaceWord(w.forms));
  const heldSubject = subject.filter((w) => w.forms.some(has));
  // A place counts beside a word of the subject, or in a name that is a place alone ("Germany").
  const heldPlaces = heldSubject.length || !subject.length ? part.filter((w) => isPlaceWord(w.forms) && w.forms.some(has)) : [];
  const total = sum(part);
  if (total > 0 && sum(heldSubject) + sum(heldPlaces) >= share * total) return true;
  const subjectTotal = sum(subject);
  return heldPlaces.length > 0 && subjectTotal > 0 && sum(heldSubject) >= share * subjectTotal;
}

/**
 * The topic's concept: each part of its name (nameParts) as its words, each word with the stems
 * that say it (its own, its derived forms' and, in English, its synonyms': "earnings" is also said
 * by "profit" and "net") and its weight (inverse document frequency; 0 for a word the store never
 * holds, which says nothing either way).
 */
export function conceptOf(name: string, language: string, idf: (f: string) => number, inStore: (f: string) => boolean, affinity?: Affinity): Concept {
  const places = namePlaces(name, language);
  return partsOf(name, language).map((part) => {
    const saying = sayingWords(part, language, affinity);
    // The adjectives that classify the kind's word ("clinical" of "Alzheimer's disease clinical
    // trials") say one thing with it, and weigh once: the kind alone does not hold the part.
    const kindFrom = language === 'en' ? kindWordsFrom(part) : part.length;
    const words = part.map((word, i) => {
      const own = stem(word, language);
      const { derived, synonyms, hyponyms } = saying.get(i)!;
      const forms = [...new Set([own, ...[...derived, ...synonyms, ...hyponyms].map((r) => stem(r, language)), ...placeForms(places, word)])];
      const weight = forms.some(inStore) && !(i >= kindFrom && i < part.length - 1) ? Math.round(idf(own) * 1000) / 1000 : 0;
      return scopesName(places, word) ? { weight, forms, scope: true as const } : { weight, forms };
    });
    // A name that is a subject and a kind of document ("Alzheimer's disease" and "clinical trials")
    // is named only with its subject's own word, the rarest: common words of the subject and the
    // kind ("disease", "trial") hold a share of it in any report of another disease's trial.
    const subject = kindFrom < part.length - 1 ? words.slice(0, kindFrom).filter((w) => w.weight > 0 && !w.scope && !isPlaceWord(w.forms)) : [];
    const rarest = subject.reduce<(typeof words)[number] | undefined>((best, w) => (!best || w.weight > best.weight ? w : best), undefined);
    const read = rarest && subject.length > 1 ? words.map((w) => (w === rarest ? { ...w, scope: true as const } : w)) : words;
    return language === 'en' ? collocationUnits(part, read, affinity) : read;
  });
}

/** Letters a word and a word of a gloss share where one is derived from the other ("economic", "economy"). */
const GLOSS_ROOT = 5;
/**
 * Whether a collocation means what its words say: WordNet's gloss of it uses both ("steel industry":
 * "the industry that makes steel"; "economic growth": "growth in the productive capacity of the
 * economy"), so either word alone may name it. A gloss without one of them ("natural gas": "a
 * fossil fuel in the gaseous state") says the two together mean a thing of their own.
 */
function compositional(words: string[], gloss: string): boolean {
  const glossed = wordsIn(gloss.replace(/"[^"]*"/g, ''), 'en').map((w) => w.toLowerCase());
  const root = (w: string) => (w.length >= GLOSS_ROOT ? w.slice(0, GLOSS_ROOT) : w);
  return words.every((word) => glossed.some((g) => stem(g, 'en') === stem(word, 'en') || (g.length >= GLOSS_ROOT && root(g) === root(word.toLowerCase()))));
}

/**
 * A collocation WordNet knows ("foreign exchange", "money supply") names one thing: it weighs as
 * one word of the part (its rarer word's weight) and is said by the two words in a row or by the
 * collocation's own synonyms and kinds ("fed" of "Federal Reserve", "m1" of "money supply"), not by
 * either word alone ("exchange controls", "supply reserves").
 */
function collocationUnits(part: string[], words: Concept[number], affinity?: Affinity): Concept[number] {
  const out: Concept[number] = [];
  for (let i = 0; i < part.length; i++) {
    const [a, b] = [words[i]!, words[i + 1]];
    if (!b || a.scope || b.scope || isPlaceWord(a.forms) || isPlaceWord(b.forms) || !isCollocation(part[i]!, part[i + 1]!)) {
      out.push(a);
      continue;
    }
    const { synonyms, hyponyms, gloss } = relatedWords(`${part[i]}_${part[i + 1]}`, affinity, part[i + 1]);
    if (compositional([part[i]!, part[i + 1]!], gloss)) {
      out.push(a);
      continue;
    }
    // One word says it by its stem; several ("federal reserve system") by their pairs. One of its
    // own words is no synonym of it ("oil" of "vegetable oil", "gas" of "natural gas"): that word
    // alone is what the collocation sets apart.
    const own = [a.forms[0], b.forms[0]];
    const saying = [...synonyms, ...hyponyms].flatMap(relatedFeatures).filter((f) => !own.includes(f));
    out.push({ weight: Math.max(a.weight, b.weight), forms: [...new Set([`${written(part[i]!, 'en')}_${written(part[i + 1]!, 'en')}`, ...saying])] });
    i++;
  }
  return out;
}

export type Concept = { weight: number; forms: string[]; scope?: true }[][];

const commonestRead = new WeakMap<Concept, Concept>();
/**
 * The concept as the class route reads it: the commonest word of a part of two words or more says
 * nothing there by itself ("prices" of "Oil prices" is any price's word: a class learnt from the
 * central bank statements that speak of oil prices would take every statement speaking of prices).
 * The word still weighs in its part; a place keeps its forms (it is where, not what). Read once per
 * model's concept: the pre-filter asks it of every document.
 */
export function beyondCommonest(concept: Concept): Concept {
  let read = commonestRead.get(concept);
  if (!read) {
    read = concept.map((part) => {
      const subject = part.filter((w) => !w.scope && !isPlaceWord(w.forms) && w.weight > 0);
      if (subject.length < 2) return part;
      const commonest = subject.reduce((a, b) => (b.weight < a.weight ? b : a));
      return part.map((w) => (w === commonest ? { ...w, forms: [] } : w));
    });
    commonestRead.set(concept, read);
  }
  return read;
}

/** Whether a document names the topic's concept: a share of one part of its name by weight. */
export function namesConcept(concept: Concept, tf: Pick<ReadonlySet<string>, 'has'>, share = CONCEPT_SHARE): boolean {
  return concept.some((part) => partHeld(part, (f) => tf.has(f), share));
}

/** Whether nothing is known of how rare the name's words are (a store without them, no general figures for the language): no document can be said not to name it. */
export const unweighed = (concept: Concept) => concept.every((part) => part.every((w) => w.weight === 0));
