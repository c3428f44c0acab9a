/**
 * A language model's article held to the rules the built-in writer keeps (compose.ts): citations,
 * statements, titles, key metrics and takeaways (article-faults.ts counts the same faults).
 */
import { namesAKindOfDocument } from './document-kinds.js';
import { articleTitle } from './titles.js';
import { toldDate } from './compose-template.js';
import { wholeLabel } from './key-metrics.js';
import { cleaned, quotable } from './sentence-quality.js';
import { saysAgain, sentences } from './summarise.js';
import type { ComposeInput, TArticle } from './compose.js';

/**
 * A model's article held to the rules the built-in one keeps (article-faults.ts counts the same):
 * every sentence of the introduction, points and sections cites a reference the article lists
 * (an uncited one is left out; an uncited introduction becomes the document's lead); no point is
 * furniture or a fragment; a title that only names a kind of document says what happened; a
 * key-metrics row has a whole label, a value and a unit; a takeaway that repeats the lead or a
 * point is left out. Answers what it changed.
 */
export function repairArticle(article: TArticle, input: ComposeInput): { output: TArticle; repairs: string[] } {
  const repairs: string[] = [];
  const check = citations(article, input.language);
  const introduction = repairIntroduction(article, input, check, repairs);
  const points = repairPoints(article, introduction, check, repairs);
  const sections = repairSections(article, check, repairs);
  const title = repairTitle(article, input, check.bare(introduction), repairs);
  const rows = repairMetrics(article, repairs);
  const takeaway = repairTakeaway(article, [introduction, ...points], check, repairs);
  return { output: { ...article, title, introduction, bullet_points: points, sections, data_table: { ...article.data_table, rows }, actionable_takeaway: takeaway }, repairs };
}

/** How repairArticle reads a sentence against the article's references. */
interface Citations {
  /** Every citation mark of the sentence names a listed reference, and it has one. */
  cited(sentence: string): boolean;
  /** The sentence without its citation marks. */
  bare(sentence: string): string;
  /** Cited, and a statement rather than furniture or a fragment. */
  statement(sentence: string): boolean;
}

function citations(article: TArticle, language: string | null): Citations {
  const numbers = new Set(article.references.map((r) => r.number));
  const cited = (sentence: string) => {
    const marks = [...sentence.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    return marks.length > 0 && marks.every((n) => numbers.has(n));
  };
  const bare = (sentence: string) => sentence.replace(/\s*\[\d+\]/g, '').trim();
  return { cited, bare, statement: (sentence) => cited(sentence) && quotable(bare(sentence), language) };
}

/** An introduction that is no cited statement becomes the main document's lead, cited. */
function repairIntroduction(article: TArticle, input: ComposeInput, check: Citations, repairs: string[]): string {
  const introduction = article.introduction.trim();
  if (check.statement(introduction)) return introduction;
  const mainNumber = article.references.find((r) => r.document_id === input.main.documentId)?.number;
  const lead = input.main.summary ? cleaned(sentences(input.main.summary, input.language)[0] ?? input.main.summary, input.language) : '';
  if (mainNumber === undefined || !lead || !quotable(lead, input.language)) return introduction;
  repairs.push('introduction without a citation or not a statement: the document\'s lead instead');
  return `${lead} [${mainNumber}]`;
}

/** The points that are cited statements; the introduction when none is. */
function repairPoints(article: TArticle, introduction: string, check: Citations, repairs: string[]): string[] {
  const points = article.bullet_points.filter(check.statement);
  if (points.length < article.bullet_points.length) repairs.push(`${article.bullet_points.length - points.length} point(s) uncited, furniture or fragments left out`);
  if (points.length === 0) points.push(introduction);
  return points;
}

/** The sections with their cited sentences only; none when none is left (the introduction and points are the article). */
function repairSections(article: TArticle, check: Citations, repairs: string[]): TArticle['sections'] {
  const kept = article.sections
    .map((section) => {
      const all = articleSentences(section.content);
      const cited = all.filter(check.cited);
      return { heading: section.heading, content: cited.join(' '), dropped: all.length - cited.length };
    })
    .filter((section) => section.content);
  const dropped = article.sections.length - kept.length + kept.reduce((n, s) => n + s.dropped, 0);
  if (dropped > 0) repairs.push(`${dropped} uncited section sentence(s) or empty section(s) left out`);
  return kept.map(({ heading, content }) => ({ heading, content }));
}

/** A title that only names a kind of document, undated, is dated and says what happened. */
function repairTitle(article: TArticle, input: ComposeInput, introduction: string, repairs: string[]): string {
  const title = article.title.trim();
  if (!namesAKindOfDocument(title, input.language) || /\b(?:19|20)\d\d\b/.test(title)) return title;
  repairs.push('generic title: dated and said what happened');
  return articleTitle(title || input.main.title, toldDate(input.main), introduction, input.language);
}

/** The key-metric rows with a whole label, a value and a unit. */
function repairMetrics(article: TArticle, repairs: string[]): string[][] {
  const columns = article.data_table.columns.map((c) => c.toLowerCase());
  const at = (name: string, fallback: number) => (columns.includes(name) ? columns.indexOf(name) : fallback);
  const [labelAt, valueAt, unitAt] = [at('metric', 0), at('value', 1), at('unit', 2)];
  const rows = article.data_table.rows.filter((row) => wholeLabel(row[labelAt] ?? '') && (row[valueAt] ?? '').trim() !== '' && (row[unitAt] ?? '').trim() !== '');
  if (rows.length < article.data_table.rows.length) repairs.push(`${article.data_table.rows.length - rows.length} key-metric row(s) without a whole label, value or unit left out`);
  return rows;
}

/** No takeaway that says again what the lead or a point says, or only tells the reader to check. */
function repairTakeaway(article: TArticle, said: string[], check: Citations, repairs: string[]): string {
  const takeaway = article.actionable_takeaway.trim();
  if (!takeaway || (!saysAgain(check.bare(takeaway), said.map(check.bare)) && !/^Check whether this affects your work on\b/.test(takeaway))) return takeaway;
  repairs.push('takeaway repeated the lead: left out');
  return '';
}

/** An article's sentences: split after a full stop or a citation, where the next sentence starts. */
const articleSentences = (text: string) =>
  text
    .split(/(?<=[.!?]["'\u201d\u2019)]?|\])\s+(?=["'\u201c(]?[A-Z0-9])/)
    .map((s) => s.trim())
    .filter(Boolean);
