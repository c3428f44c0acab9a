import { FOOTNOTE_AFTER_PUNCTUATION } from './federal-register.js';
import type { Rule } from './rule.js';

/** The Federal Reserve Board's web pages (FOMC statements, minutes, press releases): the page's navigation around the text. */
export const FEDERAL_RESERVE_TEXT_RULES: readonly Rule[] = [
  {
    name: 'fed-return-to-top',
    reason: 'the page\'s "[Return to top]" and "Return to text" links are navigation, not the Board\'s words',
    apply: (t) => t.replace(/\s*\[?Return to (?:top|text)\]?/g, ''),
  },
  {
    name: 'fed-year-breadcrumb',
    reason: 'an archived page ends with its section\'s breadcrumb ("1996 Monetary policy"), which reads as the last sentence\'s end',
    apply: (t) => t.replace(/(?<=[.!?”"])\s+(?:19|20)\d\d\s+Monetary [Pp]olicy\s*$/, ''),
  },
  FOOTNOTE_AFTER_PUNCTUATION,
];
