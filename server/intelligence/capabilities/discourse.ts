import { anyRule, type TextRule } from '../rules.js';

/**
 * A sentence's part in a paper's argument, where no labelled section says it (argumentative
 * zoning, Teufel & Moens 2002): a sentence that cites other work reports that work, the
 * document's background rather than its news; a sentence in which the authors say what they found
 * or what it means is the document's own result, and one in which they say what the paper presents
 * or proposes is its aim. lead.ts weighs the first down and the others up, as it
 * weighs a structured abstract's BACKGROUND and RESULTS sections; outlook.ts quotes a finding as a
 * takeaway. The cue is the citation or the verb, by language; a language with no rule gives none.
 */
export const FINDING_RULES: readonly TextRule[] = [
  {
    name: 'outlook-means',
    language: 'en',
    reason: 'a sentence that says what something suggests, indicates or implies, or what its authors conclude ("... suggest that"), is what the document means for the reader',
    test: (s) => /\b(?:suggest(?:s|ed|ing)?|indicat(?:e|es|ed|ing)|impl(?:y|ies|ied|ying)|conclude[sd]?)\s+that\b/i.test(s),
  },
  {
    name: 'outlook-finds',
    language: 'en',
    reason: 'a sentence in which the authors, their experiments or their data show, find or demonstrate that something holds states what the document found',
    test: (s) =>
      /\b(?:we|experiments?|evaluations?|analys[ie]s|data|evidence|results|findings)\s+(?:[\w-]+\s+){0,5}?(?:show|shows|showed|find|finds|found|demonstrate|demonstrates|demonstrated|reveal|reveals|revealed|confirm|confirms|confirmed)\s+that\b/i.test(s),
  },
];

/**
 * The paper's aim (Teufel & Moens's AIM zone): the authors, or "this paper", say what the document
 * itself presents, proposes or introduces. It is what a study adds, the news beside its findings; an
 * abstract's opening statement of the field's problem is its background.
 */
export const AIM_RULES: readonly TextRule[] = [
  {
    name: 'states-aim',
    language: 'en',
    reason: 'a sentence in which the authors or the paper itself say what it presents, proposes or introduces ("we propose ...", "this paper presents ...") states what the document adds; "we further/also introduce" is a part of it, not its aim',
    test: (s) =>
      /\b(?:we|this\s+(?:paper|work|study|article|letter|report|thesis))\s+(?:(?!further\b|also\b|additionally\b|then\b)[\w-]+\s+){0,2}?(?:propose|proposes|present|presents|introduce|introduces|develop|develops|describe|describes|design|designs|release|releases|formulate|formulates|contribute|contributes)\b/i.test(s),
  },
];

/** A numbered citation closing a sentence: "(1)", "(2,3)", "[4-6]", "(14, 17)", before the full stop. */
const NUMBERED_CITATION = /\S\s?[([]\d{1,3}(?:\s*[,–-]\s*\d{1,3})*[)\]]\s*[.;]?\s*$/;
/** An author-year citation anywhere: "(Smith et al., 2020)", "(Lee and Park 2019; ...)", "Smith et al. (2020)". */
const AUTHOR_YEAR = /\(\p{Lu}[\p{L}'-]+(?:\s+et\s+al\.?|\s+(?:and|&)\s+\p{Lu}[\p{L}'-]+)?,?\s+(?:19|20)\d\d[a-z]?\s*[;)]|\p{Lu}[\p{L}'-]+\s+et\s+al\.?\s*\((?:19|20)\d\d[a-z]?\)/u;

export const OTHER_WORK_RULES: readonly TextRule[] = [
  {
    name: 'cites-other-work',
    language: '*',
    reason: 'a sentence that ends with a numbered citation ("... impaired cognitive function (1).") or cites an author and year ("(Smith et al., 2020)") reports the work it cites, not the document\'s own news',
    test: (s) => NUMBERED_CITATION.test(s) || AUTHOR_YEAR.test(s),
  },
];

export type Zone = 'other-work' | 'finding' | 'aim';

/** A sentence's zone: it reports cited work, it states the document's finding or its aim, or none of these (null). */
export function zoneOf(sentence: string, language?: string | null): Zone | null {
  if (anyRule(OTHER_WORK_RULES, sentence, language)) return 'other-work';
  if (anyRule(FINDING_RULES, sentence, language)) return 'finding';
  if (anyRule(AIM_RULES, sentence, language)) return 'aim';
  return null;
}
