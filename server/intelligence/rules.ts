/**
 * The hand rules of the built-in engine: each a named test or rewrite of a sentence or a title,
 * written for one language ('en') or for any ('*'), with the one-line reason it exists. A rule
 * for English applies where the text is English or its language is not known. Each rule has table
 * tests beside its module; scripts/eval-rules.ts counts how often each fires on the dev sets, and
 * a rule that fires on none of them goes, unless it guards what a language model returned.
 */

export interface NamedRule {
  /** Stable, kebab-case: the name the counts and tests know it by. */
  name: string;
  /** The language the rule is written for (ISO 639-1), or '*' for any. */
  language: string;
  /** One line: why the rule exists. */
  reason: string;
  /** Set on a rule that guards what a language model returned (a model's table): the built-in engine's own output never trips it, so the dev sets cannot count it and its tests keep it. */
  guardsModel?: true;
}

/** A rule that holds for a text or not (it rejects or accepts a sentence, a title). */
export interface TextRule extends NamedRule {
  test: (text: string) => boolean;
}

/** A rule that takes something away from a text (or adds to it). */
export interface RewriteRule extends NamedRule {
  apply: (text: string) => string;
}

/** Called with a rule's name each time it fires, while the rules are counted (scripts/eval-rules.ts); unset, nothing is counted. */
let onFire: ((name: string) => void) | undefined;

/** Counts each firing through `listener` from now on; undefined stops counting. */
export function countFirings(listener: ((name: string) => void) | undefined): void {
  onFire = listener;
}

/** Records that the rule named `name` fired (a rule written as code rather than as a TextRule). */
export function fired(name: string): void {
  onFire?.(name);
}

/** Whether a rule for `rule` language applies to text in `language` (null or undefined: not known, so every rule does). */
export function appliesTo(rule: { language: string }, language?: string | null): boolean {
  return rule.language === '*' || !language || language.toLowerCase().split(/[-_]/)[0] === rule.language;
}

/** Whether any of the rules that apply to `language` holds for `text`; while counting, every one that holds is counted. */
export function anyRule(rules: readonly TextRule[], text: string, language?: string | null): boolean {
  if (!onFire) return rules.some((rule) => appliesTo(rule, language) && rule.test(text));
  let any = false;
  for (const rule of rules) {
    if (appliesTo(rule, language) && rule.test(text)) {
      onFire(rule.name);
      any = true;
    }
  }
  return any;
}

/** The text after each rule that applies to `language`, in turn; a rule that changes it fires. */
export function rewrite(rules: readonly RewriteRule[], text: string, language?: string | null): string {
  return rules.reduce((t, rule) => {
    if (!appliesTo(rule, language)) return t;
    const out = rule.apply(t);
    if (onFire && out !== t) onFire(rule.name);
    return out;
  }, text);
}

/** The rule of `rules` named `name` (tests look rules up by name, so a test fails when its rule goes). */
export function ruleNamed<R extends { name: string }>(rules: readonly R[], name: string): R {
  const found = rules.find((r) => r.name === name);
  if (!found) throw new Error(`no rule named ${name}`);
  return found;
}
