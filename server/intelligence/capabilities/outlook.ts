import { anyRule, type TextRule } from '../rules.js';
import { FINDING_RULES } from './discourse.js';
import { quotable } from './sentence-quality.js';
import { saysAgain, sentences } from './summarise.js';

/**
 * What a document says its findings mean, what it found or what its authors expect: a study's
 * conclusion ("our results suggest that ...") or finding ("we show that ..."), a central bank's
 * outlook ("The Committee expects ..."), a company's forecast. The cue is the sentence's verb, by
 * language; a language with no rule here gives none. An article's takeaway says it (compose.ts,
 * takeaway.ts): what the reader keeps once the news is read.
 */
export const OUTLOOK_RULES: readonly TextRule[] = [
  ...FINDING_RULES,
  {
    name: 'outlook-expects',
    language: 'en',
    reason: 'a sentence that says what someone expects, forecasts or plans, or what is likely, is what to watch',
    test: (s) => /\b(?:expects?|expected\s+to|anticipates?|forecasts?|(?:is|are)\s+(?:likely|set)\s+to|plans?\s+to|intends?\s+to)\b/i.test(s),
  },
];
const LABELS: Record<string, string> = { 'outlook-means': 'What it means', 'outlook-finds': 'What it finds', 'outlook-expects': 'What to expect' };

/** Sentences of a document read for its outlook, and the length of one quoted. */
const READ = 40;
const WORDS = { min: 6, max: 45 };

/**
 * The statement a document's outlook is: what its findings mean, else what it found, else what it
 * expects (OUTLOOK_RULES, in that order), the first such after its opening sentence that `said`
 * (the lead and points) does not say, quotable, of a length a line can quote. With the label a
 * takeaway gives it.
 */
export function outlookOf(text: string, language: string | null | undefined, said: readonly string[]): { label: string; sentence: string } | undefined {
  const candidates = sentences(text, language)
    .slice(1, READ)
    .filter((s) => {
      const words = s.split(/\s+/).length;
      return words >= WORDS.min && words <= WORDS.max && quotable(s, language) && !saysAgain(s, [...said]);
    });
  for (const rule of OUTLOOK_RULES) {
    const sentence = candidates.find((s) => anyRule([rule], s, language));
    if (sentence) return { label: LABELS[rule.name]!, sentence };
  }
  return undefined;
}
