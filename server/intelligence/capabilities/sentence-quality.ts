/**
 * Which sentences of a document an article may quote. The built-in summary and composition quote
 * documents word for word, and documents carry furniture that reads badly as a lead: agency
 * headers and CFR/RIN/docket lines of the Federal Register, release lines ("For release at 2
 * p.m."), list items ("C. To draw foreign currencies ..."), rosters of names and titles, speaker
 * labels and pleasantries of transcripts, and pieces of sentences the splitter cut. The article
 * fault checks (article-faults.ts) use the same tests, so what the composer avoids is what they count.
 */

/**
 * Text that splits as a sentence but reads as a list: a roster of names and titles, an address, a
 * run-on of clauses (over 70 words; about 2% of the demo corpus's sentences).
 */
export function listLike(sentence: string): boolean {
  const words = sentence.split(' ');
  if (words.length > 70) return true;
  if (words.length < 12) return false;
  const commas = sentence.split(',').length - 1;
  const capitalised = words.filter((w) => /^\p{Lu}/u.test(w)).length;
  // A roster starts with a name; a statement that lists places starts with a clause ("In taking the discount action, ...").
  const opening = sentence.split(',')[0]!.split(/\s+/).filter((w) => /^\p{Ll}{4,}/u.test(w) && !/^(?:with|from|and|the|for|into|that|this)$/.test(w));
  return commas / words.length > 0.2 && capitalised / words.length > 0.4 && opening.length < 2;
}

