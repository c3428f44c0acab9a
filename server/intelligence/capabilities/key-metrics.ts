import { terms } from '../../search/terms.js';
import { appliesTo, fired, type NamedRule } from '../rules.js';
import { basesOf, isCommonNoun } from '../lexicon/wordnet.js';
import { labelReadsAsMeasure, wholeLabel } from './key-metric-labels.js';

export { wholeLabel } from './key-metric-labels.js';

/*
 * Key metrics of the built-in article: facts, each read from one clause of the event's own
 * documents by a small grammar over the clause's words (ADR 012):
 *
 *   clause  := [lead-in ","] subject verb-group [measure prep] FIGURE [measure] ...
 *   FIGURE  := [currency] number [unit]             ("$7.3 billion", "5-1/4 percent", "3.41 ms")
 *   subject := the noun phrase before the clause's verb: whom the figure is about
 *   measure := the noun phrase that names what the figure measures: right after it ("71.2%
 *              accuracy", "a 25 basis point increase in the discount rate"), else the verb's
 *              object before it ("assesses a QCC Transaction Fee of $0.20"), else the subject's
 *              head when the subject is what changed ("Acme's shares fell 20 percent")
 *
 * A row is subject, measure, value with its unit, and the document's date; a clause in another
 * mood than the indicative (a modal verb, a condition: a rule or a possibility, not a fact), a
 * figure without a unit, a subject that is a pronoun the document does not name, or a measure
 * without a noun gives no row. No row rather than a fragment: the table is hidden when none is left.
 */

export const METRIC_COLUMNS = ['Metric', 'Value', 'Unit', 'Entity', 'Date', 'Confidence'];

/** The language the grammar is written for. */
const GRAMMAR = { language: 'en' };

/** The grammar's rules: where a figure gives no row (each reports itself with `fired` where the grammar applies it). */
export const METRIC_RULES: readonly NamedRule[] = [
  { name: 'figure-without-unit', language: '*', reason: 'a number with neither a currency nor a unit measures nothing a reader can name ("13G", "page 4")' },
  { name: 'year-not-figure', language: '*', reason: 'a year ("1996") without a currency is a date, not a metric' },
  { name: 'not-indicative', language: 'en', reason: 'a clause with a modal verb or a condition ("shall not exceed $150 million") states a rule or a possibility, not a fact' },
  { name: 'old-level', language: 'en', reason: 'the old level of a change ("from 5 percent to 5-1/4 percent") is no fact of its own: the new level is' },
  { name: 'label-edge', language: 'en', reason: 'a label that opens or ends on a small word or a verb ("share of", "rate raised") is a piece of a phrase' },
  { name: 'label-open-bracket', language: '*', reason: 'a label with a bracket left open was cut inside it', guardsModel: true },
  { name: 'label-head-no-noun', language: 'en', reason: 'a label of one word that is no noun only ("faster", "vs", "relative", "effective"), or that ends on a verb ("performance improving"), names no measure' },
  { name: 'label-too-long', language: '*', reason: 'a measure is named in a few words: a label of more than eight is a stretch of its sentence ("reconstruction RMSE below for all HLS spectral bands with ...")' },
  { name: 'label-holds-a-verb', language: 'en', reason: 'a label with a word the tagger reads as a finite verb in its sentence is a clause ("method improves average accuracy"), not what is measured' },
  { name: 'label-ends-on-a-small-word', language: 'en', reason: 'a label whose last word the tagger reads as a preposition, conjunction, determiner, adverb or comparative in its sentence ("riddles vs", "briefs not later") is a piece of a phrase' },
  { name: 'label-spans-a-figure', language: '*', reason: 'a label whose words stand either side of another figure of its sentence ("comparable Transformer params by at tokens") is stitched from two phrases, not one measure' },
  { name: 'label-is-entity', language: '*', reason: "a label that only repeats the entity's name says nothing about what is measured" },
  { name: 'repeated-figure', language: '*', reason: 'the same figure of the same measure and entity said twice (another wording, another report) is one row' },
];

