import { z } from 'zod';
import { countriesOf } from '../knowledge/places.js';
import type { Capability } from '../types.js';
import { announcesNextStep, dayNamed } from './next-steps.js';
import { quotable } from './sentence-quality.js';
import { sentences } from './summarise.js';

/** An article's impact on its reader: what the article page, the alert and the brief show beside the takeaway. */
export interface ImpactInput {
  reader: { title: string | null; company: string | null; industry: string | null; organizations: string[]; productsMarkets: string[]; placesJurisdictions: string[] };
  topic: { name: string; keyEntities: string[] };
  /** The article's text with its reference markers [n]. */
  article: { title: string; introduction: string; points: string[]; sections: { heading: string; content: string }[] };
  /** The cited documents by reference number: their date (ISO), kind (collection key), text and language (ISO 639-1, null when not known). */
  references: { number: number; title: string; date: string; kind: string; text: string; language?: string | null }[];
  /** The date of the document the article reports (ISO): what came before it is history. */
  reported: string;
  /** The QA rank (0..1; 0 = not recommended). */
  rank: number;
  /** Share of the reader's recent articles ranked below this one (0..1); null while they have too few to compare with. */
  standing: number | null;
  phaseChange: boolean;
}

// An empty list passes the schema so that repair can leave the uncited claim out, rather than the whole answer fail.
const ZRefs = z.array(z.number().int().positive()).max(6);
export const ZImpact = z.object({
  /** One sentence tying the article to the reader's profile; null when nothing grounds it. */
  why_it_matters: z.object({ text: z.string().min(1).max(400), references: ZRefs }).nullable(),
  severity: z.number().int().min(1).max(5),
  confidence: z.enum(['low', 'medium', 'high']),
  /** What the severity was read from. */
  severity_basis: z.string().max(300),
  /** Names the reader's profile or topic follows that the article names, with the references naming them. */
  entities: z.array(z.object({ name: z.string().min(1).max(120), references: ZRefs })).max(8),
  /** Dates the documents set: deadlines, effective dates, hearings, meetings, readouts. */
  horizon: z.array(z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), what: z.string().min(1).max(400), references: ZRefs })).max(5),
});
export type TImpact = z.infer<typeof ZImpact>;

const REGULATORY = new Set(['legislation', 'regulations', 'litigation', 'clinical_trials', 'securities_filings']);
const MAX_HORIZON = 4;

/** The article's sentences with the reference numbers each cites. */
function citedSentences(article: ImpactInput['article']): { text: string; refs: number[] }[] {
  const all = [article.introduction, ...article.points, ...article.sections.map((s) => s.content)].join('\n');
  return all
    .split(/(?<=\])\s+|\n+/)
    .map((text) => ({ text, refs: [...text.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1])) }))
    .filter((s) => s.refs.length > 0);
}

