/**
 * What a topic's profile reads in the documents Herald holds about it (topic-profile.ts): which of
 * them are really about the topic, and the names, places and words that recur across them.
 */
import { stem, terms } from '../../search/terms.js';
import { countriesOf } from './places.js';
import { commonTerm, findEntities, findPlaces, functionWord, isPlace, knownNamesIn, meaningfulTerms, wordsOf } from './topic-analysis.js';
import { cueText, formsOf } from '../lexicon/word-forms.js';
import { basesOf, lemmasOf, sensesOf } from '../lexicon/wordnet.js';
import { ALL_DOMAINS } from './topic-domains.js';
import { GENERIC, PLACES } from './world.js';

export interface TopicEvidence {
  title: string;
  summary: string;
  collectionId: number;
}

/**
 * The forms of the verb a noun is derived from (WordNet, its most common sense) that are no noun
 * themselves: "filings" -> "filed", "filing"; "acquisitions" -> "acquire", "acquired"; "housing"
 * -> "housed", never "houses" (a noun of its own: the "discount houses" of a money market).
 */
function derivedVerbForms(word: string): string[] {
  const [first] = lemmasOf(word);
  if (!first || first.part !== 'noun') return [];
  const verbs = sensesOf(first.lemma, 'noun', 1)[0]?.derived.filter((d) => !d.includes(' ')) ?? [];
  return verbs.flatMap((verb) => [...formsOf(verb, ['verb'])].filter((form) => basesOf(form, 'noun').length === 0));
}

/**
 * Evidence that is really about the topic: it holds at least half of the topic's own words, each
 * in one of its word forms (lexicon/word-forms.ts) or a form of the verb it comes from
 * (derivedVerbForms): "housing" is held by "housing", not by the "discount houses" of a
 * money-market report, which share its stem. A word WordNet does not know is held by its stem.
 */
export function relevantEvidence(name: string, evidence: TopicEvidence[]): TopicEvidence[] {
  const all = [...new Set(meaningfulTerms(name))];
  if (all.length === 0) return [];
  const formsOfTerm = new Map<string, string[]>();
  for (const word of name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const t = stem(word);
    if (!all.includes(t)) continue;
    const forms = formsOf(word);
    // Forms of a word WordNet knows; none (the stem decides) for one it does not.
    if (forms.size > 1) formsOfTerm.set(t, [...(formsOfTerm.get(t) ?? []), ...forms, ...derivedVerbForms(word)]);
  }
  // The words that say what the topic is about, not what kind of coverage ("oncology" of
  // "Clinical trials in oncology": a trial of disc surgery is not evidence). A place word
  // ("European") is held by a document about a place there ("Hungary").
  const subject = all.filter((t) => !FACETS.has(t));
  const own = subject.length ? subject : all;
  const need = Math.max(1, Math.ceil(own.length / 2));
  const placeOf = new Map(own.map((t) => [t, findPlaces(t)[0]]));
  // A topic that names a country is about that country: a document elsewhere is not evidence either.
  const countries = countriesOf(name);
  return evidence.filter((doc) => {
    const text = `${doc.title}. ${doc.summary}`;
    const have = new Set(terms(text));
    const words = cueText(text).words;
    const holds = (t: string) => (formsOfTerm.has(t) ? formsOfTerm.get(t)!.some((f) => words.has(f)) : have.has(t));
    // Places are read (compromise: costly) only when a place word of the topic is not written out.
    let places: string[] | undefined;
    const holdsPlace = (place: string) => {
      places ??= findPlaces(text);
      return places.includes(place) || (place === 'European Union' && places.some((p) => PLACES.find((pl) => pl.name === p)?.eu));
    };
    const held = own.filter((t) => holds(t) || (placeOf.get(t) !== undefined && holdsPlace(placeOf.get(t)!)));
    if (held.length < need) return false;
    return countries.length === 0 || countriesOf(text).some((c) => countries.includes(c));
  });
}

/** Words of a topic's name (as `terms` writes them) that say what kind of coverage is wanted, not what it is about. */
const FACETS = new Set(
  terms(
    'crisis clinical trial trials study studies research treatment treatments therapy therapies news update updates development ' +
      'developments trend trends rules regulation regulations approval approvals outlook analysis market markets industry sector ' +
      'innovation policy law legislation litigation',
  ),
);


const MONTHS_AND_DAYS = new Set([
  ...['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'],
  ...['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'],
]);

/**
 * Whether a name found in the documents about a topic can be one of its key entities: a name
 * Herald knows, or one written as a name throughout, not a piece of a sentence ("... Spine. This",
 * "Minutes of ..., May"), a heading or form field in capitals ("FILED PURSUANT TO RULE", "CIK"),
 * a month, a place ("U.S.") or a run of common words the documents also write in lower case
 * ("Clinical Research", "Committee").
 */