/** One sentence of the event's own documents (reference 1 and reports consolidated into it; never background). */
export interface MetricSentence {
  sentence: string;
  source: number;
  date: string;
  /** The triggering document (confidence high) or a consolidated report of the same event (medium). */
  main: boolean;
  /** The document's title: what a pronoun subject ("We", "It") of its sentences stands for, when the title names it ("WidgetNet: ..."). */
  title?: string;
}

// A figure: a fraction as central banks write rates ("5-1/2", "5 1/2", "1/4"), or a number with an
// optional range ("2-3"); a currency before it; a unit after it (longest first: "percentage point"
// is not "percent"): a share, a rate's step, a scale, or a unit of measurement of more than one
// letter ("13G", "20M" are names; "x" is a factor).
/** Units after a number: a share, a rate's step, a scale (longest first). */
const SCALES = ['percentage points?', 'percent', 'per cent', '%', 'basis points?', 'bps', 'million', 'billion', 'trillion'];
/** Units of measurement of more than one letter, and a factor. */
const MEASURES = [
  'ms', 'seconds', 'minutes', 'hours', 'days', 'weeks', 'months', 'years', 'km', 'cm', 'mm', 'kg', 'mg', 'tonnes', 'tons',
  String.raw`L\/s`, 'ml', 'MW', 'GW', 'kW', 'TWh', 'GWh', 'MWh', 'kWh', 'Hz', 'GHz', 'MHz', '°C', 'x', '×',
];
const FIGURE = new RegExp(
  String.raw`(\$|€|£|US\$)?\s?(\d+(?:[-\s]\d{1,2}\/\d{1,2}|\/\d{1,2})(?![\d/])|\d+(?:[.,]\d+)*(?:\s?[-–]\s?\d+(?:[.,]\d+)*)?)` +
    String.raw`(?:\s*(${SCALES.join('|')})|\s?(${MEASURES.join('|')})(?![\p{L}\d]))?`,
  'giu',
);

/** Words of the closed classes the grammar needs (English function words and irregular past tenses). */
const DETERMINERS = new Set('the a an its their his her our your my this that these those each every no any some such another'.split(' '));
const PREPOSITIONS = new Set(
  (
    'of in on at by to from for with over under than about around approximately nearly almost per into across between ' +
    'within during against among after before since until up down near below above'
  ).split(' '),
);
const PRONOUNS = new Set('it its they them their we our us he his she her this these those there which who i you one'.split(' '));
const AUXILIARIES = new Set('is are was were be been being has have had do does did'.split(' '));
/** A modal verb or a condition: the clause says what may, must or would be, not what is. */
const NOT_INDICATIVE = new Set('shall may must should would could might can will if unless whether provided'.split(' '));
const IRREGULAR_PAST = new Set(
  (
    'said told wrote found saw got went came ran thought meant built sent fell rose grew set cut hit stood held kept paid made ' +
    'took gave won lost spent sold bought left led met brought sank shrank swung began became put'
  ).split(' '),
);
const CONJUNCTIONS = new Set('and or but nor so yet while whereas although though because as'.split(' '));

interface Word {
  text: string;
  lower: string;
  at: number;
}

