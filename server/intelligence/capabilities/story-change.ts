import { terms } from '../../search/terms.js';
import { isCollocation, isUnitOfMeasure } from '../lexicon/wordnet.js';
import { lexiconTags } from '../knowledge/english-lexicon.js';
import { figureBeforeTo } from './key-metrics.js';
import { dateSpans } from './next-steps.js';
import { opensPointingBack, quotable } from './sentence-quality.js';
import { saysAgain, sentences } from './summarise.js';

/**
 * What a report changes against the story's previous article, read from the two documents by one
 * method for every kind: a figure both state about the same thing (the words around it) with a
 * value that moved (an FOMC statement's target range, a forecast, a count), else the first
 * statement of the new document the previous one does not make (most of its content words are
 * not in it), else a figure that held its value. Dates are not figures: a statement's meeting day changes every time.
 */
export interface StoryDocument {
  text: string;
  language?: string | null;
}

export type StoryChange =
  | { kind: 'figure'; subject: string; was: string; now: string; sentence: string }
  | { kind: 'new'; sentence: string }
  | { kind: 'held'; subject: string; now: string; sentence: string };

/** Sentences read of each document, from its start: where a report and a statement put what they decide. */
const MAX_SENTENCES = 60;
/** Words either side of a figure that say what it is about. */
const CONTEXT_WORDS = 10;
/** A figure is about the same thing when at least this many of its context's content words are shared, and this share of the smaller context. */
const MIN_SHARED = 3;
const MIN_OVERLAP = 0.6;
/** ... and their sentences share half the smaller one's content words: the same statement made again, not another event's count. */
const MIN_SENTENCE_OVERLAP = 0.5;
/** A new statement: at most this share of its content words in the previous document, and a length a reader takes in. */
const MAX_KNOWN = 0.5;
const WORDS = { min: 8, max: 45 };

/** A number as written: 2.1, 1,500, 1/4, 1-1/4 (or 1 1/4); a currency sign before it. */
const NUMBER = String.raw`[$€£¥]?\d+(?:[.,]\d+)*(?:[-\u2011 ]\d+\/\d+|\/\d+)?`;
/** A figure: numbers joined by a short word or a dash ("0 to 1/4", "3-4"), with a percent sign or the word after it (its unit). */
const FIGURE = new RegExp(String.raw`(?<![\p{L}\p{N}])${NUMBER}(?:\s*(?:[-\u2013]|\p{Ll}{1,3})\s*${NUMBER})*(?:\s*%|\s+\p{L}+)?`, 'gu');

interface Figure {
  value: string;
  /** The value without its unit, its mixed fractions written one way ("1 3/4" is "1-3/4"): what is compared. */
  number: string;
  /** The word after it (or %), lower case; '' without one. */
  unit: string;
  /** Content words of the words around it (numbers and dates left out). */
  context: Set<string>;
  /** The words before and after it, as written. */
  before: string[];
  after: string[];
  sentence: string;
  /** Content words of its whole sentence. */
  said: Set<string>;
  /** The size of a change whose new level follows ("lower its target 25 basis points to 2 percent"), not a level. */
  step: boolean;
}

/** A sentence with its dates blanked: what is left of its numbers are figures. */
function undated(sentence: string, language?: string | null): string {
  let out = sentence;
  for (const [start, end] of dateSpans(sentence, language)) out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  return out;
}

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** A sentence's figures, each with its unit and the words around it. */
function figuresOf(sentence: string, language?: string | null): Figure[] {
  const text = undated(sentence, language);
  const said = new Set(terms(wordsOf(text).filter((w) => !/\d/.test(w)).join(' '), language ?? 'en'));
  const matches = [...text.matchAll(FIGURE)];
  // A unit of two words is read whole: a word and a unit of measurement after it, or a collocation WordNet holds ("25 basis points", "2 million dollars", "3 percentage points"; not "25 basis").
  const units = matches.map((m) => {
    const single = /\s+(\p{L}+)$/u.exec(m[0].trim())?.[1];
    const next = single ? /^\s+(\p{L}+)/u.exec(text.slice(m.index + m[0].length)) : null;
    // A small word after it is none ("in" of "6.1 percent in August" is no inch).
    const small = !!next && lexiconTags(next[1]!).some((t) => t === 'Preposition' || t === 'Conjunction' || t === 'Determiner');
    const two = !!next && !small && (isUnitOfMeasure(next[1]!.toLowerCase()) || isCollocation(single!, next[1]!));
    return { single, whole: two ? m[0] + next![0] : m[0], unit: two ? `${single} ${next![1]}` : (single ?? '') };
  });
  return matches.map((m, i) => {
    const { single, whole } = units[i]!;
    const value = whole.trim();
    const unit = units[i]!.unit || (value.endsWith('%') ? '%' : '');
    const number = (single ? m[0].trim().slice(0, -single.length) : value.replace(/\s*%$/, '')).trim().replace(/\s+/g, ' ').replace(/[-\u2011 ](?=\d+\/)/g, '-');
    // The words next to it as far as the figures either side: what it is about, not what they are.
    const previous = matches[i - 1];
    // A word a figure is hyphened to is its unit ("25-basis-point increase"), not what the next figure is about.
    const unitless = (from: number, to?: number) => text.slice(from, to).replace(/^-\S*/, '');
    const before = wordsOf(unitless(previous ? previous.index + units[i - 1]!.whole.length : 0, m.index)).slice(-CONTEXT_WORDS);
    const after = wordsOf(unitless(m.index + whole.length, matches[i + 1]?.index)).slice(0, CONTEXT_WORDS);
    const step = (language ?? 'en') === 'en' && figureBeforeTo(text, m.index, m.index + whole.length) === 'step';
    return { value, number, unit: unit.toLowerCase(), context: new Set(terms([...before, unit, ...after].join(' '), language ?? 'en')), before, after, sentence, said, step };
  });
}

