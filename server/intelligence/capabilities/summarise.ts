import { z } from 'zod';
import { terms, wordsIn } from '../../search/terms.js';
import type { Capability } from '../types.js';
import { rankSentences, sectionRoles, type RankedSentence } from './lead.js';
import { distinctKeys, templateMask } from './repeated-sentences.js';
import { finished, quotable, statesSomething, withoutFurniture } from './sentence-quality.js';

export interface SummariseInput {
  title: string;
  text: string;
  publisher?: string | null;
  publishedAt?: string | null;
  /** The document's stored language: the sentence rules written for English leave another language alone. */
  language?: string | null;
  /** Keys of the sentences its source repeats (repeated-sentences.ts): its template, never quoted. */
  sourceTemplate?: ReadonlySet<number>;
}

export const ZSummary = z.object({
  summary: z.string().describe('Two or three sentences: what happened, who, where, when, with the key figure.'),
  key_facts: z.array(z.string()).max(6).describe('Short factual statements taken from the document, each checkable against it.'),
});
export type TSummary = z.infer<typeof ZSummary>;

const FACT = /\d|%|\$|€|£|\b(?:million|billion|percent|per cent)\b/i;

/** A language's ISO 639 code, English when not known or not a code ("??" from a source would stop Intl.Segmenter). */
function codeOf(language?: string | null): string {
  const code = (language ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return /^[a-z]{2,3}$/.test(code) ? code : 'en';
}

/**
 * Sentences of a text in `language`: English, or a language not known, by englishSentences (which
 * knows English abbreviations); another language by ICU's sentence rules (Intl.Segmenter), which
 * read its own punctuation ("。", "¿...?"), where an initial ("M. Macron") ends no sentence. A line
 * break ends a sentence unless the next line goes on in lower case; a piece of fewer than four
 * words is no sentence.
 */
export function sentences(text: string, language?: string | null): string[] {
  const code = codeOf(language);
  const paragraphs = text.split(/\n+(?![\p{Ll}])/u).map((p) => p.replace(/\n+/g, ' '));
  const split = code === 'en' ? paragraphs.flatMap(englishSentences) : paragraphs.flatMap((p) => segmentedSentences(p, code));
  return split
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .map((s) => (s.includes('(') ? s : s.replace(/\s+\)$/, ''))) // a bracket left over from a source's markup
    .filter((s) => enoughWords(s, code));
}

/** Whether a piece of text has the four words a sentence needs (counted by the words of its language where it is not English). */
function enoughWords(sentence: string, language?: string | null): boolean {
  const code = codeOf(language);
  return (code === 'en' ? sentence.split(' ').length : wordsIn(sentence, code).length) >= 4;
}

