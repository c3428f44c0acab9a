/**
 * Which sentences of a document an article may quote. The built-in summary and composition quote
 * documents word for word, and documents carry furniture that reads badly as a lead: agency
 * headers and CFR/RIN/docket lines of the Federal Register, release lines ("For release at 2
 * p.m."), list items ("C. To draw foreign currencies ..."), rosters of names and titles, speaker
 * labels and pleasantries of transcripts, and pieces of sentences the splitter cut. The article
 * fault checks (article-faults.ts) use the same tests, so what the composer avoids is what they count.
 * The tests of furniture (BOILERPLATE_RULES) are in sentence-boilerplate.ts; this module re-exports them.
 */

import { anyRule, rewrite, type NamedRule, type RewriteRule, type TextRule } from '../rules.js';
import { boilerplate, BOILERPLATE_RULES, STATEMENT_RULES } from './sentence-boilerplate.js';
import { isClause } from '../lexicon/clause.js';

export { boilerplate, BOILERPLATE_RULES, LIST_RULES, listLike, STATEMENT_RULES } from './sentence-boilerplate.js';

/*
 * Each test is a named rule (server/intelligence/rules.ts) with the language it is written for:
 * a rule for English leaves a document in another language alone when the caller knows its
 * language. scripts/eval-rules.ts counts how often each fires on the dev sets.
 */

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
  // Steps of a sequence the sentence before announced ("... faces three main challenges. First, ..."); with their comma: "Then-President ..." is a name.
  'first(?=,)', 'firstly', 'then(?=,)', 'next(?=,)', 'subsequently',
];
const CONNECTIVE = new RegExp(`^(?:${CONNECTIVES.join('|')})\\b`, 'i');

