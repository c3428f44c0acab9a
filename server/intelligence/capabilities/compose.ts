import { z } from 'zod';
import { collectionKey } from '../../../contract/collections.js';
import { terms } from '../../search/terms.js';
import { isPlaceName } from '../knowledge/places.js';
import type { Capability } from '../types.js';
import { names } from './research.js';
import { asks, cleaned, quotable, statesSomething, statesStandingRule } from './sentence-quality.js';
import { recordSays, whatItIs, type DocumentRecord } from './document-record.js';
import { repairArticle } from './compose-repair.js';
import { leadSentencesOf, saysAgain, sentences, type LeadSentences } from './summarise.js';
import { keyMetrics, METRIC_COLUMNS } from './key-metrics.js';
import { kindNamedBy, reportsADecision } from './document-kinds.js';
import { articleTitle, shortDate } from './titles.js';
import { statesNextStep } from './next-steps.js';
import { outlookOf } from './outlook.js';
import { publishedLine, summaryStatements, templateOnly, toldDate } from './compose-template.js';
import { candidatesOf, picker, type Candidate } from './compose-candidates.js';

export { repairArticle } from './compose-repair.js';

/**
 * Words that say what kind of document or coverage it is ("treatment", "study", "rules"), not
 * what it is about: two documents of a kind share them whatever their subjects.
 */
const FACET_WORDS: ReadonlySet<string> = new Set(
  terms('treatment treat therapy research study trial news update development develop trend rules regulation regulate approval outlook analysis market industry sector innovation innovate'),
);

export interface ComposeSource {
  documentId: number;
  title: string;
  text: string;
  summary: string;
  publisher: string | null;
  /** The date the document is about (ISO): what orders the sources. */
  date: string;
  /** The date it gives itself (ISO; db/original-date.ts ownDate), the one a reader is told: null when it gives none (a replayed record without one), absent when it is `date`. */
  published?: string | null;
  collectionId: number;
  /** ISO 639-1, null when not known. */
  language?: string | null;
  score: number;
  /** How the pipeline found it: 'consolidated event' is a report of the event itself (its figures are the event's), 'research' background. */
  strategy?: string;
  /** Keys of the sentences its source repeats (repeated-sentences.ts): its template, never a point nor background. */
  sourceTemplate?: ReadonlySet<number>;
  /** The source's record of it (a trial's phase, status and enrolment; a rule's action): the article's first point says it in plain words. */
  record?: DocumentRecord;
}

export interface ComposeInput {
  /** The topic, and the names it follows (its key entities): every document of the topic may name them. */
  topic: { name: string; keyEntities?: string[] };
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
  sections: z.array(z.object({ heading: z.string(), content: z.string() })).max(5),
  references: z.array(ZReference).min(1),
  actionable_takeaway: z.string(),
  data_table: z.object({ columns: z.array(z.string()), rows: z.array(z.array(z.string())) }),
  disclosure: z.string(),
  language: z.string(),
});
export type TArticle = z.infer<typeof ZArticle>;

/**
 * Whether a background sentence is about what the article is about, beyond the topic both were
 * filed under: it names one of the names of `context` (the article's title and lead) that is not
 * a place, or shares at least three of its content words, the topic's own words and the words of a
 * kind of document ("treatment", "study": FACET_WORDS) aside (places among them only when the
 * sentence is on the topic). Two trials of one condition
 * share "lumbar disc herniation"; two FOMC documents share "Federal Reserve": neither makes one
 * the other's background.
 */
