/**
 * A normalising rule: one named change to a document's text or title as its source publishes it,
 * with the reason it exists. Rules are about a format (LaTeX, a Federal Register page, a Federal
 * Reserve web page), never about one document.
 */
export interface Rule {
  name: string;
  /** One line: why the rule exists. */
  reason: string;
  apply: (text: string) => string;
}

/** The text after each rule in turn. */
export function applyRules(rules: readonly Rule[], text: string): string {
  return rules.reduce((t, rule) => rule.apply(t), text);
}
