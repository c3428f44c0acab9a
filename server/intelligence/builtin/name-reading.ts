/**
 * Reading the names a text writes: the organisations, people and acronyms English writes as names
 * (findEntities), the names Herald knows how to write, and the words that join a name's words.
 * compromise's names and places, runs of capitalised words within a sentence, WordNet for what is
 * a noun, the place knowledge layer for the words of places. topic-analysis.ts reads a topic with it.
 */
import type Compromise from 'compromise';
import { lazyRequire, readOnce } from '../../lazy.js';
import { STOP_WORDS } from '../../search/terms.js';
import { countriesAndGroups, namesOf } from '../knowledge/places.js';
import { isCommonNoun, isOnlyCommonNoun, knownAsNoNoun } from '../lexicon/wordnet.js';
import { padded } from '../lexicon/word-forms.js';
import { isLegalForm } from './company-names.js';
import { AMBIGUOUS, GENERIC, LEGISLATURES, REGULATORS } from './world.js';

const compromise = lazyRequire<typeof Compromise>('compromise');

export const hasPhrase = (text: string, phrase: string) => padded(text).includes(padded(phrase));

/** Words of a text (letters and digits, inner hyphens and apostrophes kept). */
export const wordsOf = (text: string) => text.match(/[\p{L}\p{N}]+(?:['’\-.&][\p{L}\p{N}]+)*/gu) ?? [];

/**
 * Names Herald knows how to write (institutions, regulators, legislatures, the meanings of
 * ambiguous names): found in any case and written as they should be.
 */
const KNOWN_NAMES: string[] = [
  ...new Set([
    ...REGULATORS.flatMap((r) => Object.values(r.by).flat()),
    ...Object.values(LEGISLATURES).flat(),
    ...Object.values(AMBIGUOUS).flatMap((senses) => senses.map((s) => s.name)),
    'Federal Reserve', 'Federal Open Market Committee', 'European Central Bank', 'Bank of England', 'Bank of Japan', 'International Monetary Fund', 'World Bank', 'World Health Organization',
    'United Nations', 'Supreme Court', 'White House', 'Department of Justice', 'Federal Trade Commission', 'Securities and Exchange Commission',
    'AI Act', 'Digital Markets Act', 'Digital Services Act', 'Inflation Reduction Act', 'CHIPS Act', 'Basel III',
  ]),
].filter((n) => n.includes(' ') && !/[()]/.test(n));

export function knownNamesIn(text: string): string[] {
  return KNOWN_NAMES.filter((name) => hasPhrase(text, name));
}

let placeWordSet: Set<string> | undefined;
/** The words of the names and demonyms of countries and groups of countries ("united", "states", "kenyan"). */
export const placeWords = (): Set<string> => {
  if (!placeWordSet) {
    placeWordSet = new Set();
    const { countries, groups } = countriesAndGroups();
    for (const place of [...countries, ...groups]) for (const name of namesOf(place)) for (const w of name.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w && !STOP_WORDS.has(w)) placeWordSet.add(w);
  }
  return placeWordSet;
};

const JOINERS = new Set(['the', 'of', 'in', 'and', 'on', 'for', 'to', 'a', 'an', 'against', 'about', 'with', 'from', 'by', 'at', 'across', 'within']);
/** A word that joins the name's words and says nothing alone: those above, or what the English tagger reads as a preposition, conjunction or determiner ("into" of "Refugees crossing into Austria"). */
export const joins = (word: string) => JOINERS.has(word.toLowerCase()) || compromise()(word.toLowerCase()).has('(#Preposition|#Conjunction|#Determiner)');

/** Words that only say what kind of topic it is when they end its name ("battery regulation", "quantum computing research"). */
export const KIND_HEADS: ReadonlySet<string> = new Set(['regulation', 'regulations', 'rules', 'legislation', 'litigation', 'lawsuits', 'research', 'trials', 'news', 'developments', 'updates']);

/**
 * Where the words that only say a name's kind of topic begin: its last word when a kind's
 * ("regulation"), with the adjectives that classify it ("clinical" of "Alzheimer's disease clinical
 * trials": what kind of trials, not what they are about); the name's length when there are none, or
 * when they are all it says ("Clinical trials" is its own subject).
 */
export function kindWordsFrom(words: readonly string[]): number {
  if (words.length < 2 || !KIND_HEADS.has(words[words.length - 1]!.toLowerCase())) return words.length;
  let start = words.length - 1;
  while (start > 0 && knownAsNoNoun(words[start - 1]!)) start--;
  return start > 0 ? start : words.length;
}

/** Whether a name's last word cannot end it: a joining word, or a word WordNet knows only as no noun ("Under"; a word it lacks may be a name). */
function endsNoName(word: string): boolean {
  if (joins(word)) return true;
  return /^\p{L}+$/u.test(word) && knownAsNoNoun(word);
}

/** Whether every word of a name but its joining words and legal form has a capital ("Bank of England", "eBay", "Shell plc"; not "Kenyan mobile"): English writes names so. */
const writtenAsName = (name: string) => name.split(/\s+/).every((w) => /\p{Lu}|\p{N}/u.test(w) || isLegalForm(w) || joins(w));

/**
 * Whether a capitalised name is a description of something the text names otherwise: the text
 * says it with "the" and it is made of common nouns alone (WordNet), one that is never a name ("the
 * Board", "the Committee": a longer name said short; not "the Amazon") or several ending in a plural ("the Boards of Directors":
 * a kind of body, not one). "the Federal Reserve" ends in a singular; "General Motors" is said
 * without "the".
 */
function describes(name: string, text: string): boolean {
  const words = name.split(/\s+/);
  if (words.length > 1 && !/s$/.test(words[words.length - 1]!)) return false;
  if (!new RegExp(String.raw`\bthe\s+${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\b`, 'i').test(text)) return false;
  const content = words.filter((w) => !joins(w));
  return content.every((w) => /^\p{Lu}\p{Ll}+$/u.test(w) && (content.length > 1 ? isCommonNoun(w) : isOnlyCommonNoun(w)));
}

/** The runs of capitalised words of a sentence (joined by "of"), a single word only away from its start or a colon. */
function capitalisedRuns(sentence: string): string[] {
  const runs: string[] = [];
  let run: string[] = [];
  let initial = true;
  let atStart = true;
  const flush = () => {
    while (run.length && run[run.length - 1] === 'of') run.pop();
    // A sentence's first "The" is its article, not the name's ("The Government of Morocco asked").
    if (initial && run.length > 1 && /^(?:The|A|An)$/.test(run[0]!)) run.shift();
    if (run.length > 1 || (run.length === 1 && !initial)) runs.push(run.join(' '));
    run = [];
  };
  for (const token of sentence.split(/\s+/)) {
    // A word before a colon is a label or a lead-in ("SUMMARY:", "ACTION: Notice"): it ends what came before, and what follows starts afresh.
    if (token.endsWith(':')) {
      flush();
      atStart = true;
      continue;
    }
    if (/^\p{Lu}/u.test(token)) {
      if (!run.length) initial = atStart;
      run.push(token);
    } else if (token === 'of' && run.length) run.push(token);
    else flush();
    atStart = false;
  }
  flush();
  return runs;
}

/** A sentence of six words or more whose words of three letters or more, joining words aside, all begin with a capital: a header or a headline in title case. */
function inTitleCase(sentence: string): boolean {
  const words = sentence.split(/\s+/);
  return words.length >= 6 && words.every((w) => !/^\p{Ll}{3}/u.test(w) || JOINERS.has(w.toLowerCase()));
}

/** Organisations, people and acronyms a text names (places left out). */
export const findEntities = readOnce(entitiesOfText);

function entitiesOfText(text: string): string[] {
  const doc = compromise()(text);
  const out: string[] = [];
  const places = new Set((doc.places().out('array') as string[]).map((p) => p.replace(/[^\p{L}\p{N}\s]/gu, '').trim().toLowerCase()));
  const add = (raw: string) => {
    let name = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.)]+$/gu, '').replace(/['’]s$/, '').trim();
    // A full stop ends the sentence unless it ends an abbreviation ("Inc.", "S.A.").
    if (name.endsWith('.') && !/(?:\b(?:Inc|Ltd|Co|Corp|Jr|Sr|St)|\b\p{L}\.\p{L})\.$/u.test(name)) name = name.slice(0, -1);
    // A name ends on a noun of its own, not on a joining word ("... Request Under" of a title-case header).
    while (/\s/.test(name) && endsNoName(name.slice(name.lastIndexOf(' ') + 1))) name = name.slice(0, name.lastIndexOf(' ')).trim();
    if (name.length < 2 || out.some((e) => e.toLowerCase() === name.toLowerCase())) return;
    if (places.has(name.toLowerCase())) return;
    if (name.split(/[\s-]+/).every((w) => placeWords().has(w.toLowerCase()) || GENERIC.has(w.toLowerCase()) || w === 'and' || places.has(w.toLowerCase()))) return;
    if (!writtenAsName(name) || describes(name, text)) return;
    out.push(name);
  };
  for (const known of knownNamesIn(text)) add(known);
  for (const org of doc.organizations().out('array') as string[]) add(org);
  const people = (doc.people().out('array') as string[]).filter((person) => /\p{Lu}/u.test(person));
  for (const person of people) add(person);
  for (const word of wordsOf(text)) if (/^[A-Z][A-Z0-9&]{1,6}$/.test(word) && !placeWords().has(word.toLowerCase())) add(word);
  // Runs of capitalised words ("Jaguar Land Rover", "Bank of England") within a sentence; a single
  // capitalised word only counts away from its start, where capitals are not just the sentence's.
  // A sentence in title case ("Notice of Commercial Availability Request Under the ...") capitalises
  // every word: its runs say nothing. A sentence ends after a word, not after an initial or a
  // short abbreviation ("U.S.", "St. Louis").
  for (const sentence of text.split(/(?<=(?:\p{Ll}{2}|\p{N}|\))[.!?])\s+/u)) if (!inTitleCase(sentence)) for (const run of capitalisedRuns(sentence)) {
    // A run that ends in a person's name is that person with a title before it ("Russian President Vladimir Putin").
    if (!people.some((name) => name.includes(' ') && run.endsWith(` ${name}`))) add(run);
  }
  return out;
}
