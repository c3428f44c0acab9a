import { z } from 'zod';
import { terms } from '../../search/terms.js';
import type { Capability } from '../types.js';
import { names } from './research.js';
import { listLike, sentences } from './summarise.js';

export interface ComposeSource {
  documentId: number;
  title: string;
  text: string;
  summary: string;
  publisher: string | null;
  date: string;
  collectionId: number;
  score: number;
}

export interface ComposeInput {
  topic: { name: string };
  /** The document that triggered the event: reference 1. */
  main: ComposeSource & { keyFacts: string[] };
  /** Research results, best first: references 2.. in this order. */
  supporting: ComposeSource[];
  novelFacts: string[];
  knownFacts: string[];
  phaseChange: string | null;
  language: string | null;
}

const ZReference = z.object({ number: z.number(), title: z.string(), source: z.string(), date: z.string(), document_id: z.number() });
export const ZArticle = z.object({
  title: z.string(),
  superhead: z.string(),
  introduction: z.string(),
  bullet_points: z.array(z.string()).min(1).max(6),
  sections: z.array(z.object({ heading: z.string(), content: z.string() })).min(1).max(5),
  references: z.array(ZReference).min(1),
  actionable_takeaway: z.string(),
  data_table: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) }),
  disclosure: z.string(),
  language: z.string(),
});
export type TArticle = z.infer<typeof ZArticle>;

export const METRIC_COLUMNS = ['Metric', 'Value', 'Unit', 'Entity', 'Date', 'Confidence'];
// A figure: a fraction as central banks write rates ("5-1/2", "5 1/2", "1/4"), or a number with an
// optional range ("2-3"); then a currency before it or a unit after it (longest unit first:
// "percentage point" is not "percent").
const METRIC =
  /(\$|€|£)?\s?(\d+(?:[-\s]\d{1,2}\/\d{1,2}|\/\d{1,2})(?![\d/])|\d+(?:[.,]\d+)*(?:\s?[-–]\s?\d+(?:[.,]\d+)*)?)\s*(percentage points?|percent|per cent|%|basis points?|million|billion|trillion)?/gi;

/** "5-1/2" -> "5.5", "1/4" -> "0.25"; other figures as written. */
function fractionValue(value: string): string {
  const match = /^(?:(\d+)[-\s])?(\d+)\/(\d+)$/.exec(value);
  if (!match || Number(match[3]) === 0) return value;
  const number = Number(match[1] ?? 0) + Number(match[2]) / Number(match[3]);
  return String(Math.round(number * 1000) / 1000);
}

interface Candidate {
  sentence: string;
  source: number; // initial reference number
  score: number;
  order: number;
}

