/**
 * Whether an English name is said with "the" ("the Federal Reserve", "the Netherlands", but
 * "Germany", "Pechiney", "FDA"). Read first from how the texts about it write it; where they say
 * too little, from English grammar and the countries' own official names:
 * - a name whose head is a common noun takes the article ("the European Union", "the Bank of
 *   England", "the Food and Drug Administration"); one whose head is a proper noun or a company's
 *   legal form does not ("Vladimir Putin", "Alcan Aluminium Ltd") (Quirk et al., A Comprehensive
 *   Grammar of the English Language, 5.60-5.66: proper nouns take no article, names built on a common
 *   noun do);
 * - a country whose official name ends "of the <name>" takes it (world-countries: "Kingdom of the
 *   Netherlands", "Republic of the Philippines").
 * English only: the rules are written for English.
 */
import { lazyRequire } from '../../lazy.js';
import { legalForms } from '../knowledge/curated.js';
import { isCommonNoun } from './wordnet.js';

/**
 * The texts must write the name this many times inside a sentence, one way twice as often as the
 * other, before their usage decides: a name used as a modifier ("in European Community
 * countries") takes no article of its own, and a few texts say little.
 */
const USES = 3;
const MARGIN = 2;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * How the texts write a name where it heads its phrase inside a sentence: followed by a clause's
 * punctuation or a possessive ("by the European Community.", "the Commission's", "talks with
 * Germany,"), with "the" before it or no determiner. A name used as a modifier ("the proposed
 * European Community tax") lends its article to another noun, and a headline or a sentence's first
 * words drop or capitalise it: none of them is counted.
 */
export function usageOf(name: string, texts: readonly string[]): { the: number; bare: number } {
  const pattern = new RegExp(String.raw`(\S+)\s+${escape(name)}(?=[.,;:!?]|['’]s\b)`, 'gu');
  let the = 0;
  let bare = 0;
  for (const text of texts) {
    for (const match of text.matchAll(pattern)) {
      const before = match[1]!;
      if (/^the$/i.test(before)) the++;
      else if (/^[\p{Ll},;:(]/u.test(before) && !/[.!?]$/.test(before) && !/^(?:a|an|its|their|his|her|our|this|that|whose)$/.test(before)) bare++;
    }
  }
  return { the, bare };
}

const worldCountries = lazyRequire<{ name: { common: string; official: string } }[]>('world-countries');
let ofThe: Set<string> | undefined;
/** The countries whose official names end "of the <common name>" (world-countries). */
function countriesOfThe(): Set<string> {
  return (ofThe ??= new Set(worldCountries().filter((c) => c.name.official.endsWith(` of the ${c.name.common}`)).map((c) => c.name.common)));
}

/** The head of a name: its last word before its first lower-case word ("Bank" of "Bank of England"), else its last. */
function headOf(name: string): string {
  const words = name.split(/\s+/);
  const joint = words.findIndex((w) => /^\p{Ll}/u.test(w));
  return joint > 0 ? words[joint - 1]! : words.at(-1)!;
}

/** Whether a name is said with "the", by the texts' usage where they write it often enough, else by grammar. */
export function saidWithThe(name: string, texts: readonly string[] = []): boolean {
  const { the, bare } = usageOf(name, texts);
  if (the + bare >= USES && (the >= MARGIN * bare || bare >= MARGIN * the)) return the > bare;
  if (countriesOfThe().has(name)) return true;
  const head = headOf(name);
  // One word is a name of its own ("Apple", "Congress"); an acronym or a legal form closes a proper name.
  if (!name.includes(' ') || /^\p{Lu}+$/u.test(head) || legalForms().includes(head.replace(/\.$/, ''))) return false;
  return isCommonNoun(head);
}

/** The name with "the" before it where it is said so. */
export const withThe = (name: string, texts: readonly string[] = []) => (saidWithThe(name, texts) ? `the ${name}` : name);