export function sharesSubject(sentence: string, context: string, topic = '', topicEntities: readonly string[] = []): boolean {
  // The topic's key entities are its own words too: every FOMC document names the FOMC, and a 1999
  // meeting schedule is no background to a 2006 rate decision for naming it.
  const topicTerms = new Set(terms([topic, ...topicEntities].join(' ')));
  const own = (name: string) => terms(name).every((t) => topicTerms.has(t));
  const named = names(context);
  const contextNames = new Set(named.filter((n) => !own(n)).map((n) => n.toLowerCase()));
  // A place alone is no shared subject: the destruction of a temple in Syria is not background to
  // migrants from Syria arriving in Vienna, nor a UK referendum on the EU to EU migrant quotas.
  if (names(sentence).some((n) => contextNames.has(n.toLowerCase()) && !isPlaceName(n))) return true;
  // Words that say what kind of document it is ("treatment", "study", "trial") are shared by any two of a kind.
  const contextTerms = new Set(terms(context).filter((t) => !topicTerms.has(t) && !FACET_WORDS.has(t)));
  const words = terms(sentence);
  const shared = new Set(words.filter((t) => contextTerms.has(t)));
  if (shared.size < 3) return false;
  // Places count among the shared words only in a sentence on the topic: Syria and Iraq named in
  // both make the destruction of a temple in Palmyra no background to migrants arriving in Vienna,
  // while migrants arriving in Munich through Germany and Austria are.
  const placeTerms = new Set(named.filter(isPlaceName).flatMap((n) => terms(n)));
  return [...shared].filter((t) => !placeTerms.has(t)).length >= 3 || words.some((t) => topicTerms.has(t));
}


/**
 * Built-in composition: the article is made of the cited documents' own most informative
 * sentences, each followed by its reference number; nothing is paraphrased or invented.
 * Reference 1 is the triggering document, then the research results; references are renumbered
 * in order of first citation and uncited sources are left out. Sections: what happened (the
 * document), what is new (novel facts, when earlier events exist), background (research).
 */
export function builtinCompose(raw: ComposeInput): TArticle {
  const input: ComposeInput = { ...raw, main: ownBrackets(raw.main), supporting: raw.supporting.map(ownBrackets), novelFacts: raw.novelFacts.map(parenthesised), knownFacts: raw.knownFacts.map(parenthesised) };
  const all = [input.main, ...input.supporting];
  // The main document split and its source's template marked once: its points, its ranking and its introduction read them.
  const lead = leadSentencesOf(input.main.text, input.main.sourceTemplate, input.language);
  const candidates = candidatesOf(input, all, lead);
  const { take, used } = picker(candidates, input.language);
  const introSentence = introductionOf(input, candidates, lead);
  if (introSentence) used.add(introSentence);
  // The document's next step (a deadline, an effective date, the next meeting) is the takeaway's, not a point.
  const nextStep = nextStepOf(input.main.text, introSentence ? [introSentence] : [], input.language);
  if (nextStep) used.add(nextStep);
  // Else, in a first report, what the document says its findings mean, found or expects is the takeaway's, not a point.
  const outlook = nextStep || input.phaseChange || input.knownFacts.length ? undefined : outlookOf(input.main.text, input.language, introSentence ? [introSentence] : []);
  if (outlook) used.add(outlook.sentence);
  // The reader has the title: a sentence that says it again (an abstract that opens with its paper's full title) is no point.
  for (const c of candidates) if (c.source === 1 && c.sentence !== introSentence && saysAgain(c.sentence, [input.main.title])) used.add(c.sentence);
  // The main document's best sentences are the points; its next best tell what happened.
  // A question (an abstract's "Can models discern ...?") reports nothing: the answer may be a point,
  // the question is not. A standing rule ("shall", "must") is news only where the document lays it
  // down (a rule, a law, a court's order); minutes that restate an authorization report no act.
  const laysDownRules = RULE_KINDS.has(input.main.record?.kind ?? collectionKey(input.main.collectionId));
  const said = (c: Candidate) => c.source === 1 && !asks(c.sentence, input.language) && (laysDownRules || !statesStandingRule(c.sentence, input.language));
  const happened = take(said, 4);
  const details = take(said, 4);
  // Background: statements of the research results, oldest first, each with its date.
  const about = `${input.main.title} ${introSentence ?? ''}`;
  const background = take((c) => c.source > 1 && sharesSubject(c.sentence, about, input.topic.name, input.topic.keyEntities), 4).sort(
    (a, b) => all[a.source - 1]!.date.localeCompare(all[b.source - 1]!.date) || a.source - b.source || a.order - b.order,
  );
  const novel = novelSentences(input, introSentence, nextStep ?? outlook?.sentence);
  // What the source's record says of the document (a trial's phase, status, enrolment) is the first point: the registry's facts in plain words.
  const record = input.main.record && recordSays(input.main.record) ? [`${whatItIs(input.main.record)} [1]`] : [];
  const bullets = [...record, ...novel.map((f) => `${f} [1]`), ...happened.filter((c) => !saysAgain(c.sentence, novel)).map(cite)].slice(0, 5);
  // A one-sentence document: its sentence is the introduction and the one point.
  if (bullets.length === 0) bullets.push(`${introSentence ?? input.main.title} [1]`);
  const sectionsRaw = sectionsOf(all, { told: details.length ? details : happened, background, bullets });
  const intro = `${introSentence ?? happened[0]?.sentence ?? input.main.title} [1]`;
  const { renumber, references } = citationOrder(all, [intro, ...bullets, ...sectionsRaw.map((s) => s.content)]);
  const metrics = metricsOf(all, [...happened, ...details], candidates, input.language);
  // The main document's quotable sentences in its order: where its decision is, when the title says nothing of it.
  const own = candidates.filter((c) => c.source === 1 && quotable(c.sentence, input.language)).sort((a, b) => a.order - b.order);
  const title = articleTitle(input.main.title, toldDate(input.main), introSentence ?? happened[0]?.sentence, input.language, own.map((c) => c.sentence));
  return {
    title,
    superhead: input.topic.name,
    introduction: renumber(intro),
    bullet_points: bullets.map(renumber),
    sections: sectionsRaw.map((s) => ({ heading: s.heading, content: renumber(s.content) })),
    references,
    actionable_takeaway: renumber(takeaway(input, nextStep, [intro, ...bullets], outlook)),
    data_table: { columns: METRIC_COLUMNS, rows: metrics },
    disclosure:
      `Composed by Herald's built-in engine from ${references.length} source${references.length === 1 ? '' : 's'}: ` +
      'the sentences are quoted from the cited documents and were not checked by a person.',
    language: input.language ?? 'en',
  };
}

