/**
 * Which sentences are furniture, not statements (sentence-quality.ts quotes none of them): agency
 * headers and CFR/RIN/docket lines of the Federal Register, release lines, list items, rosters of
 * names and titles, contact lines, pleasantries of transcripts. Each test is a named rule
 * (server/intelligence/rules.ts) with the language it is written for.
 */

import { anyRule, type TextRule } from '../rules.js';

/** Words that open a statement and are no name: a list's first clause has them ("In taking the discount action, ..."). */
const CLAUSE_WORD = /^(?:with|from|and|the|for|into|that|this)$/;

/** A roster of names and titles or an address: many commas and capitals, and no clause before the first comma. */
function namesAndCommas(sentence: string): boolean {
  const words = sentence.split(' ');
  if (words.length < 12 || words.length > 70) return false;
  const commas = sentence.split(',').length - 1;
  const capitalised = words.filter((w) => /^\p{Lu}/u.test(w)).length;
  // A roster starts with a name; a statement that lists places starts with a clause ("In taking the discount action, ...").
  const opening = sentence.split(',')[0]!.split(/\s+/).filter((w) => /^\p{Ll}{4,}/u.test(w) && !CLAUSE_WORD.test(w));
  return commas / words.length > 0.2 && capitalised / words.length > 0.4 && opening.length < 2;
}

export const LIST_RULES: readonly TextRule[] = [
  {
    name: 'run-on',
    language: '*',
    reason: 'over 70 words is a list or a run-on of clauses, not one statement (about 2% of the demo corpus)',
    test: (s) => s.split(' ').length > 70,
  },
  {
    name: 'colon-and-semicolon-list',
    language: '*',
    reason: 'a colon, then four or more short items between semicolons ("Voting for the action were: A, Chairman; B; C; D") is a roll call or a list, not a statement',
    test: (s) => {
      const items = s.split(/:\s+/).slice(1).join(': ').split(';');
      return items.length >= 4 && items.filter((item) => item.trim().split(/\s+/).length <= 6).length >= 0.75 * items.length;
    },
  },
  {
    name: 'names-and-commas',
    language: 'en',
    reason: 'a roster of names and titles or an address splits as a sentence: a comma every five words, most words capitalised',
    test: namesAndCommas,
  },
];

/**
 * Text that splits as a sentence but reads as a list: a roster of names and titles, an address, a
 * run-on of clauses (see LIST_RULES).
 */
export function listLike(sentence: string, language?: string | null): boolean {
  return anyRule(LIST_RULES, sentence, language);
}

// "Michael H. Moskow, President", "Chen and Rosenbaum, Vice Presidents": a name and its title.
/** A name: up to four capitalised words, or two such names joined by "and". */
const NAME = String.raw`(?:^|[,;]\s*|\bwith\s+)(?:[A-Z][\w.'-]*\s+){0,3}[A-Z][\w.'-]*(?:\s+and\s+(?:[A-Z][\w.'-]*\s+){0,3}[A-Z][\w.'-]*)?,\s+`;
/** The ranks before a title ("Senior Vice President"). */
const RANKS = ['Senior', 'First', 'Deputy', 'Associate', 'Assistant', 'Executive', 'Special'];
/** Titles of officers, as a roster of a meeting lists them. */
const TITLES = ['Presidents?', 'Governors?', 'Chairman', 'Chair', 'Directors?', 'Secretar(?:y|ies)', 'Managers?', 'Economists?', 'Advisers?', 'Advisors?', 'Counsel', 'Officers?'];
/** A title after the name and its comma, with its rank. */
const TITLE = String.raw`(?:(?:${RANKS.join('|')})\s+)*(?:Vice\s+)?(?:${TITLES.join('|')})`;
const NAME_TITLE = new RegExp(String.raw`${NAME}${TITLE}\b`, 'g');

export const STATEMENT_RULES: readonly TextRule[] = [
  {
    name: 'stating-verb',
    language: 'en',
    reason: 'one name and title followed by what they said or did is a statement about them, not a roster',
    test: (s) => /\b(?:said|says|announced|told|stated|noted|added|warned|agreed|voted|approved|decided|reported|raised|cut|signed|testified|spoke)\b/.test(s),
  },
];

/** A list of people with their titles (who attended a meeting), not a statement about them. */
function roster(sentence: string): boolean {
  const matches = [...sentence.matchAll(NAME_TITLE)];
  return matches.length >= 2 || (matches.length === 1 && matches[0]!.index === 0 && !anyRule(STATEMENT_RULES, sentence));
}

