import { cleaned, quotable } from './sentence-quality.js';
import { sentences, type LeadSentences } from './summarise.js';
import { templateMask } from './repeated-sentences.js';
import { shortDate } from './titles.js';
import { unshouted } from './document-record.js';

/*
 * The main document's sentences as the built-in article reads them, its source's template
 * (repeated-sentences.ts) set aside: what the points may quote, what its summary leads with, and
 * what introduces a document that says nothing but its template. The document is split and masked
 * once (summarise.ts, leadSentencesOf) and read here.
 */

/**
 * The summary's sentences (the summary whole when it splits into none), without its source's
 * template: a summary written before the template was counted (a source's first documents, an
 * install older than source_sentences) may quote it.
 */
export function summaryStatements(main: { summary: string; sourceTemplate?: ReadonlySet<number> }, language: string | null): string[] {
  if (!main.summary) return [];
  const all = sentences(main.summary, language).map((s) => cleaned(s, language));
  if (all.length === 0) return [main.summary];
  const template = templateMask(all, main.sourceTemplate);
  return all.filter((_, i) => !template[i]);
}

/** The main document's sentences the points may quote: its first 60, its source's template aside (as its summary sets it aside). */
export function ownSentences(lead: LeadSentences): string[] {
  return lead.raw.slice(0, 60).filter((_, i) => !lead.template[i]);
}

/**
 * Whether all the document says is its source's template (a release that only says how its source
 * publishes minutes): it is introduced by what it is, who published it and when, not by its template.
 */
export function templateOnly(lead: LeadSentences, language: string | null): boolean {
  return lead.template.some(Boolean) && lead.raw.every((s, i) => lead.template[i] || !quotable(cleaned(s, language), language));
}

/** The date a reader is told of a document: the one it gives itself, '' when it gives none. */
export const toldDate = (source: { date: string; published?: string | null }): string => (source.published === undefined ? source.date : (source.published ?? ''));

/** Who published the document, what and when: "The Board of Governors ... published “FOMC statement” on Jan 31, 1996". */
export function publishedLine(main: { publisher: string | null; date: string; published?: string | null; title: string }): string {
  const publisher = main.publisher?.trim() ?? '';
  // "DEPARTMENT OF DEFENSE" as it would be written in a sentence: "Department of Defense".
  const who = publisher ? unshouted(publisher) : 'The publisher';
  const when = shortDate(toldDate(main));
  const what = main.title.trim() ? `“${main.title.trim().replace(/[.…]+$/, '')}”` : 'this document';
  return `${who} published ${what}${when ? ` on ${when}` : ''}`;
}