/** The kinds of document whose news is the rules they lay down (contract/collections.ts keys). */
const RULE_KINDS = new Set(['regulations', 'legislation', 'litigation']);

/** A document's own bracketed numbers ("Christodoulou et al. [2023]", a footnote's "[3]") in parentheses: in an article "[n]" is a citation, numbered by the article. */
const parenthesised = (s: string) => s.replace(/\[(\d+)\]/g, '($1)');
/** A source with its own bracketed numbers in parentheses. */
function ownBrackets<T extends ComposeSource>(source: T): T {
  return { ...source, title: parenthesised(source.title), text: parenthesised(source.text), summary: parenthesised(source.summary) };
}

/** A candidate quoted with its reference number. */
const cite = (c: Candidate) => `${c.sentence} [${c.source}]`;

/**
 * The introduction: the summary's first sentence (when it is a statement, not a header or a piece
 * of one, and a clause, not a caption: else the document's best such statement); nothing below repeats it. A next step (the next
 * meeting, a deadline) is the takeaway's: the summary's next sentence leads then.
 */
function introductionOf(input: ComposeInput, candidates: Candidate[], lead: LeadSentences): string | undefined {
  const language = input.language;
  // A lead is a clause: a caption or a noun phrase ("Final rule.", "Notice of public meeting.") names a thing, it does not say what happened.
  const leads = (s: string) => quotable(s, language) && statesSomething(s, language);
  // A title that only names a kind of document ("FOMC statement") is made from the decision the
  // document reports ("The Committee decided today to raise ..."): the lead is that decision too,
  // the news, when it can lead.
  if (kindNamedBy(input.main.title, language)) {
    const decision = candidates.filter((c) => c.source === 1 && reportsADecision(c.sentence)).sort((a, b) => a.order - b.order).find((c) => leads(c.sentence));
    if (decision) return decision.sentence;
  }
  const summarySentences = summaryStatements(input.main, language);
  const summaryLead = summarySentences.find((s) => !statesNextStep(s, language) && leads(s)) ?? summarySentences.find((s) => !statesNextStep(s, language)) ?? summarySentences[0];
  if (summaryLead && leads(summaryLead)) return summaryLead;
  const own = candidates.filter((c) => c.source === 1 && quotable(c.sentence, language)).sort((a, b) => b.score - a.score);
  const clause = own.find((c) => statesSomething(c.sentence, language));
  if (clause) return clause.sentence;
  if (own.length === 0 && templateOnly(lead, language)) return `${publishedLine(input.main)}.`;
  if (summaryLead && quotable(summaryLead, language)) return summaryLead;
  return own[0]?.sentence ?? (summaryLead && beforeList(summaryLead, language));
}

