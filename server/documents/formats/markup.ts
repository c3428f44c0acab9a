import type { Rule } from './rule.js';

/** Named character references a feed or an API leaves in plain text. */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', ndash: '–', mdash: '—', hellip: '…', rsquo: '’', lsquo: '‘', rdquo: '”', ldquo: '“' };

/** Rules for every source: markup left in what a source calls plain text. */
export const MARKUP_RULES: readonly Rule[] = [
  {
    name: 'html-entities',
    reason: 'a feed or API escapes characters in its "plain" text (1300&nbsp;735); the reader sees the character',
    apply: (t) =>
      t.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
        if (ref[0] === '#') {
          const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
          return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
        }
        return ENTITIES[ref.toLowerCase()] ?? whole;
      }),
  },
  {
    name: 'html-tags',
    reason: 'a tag left in text (<b>, </p>, <br/>) is markup, not words; a bracketed word such as <think> or <O, x> is not a tag and stays',
    apply: (t) => t.replace(/<\/?(?:a|b|i|u|em|strong|p|br|span|div|sup|sub|li|ul|ol|h[1-6])(?:\s[^<>]*)?\s*\/?>/gi, (tag) => (/^<\/?(?:p|br|div|li|h[1-6])\b/i.test(tag) ? '\n' : '')),
  },
  {
    name: 'lost-block-break',
    reason: "a page's lines or list items joined with no space when it became text ('(Tuesday)March 20', 'the decision.The Board'): a word starts there (not in an address: Jane.Roe@agency.gov)",
    apply: (t) => t.replace(/(?<=\p{Ll}\)|\p{Ll}{2}[.!?])(?=\p{Lu}\p{Ll}+(?:[\s,;:]|$))/gu, ' '),
  },
];

/**
 * Rules for a source that calls Markdown plain text (a registry's descriptions: "Center of Spine
 * Surgery \& Research", "age \> 18"): not for LaTeX, where "\(" opens math and "\-" is a hyphen's place.
 */
export const MARKDOWN_RULES: readonly Rule[] = [
  {
    name: 'markdown-escapes',
    reason: 'Markdown escapes punctuation with a backslash ("R\\&D", "\\> 18 years"): the reader sees the character',
    apply: (t) => t.replace(/\\([&%#_*<>+!=|~-])/g, '$1'),
  },
];
