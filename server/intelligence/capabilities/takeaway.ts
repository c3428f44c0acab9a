import type { TakeawayBasis } from '../../../contract/feed.js';
import { countryName, countryOrGroupNamed, placesIn } from '../knowledge/places.js';
import { actsIn } from '../lexicon/actions.js';
import { anyRule, type TextRule } from '../rules.js';
import { recordSays, whatItIs, type DocumentRecord } from './document-record.js';
import { namedIn, type TImpact } from './impact.js';
import { outlookOf } from './outlook.js';
import { fragment, quotable, withoutFurniture } from './sentence-quality.js';
import { storyChange, type StoryDocument } from './story-change.js';
import { saysAgain, sentences } from './summarise.js';
import { headlineOf, shortDate } from './titles.js';

/** What the takeaway is measured against and tied to: the article's lead and points, the reader's topic. */
export interface TakeawayContext {
  topic: { name: string; keyEntities: readonly string[] };
  /** The article's lead, points and sections' texts: what the takeaway does not say again. */
  article: { introduction: string; points: readonly string[]; sections?: readonly string[] };
  /** The document the article reports (its text, to compare), and its reference number when the article cites it. */
  document: { record: DocumentRecord; reference?: number } & Partial<StoryDocument>;
  /** The document of the story's article before this one (by the dates they are about), when the article is in a story; its date is the one it gives itself (null when none). */
  previous?: StoryDocument & { date: string | null };
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

/** The names the reader follows that the documents name, with whom they are followed by: the profile's (why it matters names them) first, then the topic's. */
function followedNames(impact: TImpact, topic: string): { name: string; by: string }[] {
  const why = impact.why_it_matters?.text ?? '';
  const named = impact.entities.filter((e) => e.references.length > 0).map((e) => e.name);
  const own = named.filter((n) => namedIn(n, why));
  return [...own.map((name) => ({ name, by: 'which you follow' })), ...named.filter((n) => !own.includes(n)).map((name) => ({ name, by: `which your topic “${topic}” follows` }))];
}

/** Sentences of the document read for what a followed name did, and the length of one a takeaway quotes. */
const ACT_SENTENCES = 40;
const ACT_WORDS = { min: 6, max: 45 };

/** What keeps a sentence that names an act from reporting one (counted by scripts/eval-rules.ts). */
export const ACT_RULES: readonly TextRule[] = [
  {
    name: 'modal-statement',
    language: 'en',
    reason: 'a sentence with a modal verb ("shall be referred", "may provide") states a rule or a possibility, not an act',
    test: (s) => /\b(?:shall|should|may|might|must|would|could|can)\b/i.test(s),
  },
];

/** Whether a sentence reports an act (lexicon/actions.ts: "approved", "resigns", "raises") rather than a rule or a possibility (ACT_RULES). */
export function reportsAct(sentence: string, language?: string | null): boolean {
  return actsIn(sentence).length > 0 && !anyRule(ACT_RULES, sentence, language);
}

/** The document's statements that report an act (lexicon/actions.ts: "approved", "resigns", "raises"), quotable, and not said by the lead and points. */
function actSentences(text: string, language: string | null | undefined, said: string[]): string[] {
  return sentences(text, language)
    .slice(0, ACT_SENTENCES)
    .filter((s) => {
      const words = s.split(/\s+/).length;
      return words >= ACT_WORDS.min && words <= ACT_WORDS.max && quotable(s, language) && !saysAgain(s, said) && reportsAct(s, language);
    });
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Where a sentence names `name` on its own, not as a piece of a longer name ("Federal Reserve" of "Federal Reserve Bank of New York"); -1 when it does not. */
function nameAt(name: string, sentence: string): number {
  for (const match of sentence.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${escaped(name)}(?![\\p{L}\\p{N}])`, 'giu'))) {
    if (!/^\s+\p{Lu}/u.test(sentence.slice(match.index + match[0].length))) return match.index;
  }
  return -1;
}

/** Whether a sentence says `name` did something: the name, on its own, before the word of an act ("Lakeside Savings acquired ..."), not after it ("approved by the Committee and issued to ..."). */
function actedBy(name: string, sentence: string): boolean {
  const at = nameAt(name, sentence);
  if (at < 0) return false;
  const after = sentence.slice(at + name.length).toLowerCase();
  return actsIn(sentence).some((act) => new RegExp(`(?<!\\p{L})${escaped(act.word)}(?!\\p{L})`, 'u').test(after));
}

/**
 * What the document says a name the reader follows did: the first name (the profile's first) that
 * a statement of the reported document says acted, that statement as a headline, citing the
 * document. Undefined when the article does not cite it or no such statement is left.
 */
function actLine(impact: TImpact, context: TakeawayContext, said: string[]): string | undefined {
  const { text, language, reference } = context.document;
  if (!text || !reference) return undefined;
  const acts = actSentences(text, language, said);
  for (const { name, by } of acts.length ? followedNames(impact, context.topic.name) : []) {
    const sentence = acts.find((s) => actedBy(name, s));
    if (sentence) return `${capitalised(name)}, ${by}: ${headlineOf(sentence, language)}. ${marks([reference])}`;
  }
  return undefined;
}

/** What the report changes against the story's last article: a figure that moved, else a statement that one did not make, else a figure that held. */
function changeLine(context: TakeawayContext, said: string[]): string | undefined {
  const { document, previous } = context;
  if (!previous || !document.text) return undefined;
  const change = storyChange({ text: document.text, language: document.language ?? null }, previous, said);
  if (!change) return undefined;
  const when = previous.date ? `the story's last article (${shortDate(previous.date) || previous.date})` : "the story's last article";
  const cite = document.reference ? ` ${marks([document.reference])}` : '';
  if (change.kind === 'figure') return `${capitalised(change.subject)}: ${change.now}, against ${change.was} in ${when}.${cite}`;
  if (change.kind === 'held') return `${capitalised(change.subject)}: ${change.now}, unchanged since ${when}.${cite}`;
  return `New since ${when}: ${change.sentence}${cite}`;
}

/** What the document says its findings mean, found or expects (outlook.ts), citing it; undefined when the article does not cite it or none is left. */
function outlookLine(context: TakeawayContext, said: string[]): string | undefined {
  const { text, language, reference } = context.document;
  const found = text && reference ? outlookOf(text, language, said) : undefined;
  return found ? `${found.label}: ${found.sentence} ${marks([reference!])}` : undefined;
}

/** What a sentence that holds an address points to, for a reader to try (English; other languages give none). */
export const RESOURCE_RULES: readonly TextRule[] = [
  {
    name: 'points-to-resource',
    language: 'en',
    reason: 'a sentence that gives an address for the code, data, models or project page of the work is what a reader can try',
    test: (s) => /\b(?:code|codes|data|datasets?|models?|weights|benchmarks?|implementation|repository|project\s+page|demo|toolkit|library|package|checkpoints?)\b/i.test(s),
  },
];
const ADDRESS = /https?:\/\/\S+|\b(?:github\.com|gitlab\.com|huggingface\.co)\/\S+/i;

/** Where the document says its code, data or models are (an address and what is there: RESOURCE_RULES), citing it; undefined when the article does not cite it or it says none. */
function resourceLine(context: TakeawayContext, said: string[]): string | undefined {
  const { text, language, reference } = context.document;
  if (!text || !reference) return undefined;
  // An address is furniture to the quality rules (quotable): the sentence is asked only to be whole, its caption taken away.
  // Only the few sentences that hold an address are read further (a rule's text runs to hundreds).
  const sentence = sentences(text, language)
    .filter((s) => ADDRESS.test(s))
    .map((s) => withoutFurniture(s, language))
    .find((s) => ADDRESS.test(s) && s.split(/\s+/).length <= ACT_WORDS.max && anyRule(RESOURCE_RULES, s, language) && !fragment(s, language) && !saysAgain(s, said));
  return sentence ? `Where to get it: ${sentence.replace(/[\s.]+$/, '')}. ${marks([reference])}` : undefined;
}

/** Countries a takeaway lists at most. */
const MAX_PLACES = 4;

/** The countries a text names by their own names or their people's (ISO codes), not through a city: "the Federal Reserve Banks of Boston, Chicago" is no report from the United States. */
function countriesNamed(text: string, language: string): string[] {
  const found = new Set<string>();
  for (const m of placesIn(text, language)) if (m.country && countryOrGroupNamed(m.text)) found.add(m.country);
  return [...found];
}

/**
 * Who a short report brings into its story: the countries it names (by their names or their
 * people's, countriesNamed) that the story's last article did not, citing the report. Only for a report
 * whose every statement the lead and points say already (a current-events item): what it changes
 * when no statement of it can be quoted as new.
 */
function placesLine(context: TakeawayContext, said: string[]): string | undefined {
  const { document, previous } = context;
  if (!previous || !document.text || !document.reference || !sentences(document.text, document.language).every((s) => saysAgain(s, said))) return undefined;
  const language = document.language ?? 'en';
  const before = new Set(countriesNamed(previous.text, previous.language ?? language));
  const added = countriesNamed(document.text, language).filter((c) => !before.has(c));
  if (!added.length) return undefined;
  const when = previous.date ? ` (${shortDate(previous.date) || previous.date})` : '';
  return `New to the story since its last article${when}: ${listed(added.slice(0, MAX_PLACES).map(countryName))}. ${marks([document.reference])}`;
}

/** What the document is, from its record, citing it when the article does. */
function whatLine(context: TakeawayContext): string {
  const { record, reference } = context.document;
  return `${whatItIs(record)}${reference ? ` ${marks([reference])}` : ''}`;
}

/** The impact's own line (the one the alert and the brief show): its severity, its confidence and what the severity was read from. */
function impactLine(impact: TImpact, context: TakeawayContext): string {
  const basis = impact.severity_basis.trim().replace(/\.?$/, '.');
  return `Severity ${impact.severity} of 5 for your topic “${context.topic.name}” (${impact.confidence} confidence): ${basis}`;
}

/**
 * The takeaway an article whose documents give nothing actionable still has, never the lead again
 * and never invented, in the words a reader keeps: what the document's record says (a trial's
 * phase, status or enrolment, a rule's action), what to watch (the first date its documents set
 * ahead that the lead and points have not quoted), what changed against the story's last article
 * (a figure that moved, else a statement new to the story: story-change.ts, else the countries a
 * short report brings into the story), what the document says its findings mean or expects
 * (outlookLine), what it says a name the reader follows did, and where its code, data or models are
 * for the reader to try (resourceLine). A part with nothing behind it is
 * left out, not said to be missing. The document's kind, publisher and date are its byline, and
 * "it names X, which you follow" only says why it was chosen: readers took both for filler, so
 * they stand in only when nothing above can be grounded (the names first, then the impact line:
 * its severity, confidence and basis). The basis says which: the article page leaves a stand-in
 * line to the impact card, which shows it already.
 */
export function groundedTakeawayOf(impact: TImpact, context: TakeawayContext): { text: string; basis: TakeawayBasis } {
  const sections = (context.article.sections ?? []).flatMap((text) => sentences(bare(text).replace(/^- [^:]{1,20}: /gm, ''), context.document.language));
  const said = [context.article.introduction, ...context.article.points, ...sections].map(bare).filter(Boolean);
  // The record's line stands here unless the article already says it (its first point).
  const record = recordSays(context.document.record) && !said.includes(bare(whatItIs(context.document.record))) ? [whatLine(context)] : [];
  const change = changeLine(context, said) ?? placesLine(context, said);
  const parts = [...record, horizonLine(impact, said), change, outlookLine(context, said), actLine(impact, context, said), resourceLine(context, said)].filter((p): p is string => Boolean(p));
  if (parts.length) return { text: parts.join(' '), basis: 'documents' };
  const why = impact.why_it_matters && impact.why_it_matters.references.length && !saysAgain(bare(impact.why_it_matters.text), said) ? `${impact.why_it_matters.text} ${marks(impact.why_it_matters.references)}` : undefined;
  if (why) return { text: why, basis: 'why_it_matters' };
  const names = topicNamesLine(impact, context);
  return names ? { text: names, basis: 'followed_names' } : { text: impactLine(impact, context), basis: 'impact' };
}

/** The grounded takeaway's text (groundedTakeawayOf). */
export const groundedTakeaway = (impact: TImpact, context: TakeawayContext): string => groundedTakeawayOf(impact, context).text;