function nameLike(entity: string, lowerWords: Set<string>, text: string): boolean {
  if (knownNamesIn(entity).some((known) => known.length === entity.length)) return true;
  // "The Committee" is "the Committee" at the start of a sentence.
  if (/^The\s/.test(entity)) return false;
  if (/[,;:()[\]]|\.\s/.test(entity) || isPlace(entity)) return false;
  const words = entity.split(/\s+/);
  if (words.every((w) => /^[\p{Lu}\d&.'’-]+$/u.test(w))) return false;
  if (words.length === 1 && MONTHS_AND_DAYS.has(entity.toLowerCase())) return false;
  // A common noun a document capitalises as its own ("the Committee", "the System").
  if (words.length === 1) {
    const word = entity.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const all = text.match(new RegExp(`\\b${word}\\b`, 'g'))?.length ?? 0;
    const withThe = text.match(new RegExp(`\\bthe ${word}\\b`, 'gi'))?.length ?? 0;
    if (withThe * 2 >= all) return false;
  }
  // Some word of it is written only as a name: "Lufthansa", "Vladimir Putin", not "AI Systems".
  return words.some((w) => /^\p{Lu}\p{Ll}/u.test(w) && !lowerWords.has(w.toLowerCase()) && !MONTHS_AND_DAYS.has(w.toLowerCase()) && !kindWords().has(w.toLowerCase()));
}

let kindWordSet: Set<string> | undefined;
/** Words that say what kind of topic or document it is ("Clinical Research", "Imports"), not whose: the one-word cues in their forms. */
const kindWords = () =>
  (kindWordSet ??= new Set([
    ...ALL_DOMAINS.flatMap((d) => d.cues.filter((c) => !c.includes(' ')).flatMap((c) => [...formsOf(c)])),
    ...GENERIC,
    ...['form', 'forms', 'item', 'items', 'schedule', 'exhibit', 'section', 'part', 'annex', 'appendix', 'table'],
  ]));

/**
 * What a profile reads in one piece of evidence: its names and places. Each text is read once
 * (topic-analysis.ts keeps the readings), so the caller that gathered the evidence can read it
 * beforehand in turns (user-topics/evidence.ts) and the profile's own reading finds it done.
 */
export function readEvidence(doc: TopicEvidence): { text: string; entities: string[]; places: string[] } {
  const text = `${doc.title}. ${doc.summary.slice(0, 400)}`;
  return { text, entities: findEntities(text), places: findPlaces(text) };
}

/** Names, places and words that recur across the evidence, with the number of documents holding each. */
export function recurring(docs: TopicEvidence[], name: string) {
  const entityDocs = new Map<string, { label: string; n: number }>();
  const placeDocs = new Map<string, number>();
  const termDocs = new Map<string, number>();
  const own = new Set(terms(name));
  // Words the documents also write in lower case are common words, not names ("Committee").
  const allText = docs
    .slice(0, 30)
    .map((doc) => `${doc.title}. ${doc.summary}`)
    .join(' ');
  const lowerWords = new Set(wordsOf(allText).filter((w) => /^\p{Ll}/u.test(w)));
  for (const doc of docs.slice(0, 30)) {
    const { text, entities, places } = readEvidence(doc);
    for (const entity of new Set(entities.map((e) => e.trim()))) {
      const key = entity.toLowerCase();
      if (terms(entity).every((t) => own.has(t)) || !nameLike(entity, lowerWords, allText)) continue;
      const entry = entityDocs.get(key) ?? { label: entity, n: 0 };
      entry.n++;
      entityDocs.set(key, entry);
    }
    for (const place of new Set(places)) placeDocs.set(place, (placeDocs.get(place) ?? 0) + 1);
    for (const term of new Set(terms(text))) if (!own.has(term) && term.length > 3 && !/\d/.test(term) && !GENERIC.has(term) && !commonTerm(term)) termDocs.set(term, (termDocs.get(term) ?? 0) + 1);
  }
  // Terms are stems ("minut", "approv"): the query gets the form the documents use most.
  const forms = new Map<string, Map<string, number>>();
  for (const doc of docs.slice(0, 30)) {
    for (const word of wordsOf(`${doc.title}. ${doc.summary.slice(0, 400)}`)) {
      const lower = word.toLowerCase();
      const [stemmed] = terms(lower);
      if (!stemmed || !termDocs.has(stemmed)) continue;
      const counts = forms.get(stemmed) ?? new Map<string, number>();
      counts.set(lower, (counts.get(lower) ?? 0) + 1);
      forms.set(stemmed, counts);
    }
  }
  const formOf = (term: string) => [...(forms.get(term) ?? new Map([[term, 1]]))].sort((a, b) => b[1] - a[1])[0]![0];
  const min = Math.max(2, Math.ceil(Math.min(docs.length, 30) * 0.2));
  return {
    entities: [...entityDocs.values()].filter((e) => e.n >= min).sort((a, b) => b.n - a.n).map((e) => e.label),
    // The places several of the documents name: where what the store holds about the topic happens.
    places: [...placeDocs.entries()].filter(([, n]) => n >= min).sort((a, b) => b[1] - a[1]).map(([p]) => p),
    // EU member states named in several of the documents: where a European topic happens.
    memberStates: [...placeDocs.entries()]
      .filter(([p, n]) => n >= Math.max(2, Math.ceil(Math.min(docs.length, 30) * 0.1)) && PLACES.find((pl) => pl.name === p)?.eu)
      .sort((a, b) => b[1] - a[1])
      .map(([p]) => p),
    terms: [...termDocs.entries()]
      .filter(([, n]) => n >= min)
      .sort((a, b) => b[1] - a[1])
      .map(([t]) => formOf(t))
      .filter((word) => !functionWord(word)),
  };
}
