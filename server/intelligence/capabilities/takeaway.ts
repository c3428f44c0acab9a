import { whatItIs, type DocumentRecord } from './document-record.js';
import type { TImpact } from './impact.js';
import { storyChange, type StoryDocument } from './story-change.js';
import { saysAgain } from './summarise.js';
import { shortDate } from './titles.js';

/** What the takeaway is measured against and tied to: the article's lead and points, the reader's topic. */
export interface TakeawayContext {
  topic: { name: string; keyEntities: readonly string[] };
  article: { introduction: string; points: readonly string[] };
  /** The document the article reports (its text, to compare), and its reference number when the article cites it. */
  document: { record: DocumentRecord; reference?: number } & Partial<StoryDocument>;
  /** The document of the story's article before this one (by the dates they are about), when the article is in a story. */
  previous?: StoryDocument & { date: string };
}

const marks = (refs: readonly number[]) => refs.map((n) => `[${n}]`).join('');
const bare = (text: string) => text.replace(/\s*\[\d+\]/g, '').trim();
const listed = (names: string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? ''));

/** The first date on the horizon whose sentence the lead and points have not quoted already. */
function horizonLine(impact: TImpact, said: string[]): string | undefined {
  const next = impact.horizon.find((h) => !saysAgain(bare(h.what), said));
  return next ? `Watch ${shortDate(next.date) || next.date}: ${next.what} ${marks(next.references)}` : undefined;
}

/** The names the reader's topic follows that the documents name, with the references that name them. */
function topicNamesLine(impact: TImpact, context: TakeawayContext): string | undefined {
  const follows = new Set(context.topic.keyEntities.map((n) => n.toLowerCase()));
  const named = impact.entities.filter((e) => follows.has(e.name.toLowerCase()) && e.references.length > 0).slice(0, 3);
  if (!named.length) return undefined;
  const refs = [...new Set(named.flatMap((e) => e.references))].sort((a, b) => a - b).slice(0, 6);
  return `It names ${listed(named.map((e) => e.name))}, which your topic “${context.topic.name}” follows. ${marks(refs)}`;
}

const capitalised = (text: string) => text.replace(/^\p{Ll}/u, (c) => c.toUpperCase());

/** What the report changes against the story's last article: a figure that moved, else a statement that one did not make, else a figure that held. */
function changeLine(context: TakeawayContext, said: string[]): string | undefined {
  const { document, previous } = context;
  if (!previous || !document.text) return undefined;
  const change = storyChange({ text: document.text, language: document.language ?? null }, previous, said);
  if (!change) return undefined;
  const when = `the story's last article (${shortDate(previous.date) || previous.date})`;
  const cite = document.reference ? ` ${marks([document.reference])}` : '';
  if (change.kind === 'figure') return `${capitalised(change.subject)}: ${change.now}, against ${change.was} in ${when}.${cite}`;
  if (change.kind === 'held') return `${capitalised(change.subject)}: ${change.now}, unchanged since ${when}.${cite}`;
  return `New since ${when}: ${change.sentence}${cite}`;
}

/** What the document is, from its record, citing it when the article does. */
function whatLine(context: TakeawayContext): string {
  const { record, reference } = context.document;
  return `${whatItIs(record)}${reference ? ` ${marks([reference])}` : ''}`;
}

/**
 * The takeaway an article whose documents give nothing actionable still has, never the lead again
 * and never invented, in the words a reader keeps: what the document is (its kind, who it is
 * from, its record's phase, status or enrolment), what to watch (the first date its documents set
 * ahead that the lead and points have not quoted), what changed against the story's last article
 * (a figure that moved, else a statement new to the story: story-change.ts) and who it concerns
 * (why it matters to the reader, else the names their topic follows that the documents name). A part with nothing behind
 * it is left out, not said to be missing; the impact's severity is the impact block's, not the takeaway's.
 */
export function groundedTakeaway(impact: TImpact, context: TakeawayContext): string {
  const said = [context.article.introduction, ...context.article.points].map(bare).filter(Boolean);
  const why = impact.why_it_matters && impact.why_it_matters.references.length && !saysAgain(bare(impact.why_it_matters.text), said) ? `${impact.why_it_matters.text} ${marks(impact.why_it_matters.references)}` : undefined;
  return [whatLine(context), horizonLine(impact, said), changeLine(context, said), why ?? topicNamesLine(impact, context)].filter(Boolean).join(' ');
}
