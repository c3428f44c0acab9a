/**
 * Cue words read by their word forms, not by their stems (ADR 015). A cue matches the inflections
 * of its own word ("import": imports, imported, importing; "relation": relations) and not another
 * word that shares a stem with it ("important", "related", "directly", "customers"), which the
 * Snowball stemmer of search/terms.ts conflates: right for search, wrong for a word that is to say
 * what kind of topic a text is.
 *
 * A word's forms come from two well-kept sources: WordNet (lexicon/wordnet.ts) says which base
 * forms the word is, or is an inflection of, and in which parts of speech; compromise writes each
 * base form's inflections (plurals, verb tenses, with their irregular forms: "sold", "crises"). A
 * word that WordNet holds as it is written is read in those parts of speech only: "housing" is a
 * noun of its own, so "house" and "housed" are not its forms, while "imports" is an inflection of
 * "import" (noun and verb), so all of import's forms are. A word WordNet does not know ("covid",
 * "5g") and a function word ("us") match as written.
 *
 * One helper for every place a curated cue is looked for in a text (topic-analysis.ts domainScores,
 * topic-profile.ts institutions, topic-clarity.ts, profile-builder.ts, scripts/cue-stats.ts):
 * `saysCue(cue, text)`. A phrase matches word for word, its last word (the head of an English noun
 * phrase) by its forms: "interest rate" also matches "interest rates".
 */
import type Compromise from 'compromise';
import { lazyRequire } from '../../lazy.js';
import { STOP_WORDS } from '../../search/terms.js';
import { basesOf, type PartOfSpeech } from './wordnet.js';

const compromise = lazyRequire<typeof Compromise>('compromise');

interface Transform {
  noun: { toPlural(word: string, model: object): string };
  verb: { conjugate(word: string, model: object): Partial<Record<'Infinitive' | 'PastTense' | 'PresentTense' | 'Gerund' | 'Participle', string>> };
}

let inflector: { transform: Transform; model: object } | undefined;
const inflect = () => (inflector ??= { transform: (compromise().methods() as { two: { transform: Transform } }).two.transform, model: compromise().model() });

const PARTS: readonly PartOfSpeech[] = ['noun', 'verb', 'adj'];

/** A verb's third person singular present ("raise" -> "raises", "keep" -> "keeps"), by compromise; the verb itself when it writes none. */
export function presentTense(verb: string): string {
  const { transform, model } = inflect();
  return transform.verb.conjugate(verb.toLowerCase(), model).PresentTense ?? verb;
}
const LETTERS = /^\p{L}+$/u;

/** The inflections of a base form in a part of speech, by compromise: a noun's plural, a verb's tenses; an adjective as it is. */
function inflections(base: string, part: PartOfSpeech): string[] {
  const { transform, model } = inflect();
  if (part === 'noun') return [base, transform.noun.toPlural(base, model)];
  if (part === 'verb') {
    const { PastTense, PresentTense, Gerund, Participle } = transform.verb.conjugate(base, model);
    return [base, PastTense, PresentTense, Gerund, Participle].filter((form): form is string => !!form);
  }
  return [base];
}

const formCache = new Map<string, ReadonlySet<string>>();

/**
 * The forms of a word (lower case): itself and the inflections of the base forms it is ("import" ->
 * import, imports, imported, importing). `parts`: the parts of speech it is read in; a name is read
 * as a noun ("shell": shells, not "shelling").
 */
export function formsOf(word: string, parts: readonly PartOfSpeech[] = PARTS): ReadonlySet<string> {
  const lower = word.toLowerCase();
  const key = parts === PARTS ? lower : `${parts.join(',')}:${lower}`;
  let forms = formCache.get(key);
  if (forms) return forms;
  const out = new Set([lower]);
  if (LETTERS.test(lower) && lower.length > 2 && !STOP_WORDS.has(lower)) {
    const found = parts.map((part) => ({ part, bases: basesOf(lower, part) })).filter((b) => b.bases.length > 0);
    // A word WordNet holds as written is read in the parts of speech it is a word of ("housing": a noun, not the verb "house").
    const own = found.filter((b) => b.bases.includes(lower));
    for (const { part, bases } of own.length ? own : found) {
      for (const base of bases) {
        // A plural WordNet holds as a noun of its own ("relations", "customs") is not pluralised again.
        const plural = part === 'noun' && bases.some((other) => other !== base && inflections(other, part).includes(base));
        for (const form of plural ? [base] : inflections(base, part)) if (LETTERS.test(form)) out.add(form.toLowerCase());
      }
    }
  }
  formCache.set(key, (forms = out));
  return forms;
}

/** Lower case, punctuation to spaces, padded so phrases match on word boundaries. */
export const padded = (s: string) => ` ${s.toLowerCase().replace(/[^\p{L}\p{N}&]+/gu, ' ').trim()} `;

/** A text read once for its cues: its padded words and their set. */
export interface CueText {
  readonly padded: string;
  readonly words: ReadonlySet<string>;
}

export function cueText(text: string): CueText {
  const p = padded(text);
  return { padded: p, words: new Set(p.trim().split(' ')) };
}

interface ReadCue {
  /** The forms of its one word or of its phrase's last word. */
  forms: ReadonlySet<string>;
  /** A phrase's padded variants, one a form of its last word (none for one word). */
  phrases: string[];
}

const cueCache = new Map<string, ReadCue>();
function readCue(cue: string): ReadCue {
  let read = cueCache.get(cue);
  if (read) return read;
  const words = padded(cue).trim().split(' ');
  const forms = formsOf(words[words.length - 1]!);
  const prefix = words.slice(0, -1).join(' ');
  read = { forms, phrases: words.length > 1 ? [...forms].map((form) => ` ${prefix} ${form} `) : [] };
  cueCache.set(cue, read);
  return read;
}

/** Whether a text says a cue: a word in one of its forms, a phrase word for word with its last word in one of its forms. */
export function saysCue(cue: string, text: CueText | string): boolean {
  const read = typeof text === 'string' ? cueText(text) : text;
  const { forms, phrases } = readCue(cue);
  if (phrases.length) return phrases.some((phrase) => read.padded.includes(phrase));
  for (const form of forms) if (read.words.has(form)) return true;
  return false;
}

/** The words of a text that say a one-word cue (its forms the text holds); none for a phrase. */
export function cueWordsIn(cue: string, text: CueText | string): string[] {
  const read = typeof text === 'string' ? cueText(text) : text;
  const { forms, phrases } = readCue(cue);
  return phrases.length ? [] : [...forms].filter((form) => read.words.has(form));
}

/**
 * Cues of one list that share a form say one thing ("bank" and "banking", "import" and "imports")
 * and count once: each cue's group, named by its first cue. A phrase is a group of its own.
 */
export function cueGroups(cues: readonly string[]): ReadonlyMap<string, string> {
  const groups = new Map<string, string>();
  for (const cue of cues) {
    const { forms, phrases } = readCue(cue);
    const joined = phrases.length ? undefined : [...groups.keys()].find((other) => !readCue(other).phrases.length && [...readCue(other).forms].some((form) => forms.has(form)));
    groups.set(cue, joined === undefined ? cue : groups.get(joined)!);
  }
  return groups;
}
