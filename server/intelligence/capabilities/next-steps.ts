import * as chrono from 'chrono-node';
import { anyRule, appliesTo, type TextRule } from '../rules.js';

/**
 * What a document says comes next: a deadline, an effective date, a meeting, a vote, a hearing,
 * read by the document's language. The cue that a sentence announces a next step is a hand rule
 * per language (rules.ts); the date in it is read by chrono-node's parser for that language. A
 * language with no rule here has no next steps: the takeaway and the impact's horizon then say
 * nothing rather than guess.
 */

const cue = (alternatives: string[], flags = 'iu') => new RegExp(String.raw`(?<![\p{L}\p{N}])(?:${alternatives.join('|')})(?![\p{L}\p{N}])`, flags);

const EN_NEXT_STEP = cue([
  String.raw`comments?\b[^.]{0,80}\b(?:must|should|will)\s+be\s+(?:received|submitted|filed)`,
  String.raw`(?:comments?|applications?|nominations?|responses?|requests?)\s+(?:are|is)\s+due`,
  'deadline',
  String.raw`(?:is|are|will\s+be|becomes?)\s+effective`,
  String.raw`effective\s+(?:on|as\s+of|date)`,
  String.raw`takes?\s+effect`,
  String.raw`next\s+(?:meeting|hearing|session|review)`,
  String.raw`(?:is|are)\s+scheduled\s+(?:for|to)`,
  String.raw`(?:will|would)\s+be\s+held\s+(?:on|in|at)`,
  String.raw`will\s+(?:meet|hold|vote|convene|publish|decide|rule|begin|start|end|expire|close|reopen|resume|announce|release)`,
  String.raw`no\s+later\s+than`,
  String.raw`on\s+or\s+before`,
]);

const FR_NEXT_STEP = cue([
  String.raw`date\s+limite`,
  String.raw`au\s+plus\s+tard\s+le`,
  String.raw`entr(?:e|ent|era|eront)\s+en\s+vigueur`,
  String.raw`prendr(?:a|ont)\s+effet`,
  String.raw`prochaine?s?\s+(?:réunion|audience|séance|session)`,
  String.raw`(?:est|sont)\s+prévue?s?\s+(?:le|pour)`,
  String.raw`se\s+(?:réunira|réuniront|tiendra|tiendront|prononcera)`,
  String.raw`(?:votera|voteront|statuera|publiera|décidera)`,
]);

const ES_NEXT_STEP = cue([
  String.raw`fecha\s+l[ií]mite`,
  String.raw`a\s+m[aá]s\s+tardar`,
  String.raw`entrar[aá]n?\s+en\s+vigor`,
  String.raw`pr[oó]xima\s+(?:reuni[oó]n|audiencia|sesi[oó]n)`,
  String.raw`(?:est[aá]|est[aá]n)\s+previst[oa]s?\s+para`,
  String.raw`se\s+(?:reunir[aá]n?|celebrar[aá]n?)`,
  String.raw`(?:votar[aá]n?|decidir[aá]n?|publicar[aá]n?)`,
]);

const DE_NEXT_STEP = cue([
  'Frist',
  'spätestens',
  String.raw`tr(?:itt|eten)\b.{0,60}?\bin\s+Kraft`,
  String.raw`in\s+Kraft\s+treten`,
  String.raw`nächsten?\s+(?:Sitzung|Anhörung|Treffen|Verhandlung)`,
  String.raw`(?:ist|sind)\b.{0,40}?\bangesetzt`,
  String.raw`(?:wird|werden)\s+(?:tagen|abstimmen|entscheiden|veröffentlichen)`,
]);

