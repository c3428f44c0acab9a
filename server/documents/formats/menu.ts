import type { Rule } from './rule.js';

/*
 * A web page's navigation left in its text: links joined by a separator ("2001 Monetary policy |
 * 2001 Other announcements", "344 KB PDF | HTML", "Home · News · About"). Found by its structure,
 * not by its words: short segments, none a sentence, joined by a menu separator.
 */

/** A separator between a menu's links: a bar or a middle dot with space on both sides (a bullet marks a list's items, not links). */
const SEPARATOR = /\s[|·]\s/;
/** A menu's link is short: at most this many words. */
const LINK_WORDS = 6;
/** What is left after a page's last sentence is its footer only when it is this short (in words). */
const FOOTER_WORDS = 30;
/** A sentence's end: its stop, a closing quotation mark or bracket, then space; or a web address a capitalised word follows (pages leave out the stop after a link). */
const SENTENCE_END = /[.!?]["'\u201d\u2019)]?\s|(?:https?:\/\/|www\.)\S+\s(?=\p{Lu})/gu;

const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * A page's footer: what follows its last sentence when that is no sentence (it does not end in a
 * stop), is short, and holds a menu separator ("... liquidity needs. 2001 Monetary policy | 2001
 * Other announcements", "... expected shortly. Federal Register notice: HTML | 75 KB PDF").
 */
function withoutFooter(text: string): string {
  const trimmed = text.trimEnd();
  const ends = [...trimmed.matchAll(SENTENCE_END)];
  const last = ends.at(-1);
  if (!last) return text;
  const tail = trimmed.slice(last.index + last[0].length);
  if (!SEPARATOR.test(tail) || /[.!?]["'\u201d\u2019)]?$/.test(tail) || wordsOf(tail).length > FOOTER_WORDS) return text;
  return trimmed.slice(0, last.index + last[0].length).trimEnd();
}

/**
 * A menu that ends its line or the text, wherever it starts: its links after the first separator
 * are short and none is a sentence; the first link is as long as the longest of the others (menu
 * links are alike: "2001 Monetary policy | 2001 Other announcements"), never reaching back past a
 * sentence's end, a colon or a line break.
 */
function withoutTrailingMenu(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const parts = line.split(SEPARATOR);
      if (parts.length < 2) return line;
      const links = parts.slice(1).map((p) => p.trim());
      if (links.some((l) => !l || wordsOf(l).length > LINK_WORDS || /[.!?:;,]/.test(l.replace(/\([^)]*\)/g, '')))) return line;
      const width = Math.max(...links.map((l) => wordsOf(l).length));
      const before = parts[0]!;
      // The first link: the last `width` words before the first separator, within its clause.
      const clause = before.split(/(?<=[.!?:;]["'\u201d\u2019)]?)\s/).at(-1)!;
      const words = wordsOf(clause);
      if (words.length < width) return line;
      const start = before.lastIndexOf(words.slice(-width).join(' '));
      return start < 0 ? line : before.slice(0, start).trimEnd();
    })
    .join('\n');
}

/** Rules for every source: a web page's navigation left in the text. */
export const MENU_RULES: readonly Rule[] = [
  {
    name: 'page-footer-menu',
    reason: 'what follows a page\'s last sentence, short, no sentence itself and holding a menu separator ("... needs. 2001 Monetary policy | 2001 Other announcements") is the page\'s footer',
    apply: withoutFooter,
  },
  {
    name: 'page-menu',
    reason: 'links joined by a menu separator at the end of a line ("... December 10 (Tuesday) 2001 Monetary policy | 2001 Other announcements"), each short and no sentence, are navigation',
    apply: withoutTrailingMenu,
  },
];