/** An English paragraph's sentences: split after . ! ? where the next sentence starts (not inside 0.25, nor after an abbreviation: `ABBREVIATION_END`). */
function englishSentences(paragraph: string): string[] {
  const out: string[] = [];
  const pieces = paragraph.split(/(?<=[.!?]["'\u201d\u2019)]?)\s+(?=["'\u201c\u2018(]?[A-Z0-9])/);
  let sentence = '';
  pieces.forEach((piece, i) => {
    sentence = sentence ? `${sentence} ${piece}` : piece;
    const next = pieces[i + 1];
    if (next !== undefined && ABBREVIATION_END.test(sentence) && !SENTENCE_START.test(next)) return;
    // An hour's "p.m." before its time zone ("by 5 p.m. EDT on Tuesday") ends no sentence; before any other word it may ("at 9:30 a.m. Immediately after").
    if (next !== undefined && /\b[ap]\.m\.$/.test(sentence) && timeZoneNames().has(/^[A-Z]+/.exec(next)?.[0] ?? '')) return;
    out.push(sentence);
    sentence = '';
  });
  return out;
}

const sentenceSegmenters = new Map<string, Intl.Segmenter>();

/** A paragraph's sentences in a language other than English, by ICU's rules for it; an initial ("M.", "J.") is joined to what follows. */
function segmentedSentences(paragraph: string, language: string): string[] {
  let segmenter = sentenceSegmenters.get(language);
  if (!segmenter) sentenceSegmenters.set(language, (segmenter = new Intl.Segmenter(Intl.Segmenter.supportedLocalesOf(language)[0] ?? 'und', { granularity: 'sentence' })));
  const out: string[] = [];
  let sentence = '';
  for (const { segment } of segmenter.segment(paragraph)) {
    sentence += segment;
    if (INITIAL_END.test(sentence)) continue;
    out.push(sentence);
    sentence = '';
  }
  if (sentence.trim()) out.push(sentence);
  return out;
}

let timeZones: ReadonlySet<string> | undefined;
/**
 * The time zones' abbreviations English writes after an hour ("EDT", "CET", "AEST"), as ICU names
 * them (Intl, in the English locales, in winter and in summer), and "UTC". Read once, when a
 * sentence first ends on an hour (a format per zone and locale: some 200 ms).
 */
function timeZoneNames(): ReadonlySet<string> {
  if (timeZones) return timeZones;
  const out = new Set(['UTC']);
  for (const locale of ['en-US', 'en-GB', 'en-AU', 'en-CA', 'en-IN']) {
    for (const timeZone of Intl.supportedValuesOf('timeZone')) {
      const format = new Intl.DateTimeFormat(locale, { timeZone, timeZoneName: 'short' });
      for (const date of [new Date('2024-01-15'), new Date('2024-07-15')]) {
        const name = format.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value ?? '';
        if (/^[A-Z]{2,5}$/.test(name)) out.add(name);
      }
    }
  }
  return (timeZones = out);
}

/** A piece that ends on an initial: one capital letter and a full stop ("Le président M."). */
const INITIAL_END = /(?:^|\s)\p{Lu}\.\s*$/u;

// A period that ends an abbreviation, not a sentence: titles, months, company forms, references
// ("Ms. Rosenbaum", "Jan. 5", "No. 12"), Latin ones and initials ("U.S. Congress", "John F. Kennedy").
const ABBREVIATIONS = [
  'Mr', 'Mrs', 'Ms', 'Messrs', 'Dr', 'Prof', 'Gen', 'Sen', 'Rep', 'Gov', 'Lt', 'Col', 'Capt', 'Sgt', 'Maj', 'Adm', 'St',
  'Mt', 'Ft', 'Jr', 'Sr', 'Rev', 'Hon', 'No', 'Nos', 'Inc', 'Corp', 'Co', 'Ltd', 'Bros', 'vs', 'etc', 'Jan', 'Feb',
  'Mar', 'Apr', 'Jun', 'Jul', 'Aug', 'Sep', 'Sept', 'Oct', 'Nov', 'Dec', 'Fig', 'Vol', 'Art', 'Sec', 'Dept', 'approx',
  // Latin ones ("i.e. ELDOA with decompression", "Smith et al. (2023) found").
  String.raw`i\.e`, String.raw`e\.g`, 'cf', 'viz', String.raw`et al`,
];
const ABBREVIATION_END = new RegExp(String.raw`(?:^|[\s(])(?:${ABBREVIATIONS.join('|')}|(?:[A-Z]\.)*[A-Z])\.$`);
// After an abbreviation these words still start a new sentence ("... sanctions on the U.S. The talks").
const SENTENCE_START = /^["'\u201c\u2018(]?(?:The|A|An|It|Its|In|On|At|He|She|They|We|This|That|These|Those|There|But|And|However|His|Her|Their|Our|After|When|While|If|As)\s/;

/**
 * Built-in summary: the document's leading sentences by the method of lead.ts (LexRank centrality,
 * similarity to the title, a position prior and the role of the section they stand in), the best
 * first and the others in the document's order; facts are the best sentences that carry a number,
 * an amount or a date. Furniture and fragments (sentence-quality.ts) are quoted only when nothing
 * else is there.
 */
export function extractiveSummary(input: SummariseInput, maxSentences = 3): TSummary {
  const scored = rankedStatements(input.title, input.text, input.language, input.sourceTemplate);
  if (scored.length === 0) return { summary: input.title, key_facts: [] };
  // Furniture and fragments only when the document has nothing else; a caption or a noun phrase
  // ("Final rule.", "Notice of public meeting.") never leads when a clause is there. Its source's
  // template is no statement of its own: a document that says nothing else (a release that only
  // says how its source publishes minutes) is summed up by its title.
  const statements = scored.filter((s) => !s.template && quotable(s.sentence, input.language));
  if (statements.length === 0 && scored.some((s) => s.template)) return { summary: input.title, key_facts: [] };
  const pool = statements.length ? statements : scored;
  const lead = pickDistinct(pool, 1, (s) => statesSomething(s.sentence, input.language))[0];
  const [best, ...rest] = lead ? [lead, ...pickDistinct(pool.filter((s) => s !== lead && !saysAgain(s.sentence, [lead.sentence])), maxSentences - 1)] : pickDistinct(pool, maxSentences);
  const summary = [best!, ...rest.sort((a, b) => a.index - b.index)].map((s) => s.sentence).join(' ');
  const facts = pickDistinct(statements.filter((s) => FACT.test(s.sentence)), 5)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.sentence);
  return { summary, key_facts: facts };
}

/** The sentences a lead is chosen from: a document's first 200. */
export const leadSentences = (text: string, language?: string | null): string[] => sentences(text, language).slice(0, 200);

/** The keys of the sentences a lead is chosen from, each once: what ingest counts per source (repeated-sentences.ts). */
export const leadSentenceKeys = (text: string, language?: string | null): number[] => distinctKeys(leadSentences(text, language));

/** A ranked sentence, and whether it is its source's template (repeated-sentences.ts). */
export interface RankedStatement extends RankedSentence {
  template: boolean;
}

/** The sentences a lead is chosen from (leadSentences), as split, and which of them are its source's template (templateMask). */
export interface LeadSentences {
  raw: string[];
  template: boolean[];
}

/** A document's lead sentences and its source's template among them (`template`: keys of sentences the source repeats), split and masked once. */
export function leadSentencesOf(text: string, template?: ReadonlySet<number>, language?: string | null): LeadSentences {
  const raw = leadSentences(text, language);
  return { raw, template: templateMask(raw, template) };
}

/**
 * A document's sentences (at most its first 200) without the furniture in front of them, ranked by
 * lead.ts, each with the role of its section, those of its source's template (`template`: keys of
 * sentences the source repeats) marked: neither a summary nor an article leads with them.
 */
export function rankedStatements(title: string, text: string, language?: string | null, template?: ReadonlySet<number>): RankedStatement[] {
  return rankedLeadSentences(title, leadSentencesOf(text, template, language), language);
}

/** rankedStatements of sentences already split and masked (leadSentencesOf). */
export function rankedLeadSentences(title: string, lead: LeadSentences, language?: string | null): RankedStatement[] {
  const { raw, template: repeated } = lead;
  const roles = sectionRoles(raw);
  const cleaned = raw.map((s) => finished(withoutFurniture(s, language), language));
  const kept = cleaned.map((s, i) => ({ s, role: roles[i] ?? null, template: repeated[i] === true })).filter(({ s }) => enoughWords(s, language));
  // Ranked with the template in place: each sentence's centrality and position as without it.
  return rankSentences(title, kept.map((k) => k.s), kept.map((k) => k.role)).map((r, i) => ({ ...r, template: kept[i]!.template }));
}

/**
 * The best `count` sentences, best first, never one that says what a better one says (most of its
 * words), each one `accept`s (asked last, of the sentences in the running only: it may be costly).
 */
export function pickDistinct(ranked: readonly RankedSentence[], count: number, accept: (s: RankedSentence) => boolean = () => true): RankedSentence[] {
  const picked: RankedSentence[] = [];
  for (const candidate of [...ranked].sort((a, b) => b.score - a.score || a.index - b.index)) {
    if (picked.length >= count) break;
    if (!saysAgain(candidate.sentence, picked.map((p) => p.sentence)) && accept(candidate)) picked.push(candidate);
  }
  return picked;
}

/** Whether most (80%) of a sentence's content words are in one of `others`, or most of one of theirs in it. */
export function saysAgain(sentence: string, others: readonly string[]): boolean {
  const words = new Set(terms(sentence));
  if (words.size === 0) return true;
  return others.some((other) => {
    const theirs = new Set(terms(other));
    const shared = [...words].filter((w) => theirs.has(w)).length;
    return shared / words.size >= 0.8 || (theirs.size > 0 && shared / theirs.size >= 0.8);
  });
}

export const summarise: Capability<SummariseInput, typeof ZSummary> = {
  name: 'summarise',
  stage: 'summarization',
  output: ZSummary,
  systemPrompt:
    'You summarise one document for professionals who follow its subject. Be factual and neutral; use only what the document says. ' +
    'Answer JSON: "summary" (2-3 sentences: what happened, who, where, when, the key figure) and "key_facts" (up to 6 short statements, each checkable against the document).',
  userMessage: (input) =>
    [`Title: ${input.title}`, input.publisher ? `Publisher: ${input.publisher}` : '', input.publishedAt ? `Published: ${input.publishedAt}` : '', '', input.text.slice(0, 12_000)]
      .filter((line, i) => line || i === 3)
      .join('\n'),
  builtin: (input) => extractiveSummary(input),
};