// Reference lines of rules and notices: "12 CFR Part 324", "RIN 3064-AE12", "Docket No. R-1442", "FR Doc. 2012-1234", "BILLING CODE 6714-01-P".
const REFERENCE_LINE = /^(?:Authority|Dated|Signed|Billing Code|Source|Citation):|\bthis \d{1,2}(?:st|nd|rd|th) day of\b|\b\d+\s+CFR\s+(?:Parts?|§|Chapter)|\bRIN\s+\d{4}-[A-Z]{2}\d{2}\b|\bDocket\s+(?:No\.|Number|ID)|\bFR\s+Doc\b|\bBilling\s+Code\b/i;
// "Michael H. Moskow, President", "Chen and Rosenbaum, Vice Presidents": a name and its title.
const NAME_TITLE =
  /(?:^|[,;]\s*|\bwith\s+)(?:[A-Z][\w.'-]*\s+){0,3}[A-Z][\w.'-]*(?:\s+and\s+(?:[A-Z][\w.'-]*\s+){0,3}[A-Z][\w.'-]*)?,\s+(?:(?:Senior|First|Deputy|Associate|Assistant|Executive|Special)\s+)*(?:Vice\s+)?(?:Presidents?|Governors?|Chairman|Chair|Directors?|Secretar(?:y|ies)|Managers?|Economists?|Advisers?|Advisors?|Counsel|Officers?)\b/g;
// A footnote's text that cites a statute or rule: "7 15 U.S.C. 78s(b)(2)(B) (if the Commission ...", "12 17 CFR 240.19b-4.".
const FOOTNOTE_CITATION = /^\d{1,3}\s+(?:\d+\s+)?(?:U\.S\.C\.|CFR|FR|Stat\.|Pub\.|Id\.|See\b|Ibid)/;
// A table's text run into a sentence: "... are shown in the table that follows: Foreign Bank Amount of Arrangement ...".
const TABLE_TEXT = /\b(?:shown|set (?:out|forth)|listed|given) in the (?:table|tables|chart) (?:that follows|below|following)\b/i;
// A citation of other documents: "See also Securities Exchange Act Release No. 64249 (April 7, 2011) ...".
const CITATION = /^(?:See|Cf\.)\s+(?:also\s+|generally\s+|e\.g\.,?\s+)?[^.]*\b(?:No\.|Release|supra|infra|FR\s+\d|U\.S\.C\.|\d{4})/;
// A rule's citation of its authority: "The authority citation for part 324 continues to read as follows: ...".
const AUTHORITY = /\bauthority citation\b|\bcontinues to read as follows\b/i;
// A roll call glued to the next sentence: "Votes against this action: None It was agreed ...".
const ROLL_CALL = /\bVotes? (?:for|against) (?:this|the) action:/i;
const STATING_VERB = /\b(?:said|says|announced|told|stated|noted|added|warned|agreed|voted|approved|decided|reported|raised|cut|signed|testified|spoke)\b/;

/** A list of numbers and references ("1761, 1789, 1790 (12 U.S.C. 1831n note); Pub."): two words in five or more carry digits. */
function mostlyNumbers(sentence: string): boolean {
  const words = sentence.split(/\s+/);
  return words.length >= 4 && words.filter((w) => /\d/.test(w)).length / words.length >= 0.4;
}

/** A list of people with their titles (who attended a meeting), not a statement about them. */
function roster(sentence: string): boolean {
  const matches = [...sentence.matchAll(NAME_TITLE)];
  return matches.length >= 2 || (matches.length === 1 && matches[0]!.index === 0 && !STATING_VERB.test(sentence));
}

// A run of three capitalised words in upper case, one of them a long word: an agency header ("FEDERAL DEPOSIT INSURANCE CORPORATION").
const SHOUTED = /\b(?=[A-Z&]*[A-Z]{5})[A-Z&]{2,}(?:[\s,]+[A-Z&]{2,}){2,}\b/;
// A Federal Register section label, a release line, a table of contents.
const HEADER = /^(?:AGENCY|ACTION|SUMMARY|DATES?|ADDRESSES|FOR FURTHER INFORMATION CONTACT|SUPPLEMENTARY INFORMATION):|^for (?:immediate )?release\b|^(?:press release|media contact|embargoed)\b|\btable of contents\b/i;
// A list item's marker: "C. To draw", "iv) the", "(2) Each", "12. The".
const LIST_MARKER = /^(?:\(?(?:[A-Z]|[ivx]{1,4}|\d{1,2})[.)]|\((?:[a-z]|\d{1,2})\))\s/;
// Courtesy of a transcript: "Thank you very much.", "Good afternoon, everybody."
const PLEASANTRY = /^(?:(?:well|oh|so|and),?\s+)?(?:thank you|thanks|good (?:morning|afternoon|evening)|hello|welcome)\b[^.!?]{0,40}[.!?]$/i;
// How to reach someone: a telephone or fax number, an email or web address.
// Office notices of a rule or a filing: reading-room hours, where to send or find copies.
const ADMINISTRATIVE = /\breading room\b|\b(?:office|business) hours\b|\bhours are\b[^.]{0,30}\d|\bavailable for (?:public )?inspection\b|\byou may (?:submit|view|obtain|send)\b|\bto obtain (?:a )?cop(?:y|ies)\b/i;
const CONTACT = /\(\d{3}\)\s?\d{3}-\d{4}|\b\d{3}-\d{3}-\d{4}\b|\bplease (?:call|contact|write|email)\b|\b(?:tel|telephone|phone|fax|facsimile)\b[.:]?[^.]{0,40}\d{3}[-.\s)]+\d{3}|[\w.-]+@[\w-]+\.\w|\bwww\.\w|https?:\/\//i;
// A docket entry or a link text in brackets: "[Case termination for order and judgment] (Document)".
const BRACKETED = /^\[[^\]]*\]|\[(?:return to top|back to top|top|more|read more)\]|\b(?:return|back) to top\b/i;
// Wiki or template markup left in the text: "Byline|date", "[[w:Paul Volcker|Paul Volcker]]", "{{cite".
const MARKUP = /\w\|\w|\[\[|\]\]|\{\{|\}\}/;

/** Furniture rather than a statement: headers, reference lines, list items, rosters, pleasantries. */
export function boilerplate(sentence: string): boolean {
  const s = sentence.trim();
  return REFERENCE_LINE.test(s) || FOOTNOTE_CITATION.test(s) || TABLE_TEXT.test(s) || SHOUTED.test(s) || HEADER.test(s) || LIST_MARKER.test(s) || PLEASANTRY.test(s) || BRACKETED.test(s) || MARKUP.test(s) || CONTACT.test(s) || ADMINISTRATIVE.test(s) || listLike(s) || roster(s) || ROLL_CALL.test(s) || CITATION.test(s) || AUTHORITY.test(s) || mostlyNumbers(s);
}

