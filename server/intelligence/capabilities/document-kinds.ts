import { terms } from '../../search/terms.js';
import { actionWordsIn, actsIn } from '../lexicon/actions.js';
import { presentTense } from '../lexicon/word-forms.js';
import { anyRule, appliesTo, fired, ruleNamed, type RewriteRule, type TextRule } from '../rules.js';

/*
 * Titles that name a kind of document rather than what happened ("FOMC statement", "Federal
 * Reserve issues FOMC statement"), and the decision such a document reports: what an article's
 * title (titles.ts) and its lead (compose.ts) are made from when the document's own title says
 * nothing of the news.
 */

/** A title that names a kind of document is short: at most this many content words ("FOMC statement", "Apple Inc. files Form 4"). */
const GENERIC_TITLE_WORDS = 4;

/**
 * Nouns that name a kind of document: a short title that ends in one ("FOMC statement", "Sunshine
 * Act Meeting Notice", "Proposed Collection; Comment Request") says what was published, not what
 * happened. A short title that ends in anything else is a subject ("Relational Structural Causal
 * Models", "Paraspinal Muscle Remodeling", "Japan to reduce aid to China") and stays as it is.
 */
const DOCUMENT_KINDS = new Set(
  (
    'statement statements notice notices release releases announcement announcements schedule calendar agenda minutes ' +
    'transcript transcripts request requests report reports filing filings form forms order orders rule rules regulation ' +
    'regulations update updates briefing briefings bulletin newsletter memo memorandum letter testimony speech remarks ' +
    'comment comments hearing hearings meeting meetings committee summary digest notification advisory circular guidance ' +
    'correction corrections proclamation'
  ).split(' '),
);