const shared = (a: Set<string>, b: Set<string>) => [...a].filter((w) => b.has(w)).length;
const overlap = (a: Set<string>, b: Set<string>) => shared(a, b) / Math.max(1, Math.min(a.size, b.size));
/** The same thing stated again: in the same unit, a change against a change (a level against a level), the words around the figures and their sentences mostly the same. */
const sameThing = (a: Figure, b: Figure) => a.unit === b.unit && a.step === b.step && shared(a.context, b.context) >= MIN_SHARED && overlap(a.context, b.context) >= MIN_OVERLAP && overlap(a.said, b.said) >= MIN_SENTENCE_OVERLAP;

interface Words {
  /** A word the previous figure's context holds (a function word always). */
  known: (word: string) => boolean;
  /** A word with content (not a function word). */
  content: (word: string) => boolean;
}

/** The words from a figure outwards the previous figure's context holds, ending on a content word, or (`lead`: a phrase's start) on one function word before one. */
function runOf(words: string[], lead: boolean, { known, content }: Words): string[] {
  let end = 0;
  while (end < words.length && known(words[end]!)) end++;
  const run = words.slice(0, end);
  while (run.length && !content(run.at(-1)!)) run.pop();
  if (lead && run.length && run.length < end) run.push(words[run.length]!);
  return run;
}

/** One side of a figure read outwards past the function words next to it ("at", "of"): how many it skipped, and the run after them. */
function sideOf(words: string[], lead: boolean, test: Words): { skipped: number; run: string[] } {
  const skipped = words.findIndex(test.content);
  return skipped < 0 ? { skipped: words.length, run: [] } : { skipped, run: runOf(words.slice(skipped), lead, test) };
}

/**
 * A run that opens with a function word, one content word and another function word ("to keep
 * its target ...") opens with what is done, not what it is done to: from the second function word
 * on, when two content words are left.
 */
function withoutLeadingVerb(run: string[], content: (word: string) => boolean): string[] {
  const [a, b, c] = run;
  if (a === undefined || b === undefined || c === undefined || content(a) || !content(b) || content(c)) return run;
  return run.slice(2).filter(content).length >= 2 ? run.slice(2) : run;
}

/**
 * A run whose noun phrase opens later, at a determiner or possessive before its first preposition,
 * from there ("decided to lower its target for the federal funds rate" -> "its target for the
 * federal funds rate"), when two content words are left. English: compromise's lexicon tags.
 */
function fromDeterminer(run: string[], content: (word: string) => boolean, language: string): string[] {
  if (language !== 'en') return run;
  const tagged = (w: string, tags: string[]) => lexiconTags(w.toLowerCase()).some((t) => tags.includes(t));
  const preposition = run.findIndex((w) => tagged(w, ['Preposition']));
  const opens = run.findIndex((w, i) => i > 0 && tagged(w, ['Determiner', 'Possessive']));
  if (opens < 0 || (preposition >= 0 && preposition < opens)) return run;
  return run.slice(opens).filter(content).length >= 2 ? run.slice(opens) : run;
}

