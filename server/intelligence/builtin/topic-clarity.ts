/**
 * When a topic cannot be tracked as written: a name with several meanings, a subject too broad
 * to follow, or words Herald does not know. The built-in validation asks about each.
 */
import { terms } from '../../search/terms.js';
import { formsOf, saysCue } from '../lexicon/word-forms.js';
import { joins } from './name-reading.js';
import { isKnownWord, meaningfulTerms, wordsOf } from './topic-analysis.js';
import { AMBIGUOUS, BROAD, GENERIC, type Sense } from './world.js';

/** The broad subject (broad-subjects.json) a lower-case word is one of the noun forms of ("market": "markets"; "economies": "economy"; not "marketing"). */
export function broadSubjectOf(word: string): string | undefined {
  return BROAD[word] ? word : Object.keys(BROAD).find((key) => formsOf(key, ['noun']).has(word));
}

/** Ambiguity: the topic is only a name with several meanings and nothing around it settles which. */
export function ambiguousSenses(text: string): { key: string; senses: Sense[] } | undefined {
  const words = wordsOf(text).map((w) => w.toLowerCase().replace(/['’]s$/, ''));
  // What is left without the words that name no subject and the joining words ("the", "of", "and").
  const meaningful = words.filter((w) => !GENERIC.has(w) && !joins(w));
  for (const [key, senses] of Object.entries(AMBIGUOUS)) {
    // The name as a noun: "Apples", "Jaguar's"; not "shelling" or "targeted".
    const forms = formsOf(key, ['noun']);
    if (!meaningful.some((w) => forms.has(w))) continue;
    const settled = senses.some((sense) => sense.cues.some((cue) => saysCue(cue, text)));
    if (settled) return undefined;
    if (meaningful.every((w) => forms.has(w))) return { key, senses };
  }
  return undefined;
}

/** Which sense an answer chose: an option number or id, its text, its name, or one of its cue words. */
export function chosenSense(answer: string, senses: Sense[]): Sense | undefined {
  const a = answer.trim().toLowerCase();
  const byNumber = /^(?:option\s*)?(\d+)\b/.exec(a);
  if (byNumber) return senses[Number(byNumber[1]) - 1];
  const exact = senses.find((s) => s.text.toLowerCase() === a || s.name.toLowerCase() === a);
  if (exact) return exact;
  const scored = senses.map((s) => ({ s, n: s.cues.filter((cue) => saysCue(cue, answer)).length + meaningfulTerms(s.text).filter((t) => terms(answer).includes(t)).length }));
  const best = scored.sort((x, y) => y.n - x.n)[0];
  return best && best.n > 0 && best.n > (scored[1]?.n ?? 0) ? best.s : undefined;
}

/** Broadness: every meaningful word is a broad subject or says nothing; examples to offer. */
export function broadExamples(text: string): string[] | undefined {
  const words = wordsOf(text).map((w) => w.toLowerCase()).filter((w) => !['the', 'of', 'in', 'on', 'about', 'a', 'an', 'and', 'my', 'for', 'to', 'i', 'me'].includes(w));
  if (words.length === 0) return undefined;
  const broad = words.map(broadSubjectOf).filter((key): key is string => !!key);
  if (!words.every((w) => broadSubjectOf(w) || GENERIC.has(w))) return undefined;
  const keys = broad.length ? [...new Set(broad)] : ['news'];
  return [...new Set(keys.flatMap((k) => BROAD[k]!))].slice(0, 4);
}

/** Words of the text Herald does not recognise (lower-case, not names, not in any vocabulary). */
export function unknownWords(text: string): string[] {
  return wordsOf(text).filter((w) => w.length > 2 && !isKnownWord(w));
}

