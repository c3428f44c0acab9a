import { LATEX_RULES } from './latex.js';
import { MARKDOWN_RULES, MARKUP_RULES } from './markup.js';
import { MENU_RULES } from './menu.js';
import { FEDERAL_REGISTER_TEXT_RULES, FEDERAL_REGISTER_TITLE_RULES } from './federal-register.js';
import { FEDERAL_RESERVE_TEXT_RULES } from './federal-reserve.js';
import { applyRules, type Rule } from './rule.js';

/*
 * The document normaliser: a source's format cleaned at ingest (documents/normalise.ts calls it
 * for every document, on the prepare threads), so summaries, leads, key metrics, search and a
 * language model read the sentences as their publisher meant them to be read. One set of named
 * rules per source format (ADR 012).
 */

export type SourceFormat = 'latex' | 'federal_register' | 'federal_reserve' | 'plain';

/** What a document's source writes: by its content type and publisher, or the format's own marker in the text. */
export function formatOf(doc: { contentType: string; publisher?: string | null; text: string }): SourceFormat {
  if (/arxiv/i.test(doc.contentType) || /^arxiv$/i.test(doc.publisher ?? '')) return 'latex';
  if (/^federal_register_/.test(doc.contentType) || /\[FR Doc\. \d{2,4}-\d+/.test(doc.text)) return 'federal_register';
  if (/^Board of Governors of the Federal Reserve/i.test(doc.publisher ?? '') || /^(?:FOMC statement|Monetary policy press release)$/i.test(doc.contentType)) return 'federal_reserve';
  return 'plain';
}

const TEXT_RULES: Record<SourceFormat, readonly Rule[]> = {
  latex: [...MARKUP_RULES, ...LATEX_RULES],
  // A web page's navigation (menu.ts); an arXiv abstract is no web page, and its "P(A | B)" no menu.
  federal_register: [...MARKUP_RULES, ...FEDERAL_REGISTER_TEXT_RULES, ...MENU_RULES],
  federal_reserve: [...MARKUP_RULES, ...FEDERAL_RESERVE_TEXT_RULES, ...MENU_RULES],
  plain: [...MARKUP_RULES, ...MARKDOWN_RULES, ...MENU_RULES],
};
const TITLE_RULES: Record<SourceFormat, readonly Rule[]> = {
  latex: [...MARKUP_RULES, ...LATEX_RULES],
  federal_register: [...MARKUP_RULES, ...FEDERAL_REGISTER_TITLE_RULES],
  federal_reserve: MARKUP_RULES,
  plain: MARKUP_RULES,
};

/** Every rule by its name, for tests and the ADR. */
export const NORMALISING_RULES: Record<SourceFormat, { text: readonly Rule[]; title: readonly Rule[] }> = Object.fromEntries(
  (Object.keys(TEXT_RULES) as SourceFormat[]).map((format) => [format, { text: TEXT_RULES[format], title: TITLE_RULES[format] }]),
) as Record<SourceFormat, { text: readonly Rule[]; title: readonly Rule[] }>;

/** The title and text of a document as its reader should read them; `format` says which rules applied. */
export function normaliseSourceFormat(doc: { title: string; text: string; contentType: string; publisher?: string | null }): { title: string; text: string; format: SourceFormat } {
  const format = formatOf(doc);
  const tidy = (s: string) => s.replace(/[ \t]{2,}/g, ' ').replace(/ +([,.;:])(?=\s|$)/g, '$1').trim();
  return { title: tidy(applyRules(TITLE_RULES[format], doc.title)), text: tidy(applyRules(TEXT_RULES[format], doc.text)), format };
}

/**
 * A Federal Register title without the formulas every notice of its kind carries. Ingest applies it;
 * titles.ts applies it again to a title stored before ingest did (a clean title stays as it is).
 */
export function federalRegisterTitle(title: string): string {
  return applyRules(FEDERAL_REGISTER_TITLE_RULES, title);
}