/** Titles that only name a kind of document, when short (at most GENERIC_TITLE_WORDS content words). */
export const KIND_RULES: readonly TextRule[] = [
  {
    name: 'one-word-title',
    language: '*',
    reason: 'a title of one content word or none ("Notice", "Untitled") names no event',
    test: (title) => terms(title).length <= 1,
  },
  {
    name: 'document-kind-title',
    language: 'en',
    reason: 'a short title whose head noun names a kind of document ("FOMC statement", "Apple Inc. files Form 4") says what was published, not what happened',
    // The head noun: the last word that is no number ("Form 4", "Minutes 2024").
    test: (title) => DOCUMENT_KINDS.has((title.toLowerCase().match(/\p{L}[\p{L}'’-]*/gu) ?? []).at(-1) ?? ''),
  },
];

/** Whether a title only names a kind of document (KIND_RULES); a long title never does. */
export function namesAKindOfDocument(title: string, language?: string | null): boolean {
  return terms(title).length <= GENERIC_TITLE_WORDS && anyRule(KIND_RULES, title, language);
}
/**
 * Long titles that still say nothing of what happened, each rewritten to the kind of document it
 * names: a kind of document and what was published with it ("FOMC statement and Board approval of
 * discount rate requests of the Federal Reserve Banks of Boston, New York, ..."), and a kind of
 * document someone published ("Federal Reserve issues FOMC statement"). A title that reports an
 * action ("... raises rates") says what happened, whatever its form.
 */
export const PUBLISHED_KIND_RULES: readonly RewriteRule[] = [
  {
    name: 'kind-led-title',
    language: 'en',
    reason: 'a title led by a kind of document and what came with it ("FOMC statement; and Board approval of discount rate requests of ...") names what was published, not what happened',
    apply: (title) => title.split(/;?\s+and\s+/)[0]!,
  },
  {
    name: 'published-kind-title',
    language: 'en',
    reason: 'a title that says someone published a kind of document ("Federal Reserve issues FOMC statement") names what was published, not what happened',
    // Subject, a verb in its -s form, and what it published, a name: the last part.
    apply: (title) => /^\S.*?\s\p{Ll}+s\s+(\p{Lu}.*)$/u.exec(title)?.[1] ?? title,
  },
];

/** Whether a short title's head noun names a kind of document ("FOMC statement"): a title of one word names none by itself. */
function namesAKindByItsHead(title: string, language?: string | null): boolean {
  const rule = ruleNamed(KIND_RULES, 'document-kind-title');
  return appliesTo(rule, language) && terms(title).length >= 2 && terms(title).length <= GENERIC_TITLE_WORDS && rule.test(title);
}

/**
 * Whether a text reports an action of the lexicon by a verb: inflected and read as the text's verb
 * ("raises", "approved"; not the noun of "in accordance with Rules 211": actsIn), or decided
 * ("decided today to raise", "voted to cut").
 */
function reportsAnAction(text: string): boolean {
  return reportsADecision(text) || actsIn(text).length > 0;
}

/**
 * Whether a text says a body decided an act: "decided today to raise", "voted to cut", "decided to
 * modestly reduce" (whatever it decided: the decision is the news), or the act of the lexicon it
 * will take from now, as a statement says its decision ("The Committee will maintain the target
 * range ..."; "will" alone also forecasts, so only the lexicon's acts count there).
 */
export function reportsADecision(text: string): boolean {
  if (DECIDED.test(text)) return true;
  return actionWordsIn(text).some((a) => new RegExp(String.raw`${BODY}\s+will\s+${a.word}\b`, 'u').test(text));
}

/** "decided / voted / agreed (today) to": a decision's verb, before what was decided. */
const DECIDED_TO = String.raw`(?:decided|voted|agreed)\s+(?:today\s+)?to\s+`;
/** "decided / voted / agreed (today) to (an adverb) <verb>". */
const DECIDED = new RegExp(String.raw`\b${DECIDED_TO}(?:\p{Ll}+ly\s+)?\p{Ll}{2,}`, 'u');

/** A name of capitalised words ("Federal Open Market Committee", "Board of Governors"). */
const NAMED = String.raw`\p{Lu}[\p{L}-]*(?:\s+(?:of\s+)?\p{Lu}[\p{L}-]*)*`;
/** A named body as the subject of what it will do ("The Committee", "the Federal Reserve"): a forecast's subject is a common noun ("inflation will settle"). */
const BODY = String.raw`(?<![\p{L}\p{N}])${NAMED}`;
/** A decision as a body tells it: "(..., ) the Committee (at its meeting) (also) decided to (an adverb) <verb> <the rest>". */
const BODY_DECIDED = new RegExp(String.raw`^(?:.*,\s+)?((?:the\s+)?${NAMED})(?:\s+at\s+its\s+meeting)?(?:\s+also)?\s+${DECIDED_TO}(\p{Ll}+ly\s+)?(\p{Ll}+)\b(.*)$`, 'u');

/**
 * The kind of document a title names when it says nothing of what happened: the title itself when
 * it only names one (namesAKindOfDocument), the kind part of a long title that names what was
 * published (PUBLISHED_KIND_RULES); undefined when the title says what happened.
 */
export function kindNamedBy(title: string, language?: string | null): string | undefined {
  if (namesAKindOfDocument(title, language)) return title;
  if (terms(title).length <= GENERIC_TITLE_WORDS || reportsAnAction(title)) return undefined;
  for (const rule of PUBLISHED_KIND_RULES) {
    if (!appliesTo(rule, language)) continue;
    const kind = rule.apply(title);
    if (kind !== title && namesAKindByItsHead(kind, language)) {
      fired(rule.name);
      return kind;
    }
  }
  return undefined;
}

/**
 * The sentence that says what was decided, for a title made from the document: the first of the
 * document's sentences, in its order, that reports an action ("The Committee decided to raise
 * ..."; a statement opens with its decision, a related action follows), else the lead; the lead
 * itself when it reports a decision (compose.ts leads with it), so title and lead say one thing.
 */
export function decisionSentence(lead: string | undefined, sentences: readonly string[]): string | undefined {
  if (lead && reportsADecision(lead)) return lead;
  return sentences.find(reportsAnAction) ?? lead;
}

/** What a decision sentence says, as a headline says it. */
export const DECISION_RULES: readonly RewriteRule[] = [
  {
    name: 'decided-to-headline',
    language: 'en',
    reason: 'a decision told as "X decided to raise ..." reads in a headline as the act, in the present tense ("The FOMC decided to raise its target" -> "FOMC raises its target"; "decided to modestly reduce" -> "modestly reduces")',
    apply: (t) => {
      const m = BODY_DECIDED.exec(t);
      if (!m) return t;
      const subject = m[1]!.replace(/^[Tt]he\s+(?=\p{Lu}{2,}\b)/u, '');
      // An adverb before the verb stays before it ("decided to modestly reduce" -> "modestly reduces").
      return `${subject.charAt(0).toUpperCase()}${subject.slice(1)} ${m[2] ?? ''}${presentTense(m[3]!)}${m[4]}`;
    },
  },
];
