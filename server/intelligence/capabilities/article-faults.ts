import { sharesSubject } from './compose.js';
import { saysAgain } from './summarise.js';
import { wholeLabel } from './key-metrics.js';
import { boilerplate, fragment, isCaption } from './sentence-quality.js';
import { namesAKindOfDocument } from './document-kinds.js';
import { endsMidPhrase } from '../lexicon/clause.js';

/**
 * The faults a professional would not forward, checked on a composed article (whoever wrote it):
 * `npm run eval:articles` counts them over every article of a database, the composer's tests on
 * demo documents. One article may have several.
 */
export const ARTICLE_FAULTS = {
  generic_title: 'title only names a kind of document (a short title ending in a word such as statement, notice or report; no date)',
  duplicate_title: 'title another article of the same reader already has',
  cut_title: 'title stops mid-phrase, as a string cut by its length: an ellipsis, a comma or colon, a closing article, preposition or conjunction',
  boilerplate: 'lead or point quotes furniture: a header, a reference line, a list item, a roster',
  fragment: 'lead or point is a piece of a sentence',
  caption_lead: 'lead is no clause: a caption or a noun phrase without a finite verb ("Final rule.", "Notice of public meeting.")',
  background_unrelated: 'background sentence shares no name and few words with the article',
  background_undated: 'background sentence without its date',
  background_order: 'background not in date order',
  background_later: 'background dated after the article (more than two days)',
  metric_fragment: 'key-metrics row without a whole label, a value and a unit',
  takeaway_repeats: 'takeaway repeats the lead or a point (or is the old template)',
} as const;
export type ArticleFault = keyof typeof ARTICLE_FAULTS;

export interface CheckedArticle {
  title?: unknown;
  /** The topic's name (the theme): its words do not make a background related. */
  superhead?: unknown;
  introduction?: unknown;
  bullet_points?: unknown;
  sections?: unknown;
  actionable_takeaway?: unknown;
  data_table?: unknown;
  references?: unknown;
  /** The article's language: the sentence rules written for English leave another language alone. */
  language?: unknown;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const uncited = (sentence: string) => sentence.replace(/\s*\[\d+\](?:\s*\[\d+\])*\s*$/, '').trim();
const DATE_LEAD = /^(?:[A-Z][a-z]{2} \d{1,2}, \d{4}|Undated): /;

/** The faults of one article (without duplicate_title, which needs the reader's other articles). */
export function articleFaults(article: CheckedArticle): ArticleFault[] {
  const faults = new Set<ArticleFault>();
  const language = text(article.language) || null;
  const title = text(article.title);
  const lead = uncited(text(article.introduction));
  const points = (Array.isArray(article.bullet_points) ? article.bullet_points : []).map((p) => uncited(text(p))).filter(Boolean);
  const sections = Array.isArray(article.sections) ? (article.sections as Section[]) : [];
  titleFaults(faults, title, language);
  quotedFaults(faults, lead, points, sections, language);
  const background = sections.find((s) => text(s?.heading) === 'Background');
  if (background) backgroundFaults(faults, article, text(background.content), `${title} ${lead} ${points.join(' ')}`);
  metricFaults(faults, article);
  // A takeaway of several lines (each ending on its citation: what changed, what to expect) repeats when one of them does.
  const lines = text(article.actionable_takeaway)
    .split(/(?<=\])\s+(?=\p{Lu})/u)
    .map((line) => uncited(line.replace(/^(?:What comes next|New against the earlier reports|The story moved to a new stage):\s*/, '')))
    .filter(Boolean);
  if (lines.some((line) => /^Check whether this affects your work on\b/.test(line) || saysAgain(line, [lead, ...points]))) faults.add('takeaway_repeats');
  return [...faults];
}

type Section = { heading?: unknown; content?: unknown };

/** A title that only names a kind of document, or is cut. */
function titleFaults(faults: Set<ArticleFault>, title: string, language: string | null): void {
  if (namesAKindOfDocument(title, language) && !/\b(?:19|20)\d\d\b/.test(title)) faults.add('generic_title');
  // The tagger is English's; an ellipsis or a closing comma cuts a title in any language.
  if (title && (language === null || language === 'en' ? endsMidPhrase(title) : /(?:\.\.\.|…|,)$/.test(title.trim()))) faults.add('cut_title');
}

/** Boilerplate, fragments and a lead that states nothing, in the lead, the points and the sections that quote the documents. */
function quotedFaults(faults: Set<ArticleFault>, lead: string, points: string[], sections: Section[], language: string | null): void {
  if (lead && !boilerplate(lead, language) && !fragment(lead, language) && isCaption(lead, language)) faults.add('caption_lead');
  const quoted = [lead, ...points];
  // The other sections quote the documents too: "What happened", "What's new" ("The source" is
  // Herald's own sentence about the document: "arXiv published ...").
  for (const section of sections) {
    if (['Background', "What's new", 'The source'].includes(text(section?.heading))) continue;
    // Each quoted sentence ends in its citation ("... [2]"); an editor's "[sic]" does not end one.
    quoted.push(...text(section?.content).split(/(?<=\[\d+\])\s+(?=\S)/).map(uncited));
  }
  for (const sentence of quoted) {
    if (!sentence) continue;
    if (boilerplate(sentence, language)) faults.add('boilerplate');
    if (fragment(sentence, language)) faults.add('fragment');
  }
}

/** Background items that are undated, out of order, later than the main document or unrelated to the article. */
function backgroundFaults(faults: Set<ArticleFault>, article: CheckedArticle, content: string, context: string): void {
  // Background sentences end in their citation: "Mar 5, 2012: ... [2]", one a line as a list item
  // ("- Mar 5, 2012: ...") or run together.
  const items = content
    .split(/(?<=\[\d+\])\s+(?=\S)/)
    .map((item) => item.replace(/^[-*]\s+/, ''))
    .filter(Boolean);
  let previous = -Infinity;
  const refs = Array.isArray(article.references) ? (article.references as { number?: unknown; date?: unknown }[]) : [];
  const mainDate = Date.parse(text(refs.find((r) => r?.number === 1)?.date));
  for (const item of items) {
    const dated = DATE_LEAD.exec(item);
    if (!dated) faults.add('background_undated');
    else {
      const time = Date.parse(dated[0].slice(0, -2));
      if (Number.isFinite(time)) {
        if (time < previous) faults.add('background_order');
        if (Number.isFinite(mainDate) && time > mainDate + 2 * 86_400_000 + 86_399_999) faults.add('background_later');
        previous = time;
      }
    }
    if (!sharesSubject(uncited(item.replace(DATE_LEAD, '')), context, text(article.superhead))) faults.add('background_unrelated');
  }
}

/** Key-metric rows without a value, a unit or a whole label. */
function metricFaults(faults: Set<ArticleFault>, article: CheckedArticle): void {
  const table = article.data_table as { rows?: unknown } | undefined;
  for (const row of Array.isArray(table?.rows) ? table.rows : []) {
    const cells = Array.isArray(row) ? row.map(text) : [];
    const [label = '', value = '', unit = ''] = cells;
    if (!value.trim() || !unit.trim() || !wholeLabel(label)) faults.add('metric_fragment');
  }
}