export const NEXT_STEP_RULES: readonly TextRule[] = [
  { name: 'next-step', language: 'en', reason: 'A sentence that announces a deadline, an effective date, a meeting, a vote or a hearing is what to watch next', test: (s) => EN_NEXT_STEP.test(s) },
  { name: 'next-step-fr', language: 'fr', reason: 'The same announcement in French: a date limite, an entry into force, the next meeting', test: (s) => FR_NEXT_STEP.test(s) },
  { name: 'next-step-es', language: 'es', reason: 'The same announcement in Spanish: a fecha límite, an entry into force, the next meeting', test: (s) => ES_NEXT_STEP.test(s) },
  { name: 'next-step-de', language: 'de', reason: 'The same announcement in German: a Frist, an entry into force, the next session', test: (s) => DE_NEXT_STEP.test(s) },
];

/** Whether a sentence announces a next step, by the rules of its language (unknown: any rule). */
export function announcesNextStep(sentence: string, language?: string | null): boolean {
  return anyRule(NEXT_STEP_RULES, sentence, language);
}

/** chrono-node's parsers by language (ISO 639-1); English where the language is not known. */
const PARSERS: Record<string, chrono.Chrono> = {
  en: chrono.casual,
  de: chrono.de.casual,
  es: chrono.es.casual,
  fr: chrono.fr.casual,
  it: chrono.it.casual,
  nl: chrono.nl.casual,
  pt: chrono.pt.casual,
};

const parserOf = (language?: string | null) => PARSERS[(language ?? 'en').toLowerCase().split(/[-_]/)[0]!];

/** The day a sentence names with its month and day, read forward from `since` in the sentence's language; undefined when it names none or the language has no parser. */
export function dayNamed(sentence: string, since: Date, language?: string | null): Date | undefined {
  const parsed = parserOf(language)?.parse(sentence, since, { forwardDate: true });
  return parsed?.find((r) => r.start.isCertain('month') && r.start.isCertain('day'))?.start.date();
}

/**
 * Where a sentence names a date or a time (chrono-node's parser for its language): [start, end) of
 * each that has a word (three letters or more) or a four-digit year in it ("September 17", "2015-09-17", "12/16/2015"),
 * not a bare "1/4" or "1/4 to 1/2", which are as often fractions.
 */
export function dateSpans(sentence: string, language?: string | null): [number, number][] {
  return (parserOf(language)?.parse(sentence) ?? []).filter((r) => /\p{L}{3}|\d{4}/u.test(r.text)).map((r) => [r.index, r.index + r.text.length]);
}

// An English next step's when: a date, a month, a year, a weekday, a number of days.
const EN_WHEN = new RegExp(
  [
    String.raw`\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sept?|Oct|Nov|Dec)\.?\s+\d{1,2}\b`,
    String.raw`\b(?:19|20)\d\d\b`,
    String.raw`\b\d{1,2}\/\d{1,2}\/\d{2,4}\b`,
    String.raw`\b(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b`,
    String.raw`\bwithin\s+\d+\s+days\b`,
    String.raw`\bnext\s+(?:week|month|year)\b`,
  ].join('|'),
);

const EN_WHEN_RULE: TextRule = { name: 'next-step-when', language: 'en', reason: 'A next step is worth quoting when it says when: a date, a month, a year, a weekday or a number of days', test: (s) => EN_WHEN.test(s) };

/**
 * Whether a sentence says when its next step comes: in English (or an unknown language) by the
 * English rule, which also takes a year or "within 30 days"; in another language when its parser
 * finds a date in it.
 */
export function saysWhen(sentence: string, language?: string | null): boolean {
  if (!language || appliesTo(EN_WHEN_RULE, language)) return anyRule([EN_WHEN_RULE], sentence, language);
  return Boolean(parserOf(language)?.parse(sentence).length);
}

/** A sentence that announces a next step and says when, in the document's language. */
export const statesNextStep = (sentence: string, language?: string | null) => announcesNextStep(sentence, language) && saysWhen(sentence, language);

export const ALL_NEXT_STEP_RULES: readonly TextRule[] = [...NEXT_STEP_RULES, EN_WHEN_RULE];
