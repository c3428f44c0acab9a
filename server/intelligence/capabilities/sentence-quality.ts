/**
 * Which sentences of a document an article may quote. The built-in summary and composition quote
 * documents word for word, and documents carry furniture that reads badly as a lead: agency
 * headers and CFR/RIN/docket lines of the Federal Register, release lines ("For release at 2
 * p.m."), list items ("C. To draw foreign currencies ..."), rosters of names and titles, speaker
 * labels and pleasantries of transcripts, and pieces of sentences the splitter cut. The article
 * fault checks (article-faults.ts) use the same tests, so what the composer avoids is what they count.
 */

import { anyRule, rewrite, type NamedRule, type RewriteRule, type TextRule } from '../rules.js';

/*
 * Each test is a named rule (server/intelligence/rules.ts) with the language it is written for:
 * a rule for English leaves a document in another language alone when the caller knows its
 * language. scripts/eval-rules.ts counts how often each fires on the dev sets.
 */

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

// "This study ...", "This clinical trial ...", "This is a pilot study ...", "This final rule ...":
// the document speaking of itself needs nothing before it.
/** Words after "this" that make it point back ("This means ...", "This shows ..."), not name a thing. */
const POINTING_ON = [
  'means', 'meant', 'that', 'the', 'is', 'was', 'has', 'had', 'have', 'will', 'would', 'may', 'might', 'can',
  'could', 'should', 'does', 'did', 'makes', 'made', 'shows', 'showed', 'suggests', 'indicates', 'allows',
  'leads', 'gives', 'includes', 'requires',
];
/** What a document calls itself, or the time it speaks in. */
const ITSELF_NOUNS = [
  'study', 'paper', 'article', 'review', 'report', 'trial', 'analysis', 'meta-analysis', 'work', 'research',
  'rule', 'notice', 'order', 'document', 'statement', 'release', 'letter', 'proposal', 'action', 'amendment',
  'bill', 'act', 'regulation', 'guidance', 'survey', 'protocol', 'project', 'program', 'programme', 'filing',
  'application', 'patent', 'invention', 'disclosure', 'meeting', 'week', 'month', 'year', 'morning',
  'afternoon', 'evening',
];
const ITSELF = new RegExp(String.raw`^this (?:is (?:a |an |the )?)?(?:(?!(?:${POINTING_ON.join('|')})\b)[\w-]+ ){0,3}?(?:${ITSELF_NOUNS.join('|')})\b`, 'i');

/** A pointing opening that needs nothing before it. */
export const STANDS_ALONE_RULES: readonly TextRule[] = [
  {
    name: 'document-itself',
    language: 'en',
    reason: '"This study ...", "This final rule ...": the document speaking of itself needs nothing before it',
    test: (s) => ITSELF.test(s),
  },
  {
    name: 'impersonal-it',
    language: 'en',
    reason: '"It was agreed that ...": an impersonal "it" points at nothing before',
    test: (s) => /^it (?:is|was|has been|had been|will be) (?:\w+ly )?\w+ed (?:that|to)\b/i.test(s),
  },
];

// Openings that lean on the sentence before: quoted alone, the reader cannot tell what is
// contrasted or who "they" are.
const CONNECTIVES = [
  'however', 'but', 'yet', 'still', 'so', 'second', 'secondly', 'third', 'thirdly', 'finally', 'lastly',
  'nevertheless', 'nonetheless', 'moreover', 'furthermore', 'additionally', 'in addition', 'also', 'besides',
  'crucially', 'importantly', 'notably', 'instead', 'therefore', 'thus', 'hence', 'consequently',
  'accordingly', 'as a result', 'similarly', 'likewise', 'in contrast', 'by contrast', 'on the other hand',
  'conversely', 'otherwise', 'in turn', 'even so', 'that said', 'indeed', 'in fact', 'in particular',
  'specifically', 'for example', 'for instance', 'to this end', 'in this regard', 'as such', 'in other words',
  'for this reason', 'because of this',
];
const CONNECTIVE = new RegExp(`^(?:${CONNECTIVES.join('|')})\\b`, 'i');