// Openings that lean on the sentence before: a connective ("However, ...", "Crucially, this ..."),
// a pronoun or a pointing word ("They said ...", "These findings ..."). Quoted alone, the reader
// cannot tell what is contrasted or who "they" are.
const CONNECTIVE =
  /^(?:however|but|yet|still|so|second|secondly|third|thirdly|finally|lastly|nevertheless|nonetheless|moreover|furthermore|additionally|in addition|also|besides|crucially|importantly|notably|instead|therefore|thus|hence|consequently|accordingly|as a result|similarly|likewise|in contrast|by contrast|on the other hand|conversely|otherwise|in turn|even so|that said|indeed|in fact|in particular|specifically|for example|for instance|to this end|in this regard|as such|in other words|for this reason|because of this)\b/i;
const POINTING = /^(?:they|he|she|it|its|their|his|her|them|these|those|that|such|this)\b/i;
// "This study ...", "This clinical trial ...", "This is a pilot study ...", "This final rule ...":
// the document speaking of itself needs nothing before it.
const ITSELF =
  /^this (?:is (?:a |an |the )?)?(?:(?!(?:means|meant|that|the|is|was|has|had|have|will|would|may|might|can|could|should|does|did|makes|made|shows|showed|suggests|indicates|allows|leads|gives|includes|requires)\b)[\w-]+ ){0,3}?(?:study|paper|article|review|report|trial|analysis|meta-analysis|work|research|rule|notice|order|document|statement|release|letter|proposal|action|amendment|bill|act|regulation|guidance|survey|protocol|project|program|programme|filing|application|patent|invention|disclosure|meeting|week|month|year|morning|afternoon|evening)\b/i;

// "It was agreed that the next meeting ...": an impersonal "it" points at nothing before.
const IMPERSONAL = /^it (?:is|was|has been|had been|will be) (?:\w+ly )?\w+ed (?:that|to)\b/i;