/**
 * What a figure is about, as the new document writes it: the run of words next to it, after it when
 * a content word follows it at once, else on the side nearer it (then the one saying more), whose content words the previous document's figure has
 * around it too ("the target range for the federal funds rate" of "... raise the target range for
 * the federal funds rate to 1/4 to 1/2 percent"); two content words at least, twelve words at most.
 */
function subjectOf(now: Figure, was: Figure, language?: string | null): string {
  const lang = language ?? 'en';
  const test: Words = { known: (w) => terms(w, lang).every((t) => was.context.has(t)), content: (w) => terms(w, lang).length > 0 };
  const before = sideOf([...now.before].reverse(), true, test);
  const after = sideOf(now.after, false, test);
  // A figure right before a content word says what that is ("2 percent longer-run objective"); else the nearer side, then the one saying more.
  const sides = [{ ...before, run: before.run.reverse() }, after].filter((x) => x.run.filter(test.content).length >= 2);
  const nearer = sides.sort((x, y) => x.skipped - y.skipped || y.run.filter(test.content).length - x.run.filter(test.content).length);
  const found = (sides.find((x) => x === after && after.skipped === 0) ?? nearer[0])?.run ?? [];
  const run = fromDeterminer(withoutLeadingVerb(found, test.content), test.content, lang);
  if (!run.length || run.length > 12) return '';
  return run.join(' ').replace(/[,;:.]+$/, '').replace(/^\p{Lu}(?=\p{Ll})/u, (c) => c.toLowerCase());
}

/**
 * What a new level is of: after "to", a subject that names a change of something is that something
 * ("a 25 basis point increase in the discount rate to 5-1/2 percent": the discount rate, not its
 * increase), as key-metrics reads the same grammar. English.
 */
function levelOf(figure: Figure, subject: string, language?: string | null): string {
  if ((language ?? 'en') !== 'en' || !/^to$/i.test(figure.before.at(-1) ?? '')) return subject;
  const of = /^\S+\s+(?:in|of)\s+(?:the\s+)?(\S+(?:\s+\S+)+)$/i.exec(subject);
  return of ? of[1]! : subject;
}

/**
 * The first figure of the new document whose subject the previous one states with another value
 * (and never with the same one), else the first it states with the same value (held).
 */
function comparedFigure(current: string[], previous: string[], language?: string | null): StoryChange | undefined {
  const before = previous.flatMap((s) => figuresOf(s, language));
  let held: StoryChange | undefined;
  for (const sentence of current) {
    for (const now of figuresOf(sentence, language)) {
      const matches = before.filter((was) => sameThing(now, was)).sort((a, b) => shared(now.context, b.context) - shared(now.context, a.context));
      const same = matches.find((was) => was.number === now.number);
      const about = matches[0] ? subjectOf(now, same ?? matches[0], language) : '';
      const subject = about && now.step ? `change in ${about}` : levelOf(now, about, language);
      if (!subject) continue;
      if (!same) return { kind: 'figure', subject, was: matches[0]!.value, now: now.value, sentence };
      held ??= { kind: 'held', subject, now: now.value, sentence };
    }
  }
  return held;
}

/** The first statement of the new document whose content words the previous one mostly lacks, that stands alone, and that the article has not said already. */
function newStatement(current: string[], previous: string, said: readonly string[], language?: string | null): StoryChange | undefined {
  const known = new Set(terms(previous, language ?? 'en'));
  const sentence = current.find((s) => {
    const length = s.split(' ').length;
    const words = terms(s, language ?? 'en');
    // One that opens pointing back ("In taking this action, ...") needs the sentence before it, which a takeaway does not quote.
    if (length < WORDS.min || length > WORDS.max || words.length === 0 || !quotable(s, language) || opensPointingBack(s, language)) return false;
    return words.filter((w) => known.has(w)).length / words.length <= MAX_KNOWN && !saysAgain(s, said);
  });
  return sentence ? { kind: 'new', sentence } : undefined;
}

/**
 * What the report (`current`) changes against the story's previous article (`previous`): a figure
 * that moved, else a statement the previous document did not make and the article's lead and
 * points (`said`) have not quoted, else a figure both state with the same value (held);
 * undefined when none is there.
 */
export function storyChange(current: StoryDocument, previous: StoryDocument, said: readonly string[] = []): StoryChange | undefined {
  const now = sentences(current.text, current.language).slice(0, MAX_SENTENCES);
  const before = sentences(previous.text, previous.language).slice(0, MAX_SENTENCES);
  if (!now.length || !before.length) return undefined;
  const figure = comparedFigure(now, before, current.language);
  return (figure?.kind === 'figure' ? figure : undefined) ?? newStatement(now, previous.text, said, current.language) ?? figure;
}