/** Key metrics: figures with a unit or currency, labelled by the words before them. */
export function keyMetrics(items: { sentence: string; source: number; date: string; main: boolean }[]): string[][] {
  const rows: string[][] = [];
  const seen = new Set<string>();
  for (const { sentence, date, main } of items) {
    for (const match of sentence.matchAll(METRIC)) {
      const [whole, currency, value, unit] = match;
      if (!currency && !unit) continue;
      if (/^(19|20)\d\d$/.test(value!) && !unit) continue;
      const before = sentence.slice(0, match.index).split(/\s+/).filter(Boolean);
      const label = before.slice(-4).join(' ').replace(/^(of|to|at|by|the|a|an|was|is|and)\s+/i, '').replace(/[,;:(]$/, '') || 'Figure';
      const key = `${label}:${whole!.trim()}`;
      if (seen.has(key)) continue;
      seen.add(key);
      // The same figure under another wording of the same label ("intended level of around" and
      // "Committee's intended level of", 5.5 percent) is one metric.
      const labelTerms = new Set(terms(label));
      const figure = fractionValue(value!);
      if (rows.some((row) => row[1] === figure && terms(row[0]!).some((t) => labelTerms.has(t)))) continue;
      const entity = names(sentence.slice(0, match.index)).at(-1) ?? '';
      const unitText = currency ? `${currency}${unit ? ` ${unit}` : ''}` : (unit ?? '');
      rows.push([label, figure, unitText.replace('per cent', 'percent'), entity, date.slice(0, 10), main ? 'high' : 'medium']);
      if (rows.length >= 6) return rows;
    }
  }
  return rows;
}

/** Whether a sentence says what one of `others` says (most of its content words are there). */
export function repeats(sentence: string, others: string[]): boolean {
  const words = new Set(terms(sentence));
  if (words.size === 0) return true;
  return others.some((other) => {
    const theirs = new Set(terms(other));
    const shared = [...words].filter((w) => theirs.has(w)).length;
    return shared / words.size >= 0.8 || (theirs.size > 0 && shared / theirs.size >= 0.8);
  });
}

/**
 * Built-in composition: the article is made of the cited documents' own most informative
 * sentences, each followed by its reference number; nothing is paraphrased or invented.
 * Reference 1 is the triggering document, then the research results; references are renumbered
 * in order of first citation and uncited sources are left out. Sections: what happened (the
 * document), what is new (novel facts, when earlier events exist), background (research).
 */
export function builtinCompose(input: ComposeInput): TArticle {
  const all = [input.main, ...input.supporting];
  const focus = new Set(terms(`${input.main.title} ${input.novelFacts.join(' ')} ${input.topic.name}`));
  const candidates: Candidate[] = [];
  all.forEach((doc, index) => {
    const pool = index === 0 ? sentences(doc.text).slice(0, 60) : sentences(`${doc.summary} ${doc.text.slice(0, 3000)}`).slice(0, 20);
    pool.forEach((sentence, order) => {
      const words = new Set(terms(sentence));
      if (words.size < 4 || sentence.length > 400) return;
      const shared = [...words].filter((w) => focus.has(w)).length;
      // A research result's sentence must share at least two words with the event to be quoted.
      if (index > 0 && shared < 2) return;
      const overlap = shared / Math.max(4, focus.size);
      const figures = /\d/.test(sentence) ? 0.15 : 0;
      candidates.push({ sentence, source: index + 1, order, score: overlap + figures + 0.5 / (1 + order * 0.25) + (index === 0 ? 0.3 : doc.score * 0.3) - (listLike(sentence) ? 2 : 0) });
    });
  });
  const used = new Set<string>();
  /** The best `count` candidates, never a sentence already taken nor one saying what a taken one says. */
  const take = (filter: (c: Candidate) => boolean, count: number) => {
    const picked: Candidate[] = [];
    for (const c of candidates.filter(filter).sort((a, b) => b.score - a.score)) {
      if (picked.length >= count) break;
      if (used.has(c.sentence) || repeats(c.sentence, [...used])) continue;
      picked.push(c);
      used.add(c.sentence);
    }
    return picked.sort((a, b) => a.source - b.source || a.order - b.order);
  };
  const cite = (c: Candidate) => `${c.sentence} [${c.source}]`;

  // The introduction is the summary's first sentence: nothing below repeats it.
  const introSentence = input.main.summary ? (sentences(input.main.summary)[0] ?? input.main.summary) : undefined;
  if (introSentence) used.add(introSentence);
  // The main document's best sentences are the points; its next best tell what happened.
  const happened = take((c) => c.source === 1, 4);
  const details = take((c) => c.source === 1, 4);
  const background = take((c) => c.source > 1, 4);
  // Novel facts may be whole summaries: one sentence a point, and no sentence twice (a fact is
  // often one of the document's own sentences that 'happened' picked as well).
  const novel: string[] = [];
  const newSentences = input.novelFacts.flatMap((f) => sentences(f));
  // The introduction is said once: a new fact that is the introduction is not a point as well.
  const said = introSentence ? [introSentence] : [];
  for (const sentence of newSentences) if (!repeats(sentence, [...said, ...novel])) novel.push(sentence);
  novel.splice(4);
  // The takeaway names the first new fact, the introduction's included.
  const firstNew = newSentences[0];
  const bullets = [...novel.map((f) => `${f} [1]`), ...happened.filter((c) => !repeats(c.sentence, novel)).map(cite)].slice(0, 5);
  // A one-sentence document: its sentence is the introduction and the one point.
  if (bullets.length === 0) bullets.push(`${introSentence ?? input.main.title} [1]`);
  // 'What happened' tells what the introduction and the points have not. A short document has
  // said everything there: the section retells it only when no background is there to show.
  const told = details.length ? details : happened;
  const points = bullets.map((b) => b.replace(/ \[\d+\]$/, ''));
  const fresh = told.filter((c) => !repeats(c.sentence, points));
  const retold = told.length ? told : [{ sentence: input.main.summary || input.main.title, source: 1, order: 0, score: 0 }];
  const sectionsRaw: { heading: string; content: string }[] =
    fresh.length || background.length === 0 ? [{ heading: 'What happened', content: (fresh.length ? fresh : retold).map(cite).join(' ') }] : [];
  if (input.knownFacts.length && novel.length) {
    // The new facts lead the points: say which, rather than quote them a second time.
    const listed = novel.filter((f) => bullets.includes(`${f} [1]`)).length;
    const unlisted = novel.filter((f) => !bullets.includes(`${f} [1]`)).map((f) => `${f} [1]`);
    const pointer = listed === 1 ? 'The first point above is new.' : listed > 1 ? `The first ${listed} points above are new.` : '';
    sectionsRaw.push({ heading: "What's new", content: [pointer, ...unlisted, `Already reported: ${input.knownFacts.slice(0, 3).join(' ')}`].filter(Boolean).join(' ') });
  }
  if (background.length) sectionsRaw.push({ heading: 'Background', content: background.map(cite).join(' ') });

  // Renumber: order of first citation across introduction, bullets and sections.
  const intro = `${introSentence ?? happened[0]?.sentence ?? input.main.title} [1]`;
  const text = [intro, ...bullets, ...sectionsRaw.map((s) => s.content)].join(' ');
  const order: number[] = [];
  for (const m of text.matchAll(/\[(\d+)\]/g)) if (!order.includes(Number(m[1]))) order.push(Number(m[1]));
  const renumber = (s: string) => s.replace(/\[(\d+)\]/g, (_, n: string) => `[${order.indexOf(Number(n)) + 1}]`);
  const references = order.map((initial, i) => {
    const doc = all[initial - 1]!;
    return { number: i + 1, title: doc.title || 'Untitled', source: doc.publisher ?? 'Unknown', date: doc.date.slice(0, 10), document_id: doc.documentId };
  });
  const metrics = keyMetrics([...happened, ...details, ...background, ...candidates.filter((c) => c.source === 1)].map((c) => ({ sentence: c.sentence, source: c.source, date: all[c.source - 1]!.date, main: c.source === 1 })));
  const title = articleTitle(input.main.title, input.main.date, introSentence ?? happened[0]?.sentence);
  return {
    title,
    superhead: input.topic.name,
    introduction: renumber(intro),
    bullet_points: bullets.map(renumber),
    sections: sectionsRaw.map((s) => ({ heading: s.heading, content: renumber(s.content) })),
    references,
    actionable_takeaway: input.phaseChange
      ? `The story moved to a new stage: ${input.phaseChange} Review what this changes for your work on ${input.topic.name}.`
      : `Check whether this affects your work on ${input.topic.name}${firstNew ? `: ${firstNew.replace(/\.$/, '')}.` : '.'}`,
    data_table: { columns: METRIC_COLUMNS, rows: metrics },
    disclosure: `Composed by Herald's built-in engine from ${references.length} source${references.length === 1 ? '' : 's'}: the sentences are quoted from the cited documents and were not checked by a person.`,
    language: input.language ?? 'en',
  };
}

/** A title of at most this many content words says what kind of document it is, not what happened ("FOMC statement", "Apple Inc. files Form 4"). */
const GENERIC_TITLE_WORDS = 4;
const TITLE_MAX = 120;

const shortDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
};