/**
 * The new facts, one sentence a point (a fact may be a whole summary), at most four, none saying
 * what the introduction, the takeaway's sentence (the next step, the outlook) or another of them
 * says (a fact is often one of the document's own sentences that the points pick as well).
 */
function novelSentences(input: ComposeInput, introSentence: string | undefined, takeawaySentence: string | undefined): string[] {
  const novel: string[] = [];
  // The reader has the title: a new fact that says it again (an abstract's first line is its title) is no point.
  const said = [input.main.title, ...(introSentence ? [introSentence] : [])];
  if (takeawaySentence) said.push(takeawaySentence);
  for (const sentence of input.novelFacts.flatMap((f) => sentences(f, input.language))) if (!asks(sentence, input.language) && !saysAgain(sentence, [...said, ...novel])) novel.push(sentence);
  return novel.slice(0, 4);
}

/**
 * The article's sections. 'What happened' tells what the introduction and the points have not. A
 * short document has said everything there: with no background either, the article has no section
 * (one that said what the source is, "X published Y; the points above are its main statements",
 * read to readers as the system talking). Then the background, one dated item a line. What is new
 * against earlier reports leads the points: no section says so again.
 */
function sectionsOf(all: ComposeSource[], parts: { told: Candidate[]; background: Candidate[]; bullets: string[] }): { heading: string; content: string }[] {
  const { told, background, bullets } = parts;
  const points = bullets.map((b) => b.replace(/ \[\d+\]$/, ''));
  const fresh = told.filter((c) => !saysAgain(c.sentence, points));
  const sections: { heading: string; content: string }[] = fresh.length ? [{ heading: 'What happened', content: fresh.map(cite).join(' ') }] : [];
  // One dated item a line (a Markdown list): a run of dated sentences in one paragraph reads as a wall.
  if (background.length) sections.push({ heading: 'Background', content: background.map((c) => `- ${shortDate(toldDate(all[c.source - 1]!)) || 'Undated'}: ${cite(c)}`).join('\n') });
  return sections;
}

/** References numbered in order of first citation across `texts` (introduction, points, sections), and the renumbering of a text's citations. */
function citationOrder(all: ComposeSource[], texts: string[]): { renumber: (s: string) => string; references: TArticle['references'] } {
  const order: number[] = [];
  for (const m of texts.join(' ').matchAll(/\[(\d+)\]/g)) if (!order.includes(Number(m[1]))) order.push(Number(m[1]));
  const renumber = (s: string) => s.replace(/\[(\d+)\]/g, (_, n: string) => `[${order.indexOf(Number(n)) + 1}]`);
  const references = order.map((initial, i) => {
    const doc = all[initial - 1]!;
    return { number: i + 1, title: doc.title || 'Untitled', source: doc.publisher ?? 'Unknown', date: toldDate(doc).slice(0, 10), document_id: doc.documentId };
  });
  return { renumber, references };
}

/**
 * Key metrics are facts of the event's own documents (the triggering one and reports consolidated
 * into it), never of background: the chosen sentences first, then the rest in the document's order.
 */
function metricsOf(all: ComposeSource[], chosen: Candidate[], candidates: Candidate[], language: string | null): string[][] {
  const own = (c: Candidate) => c.source === 1 || all[c.source - 1]!.strategy === 'consolidated event';
  const metricSentences = [...chosen, ...candidates.filter((c) => c.source === 1).sort((a, b) => a.order - b.order), ...candidates.filter((c) => c.source > 1)].filter(own);
  return keyMetrics(
    metricSentences.map((c) => ({ sentence: c.sentence, source: c.source, date: toldDate(all[c.source - 1]!), main: c.source === 1, title: all[c.source - 1]!.title })),
    language,
  );
}

/** The first sentence of a document that states a next step with its date (the whole text: minutes name the next meeting at their end). */
function nextStepOf(text: string, said: string[], language: string | null): string | undefined {
  return sentences(text, language)
    .slice(0, 600)
    .map((s) => cleaned(s, language))
    .find((s) => s.length <= 400 && statesNextStep(s, language) && quotable(s, language) && !saysAgain(s, said));
}

