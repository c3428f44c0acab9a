import type { Rule } from './rule.js';

/*
 * The Federal Register's documents as GovInfo and federalregister.gov publish them: the printed
 * page's furniture in the text, and titles in the formulas every notice of a kind carries.
 */

/** A footnote's number printed after a word and its punctuation ("like salt or sugar.1 The subject"). */
export const FOOTNOTE_AFTER_PUNCTUATION: Rule = {
  name: 'footnote-after-punctuation',
  reason: 'a printed footnote number sticks to the sentence or clause it notes ("sugar.1 The", "Rosine,1 Senior"); it is no part of the sentence',
  apply: (t) => t.replace(/(?<=\p{Ll}{2}[)”"’]?[.,;:])\d{1,2}(?=\s+[\p{Lu}[(]|\s*$)/gmu, ''),
};

export const FEDERAL_REGISTER_TEXT_RULES: readonly Rule[] = [
  {
    name: 'fr-document-trailer',
    reason: 'each document ends with the printer\'s line "[FR Doc. 2016-08717 Filed 4-14-16; 8:45 am]" and billing codes, not the agency\'s words',
    apply: (t) => t.replace(/\s*\[FR Doc\.[^\]]{1,80}\]/g, '').replace(/\s*\b(?:BILLING CODE(?:\s+[\dA-Z]{1,6}(?:-[\dA-Z]{1,4}){0,2})?|Billing [Cc]ode\s+\d[\dA-Z]{0,5}(?:-[\dA-Z]{1,4}){1,2})\b/g, ''),
  },
  {
    name: 'fr-page-marker',
    reason: 'the printed edition\'s page breaks ("[[Page 22171]]") fall inside sentences',
    apply: (t) => t.replace(/\s*\[\[Page \d+\]\]\s*/g, ' '),
  },
  FOOTNOTE_AFTER_PUNCTUATION,
];

/** "Extension Without Change of a Previously Approved Collection": it may also lead the subject's clause. */
const APPROVED_COLLECTION = String.raw`(?:Extension|Revision|Reinstatement)(?: Without Change)?(?: of an?)? (?:Currently |Previously )?Approved Collection`;
/** The clauses every information collection notice's title carries, whatever it collects. */
const COLLECTION_FORMULA = new RegExp(
  String.raw`^(?:Agency Information Collection Activities|Proposed Collection|Proposed Renewal of an Existing Collection(?: \([^)]*\))?|Proposed eCollection,? eComments Requested|\d+-Day Comment Request|Comment Request|Request for Comments?|Submission for (?:Office of Management and Budget|OMB) Review|${APPROVED_COLLECTION}|New Collection|Notice of Information Collection)$`,
  'i',
);
const LEADING_APPROVED_COLLECTION = new RegExp(String.raw`^${APPROVED_COLLECTION}\s+(?=\p{Lu})`, 'iu');

export const FEDERAL_REGISTER_TITLE_RULES: readonly Rule[] = [
  {
    name: 'fr-information-collection-title',
    reason: 'an information collection notice\'s title opens with the clauses every such notice carries; its subject goes first ("...; Comment Request; Digital Certificates" -> "Digital Certificates: Information Collection")',
    apply: (title) => {
      const clauses = title.split(/;\s+/);
      if (!COLLECTION_FORMULA.test(clauses[0]!.trim())) return title;
      const subject = clauses.map((clause) => clause.trim().replace(LEADING_APPROVED_COLLECTION, '')).filter((clause) => clause && !COLLECTION_FORMULA.test(clause));
      return subject.length ? `${subject.join('; ')}: Information Collection` : title;
    },
  },
  {
    name: 'sec-rule-filing-title',
    reason: 'an SEC notice of a self-regulatory organization\'s rule filing opens with the words every such notice carries ("Self-Regulatory Organizations; NYSE Arca, Inc.; Notice of Filing of Proposed Rule Change To List ..." -> "NYSE Arca, Inc.: Proposed Rule Change To List ...")',
    apply: (title) =>
      title
        .replace(/^Self-Regulatory Organizations;\s*/, '')
        .replace(/;\s*Notice of Filing(?: and Immediate Effectiveness)? of (?:an? )?(\S)/, (_, first: string) => `: ${first.toUpperCase()}`),
  },
];