/** A list of numbers and references ("1761, 1789, 1790 (12 U.S.C. 1831n note); Pub."): two words in five or more carry digits. */
function mostlyNumbers(sentence: string): boolean {
  const words = sentence.split(/\s+/);
  return words.length >= 4 && words.filter((w) => /\d/.test(w)).length / words.length >= 0.4;
}

/** Office hours, a reading room, where to send or find copies. */
const OFFICE_NOTICE = new RegExp(
  [
    String.raw`\breading room\b`,
    String.raw`\b(?:office|business) hours\b`,
    String.raw`\bhours are\b[^.]{0,30}\d`,
    String.raw`\bavailable for (?:public )?inspection\b`,
    String.raw`\byou may (?:submit|view|obtain|send)\b`,
    String.raw`\bto obtain (?:a )?cop(?:y|ies)\b`,
  ].join('|'),
  'i',
);

/** Furniture: each rule names a kind of text that is no statement. */
export const BOILERPLATE_RULES: readonly TextRule[] = [
  // Reference lines of rules and notices.
  {
    name: 'signature-label',
    language: 'en',
    reason: 'a notice\'s closing labels ("Dated:", "Authority:", "Billing Code:") head a reference, not a statement',
    test: (s) => /^(?:Authority|Dated|Signed|Billing Code|Source|Citation):/i.test(s),
  },
  {
    name: 'day-of-formula',
    language: 'en',
    reason: 'the signing formula "this 5th day of March" closes an order',
    test: (s) => /\bthis \d{1,2}(?:st|nd|rd|th) day of\b/i.test(s),
  },
  {
    name: 'cfr-reference',
    language: 'en',
    reason: 'a rule\'s header cites its part of the Code of Federal Regulations ("12 CFR Part 324")',
    test: (s) => /\b\d+\s+CFR\s+(?:Parts?|§|Chapter)/i.test(s),
  },
  {
    name: 'rin-number',
    language: 'en',
    reason: 'a rule\'s header carries its Regulation Identifier Number ("RIN 3064-AE12")',
    test: (s) => /\bRIN\s+\d{4}-[A-Z]{2}\d{2}\b/i.test(s),
  },
  {
    name: 'docket-number',
    language: 'en',
    reason: 'a notice\'s header carries its docket ("Docket No. R-1442")',
    test: (s) => /\bDocket\s+(?:No\.|Number|ID)/i.test(s),
  },
  {
    name: 'fr-doc-line',
    language: 'en',
    reason: 'the Federal Register\'s filing line ("FR Doc. 2012-1234") trails a notice',
    test: (s) => /\bFR\s+Doc\b/i.test(s),
  },
  {
    name: 'billing-code',
    language: 'en',
    reason: 'the Federal Register\'s billing code ("BILLING CODE 6714-01-P") trails a notice',
    test: (s) => /\bBilling\s+Code\b/i.test(s),
  },
  {
    name: 'footnote-citation',
    language: 'en',
    reason: 'a footnote\'s text that only cites a statute or a rule ("7 15 U.S.C. 78s(b)(2)(B)", "12 17 CFR 240.19b-4.")',
    test: (s) => /^\d{1,3}\s+(?:\d+\s+)?(?:U\.S\.C\.|CFR|FR|Stat\.|Pub\.|Id\.|See\b|Ibid)/.test(s),
  },
  {
    name: 'table-run-in',
    language: 'en',
    reason: 'a table\'s cells run into the sentence that introduces it ("shown in the table that follows: Foreign Bank Amount ...")',
    test: (s) => /\b(?:shown|set (?:out|forth)|listed|given) in the (?:table|tables|chart) (?:that follows|below|following)\b/i.test(s),
  },
  {
    name: 'shouted-header',
    language: '*',
    reason: 'three words in capitals, one of five letters or more, is an agency header ("FEDERAL DEPOSIT INSURANCE CORPORATION")',
    test: (s) => /\b(?=[A-Z&]*[A-Z]{5})[A-Z&]{2,}(?:[\s,]+[A-Z&]{2,}){2,}\b/.test(s),
  },
  {
    name: 'section-label',
    language: 'en',
    reason: 'a Federal Register section label ("AGENCY:", "DATES:", "FOR FURTHER INFORMATION CONTACT:") heads furniture',
    test: (s) => /^(?:AGENCY|ACTION|SUMMARY|DATES?|ADDRESSES|FOR FURTHER INFORMATION CONTACT|SUPPLEMENTARY INFORMATION):/i.test(s),
  },
  {
    name: 'release-line',
    language: 'en',
    reason: 'a press release opens with when it may be published ("For immediate release")',
    test: (s) => /^for (?:immediate )?release\b/i.test(s),
  },
  { name: 'table-of-contents', language: 'en', reason: 'a table of contents lists sections, it states nothing', test: (s) => /\btable of contents\b/i.test(s) },
  {
    name: 'list-marker',
    language: '*',
    reason: 'a list item\'s marker ("C. To draw", "iv) the", "(2) Each", "12. The") opens a piece of a list',
    test: (s) => /^(?:\(?(?:[A-Z]|[ivx]{1,4}|\d{1,2})[.)]|\((?:[a-z]|\d{1,2})\))\s/.test(s),
  },
  {
    name: 'pleasantry',
    language: 'en',
    reason: 'a transcript\'s courtesy ("Thank you very much.", "Good afternoon, everybody.") says nothing',
    test: (s) => /^(?:(?:well|oh|so|and),?\s+)?(?:thank you|thanks|good (?:morning|afternoon|evening)|hello|welcome)\b[^.!?]{0,40}[.!?]$/i.test(s),
  },
  {
    name: 'bracketed-opening',
    language: '*',
    reason: 'a docket entry or a link text in brackets ("[Case termination for order and judgment] (Document)")',
    test: (s) => /^\[[^\]]*\]/.test(s),
  },
  {
    name: 'back-to-top',
    language: 'en',
    reason: 'a web page\'s link text ("[Return to top]", "[Read more]") is navigation',
    test: (s) => /\[(?:return to top|back to top|top|more|read more)\]|\b(?:return|back) to top\b/i.test(s),
  },
  {
    name: 'markup',
    language: '*',
    reason: 'wiki or template markup left in the text ("Byline|date", "[[w:Paul Volcker|Paul Volcker]]", "{{cite")',
    test: (s) => /\w\|\w|\[\[|\]\]|\{\{|\}\}/.test(s),
  },
  {
    name: 'phone-number',
    language: '*',
    reason: 'a telephone number ("(202) 555-0100", "240-402-1453") is how to reach someone',
    test: (s) => /\(\d{3}\)\s?\d{3}-\d{4}|\b\d{3}-\d{3}-\d{4}\b/.test(s),
  },
  {
    name: 'please-contact',
    language: 'en',
    reason: '"please call / contact / write / email" tells the reader how to reach someone',
    test: (s) => /\bplease (?:call|contact|write|email)\b/i.test(s),
  },
  {
    name: 'phone-label',
    language: 'en',
    reason: 'a telephone or fax label before a number ("Tel: 555 0100") is contact furniture',
    test: (s) => /\b(?:tel|telephone|phone|fax|facsimile)\b[.:]?[^.]{0,40}\d{3}[-.\s)]+\d{3}/i.test(s),
  },
  {
    name: 'email-or-web-address',
    language: '*',
    reason: 'an email or web address is where to write or look, not a statement',
    test: (s) => /[\w.-]+@[\w-]+\.\w|\bwww\.\w|https?:\/\//i.test(s),
  },
  {
    name: 'office-notice',
    language: 'en',
    reason: 'office notices of a rule or a filing: reading-room hours, where to send or find copies',
    test: (s) => OFFICE_NOTICE.test(s),
  },
  ...LIST_RULES,
  { name: 'roster', language: 'en', reason: 'names with their titles ("Michael H. Moskow, President") list who attended, they state nothing', test: roster },
  {
    name: 'roll-call',
    language: 'en',
    reason: 'a roll call glued to the next sentence ("Votes against this action: None It was agreed ...")',
    test: (s) => /\bVotes? (?:for|against) (?:this|the) action:/i.test(s),
  },
  {
    name: 'see-citation',
    language: 'en',
    reason: 'a citation of other documents ("See also Securities Exchange Act Release No. 64249 (April 7, 2011)")',
    test: (s) => /^(?:See|Cf\.)\s+(?:also\s+|generally\s+|e\.g\.,?\s+)?[^.]*\b(?:No\.|Release|supra|infra|FR\s+\d|U\.S\.C\.|\d{4})/.test(s),
  },
  {
    name: 'authority-citation',
    language: 'en',
    reason: 'a rule\'s citation of its authority ("The authority citation for part 324 continues to read as follows")',
    test: (s) => /\bauthority citation\b|\bcontinues to read as follows\b/i.test(s),
  },
  {
    name: 'mostly-numbers',
    language: '*',
    reason: 'two words in five with digits is a list of numbers and references ("1761, 1789, 1790 (12 U.S.C. 1831n note); Pub.")',
    test: mostlyNumbers,
  },
];

/** Furniture rather than a statement: headers, reference lines, list items, rosters, pleasantries (BOILERPLATE_RULES). */
export function boilerplate(sentence: string, language?: string | null): boolean {
  return anyRule(BOILERPLATE_RULES, sentence.trim(), language);
}