/**
 * The takeaway: what the reader should watch next, in the documents' words, never the lead again.
 * The document's next step when it states one with its date (a comment deadline, an effective
 * date, the next meeting, a vote); in a story's first report, what the document says its findings
 * mean, found or expects (outlook.ts, kept out of the points); a story that moved to a new stage
 * says so; a later report of a story says what it adds to the earlier ones when the introduction
 * and points have not said it. Otherwise nothing: an empty takeaway is left out of the page (and
 * the pipeline grounds one: takeaway.ts).
 */
function takeaway(input: ComposeInput, next: string | undefined, said: string[], outlook?: { label: string; sentence: string }): string {
  const told = said.map((s) => s.replace(/\s*\[\d+\]$/, ''));
  if (next) return `What comes next: ${next} [1]`;
  if (outlook) return `${outlook.label}: ${outlook.sentence} [1]`;
  if (input.phaseChange && !saysAgain(input.phaseChange, told)) return `The story moved to a new stage: ${input.phaseChange}`;
  if (input.knownFacts.length) {
    const added = input.novelFacts.flatMap((f) => sentences(f, input.language)).find((f) => quotable(f, input.language) && !saysAgain(f, told));
    if (added) return `New against the earlier reports: ${added} [1]`;
  }
  return '';
}

/**
 * A statement that leads into a list, without the list: "The Committee announced its tentative
 * meeting schedule for 2003: March 18 (Tuesday) May 6 ..." -> "... schedule for 2003." The whole
 * text when that is not a statement either (the article then quotes what there is).
 */
function beforeList(sentence: string, language: string | null): string {
  const colon = sentence.indexOf(': ');
  const head = colon > 0 ? `${sentence.slice(0, colon).trim()}.` : '';
  return head && quotable(head, language) ? head : sentence;
}

export const compose: Capability<ComposeInput, typeof ZArticle> = {
  name: 'compose',
  stage: 'article',
  output: ZArticle,
  systemPrompt:
    'You write a short briefing article for a professional who follows the topic. Use only the given documents. Cite every statement with its reference number in brackets, e.g. [1]; ' +
    'reference 1 is the document that triggered the article, the others are research results. Fields: title, superhead (the theme, a few words), introduction (1-2 sentences), ' +
    'bullet_points (3-5), sections (heading, content; 0-4: none when the points say it all), references (number, title, source, date, document_id: only cited documents, numbered in order of first citation), ' +
    'actionable_takeaway (one sentence: what the reader should do or watch), data_table (columns Metric, Value, Unit, Entity, Date, Confidence; rows of key figures), disclosure, language. ' +
    'Rules: the title says what happened (the decision, the figure, the party, the date), never only the kind of document ("FOMC statement"); ' +
    'every sentence of the introduction, points and sections ends with a citation; quote or state facts, never headers, ' +
    'CFR/RIN/docket lines, tables of contents, list markers, rosters or pieces of sentences; ' +
    'Background only from documents about the same story or the same people, organisations and places, oldest first, ' +
    'one item a line as a Markdown list, each starting with its date (e.g. "- Mar 5, 2012: ... [2]"); ' +
    'a key-metrics row only where a figure has a whole label (what is measured, of whom), a value and a unit: no row rather than a fragment; ' +
    'the takeaway adds something (what comes next: a deadline, an effective date, the next meeting; what changed ' +
    'against earlier reports; or what the document says its findings mean, found or expects), never the introduction or a point again, ' +
    'never the byline nor why the reader follows it; leave it empty when there is nothing to add. ' +
    "A document's record (a trial's phase, status and enrolment; a rule's action) is one of the points, in its words.",
  userMessage: (input) =>
    JSON.stringify(
      {
        topic: input.topic.name,
        new_facts: input.novelFacts,
        already_known: input.knownFacts,
        phase_change: input.phaseChange,
        documents: [input.main, ...input.supporting].map((d, i) => ({
          reference: i + 1,
          document_id: d.documentId,
          title: d.title,
          source: d.publisher,
          date: toldDate(d) || null,
          ...(d.record && recordSays(d.record) ? { record: whatItIs(d.record) } : {}),
          text: (i === 0 ? d.text : `${d.summary}\n${d.text}`).slice(0, i === 0 ? 8000 : 1500),
        })),
      },
      null,
      1,
    ),
  builtin: builtinCompose,
  repair: repairArticle,
};