/** A sentence that only makes sense after the one before it (see CONNECTIVE and POINTING). */
export function leansOnContext(sentence: string): boolean {
  const s = sentence.trim().replace(/^["'\u201c\u2018(]+/, '');
  return CONNECTIVE.test(s) || (POINTING.test(s) && !ITSELF.test(s) && !IMPERSONAL.test(s));
}

/**
 * A piece of a sentence: it starts in lower case or with a word that continues another sentence
 * (see leansOnContext), does not end as a sentence ends (or ends in an ellipsis), leaves a bracket
 * open, or is too short to state anything.
 */
export function fragment(sentence: string): boolean {
  const s = sentence.trim();
  if (s.split(/\s+/).length < 5) return true;
  if (/^["'\u201c\u2018(]?\p{Ll}/u.test(s)) return true;
  if (/^(?:which|whom|whose|whereas|and|or)\b/i.test(s) || leansOnContext(s)) return true;
  // A run of numbers ("2236, 2355, as amended by Pub.") or a piece cut at an abbreviation's full stop.
  if (/^\d[\d,.]*,\s/.test(s) || /\b(?:Pub|Nos?|Stat|Secs?|Vol|Art|pp?)\.$/.test(s)) return true;
  if (!/[.!?]["'\u201d\u2019)\]]?$/.test(s) || /(?:\.\.\.|…)["'\u201d\u2019)]?$/.test(s)) return true;
  // A heading followed by the next item's marker: "Authorization for Domestic Open Market Operations 1."
  if (/\s(?:\d{1,2}|[A-Z]|[ivx]{1,4})\.$/.test(s) && titleCase(s)) return true;
  return (s.match(/\(/g)?.length ?? 0) !== (s.match(/\)/g)?.length ?? 0);
}

/** Words in title case, as a heading is written (small words aside). */
function titleCase(text: string): boolean {
  const words = text.split(/\s+/).filter((w) => !/^(?:of|for|and|the|a|an|in|on|to|at|by|with|or)$/i.test(w));
  return words.filter((w) => /^["'(]?[\p{Lu}\d]/u.test(w)).length >= 0.8 * words.length;
}

/** A sentence an article may quote: a whole statement, not furniture. */
export function quotable(sentence: string): boolean {
  return !boilerplate(sentence) && !fragment(sentence);
}

/**
 * A sentence with the furniture in front of its statement taken away: a release line ("For
 * immediate release In order to ..."), a briefing room's name and a speaker's label ("James S.
 * Brady Press Briefing Room THE PRESIDENT: ..."), a rule's header up to its summary ("FEDERAL
 * DEPOSIT INSURANCE CORPORATION 12 CFR Part 324 ... SUMMARY: The FDIC is adopting ...").
 */
export function withoutFurniture(sentence: string): string {
  let s = sentence
    .trim()
    // A link's text and the next item's marker after the full stop: "... when appropriate. [Return to top] 1."
    .replace(/(?<=[.!?]["'\u201d\u2019)]?)\s+\[[A-Za-z][^\]]*\](?:\s*(?:\d{1,2}|[A-Z]|[ivx]{1,4})\.)?$/, '')
    // Footnote markers: after a word's punctuation ("thereunder,2 notice", "Broker-Dealer.7"), or
    // leading a footnote's text ("9 A Floor QCC Order must ...").
    .replace(/(?<=[\p{L})\u201d"][,.;:])\d{1,2}(?=\s|$)/gu, '')
    .replace(/^\d{1,2}\s+(?=(?:A|An|The|In|On|See|For|This|These|Section|Under)\s)/, '')
    // ... or a body's acronym and its verb ("49 FINRA believes that ..."; not "12 CFR Part 324").
    .replace(/^\d{1,3}\s+(?=(?!(?:CFR|FR|USC)\b)[A-Z]{2,}\s+\p{Ll})/u, '')
    // A word hyphenated at a line break: "unemploy- ment" (not "pre- and post-war").
    .replace(/(\p{Ll}{2,})- (?!(?:and|or|to|nor)\b)(\p{Ll}{2,})/gu, '$1$2');
  const summary = /\bSUMMARY:\s+/.exec(s);
  if (summary) s = s.slice(summary.index + summary[0].length);
  s = s.replace(/^(?:return|back) to top\s+/i, '');
  s = s.replace(/^for (?:immediate )?release(?: at [\d:]+ (?:a\.m\.|p\.m\.)(?: \w+)?)?[\s:.-]*/i, '');
  s = s.replace(/^(?:[A-Z][\w.]*\s+){0,6}Briefing Room\s+/, '');
  // A speaker's label; not a rule's section label (AGENCY:, ACTION:, DATES:...), which stays furniture.
  if (!/^(?:AGENCY|ACTION|DATES?|ADDRESSES|FOR FURTHER INFORMATION CONTACT|SUPPLEMENTARY INFORMATION):/.test(s)) {
    s = s.replace(/^(?:THE |MR\. |MS\. |MRS\. |DR\. )?[A-Z][A-Z.'-]+(?: [A-Z][A-Z.'-]+){0,2}:\s+/, '');
  }
  // A structured abstract's section label: "Background: The selection of primary outcomes ...".
  s = s.replace(/^(?:Background|Purpose|Objectives?|Aims?|Introduction|Context|Rationale|Study (?:purpose|objective|design)|Brief summary|Summary|Overview|Methods?|Design|Setting|Results|Findings|Conclusions?|Significance|Importance)\s*:\s+(?=\p{Lu})/iu, '');
  return s;
}

/**
 * A whole sentence the source left without its full stop (the last line of a paragraph: "This
 * study is to compare the clinical outcome ... of lumbar spine"), given one. A heading (short or in
 * title case) or a line that leads into a list (":") stays as it is, and stays a fragment.
 */
export function finished(sentence: string): string {
  const s = sentence.trim();
  if (/[.!?:;,]["'\u201d\u2019)\]]?$/.test(s) || s.split(/\s+/).length < 8 || titleCase(s) || /^["'\u201c\u2018(]?\p{Ll}/u.test(s)) return s;
  return `${s}.`;
}