/** A sentence without the quotation marks or bracket it opens with. */
const unquoted = (sentence: string) => sentence.replace(/^["'\u201c\u2018(]+/, '');

/**
 * An opening phrase before a comma (a few words, led by a preposition or "as") that points back at
 * what the sentence before said: a demonstrative or a word of relation ("In a related action, ...",
 * "To address these challenges, ...", "As a consequence, ...", "At the same time, ..."); not the
 * document speaking of itself ("In this study, ...").
 */
const POINTING_PHRASE = /^((?:in|as|at|to|for|on|with|by|from|under|after|despite|given|against|beyond|unlike)\b[^,;:]{0,50}?\b(?:this|these|those|such|related|same|above|aforementioned|consequence|latter|former)\b[^,;:]{0,30}),\s/i;
/** "In taking the discount rate action, ...", "In making this decision, ...": the act named was told before. */
const IN_DOING = /^in\s+\p{L}+ing\s+(?:the|this|that|these|those|its|their)\b[^,;:]{0,50},\s/iu;
function pointsBack(sentence: string): boolean {
  if (IN_DOING.test(unquoted(sentence))) return true;
  const phrase = POINTING_PHRASE.exec(unquoted(sentence))?.[1];
  if (phrase === undefined || phrase.split(/\s+/).length > 7) return false;
  // "In this study, ...": from its "this", the phrase is the document itself (ITSELF).
  const from = phrase.search(/\bthis\b/i);
  return from < 0 || !ITSELF.test(phrase.slice(from));
}

/** A phrase of one to three words fronted before the subject and its comma ("Together, ", "Taken together, ", "In March, "). */
const FRONTED = /^(?:[\p{L}-]+\s+){0,2}[\p{L}-]+,\s+/u;

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
    reason: 'a pronoun or a pointing word, first or after a fronted phrase ("They said ...", "These findings ...", "Together, these components ..."), names what the sentence before named',
    test: (s) => {
      const subject = unquoted(s).replace(FRONTED, '');
      return /^(?:they|he|she|it|its|their|his|her|them|these|those|that|such|this)\b/i.test(subject) && !anyRule(STANDS_ALONE_RULES, subject);
    },
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
    name: 'colon-and-marker',
    language: '*',
    reason: 'a sentence that ends in a colon and the next item\'s marker ("... adopted at a meeting of the Committee: 2.") was cut where its list begins',
    test: (s) => /:\s*(?:\d{1,2}|[A-Z]|[ivx]{1,4})\.$/.test(s),
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

/**
 * What a lead or a point must be beyond quotable: a clause that says something happened or holds,
 * with a finite verb ("The FDIC is correcting a final rule"), not a caption or a noun phrase ("Final
 * rule.", "Notice of public meeting.", "Request for comments concerning ..."). Asked only of the few
 * sentences an article leads with (the tagger costs a millisecond or more a sentence).
 */
/** A modal of rule or permission ("may" in lower case: "May" is a month) ... */
const RULE_MODAL = /\b(?:[Ss]hall|may|[Mm]ust)\b/;
/** ... unless it stands in a clause a relative or subordinating word opens ("a game in which two agents must coordinate"). */
const SUBORDINATE_MODAL = /\b(?:which|who|whom|whose|where|that|if|unless|whether|when|while|because|although|so that)\b.*\b(?:[Ss]hall|may|[Mm]ust)\b/;
/** Whether a sentence's own statement is a standing rule or permission ("the Bank shall not commit itself", "All tenders must be submitted"). */
const statesARule = (s: string) => RULE_MODAL.test(s) && !SUBORDINATE_MODAL.test(s.charAt(0).toLowerCase() + s.slice(1));

/** A definition: a short noun phrase, "is" or "are", a noun phrase, then the relative clause that says which ("... is the interest rate that is charged ..."). */
const DEFINITION = /^(?:the|an?)\s+(?:[\p{L}-]+\s+){0,3}?[\p{L}-]+\s+(?:is|are)\s+(?:the|an?)\s+(?:[\p{L}-]+\s+){0,3}?[\p{L}-]+\s+(?:that|which|who|whose|where|by\s+which|in\s+which)\b/iu;

export const CLAUSE_RULES: readonly TextRule[] = [
  {
    name: 'lead-states-a-rule',
    language: 'en',
    reason: 'a sentence with a modal of rule or permission ("shall not commit itself", "may be undertaken", "must be received") states a standing rule, not what happened: news leads with an act',
    test: statesARule,
  },
  {
    name: 'lead-points-back',
    language: 'en',
    reason: 'a lead is read first: an opening phrase that points back ("In a related action, ...", "Under this deviation, ...") needs the sentence it follows, which a point after the lead has and a lead does not',
    test: pointsBack,
  },
  {
    name: 'lead-defines-a-term',
    language: 'en',
    reason: 'a sentence that only says what a term is ("The discount rate is the interest rate that is charged ...") defines, it reports nothing that happened: no lead',
    test: (s) => DEFINITION.test(s),
  },
  {
    name: 'lead-asks',
    language: '*',
    reason: 'a question ("Do you mean direct payments to Americans?", a briefing\'s or an abstract\'s) asks, it reports nothing: the answer may lead, the question does not',
    test: (s) => /[?？؟]["'\u201d\u2019)]*$/.test(s),
  },
  {
    name: 'no-finite-verb',
    language: 'en',
    reason: 'a sentence without a finite verb (a caption, a noun phrase: "Proposed rule; reopening of comment period.") names a thing, it does not say what happened',
    test: (s) => !isClause(s),
  },
];

/** Whether one clause rule, by its name, holds of a sentence. */
const clauseRule = (name: string, sentence: string, language?: string | null) => anyRule([CLAUSE_RULES.find((r) => r.name === name)!], sentence.trim(), language);

/** Whether a sentence is a caption or a noun phrase, no clause at all (the rule no-finite-verb): what no lead may be, though a lead may have to be a sentence the other clause rules pass over (a one-sentence document's). */
export function isCaption(sentence: string, language?: string | null): boolean {
  return clauseRule('no-finite-verb', sentence, language);
}

/** Whether a sentence opens with a phrase that points back to the one before it ("To address this limitation, ...": the rule lead-points-back). */
export function opensPointingBack(sentence: string, language?: string | null): boolean {
  return clauseRule('lead-points-back', sentence, language);
}

/** Whether a sentence states a standing rule or permission (the rule lead-states-a-rule): news in a rule, a law or a court's order; elsewhere ("operations ... shall generally be directed at ...") text restated from one. */
export function statesStandingRule(sentence: string, language?: string | null): boolean {
  return clauseRule('lead-states-a-rule', sentence, language);
}

/** Whether a sentence asks a question (the rule lead-asks): no lead, and no point either. */
export function asks(sentence: string, language?: string | null): boolean {
  return clauseRule('lead-asks', sentence, language);
}

/** Whether a quotable sentence can lead an article or be one of its points: a clause (CLAUSE_RULES). */
export function statesSomething(sentence: string, language?: string | null): boolean {
  return !anyRule(CLAUSE_RULES, sentence.trim(), language);
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
    name: 'rule-section-caption',
    language: 'en',
    reason: 'a Federal Register preamble\'s caption in front of a section that states what the document does or when (ACTION:, DATES:, SUPPLEMENTARY INFORMATION: and its first heading, "I. Background") is the section\'s label, not its statement; AGENCY:, ADDRESSES: and the contact stay, as furniture',
    apply: (s) => s.replace(/^(?:ACTION|DATES?|EFFECTIVE DATES?|SUPPLEMENTARY INFORMATION):\s+(?:[IVX]{1,4}\.\s+\p{Lu}\p{Ll}+\.?\s+(?=\p{Lu}))?/u, ''),
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
/** A sentence without the furniture in front of it, given the full stop its source left out. */
export function cleaned(sentence: string, language?: string | null): string {
  return finished(withoutFurniture(sentence, language), language);
}

export const ALL_SENTENCE_RULES: readonly NamedRule[] = [...BOILERPLATE_RULES, ...STATEMENT_RULES, ...FRAGMENT_RULES, ...CLAUSE_RULES, ...STANDS_ALONE_RULES, ...FURNITURE_RULES, ...FINISHING_RULES];