/** Whether a text names `name` as a whole word or phrase, in any case. */
export const namedIn = (name: string, text: string) => new RegExp(`(?<![\\p{L}\\p{N}])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu').test(text);

/** A name the article names, with the references of the sentences that name it. */
interface Named {
  name: string;
  references: number[];
  /** From the reader's profile (not the topic's own names). */
  profile: boolean;
  /** Named in the title or the introduction: what the article is about, not a passing mention. */
  lead: boolean;
  place: boolean;
}

/** The names of the reader's profile (and topic) the article names, each with the references of the sentences that name it. */
function entitiesOf(input: ImpactInput): Named[] {
  const said = citedSentences(input.article);
  const lead = `${input.article.title}\n${input.article.introduction}`;
  const found: Named[] = [];
  const add = (name: string, matches: (text: string) => boolean, profile: boolean, place = false) => {
    const refs = said.filter((s) => matches(s.text)).flatMap((s) => s.refs);
    if (refs.length && !found.some((f) => f.name.toLowerCase() === name.toLowerCase())) found.push({ name, references: [...new Set(refs)].slice(0, 6), profile, lead: matches(lead), place });
  };
  const profile = [input.reader.company, ...input.reader.organizations, ...input.reader.productsMarkets].filter((n): n is string => Boolean(n && n.trim().length >= 2));
  for (const name of profile) add(name, (text) => namedIn(name, text), true);
  // Places by what they are, not by their spelling: "Washington" or "U.S." for a reader following the United States.
  for (const place of input.reader.placesJurisdictions) {
    const codes = countriesOf(place);
    add(place, (text) => namedIn(place, text) || (codes.length > 0 && countriesOf(text).some((c) => codes.includes(c))), true, true);
  }
  for (const name of input.topic.keyEntities) add(name, (text) => namedIn(name, text), false);
  return found.slice(0, 8);
}

/** Dates the cited documents set for what comes next, each with the sentence that sets it (quoted). */
function horizonOf(input: ImpactInput): TImpact['horizon'] {
  const found: TImpact['horizon'] = [];
  const reported = Date.parse(input.reported);
  for (const ref of input.references) {
    const since = new Date(ref.date);
    if (Number.isNaN(since.getTime())) continue;
    // A background document's next step is history to an article about a later report, and on the
    // report's own day it is the report ("the next meeting will be held on February 2-3" in the
    // minutes of that meeting's article): only a day after it is ahead.
    const background = !Number.isNaN(reported) && since.getTime() < reported - 86_400_000;
    const after = background ? reported + 86_400_000 : since.getTime() - 86_400_000;
    for (const sentence of sentences(ref.text, ref.language).slice(0, 600)) {
      if (sentence.length > 400 || !announcesNextStep(sentence, ref.language) || !quotable(sentence, ref.language)) continue;
      const date = dayNamed(sentence, since, ref.language);
      if (!date) continue;
      // A date before the document's own (a day's leeway), or not after the reported one's, is history, not a horizon.
      if (date.getTime() < after) continue;
      const day = date.toISOString().slice(0, 10);
      if (!found.some((f) => f.date === day)) found.push({ date: day, what: sentence.trim(), references: [ref.number] });
    }
  }
  return found.sort((a, b) => a.date.localeCompare(b.date)).slice(0, MAX_HORIZON);
}

/**
 * Severity 1-5 from what can be known: where the article's rank stands among the reader's recent
 * articles (the built-in ranks crowd together, so their level says little), a story that moved to
 * a new stage, a regulatory or legal kind of document with a date set, an article not recommended.
 */
function severityOf(input: ImpactInput, horizon: TImpact['horizon']): { severity: number; confidence: TImpact['confidence']; basis: string } {
  const standing = input.standing;
  const kind = input.references[0]?.kind ?? '';
  const signals: [boolean, number, string][] = [
    [standing !== null && standing >= 0.95, 2, 'in the top 5% of your recent articles'],
    [standing !== null && standing >= 0.75 && standing < 0.95, 1, 'in the top quarter of your recent articles'],
    [standing !== null && standing < 0.25 && input.rank > 0, -1, 'in the bottom quarter of your recent articles'],
    [input.rank === 0, -1, 'not recommended by the ranking'],
    [input.phaseChange, 1, 'the story moved to a new stage'],
    [REGULATORY.has(kind) && horizon.length > 0, 1, `a ${kind.replace(/_/g, ' ')} document that sets a date`],
  ];
  const held = signals.filter(([on]) => on);
  const severity = 2 + held.reduce((sum, [, step]) => sum + step, 0);
  const reasons = held.map(([, , reason]) => reason);
  const clamped = Math.max(1, Math.min(5, severity));
  return { severity: clamped, confidence: reasons.length >= 2 ? 'medium' : 'low', basis: `${(reasons.length ? reasons : [standingSaid(input)]).join('; ')}.` };
}

/** Where an article without another signal stands, in figures: among the reader's recent articles, else by its own rank. */
function standingSaid({ standing, rank }: Pick<ImpactInput, 'standing' | 'rank'>): string {
  if (standing !== null) return `ranked above ${Math.round(standing * 100)}% of your recent articles`;
  return `ranked ${Math.round(rank * 100)} of 100 for relevance and quality, with too few articles of yours yet to compare it with`;
}

const listed = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? ''));

/**
 * Built-in impact: only what it can ground. The names of the reader's profile the article names
 * (why it matters, with the sentences' references), the dates its documents set (quoted), and a
 * severity from where its rank stands among the reader's and the kind of event. A field with nothing behind it is left out (null
 * or empty), never filled in.
 */
export function builtinImpact(input: ImpactInput): TImpact {
  const entities = entitiesOf(input);
  const horizon = horizonOf(input);
  const { severity, confidence, basis } = severityOf(input, horizon);
  // A place in passing (a US agency in a research paper) is no reason; a place the article is about is.
  const own = entities.filter((e) => e.profile && (!e.place || e.lead));
  // The topic's own names are in every article of the topic: they say nothing about this one. The
  // reader's own title and company are not said back to them (two independent readers took "as
  // Policy analyst at Herald Demo" for the system's text).
  const why = own.length ? { text: `It names ${listed(own.slice(0, 3).map((e) => e.name))}, which you follow.`, references: [...new Set(own.flatMap((e) => e.references))].slice(0, 6) } : null;
  return { why_it_matters: why, severity, confidence, severity_basis: basis, entities: entities.map(({ name, references }) => ({ name, references })), horizon };
}

/** A model's impact held to the references it was given: an uncited claim is left out, a date it cannot back is dropped. */
export function repairImpact(output: TImpact, input: ImpactInput): { output: TImpact; repairs: string[] } {
  const known = new Set(input.references.map((r) => r.number));
  const repairs: string[] = [];
  const keep = (refs: number[]) => refs.filter((n) => known.has(n));
  let why = output.why_it_matters;
  if (why && keep(why.references).length === 0) {
    why = null;
    repairs.push('why_it_matters cited no given reference: left out');
  } else if (why) why = { ...why, references: keep(why.references) };
  const entities = output.entities.flatMap((e) => (keep(e.references).length ? [{ ...e, references: keep(e.references) }] : []));
  const horizon = output.horizon.flatMap((h) => (keep(h.references).length && !Number.isNaN(Date.parse(h.date)) ? [{ ...h, references: keep(h.references) }] : []));
  if (entities.length < output.entities.length) repairs.push(`${output.entities.length - entities.length} entit(ies) without a given reference left out`);
  if (horizon.length < output.horizon.length) repairs.push(`${output.horizon.length - horizon.length} horizon date(s) without a given reference left out`);
  return { output: { ...output, why_it_matters: why, entities, horizon }, repairs };
}

export const assessImpact: Capability<ImpactInput, typeof ZImpact> = {
  name: 'assess impact',
  stage: 'article',
  output: ZImpact,
  systemPrompt:
    "You assess what an article means for its reader, a professional whose profile is given. Use only the article " +
    "and its documents. Fields: why_it_matters (one sentence tying the article to the reader's role, organisation, " +
    "markets, places or topic, with the reference numbers that support it; null when nothing in the documents ties " +
    "it to the reader), " +
    'severity (1 = routine, 5 = demands action now) with confidence (low, medium, high) and severity_basis (what ' +
    'it was read from), entities (names the reader follows that the article names, each with references), ' +
    'horizon (dates the documents set: effective dates, comment deadlines, hearings, trial readouts, next ' +
    'meetings; date as YYYY-MM-DD, what happens, references). Every claim cites reference numbers of the documents ' +
    'given; never invent a date, a name or a consequence.',
  userMessage: (input) =>
    JSON.stringify(
      {
        reader: input.reader,
        topic: input.topic,
        article: input.article,
        rank: input.rank,
        phase_change: input.phaseChange,
        documents: input.references.map((r) => ({ reference: r.number, title: r.title, date: r.date, kind: r.kind, text: r.text.slice(0, 4000) })),
      },
      null,
      1,
    ),
  builtin: builtinImpact,
  repair: repairImpact,
};