/**
 * The article's title: the document's own, unless it only names a kind of document. Then many
 * articles would share it (fourteen "FOMC statement"s), so it is followed by the document's date
 * and what happened, the article's lead sentence cut at a word: "FOMC statement, Feb 1, 1995: The
 * Federal Open Market Committee decided today to raise its target for the federal funds rate by...".
 */
export function articleTitle(title: string, date: string, lead: string | undefined): string {
  const own = title.trim() || 'Untitled';
  if (terms(own).length > GENERIC_TITLE_WORDS) return cutTitle(own, TITLE_MAX);
  const when = shortDate(date);
  const head = when ? `${own}, ${when}` : own;
  const what = lead?.replace(/\s*\[\d+\]\s*$/, '').replace(/^(?:for immediate release|press release)[\s:.-]*/i, '').trim();
  // A lead that only repeats the title adds nothing.
  if (!what || terms(what).every((w) => terms(own).includes(w))) return cutTitle(head, TITLE_MAX);
  return cutTitle(`${head}: ${what.replace(/\.$/, '')}`, TITLE_MAX);
}

const cutTitle = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 3).replace(/[\s,;:]+\S*$/, '')}...` : text);

/**
 * A title another of the reader's articles already has (whoever wrote it: the built-in engine or
 * a model), made distinct: led by the document's date ("Aug 21, 2001: FOMC statement and Board
 * approval of discount rate requests..."), which a title that names a kind of document already carries.
 */
export function distinctTitle(title: string, date: string): string {
  const when = shortDate(date);
  if (!when || title.includes(when)) return title;
  return `${when}: ${cutTitle(title, TITLE_MAX - when.length - 2)}`;
}

export const compose: Capability<ComposeInput, typeof ZArticle> = {
  name: 'compose',
  stage: 'article',
  output: ZArticle,
  systemPrompt:
    'You write a short briefing article for a professional who follows the topic. Use only the given documents. Cite every statement with its reference number in brackets, e.g. [1]; ' +
    'reference 1 is the document that triggered the article, the others are research results. Fields: title, superhead (the theme, a few words), introduction (1-2 sentences), ' +
    'bullet_points (3-5), sections (heading, content; 1-4), references (number, title, source, date, document_id: only cited documents, numbered in order of first citation), ' +
    'actionable_takeaway (one sentence: what the reader should do or watch), data_table (columns Metric, Value, Unit, Entity, Date, Confidence; rows of key figures), disclosure, language.',
  userMessage: (input) =>
    JSON.stringify(
      {
        topic: input.topic.name,
        new_facts: input.novelFacts,
        already_known: input.knownFacts,
        phase_change: input.phaseChange,
        documents: [input.main, ...input.supporting].map((d, i) => ({ reference: i + 1, document_id: d.documentId, title: d.title, source: d.publisher, date: d.date, text: (i === 0 ? d.text : `${d.summary}\n${d.text}`).slice(0, i === 0 ? 8000 : 1500) })),
      },
      null,
      1,
    ),
  builtin: builtinCompose,
};