const words = (text: string, offset = 0): Word[] =>
  [...text.matchAll(/[\p{L}\d][\p{L}\p{M}\d'’&./-]*/gu)].map((m) => {
    const word = m[0].replace(/[.’']+$/, '').replace(/^(\p{L}+)['’](?:ve|re|ll|d|m)$/u, '$1');
    return { text: word, lower: word.toLowerCase(), at: offset + m.index };
  });

const isFunction = (w: Word) => DETERMINERS.has(w.lower) || PREPOSITIONS.has(w.lower) || PRONOUNS.has(w.lower) || AUXILIARIES.has(w.lower) || NOT_INDICATIVE.has(w.lower) || CONJUNCTIONS.has(w.lower);
/** A verb by its form: an auxiliary, a past tense (regular or irregular), or a lowercase -s form followed by what a verb takes (a determiner, a figure, a preposition). */
function isVerb(w: Word, next: Word | undefined, sentence: string, previous?: Word): boolean {
  if (AUXILIARIES.has(w.lower)) return true;
  // A word after a determiner is a noun or an adjective ("those banks", "its intended level", "the set").
  if (previous && DETERMINERS.has(previous.lower)) return false;
  if (IRREGULAR_PAST.has(w.lower)) return true;
  // What follows a personal pronoun is its verb ("We achieve", "They report").
  if (previous && /^(?:we|they|it|he|she|i|you)$/.test(previous.lower) && w.text === w.lower && !isFunction(w)) return true;
  if (w.text !== w.lower || w.lower.length < 4) return false;
  if (/(?:ed)$/.test(w.lower) && !/(?:eed|need)$/.test(w.lower)) return true;
  if (/[^s]s$|ches$|shes$|sses$/.test(w.lower) && next) {
    const between = sentence.slice(w.at + w.text.length, next.at);
    return /^\s+$/.test(between) && (DETERMINERS.has(next.lower) || PREPOSITIONS.has(next.lower) || /^\d/.test(next.text) || /^\s*[$€£]/.test(sentence.slice(w.at + w.text.length)));
  }
  return false;
}
/** A name: a capitalised or mixed-case word that is not a function word, a date, nor a participle or adverb opening a sentence ("Volkswagen", "FOMC", "DR-DCI"; not "According"). */
const isName = (w: Word) => /^\p{Lu}/u.test(w.text) && !isFunction(w) && !CALENDAR.test(w.text) && terms(w.text).length > 0 && (/^\p{Lu}.*[\p{Lu}\d]/u.test(w.text) || (!/(?:ing|ed|ly)$/.test(w.lower) && !onlyVerb(w.lower)));
/** A word WordNet knows as a verb and never as a noun ("Fails", "Requires" opening a clause): no name, whatever its capital. */
const onlyVerb = (word: string) => basesOf(word, 'verb').length > 0 && basesOf(word, 'noun').length === 0;
/** A word WordNet knows written in lower case, as a common noun, a verb or an adjective ("open", "exports"). */
const lowerCaseWord = (word: string) => isCommonNoun(word) || basesOf(word, 'verb').length > 0 || basesOf(word, 'adj').length > 0;
/** Days and months are dates, not names. */
const CALENDAR = /^(?:(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day|January|February|March|April|May|June|July|August|September|October|November|December)$/;

/** "5-1/2" -> "5.5", "1/4" -> "0.25"; other figures as written. */
function fractionValue(value: string): string {
  const match = /^(?:(\d+)[-\s])?(\d+)\/(\d+)$/.exec(value);
  if (!match || Number(match[3]) === 0) return value;
  const number = Number(match[1] ?? 0) + Number(match[2]) / Number(match[3]);
  return String(Math.round(number * 1000) / 1000);
}

/** Where a clause starts: after ";", ":", a dash, ", but/which/...", a reported "said that", "that". */
const CLAUSE_START = new RegExp(
  [
    String.raw`;|:\s|\s[–—]\s|,\s+(?:but|while|whereas|which|who|where)\s`,
    String.raw`\b(?:said|says|reported|announced|noted|found|showed|shows|estimated|expects|expected)\s+(?:on\s+\S+\s+)?that\s`,
    String.raw`\bthat\s`,
  ].join('|'),
  'g',
);

/** The clause a figure stands in: from the last clause boundary before it to the first after it. */
function clauseAround(sentence: string, start: number, end: number): { text: string; offset: number; outer: string } {
  const before = sentence.slice(0, start);
  // Not ", and": it also closes a list of names ("Atlanta, Chicago, and Dallas").
  const boundary = CLAUSE_START;
  let from = 0;
  for (const m of before.matchAll(boundary)) from = m.index + m[0].length;
  const after = sentence.slice(end);
  const stop = after.search(/;|,\s+(?:and|but|while|whereas|which|who|where|or)\s|\s[–—]\s|[.!?](?:\s|$)/);
  return { text: sentence.slice(from, stop >= 0 ? end + stop : sentence.length), offset: from, outer: sentence.slice(0, from) };
}

/** The subject: the noun phrase before the clause's first verb, after a lead-in clause; undefined when the clause has no verb before the figure. */
function subjectOf(clause: Word[], figureAt: number, text: string): { words: Word[]; verbIndex: number } | undefined {
  const beforeFigure = clause.filter((w) => w.at < figureAt);
  for (let i = 1; i < beforeFigure.length; i++) {
    if (!isVerb(beforeFigure[i]!, clause[i + 1], text, beforeFigure[i - 1])) continue;
    // A lead-in before a comma ("On the benchmark, WidgetNet reaches ...") is no part of the subject.
    const subject = beforeFigure.slice(0, i);
    const lead = subject.findLastIndex((w, j) => j > 0 && /,\s*$/.test(text.slice(subject[j - 1]!.at, w.at)));
    return { words: lead > 0 ? subject.slice(lead) : subject, verbIndex: i };
  }
  return undefined;
}

/** A noun phrase's words without the function words at its edges; undefined when no content word is left. */
function trimPhrase(phrase: Word[]): Word[] | undefined {
  const out = [...phrase];
  // Function words, figures and adverbs ("roughly", "immediately") are no edge of a measure.
  const edge = (w: Word) => isFunction(w) || /^\d/.test(w.text) || /ly$/.test(w.lower);
  while (out.length && edge(out[0]!)) out.shift();
  while (out.length && edge(out.at(-1)!)) out.pop();
  return out.length && terms(out.map((w) => w.text).join(' ')).length ? out : undefined;
}

/** The noun phrase right after a figure ("accuracy", "increase in the discount rate", "vehicles worldwide"): up to a verb, a clause's end or a second preposition. */
function measureAfter(after: Word[], text: string): Word[] | undefined {
  const out: Word[] = [];
  let prepositions = 0;
  for (let i = 0; i < after.length && out.length < 6; i++) {
    const w = after[i]!;
    if (i === 0 && (PREPOSITIONS.has(w.lower) || DETERMINERS.has(w.lower) || PRONOUNS.has(w.lower) || isFunction(w))) return undefined;
    if (isVerb(w, after[i + 1], text) || CONJUNCTIONS.has(w.lower) || PRONOUNS.has(w.lower) || /^\d/.test(w.text)) break;
    if (i > 0 && /[,;:()]/.test(text.slice(after[i - 1]!.at + after[i - 1]!.text.length, w.at))) break;
    if (PREPOSITIONS.has(w.lower) && ++prepositions > 1) break;
    out.push(w);
  }
  return trimPhrase(out);
}

/** The verb's object before a figure ("raise its target for the federal funds rate to", "assesses a QCC Transaction Fee of"): back from the figure to a determiner or a verb. */
function measureBefore(between: Word[], text: string): Word[] | undefined {
  const out: Word[] = [];
  for (let i = between.length - 1; i >= 0; i--) {
    const w = between[i]!;
    if (out.length === 0 && PREPOSITIONS.has(w.lower)) continue;
    // A determiner inside the phrase ("target for the federal funds rate"): a preposition before it, a noun before that.
    const inside = DETERMINERS.has(w.lower) && i >= 2 && /^(?:of|for|in|on|at)$/.test(between[i - 1]!.lower) && !isFunction(between[i - 2]!) && !isVerb(between[i - 2]!, between[i - 1], text);
    if (inside) {
      out.unshift(between[i - 1]!, w);
      i--;
      continue;
    }
    if (DETERMINERS.has(w.lower) || PRONOUNS.has(w.lower) || AUXILIARIES.has(w.lower) || NOT_INDICATIVE.has(w.lower) || isVerb(w, between[i + 1], text, between[i - 1]) || /^\d/.test(w.text)) break;
    out.unshift(w);
  }
  return trimPhrase(out);
}

/** Whom a subject names: its names ("The Federal Open Market Committee", "Acme's"), else nothing. A pronoun stands for the document's titled name. */
function entityOf(subject: Word[], title: string | undefined): string | undefined {
  const head = subject.filter((w) => !DETERMINERS.has(w.lower) || /^(?:its|their|our)$/.test(w.lower));
  if (head.length && head.every((w) => PRONOUNS.has(w.lower))) return titledName(title);
  // The last run of names, "of" and "&" inside it ("Federal Reserve Bank of New York"), at most five words.
  const run: Word[] = [];
  for (let i = subject.length - 1; i >= 0; i--) {
    const w = subject[i]!;
    if (isName(w) || (run.length && /^(?:of|&|and)$/.test(w.lower) && i > 0 && isName(subject[i - 1]!))) run.unshift(w);
    else if (run.length) break;
  }
  // A sentence's first word is capitalised by its place: a word WordNet writes in lower case, before
  // the rest of its noun phrase, modifies it ("Open market operations"); alone ("Acme raised") or owning ("Apple's") it names.
  const [opening] = run;
  if (run.length === 1 && opening!.at === 0 && opening !== subject.at(-1) && !/['’]s$/.test(opening!.text) && lowerCaseWord(opening!.lower)) run.pop();
  if (run.length === 0 || run.length > 5) return /^(?:its|their|our|we|it|they)$/i.test(subject[0]?.text ?? '') ? titledName(title) : undefined;
  return run
    .map((w) => w.text)
    .join(' ')
    .replace(/['’]s$/, '');
}

/** The name a title gives its subject before a colon ("WidgetNet: A Network for ..."), if it is one. */
function titledName(title: string | undefined): string | undefined {
  const head = /^([^:]{2,40}):\s/.exec(title ?? '')?.[1]?.trim();
  return head && head.split(/\s+/).length <= 3 && /\p{Lu}/u.test(head) ? head : undefined;
}

/** Rows of key metrics: facts read from the clauses of the event's own documents (see the grammar above); at most six. */
export function keyMetrics(items: MetricSentence[], language?: string | null): string[][] {
  const rows: string[][] = [];
  // The grammar's word classes are English: a document known to be in another language gives no rows.
  if (!appliesTo(GRAMMAR, language)) return rows;
  for (const { sentence, date, main, title } of items) {
    if (!date.trim()) continue;
    let previous: { end: number; measure: string; entity: string; row?: string[] } | undefined;
    for (const match of sentence.matchAll(FIGURE)) {
      const [whole, currency, value, scale, measureUnit] = match;
      const unit = scale ?? measureUnit;
      if (!currency && !unit) {
        fired('figure-without-unit');
        continue;
      }
      if (/^(19|20)\d\d$/.test(value!) && !currency) {
        fired('year-not-figure');
        continue;
      }
      const end = match.index + whole.trimEnd().length;
      // A change and its new level: "by 25 basis points to 5-1/4 percent" (the first is the measure's
      // change, the second its level), "a 25 basis point increase in the discount rate to 5-1/2 percent".
      const step = previous && /^\s*(.*?)\s*\bto\s*$/.exec(sentence.slice(previous.end, match.index));
      let row: [string, string] | undefined;
      if (previous && step && (step[1] === '' || step[1] === previous.measure)) {
        const level = step[1] ? previous.measure.replace(/^.*?\b(?:in|of)\s+(?:the\s+)?/, '') : previous.measure;
        if (!step[1] && previous.row) previous.row[0] = `${previous.measure} change`;
        row = [level, previous.entity];
      } else row = factOf(sentence, match.index, end, { currency, value: value!, unit }, title);
      if (!row) continue;
      const [measure, entity] = row;
      previous = { end, measure, entity };
      const figure = fractionValue(value!);
      const unitText = (currency ? `${currency}${unit ? ` ${unit}` : ''}` : unit!).replace('per cent', 'percent');
      // The same figure of the same measure said twice (another wording, another report) is one row.
      const measureTerms = new Set(terms(measure));
      if (rows.some((r) => r[1] === figure && r[3] === entity && terms(r[0]!).some((t) => measureTerms.has(t)))) {
        fired('repeated-figure');
        continue;
      }
      previous.row = [measure, figure, unitText, entity, date.slice(0, 10), main ? 'high' : 'medium'];
      rows.push(previous.row);
      if (rows.length >= 6) return rows;
    }
  }
  return rows;
}

/**
 * What the figure at start..end of an English text is when "to <figure>" follows it: the old level
 * after "from" ("from 5 percent to 5-1/4 percent"), else the size of the change whose new level
 * follows ("lower its target 25 basis points to 2 percent"); undefined when none follows.
 */
export function figureBeforeTo(text: string, start: number, end: number): 'old-level' | 'step' | undefined {
  if (!/^\s*to\s+\S*\d/.test(text.slice(end))) return undefined;
  return /\bfrom\s*$/i.test(text.slice(0, start)) ? 'old-level' : 'step';
}

/** [measure, entity] of the figure at start..end, or undefined when its clause states no such fact. */
function factOf(sentence: string, start: number, end: number, figure: { currency?: string; value: string; unit?: string }, title: string | undefined): [string, string] | undefined {
  const clause = clauseAround(sentence, start, end);
  const all = words(clause.text, clause.offset);
  if (all.some((w) => NOT_INDICATIVE.has(w.lower))) return none('not-indicative');
  // The old level of a change is no fact of its own ("from 5 percent to 5-1/4 percent": the new level is).
  if (figureBeforeTo(sentence, start, end) === 'old-level') return none('old-level');
  const subject = subjectOf(all, start, sentence);
  const after = all.filter((w) => w.at >= end);
  // The words between the verb and the figure, without other figures and their units ("from 5 percent to").
  const spans = [...sentence.matchAll(FIGURE)].map((m) => [m.index, m.index + m[0].trimEnd().length] as const);
  const before = subject ? all.filter((w) => w.at < start).slice(subject.verbIndex + 1).filter((w) => !spans.some(([a, b]) => w.at >= a && w.at < b)) : [];
  // A count names what it counts after it ("11 million vehicles"); a share or a step may name its measure there too.
  const counted = !figure.currency && /^(?:million|billion|trillion)$/i.test(figure.unit ?? '');
  // A figure after a preposition ("to 6 percent", "at 5 percent") completes the phrase before it: its
  // measure is there, not in what follows ("to 6 percent effective immediately").
  const complement = PREPOSITIONS.has(all.filter((w) => w.at < start).at(-1)?.lower ?? '');
  let measure = complement && subject ? measureBefore(before, sentence) : undefined;
  measure ??= measureAfter(counted ? after.slice(0, 2) : after, sentence);
  if (!measure && subject) measure = measureBefore(before, sentence);
  let entity: string | undefined;
  if (subject) entity = entityOf(subject.words, title);
  // The subject is what changed ("Acme's shares fell 20 percent"): its head is the measure, its name the entity.
  if (!measure && subject && before.every((w) => PREPOSITIONS.has(w.lower) || /^(?:by|to|at)$/.test(w.lower) || isVerb(w, undefined, sentence))) {
    const head = subject.words.filter((w) => !isName(w) && !isFunction(w) && !/['’]s$/.test(w.text));
    measure = trimPhrase(head);
  }
  // A figure in the subject of a reported clause ("Acme said that 11 million vehicles carry ..."): the reporter is the entity.
  if (!entity) {
    const outer = words(clause.outer);
    const verb = outer.findIndex((w, i) => i > 0 && isVerb(w, outer[i + 1], clause.outer));
    if (verb > 0) entity = entityOf(outer.slice(0, verb), title);
  }
  if (!measure || !entity) return undefined;
  // A count without a currency counts its noun: the measure is that noun, the unit its scale.
  const label = measure.map((w) => w.text).join(' ');
  if (!wholeLabel(label)) return undefined;
  if (!labelReadsAsMeasure(measure, sentence)) return undefined;
  // Its words are one run of the sentence: a label whose words stand either side of another figure is stitched across it ("params by at tokens").
  if (spans.some(([a]) => a > measure[0]!.at && a < measure.at(-1)!.at)) return none('label-spans-a-figure');
  if (terms(label).every((t) => terms(entity).includes(t))) return none('label-is-entity');
  return [label, entity];
}

/** No row, because of the rule named `name`. */
function none(name: string): undefined {
  fired(name);
  return undefined;
}