/** A sentence without the quotation marks or bracket it opens with. */
const unquoted = (sentence: string) => sentence.replace(/^["'\u201c\u2018(]+/, '');

export const LEANING_RULES: readonly TextRule[] = [
  {
    name: 'connective-opening',
    language: 'en',
    reason: 'a connective ("However, ...", "Crucially, this ...") contrasts or adds to a sentence the reader has not seen',
    test: (s) => CONNECTIVE.test(unquoted(s)),
  },
  {
    name: 'pointing-opening',
    language: 'en',
    reason: 'a pronoun or a pointing word ("They said ...", "These findings ...") names what the sentence before named',
    test: (s) => /^(?:they|he|she|it|its|their|his|her|them|these|those|that|such|this)\b/i.test(unquoted(s)) && !anyRule(STANDS_ALONE_RULES, unquoted(s)),
  },
];

/** Words in title case, as a heading is written (small words aside). */
function titleCase(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => !/^(?:of|for|and|the|a|an|in|on|to|at|by|with|or)$/i.test(w));
  return words.filter((w) => /^["'(]?[\p{Lu}\d]/u.test(w)).length >= 0.8 * words.length;
}

/** A piece of a sentence: each rule names a way a sentence is cut or not whole. */
export const FRAGMENT_RULES: readonly TextRule[] = [
  { name: 'too-short', language: '*', reason: 'under five words is too short to state anything', test: (s) => s.split(/\s+/).length < 5 },
  {
    name: 'lower-case-opening',
    language: '*',
    reason: 'a sentence that starts in lower case is the rest of another one the splitter cut',
    test: (s) => /^["'\u201c\u2018(]?\p{Ll}/u.test(s),
  },
  {
    name: 'continuing-word',
    language: 'en',
    reason: 'a sentence that starts with "which", "whereas", "and" or "or" continues another',
    test: (s) => /^(?:which|whom|whose|whereas|and|or)\b/i.test(s),
  },
  ...LEANING_RULES,
  {
    name: 'number-run',
    language: '*',
    reason: 'a run of numbers ("2236, 2355, as amended by Pub.") is a piece of a list of references',
    test: (s) => /^\d[\d,.]*,\s/.test(s),
  },
  {
    name: 'abbreviation-stop',
    language: 'en',
    reason: 'a piece cut at an abbreviation\'s full stop ("... as amended by Pub.", "Nos.")',
    test: (s) => /\b(?:Pub|Nos?|Stat|Secs?|Vol|Art|pp?)\.$/.test(s),
  },
  {
    name: 'no-full-stop',
    language: '*',
    reason: 'a sentence that does not end as a sentence ends was cut',
    test: (s) => !/[.!?]["'\u201d\u2019)\]]?$/.test(s),
  },
  {
    name: 'ellipsis-end',
    language: '*',
    reason: 'a sentence that ends in an ellipsis was cut by its source',
    test: (s) => /(?:\.\.\.|…)["'\u201d\u2019)]?$/.test(s),
  },
  {
    name: 'heading-and-marker',
    language: 'en',
    reason: 'a heading followed by the next item\'s marker ("Authorization for Domestic Open Market Operations 1.")',
    test: (s) => /\s(?:\d{1,2}|[A-Z]|[ivx]{1,4})\.$/.test(s) && titleCase(s),
  },
  {
    name: 'open-bracket',
    language: '*',
    reason: 'a bracket left open (or closed without opening) means the sentence was cut inside it',
    test: (s) => (s.match(/\(/g)?.length ?? 0) !== (s.match(/\)/g)?.length ?? 0),
  },
];

/**
 * A piece of a sentence: it starts in lower case or with a word that continues another sentence
 * (LEANING_RULES), does not end as a sentence ends (or ends in an ellipsis), leaves a bracket
 * open, or is too short to state anything (FRAGMENT_RULES).
 */
export function fragment(sentence: string, language?: string | null): boolean {
  return anyRule(FRAGMENT_RULES, sentence.trim(), language);
}

/** A sentence an article may quote: a whole statement, not furniture. */
export function quotable(sentence: string, language?: string | null): boolean {
  return !boilerplate(sentence, language) && !fragment(sentence, language);
}

/** A rule's section label: furniture, which a speaker's label is not. */
const RULE_SECTION_LABEL = /^(?:AGENCY|ACTION|DATES?|ADDRESSES|FOR FURTHER INFORMATION CONTACT|SUPPLEMENTARY INFORMATION):/;
/** A transcript's speaker label: "THE PRESIDENT: ", "MR. SMITH: ". */
const SPEAKER_LABEL = /^(?:THE |MR\. |MS\. |MRS\. |DR\. )?[A-Z][A-Z.'-]+(?: [A-Z][A-Z.'-]+){0,2}:\s+/;
/** The section labels of a structured abstract. */
const ABSTRACT_LABELS = [
  'Background', 'Purpose', 'Objectives?', 'Aims?', 'Introduction', 'Context', 'Rationale', 'Study (?:purpose|objective|design)',
  'Brief summary', 'Summary', 'Overview', 'Methods?', 'Design', 'Setting', 'Results', 'Findings', 'Conclusions?', 'Significance',
  'Importance',
];
const ABSTRACT_LABEL = new RegExp(String.raw`^(?:${ABSTRACT_LABELS.join('|')})\s*:\s+(?=\p{Lu})`, 'iu');

/** The furniture in front of a sentence's statement (or after it), each rule taking one kind away, in order. */
export const FURNITURE_RULES: readonly RewriteRule[] = [
  {
    name: 'trailing-link-text',
    language: '*',
    reason: 'a link\'s text and the next item\'s marker after the full stop ("... when appropriate. [Return to top] 1.")',
    apply: (s) => s.replace(/(?<=[.!?]["'\u201d\u2019)]?)\s+\[[A-Za-z][^\]]*\](?:\s*(?:\d{1,2}|[A-Z]|[ivx]{1,4})\.)?$/, ''),
  },
  {
    name: 'footnote-after-punctuation',
    language: '*',
    reason: 'a footnote marker after a word\'s punctuation ("thereunder,2 notice", "Broker-Dealer.7") is no part of the sentence',
    apply: (s) => s.replace(/(?<=[\p{L})\u201d"][,.;:])\d{1,2}(?=\s|$)/gu, ''),
  },
  {
    name: 'footnote-leading',
    language: 'en',
    reason: 'a footnote\'s number leads its text ("9 A Floor QCC Order must ...")',
    apply: (s) => s.replace(/^\d{1,2}\s+(?=(?:A|An|The|In|On|See|For|This|These|Section|Under)\s)/, ''),
  },
  {
    name: 'footnote-before-acronym',
    language: '*',
    reason: 'a footnote\'s number before a body\'s acronym and its verb ("49 FINRA believes that ..."; not "12 CFR Part 324")',
    apply: (s) => s.replace(/^\d{1,3}\s+(?=(?!(?:CFR|FR|USC)\b)[A-Z]{2,}\s+\p{Ll})/u, ''),
  },
  {
    name: 'line-break-hyphen',
    language: '*',
    reason: 'a word hyphenated at a line break is one word ("unemploy- ment"; not "pre- and post-war")',
    apply: (s) => s.replace(/(\p{Ll}{2,})- (?!(?:and|or|to|nor)\b)(\p{Ll}{2,})/gu, '$1$2'),
  },
  {
    name: 'rule-header',
    language: 'en',
    reason: 'a rule\'s header up to its summary ("FEDERAL DEPOSIT INSURANCE CORPORATION 12 CFR Part 324 ... SUMMARY: The FDIC ...")',
    apply: (s) => {
      const summary = /\bSUMMARY:\s+/.exec(s);
      return summary ? s.slice(summary.index + summary[0].length) : s;
    },
  },
  {
    name: 'back-to-top-opening',
    language: 'en',
    reason: 'a web page\'s "Return to top" link text in front of the next sentence',
    apply: (s) => s.replace(/^(?:return|back) to top\s+/i, ''),
  },
  {
    name: 'release-line-opening',
    language: 'en',
    reason: 'a release line in front of the statement ("For immediate release In order to ...", "For release at 2 p.m. EST")',
    apply: (s) => s.replace(/^for (?:immediate )?release(?: at [\d:]+ (?:a\.m\.|p\.m\.)(?: \w+)?)?[\s:.-]*/i, ''),
  },
  {
    name: 'speaker-label',
    language: 'en',
    reason: 'a transcript\'s speaker label ("THE PRESIDENT:", "MR. SMITH:"); a rule\'s section label (AGENCY:, DATES:...) stays, as furniture',
    apply: (s) =>
      RULE_SECTION_LABEL.test(s) ? s : s.replace(SPEAKER_LABEL, ''),
  },
  {
    name: 'abstract-section-label',
    language: 'en',
    reason: 'a structured abstract\'s section label ("Background: The selection of primary outcomes ...")',
    apply: (s) =>
      s.replace(
        ABSTRACT_LABEL,
        '',
      ),
  },
];

/**
 * A sentence with the furniture in front of its statement taken away: a release line ("For
 * immediate release In order to ..."), a speaker's label ("THE PRESIDENT: ..."), a rule's header
 * up to its summary ("FEDERAL DEPOSIT INSURANCE CORPORATION 12 CFR Part 324 ... SUMMARY: The FDIC
 * is adopting ...") (FURNITURE_RULES).
 */
export function withoutFurniture(sentence: string, language?: string | null): string {
  return rewrite(FURNITURE_RULES, sentence.trim(), language);
}

export const FINISHING_RULES: readonly RewriteRule[] = [
  {
    name: 'missing-full-stop',
    language: '*',
    reason: 'a whole sentence the source left without its full stop (a paragraph\'s last line) gets one; a heading or a line leading into a list does not',
    apply: (s) => (/[.!?:;,]["'\u201d\u2019)\]]?$/.test(s) || s.split(/\s+/).length < 8 || titleCase(s) || /^["'\u201c\u2018(]?\p{Ll}/u.test(s) ? s : `${s}.`),
  },
];

/**
 * A whole sentence the source left without its full stop (the last line of a paragraph: "This
 * study is to compare the clinical outcome ... of lumbar spine"), given one. A heading (short or in
 * title case) or a line that leads into a list (":") stays as it is, and stays a fragment.
 */
export function finished(sentence: string, language?: string | null): string {
  return rewrite(FINISHING_RULES, sentence.trim(), language);
}

/** Every sentence rule (those that accept a sentence a rule above rejects among them), for the counts of scripts/eval-rules.ts. */
export const ALL_SENTENCE_RULES: readonly NamedRule[] = [...BOILERPLATE_RULES, ...STATEMENT_RULES, ...FRAGMENT_RULES, ...STANDS_ALONE_RULES, ...FURNITURE_RULES, ...FINISHING_RULES];
