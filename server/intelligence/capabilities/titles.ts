import { federalRegisterTitle } from '../../documents/formats/index.js';
import { terms } from '../../search/terms.js';
import { isClause, mainClause, withoutAsideAdverbs, withoutSecondPredicate, withoutTrailingPart, withoutTrailingPhrases } from '../lexicon/clause.js';
import { anyRule, appliesTo, fired, rewrite, ruleNamed, type NamedRule, type RewriteRule, type TextRule } from '../rules.js';
import { decisionSentence, DECISION_RULES, KIND_RULES, kindNamedBy, PUBLISHED_KIND_RULES } from './document-kinds.js';

/*
 * The titles of articles: the document's own when it says what happened, else its kind with the
 * date and the lead ("FOMC statement, Feb 1, 1995: ..."), a headline made from a one-line item's
 * sentence, a notice's title without its filing words, and a date in front of a title the reader
 * already has. A publisher's title formulas (Federal Register notices, SEC rule filings) are the
 * document normaliser's (documents/formats/), at ingest. What names a kind of document and the
 * decision it reports: document-kinds.ts.
 */

const TITLE_MAX = 120;
/**
 * The longest headline the engine offers while a shorter whole one exists (fitting): about a dozen
 * words with a date in front of it. It never cuts: a longer headline stays whole. A source's own
 * title is kept to TITLE_MAX (wholeClauses), not to this.
 */
const HEADLINE_MAX = 110;
/** An abbreviation in a title ("FOMC", "SEC"). */
const ABBREVIATION = /\b\p{Lu}{2,6}\b/gu;
/** A full stop that ends an abbreviation, not a sentence: "U.S.", "B&G Foods Inc.". */
const ABBREVIATION_END = /(?:\b(?:\p{Lu}\.){1,3}|\b(?:Inc|Co|Corp|Ltd|Jr|Sr|St|No|Bros|Dr|Mr|Mrs|Ms|Gen|Gov|Sen|Rep)\.)$/u;

/** A title that is a whole sentence (a one-line item's) reads as a headline: no full stop, asides left out. */
export const SENTENCE_TITLE_RULES: readonly TextRule[] = [
  {
    name: 'sentence-title',
    language: 'en',
    reason: 'a title of five words or more that ends in a full stop (not an abbreviation\'s: "U.S.", "Inc.") is a sentence, written as a headline',
    test: (title) => /[^.]\.$/.test(title) && !ABBREVIATION_END.test(title) && title.split(/\s+/).length >= 5,
  },
];

/** What a lead carries in front of what happened. */
export const LEAD_RULES: readonly RewriteRule[] = [
  {
    name: 'release-line-lead',
    language: 'en',
    reason: 'a release line ("For immediate release", "Press release") in front of the lead is no part of what happened',
    apply: (lead) => lead.replace(/^(?:for immediate release|press release)[\s:.-]*/i, ''),
  },
];

export const TODAY_RULES: readonly RewriteRule[] = [
  // It goes first: "decided today to keep" must read as the verb's object, not a purpose.
  {
    name: 'drop-today',
    language: 'en',
    reason: '"today" in a headline under a date says nothing ("The FOMC voted today to raise" -> "The FOMC voted to raise")',
    apply: (lead) => lead.replace(/\s+today\b(?!['’])/i, ''),
  },
];

/** Title rules written as code in articleTitle and briefly. */
export const TITLE_CODE_RULES: readonly NamedRule[] = [
  { name: 'ellipsis-title', language: '*', reason: 'a title the source cut with an ellipsis is no title: the headline is the lead\'s, or the title without the ellipsis' },
  { name: 'cut-at-stop-title', language: '*', reason: 'a title cut at an abbreviation\'s full stop ("led by Aksel V.") that the lead goes on from: the headline is the lead\'s' },
  {
    name: 'acronym-for-name',
    language: 'en',
    reason: 'a name the title abbreviates is written as its abbreviation in the headline ("Federal Open Market Committee" under "FOMC statement" -> "FOMC")',
  },
];

export const shortDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
};

/**
 * The article's title: the document's own, unless it only names a kind of document. Then many
 * articles would share it (fourteen "FOMC statement"s), so it is followed by the document's date
 * and what happened, the article's lead made a headline: "FOMC statement, Aug 8, 2006: The FOMC
 * decided to keep its target for the federal funds rate at 5-1/4 percent". A title is whole: the
 * source's own when it says what happened, or a headline written from the lead; never cut with "...".
 */
export function articleTitle(title: string, date: string, lead: string | undefined, language?: string | null, sentences: readonly string[] = []): string {
  const own = title.trim() || 'Untitled';
  // A one-line item's title is its sentence cut short ("Following Austria's and Germany's decision
  // to waive ..., approximately 6,500 migrants – mostly from Syria, Iraq, and Afghanistan –..."):
  // the headline is that sentence made short ("Approximately 6,500 migrants arrive in Vienna").
  const sentence = lead?.replace(/\s*\[\d+\]\s*$/, '').trim();
  const cut = own.replace(/\s*(?:\.\.\.|…)$/, '');
  // Or cut at an abbreviation's full stop ("U.S.", "led by Aksel V."): the lead goes on from it.
  const cutAtStop = own.endsWith('.') && !!sentence && sentence.length > own.length + 1 && sentence.startsWith(own);
  // A title the source cut with an ellipsis is no title: the headline is the lead's.
  if ((cut !== own || cutAtStop) && sentence) {
    fired(cut !== own ? 'ellipsis-title' : 'cut-at-stop-title');
    return headlineOf(sentence, language);
  }
  if (cut !== own) {
    fired('ellipsis-title');
    return cut;
  }
  if (anyRule(SENTENCE_TITLE_RULES, own, language)) return headlineOf(own, language);
  // A Federal Register title's formulas go at ingest (documents/formats/); a document stored before
  // that still has them, and the rules leave a clean title as it is.
  const kind = kindNamedBy(own, language);
  if (!kind) return wholeClauses(federalRegisterTitle(own));
  const when = shortDate(date);
  const head = when ? `${kind}, ${when}` : kind;
  // What happened: the decision the document reports, else its lead.
  const decision = decisionSentence(sentence, sentences);
  const what = decision === undefined ? undefined : rewrite(LEAD_RULES, decision.replace(/\s*\[\d+\]\s*$/, ''), language).trim();
  // A lead that only repeats the title adds nothing.
  if (!what || terms(what).every((w) => terms(kind).includes(w))) return head;
  const short = briefly(what, kind, language);
  // Too long with the kind of document in front: the date alone keeps it distinct ("Nov 16, 1999:
  // The FOMC voted to raise its target ... by 25 basis points to 5-1/2 percent"); never cut.
  return fitting(`${head}: ${short}`, when ? `${when}: ${short}` : short);
}

/**
 * What happened, as short as the lead allows: made a headline (headlineOf), without "today", and
 * with a name the title abbreviates written as its abbreviation ("The Federal Open Market
 * Committee today voted to raise..." under "FOMC statement" -> "The FOMC voted to raise...").
 */
function briefly(lead: string, title: string, language?: string | null): string {
  const what = rewrite(TODAY_RULES, lead.replace(/\.$/, ''), language);
  // The decision read as a headline once the names are short ("The FOMC decided to raise" -> "FOMC raises").
  return headlineOf(rewrite(DECISION_RULES, withAcronyms(what, title, language), language), language);
}

/** A name the title abbreviates written as its abbreviation (acronym-for-name). */
function withAcronyms(text: string, title: string, language?: string | null): string {
  if (!appliesTo(ruleNamed(TITLE_CODE_RULES, 'acronym-for-name'), language)) return text;
  let what = text;
  for (const acronym of new Set(title.match(ABBREVIATION) ?? [])) {
    // Small words between the spelt-out words ("Federal Open Market Committee", "Board of Governors").
    const small = String.raw`(?:(?:of|and|the|for|on|in|to)\s+)*`;
    const spelt = [...acronym].map((letter) => `${letter}[\\p{L}'’-]*`).join(String.raw`\s+` + small);
    what = what.replace(new RegExp(String.raw`\b${spelt}\b`, 'u'), acronym);
  }
  if (what !== text) fired('acronym-for-name');
  return what;
}

/** "to" and a verb of purpose, not after a verb that takes "to" as its object ("agree to discuss", "plans to stop"). */
/** Verbs (and words) that take "to" as their object's start: "agree to discuss" is no purpose. */
const TAKES_TO = [
  'agree[sd]?', 'plans?', 'planned', 'votes?', 'voted', 'decides?', 'decided', 'refuse[sd]?', 'wants?',
  'wanted', 'tr(?:y', 'ies', 'ied)', 'seeks?', 'sought', 'aims?', 'expected', 'begins?', 'began',
  'continues?', 'continued', 'ask(?:s', 'ed)?', 'urge[sd]?', 'fail(?:s', 'ed)?', 'needs?', 'needed', 'able',
  'likely', 'going', 'has', 'have', 'had', 'is', 'are', 'was', 'were', 'order', 'so as',
];
/** Verbs of a purpose after "to". */
const PURPOSE_VERBS = [
  'prevent', 'stop', 'avoid', 'allow', 'help', 'ensure', 'discuss', 'protest', 'demand', 'start', 'block',
  'keep', 'protect', 'support', 'counter', 'curb', 'ease', 'boost',
];
const PURPOSE = new RegExp(String.raw`(?<!\b(?:${TAKES_TO.join('|')}))\s+to\s+(?:${PURPOSE_VERBS.join('|')})\b`, 'g');

/**
 * A sentence as a headline: without its asides between dashes or in brackets, a lead-in clause
 * ("Following ..., "), a descriptive phrase after the subject ("Hundreds of people, tired of
 * waiting ..., broke out" -> "Hundreds of people broke out") and a trailing clause (", past police
 * ...", ", after ..."), each only while the headline is long; no final full stop.
 */
export function headlineOf(sentence: string, language?: string | null): string {
  // No full stop, unless it ends an abbreviation of letters and stops ("5:00 p.m.", "the U.S.").
  let h = (/(?:^|[\s(])(?:\p{L}\.){2,}$/u.test(sentence.trim()) ? sentence : sentence.replace(/[.。]$/, '')).trim();
  for (const rule of HEADLINE_RULES) {
    if (h.length <= HEADLINE_LENGTH || !appliesTo(rule, language)) continue;
    const out = rule.apply(h);
    if (out !== h) fired(rule.name);
    h = out;
  }
  return h;
}

/**
 * A headline's length the steps of headlineOf aim at: about a dozen words, a wire headline's. It
 * decides only whether another step is taken, each cutting at a boundary the tagger finds.
 */
const HEADLINE_LENGTH = 80;

/** Words before a participle that make it a passive verb, not a phrase after a noun. */
const PASSIVE_AUXILIARY = /^(?:is|are|was|were|be|been|being|get|gets|got|has|have|had|not|also|then)$/;

/** Steps that make a long sentence a headline, in order, each taken only while it is longer than HEADLINE_LENGTH. */
export const HEADLINE_RULES: readonly RewriteRule[] = [
  {
    name: 'second-clause',
    language: '*',
    reason: 'a second clause after a semicolon ("... wins the elections; the new government is expected to ...") is another statement',
    apply: (t) => {
      const at = t.indexOf('; ', 30);
      return at > 0 ? t.slice(0, at) : t;
    },
  },
  {
    name: 'asides',
    language: '*',
    reason: 'an aside between dashes or in brackets is no part of the headline',
    apply: (t) => t.replace(/\s[–—]\s[^–—]{1,100}?\s[–—](?=\s)/g, '').replace(/\s\([^()]{1,80}\)/g, ''),
  },
  {
    name: 'main-clause',
    language: 'en',
    reason: 'what comes before the main clause\'s subject (a preposed phrase, a subordinate clause: "In these circumstances, although ..., the FOMC judges ...") and an adverb set off by commas are the setting, the headline is the main clause',
    apply: (t) => withoutAsideAdverbs(mainClause(t)),
  },
  {
    name: 'descriptive-phrase',
    language: 'en',
    reason: 'a phrase describing the subject ("Hundreds of people, tired of waiting ..., broke out") is left out',
    apply: (t) => t.replace(/^((?:\S+\s+){0,3}\S+),\s+\p{Ll}+(?:ed|ing)\b[^,]{0,80},\s+(?=\p{Ll})/u, '$1 '),
  },
  {
    name: 'trailing-clause',
    language: 'en',
    reason: 'a trailing clause after the 40th character (", after ...", ", past police ...", ", which ...") is detail',
    apply: (t) => {
      const at = t.slice(40).search(/,\s+(?:after|as|while|amid|following|past|with|which|who|including|where|when|\d+ of (?:which|whom|them))\b/);
      return at >= 0 ? t.slice(0, 40 + at) : t;
    },
  },
  {
    name: 'purpose-clause',
    language: 'en',
    reason: 'a purpose at the end ("... close the station to prevent migrants from boarding") is detail; a verb\'s object ("agree to discuss") is not',
    apply: (t) => {
      // Searched in the whole headline: the verb before "to" may begin before the 40th character.
      const at = [...t.matchAll(PURPOSE)].find((m) => m.index >= 40)?.index ?? -1;
      // Not a second purpose joined to a first ("To support growth and to help ensure ..."): a headline never ends on "and".
      return at >= 0 && !/\s(?:and|or|nor|but)$/.test(t.slice(0, at)) ? t.slice(0, at) : t;
    },
  },
  {
    name: 'trailing-part',
    language: 'en',
    reason: 'a part after the main verb set off by a comma and opened by a participle, a conjunction, an adverb or a preposition (", keeping its target ...", ", though at a slower pace"), or a second clause after ", and", is detail unless it holds a number',
    apply: withoutTrailingPart,
  },
  {
    name: 'second-predicate',
    language: 'en',
    reason: 'a second predicate joined by "and" after the main verb\'s object ("The Committee will maintain the target range ... and continues to anticipate that ...") is another statement, unless it holds a number or a place',
    apply: withoutSecondPredicate,
  },
  {
    name: 'agent-phrase',
    language: 'en',
    reason: 'in a headline too long to offer, a participle with its agent ending the sentence ("... approved requests submitted by the Boards of Directors of ...") says who made the thing, detail; a passive verb ("was approved by"), or an agent the sentence goes on after, is the clause\'s own',
    apply: (t) => {
      // Only for a headline longer than a title is kept to (TITLE_MAX): who divided the families of "reunions for families divided by the Korean War" is the news.
      if (t.length <= TITLE_MAX) return t;
      // Only where the agent ends the sentence: "the migrants rescued by the coast guard are safe" goes on with its verb.
      const at = [...t.matchAll(/(?<=\s)(\p{Ll}+)\s+\p{Ll}+(?:ed|en)\s+by\s/gu)].find((m) => m.index >= 20 && !PASSIVE_AUXILIARY.test(m[1]!) && !isClause(t.slice(m.index + m[0].length)))?.index ?? -1;
      return at >= 0 ? t.slice(0, at + t.slice(at).indexOf(' ')) : t;
    },
  },
  {
    name: 'trailing-phrases',
    language: 'en',
    reason: 'prepositional phrases after the object ("... its policy of reinvesting payments from its holdings of ...") are dropped from the end while the headline is long, never one with a number',
    apply: (t) => {
      const shorter = withoutTrailingPhrases(t);
      return shorter.find((s) => s.length <= HEADLINE_LENGTH) ?? shorter.at(-1) ?? t;
    },
  },
];

/** The first of `titles` within HEADLINE_MAX characters, else the shortest: whole either way, never cut. */
function fitting(...titles: string[]): string {
  return titles.find((t) => t.length <= HEADLINE_MAX) ?? [...titles].sort((a, b) => a.length - b.length)[0]!;
}

/**
 * A long title's leading clauses (up to a semicolon or a colon) that fit TITLE_MAX and keep at
 * least half of it ("Agency Information Collection Activities; ..." kept to what it collects);
 * else the whole title: a title is never cut inside a clause, nor given an ellipsis. A colon
 * followed by more than it ends is a subtitle, which says what a paper found ("Decoherence as
 * Defence: How ..."): no end either.
 */
function wholeClauses(text: string): string {
  if (text.length <= TITLE_MAX) return text;
  const head = text.slice(0, TITLE_MAX + 1);
  const colon = head.lastIndexOf(': ');
  const clause = Math.max(head.lastIndexOf('; '), colon >= text.length - colon ? colon : -1);
  return clause >= TITLE_MAX / 2 ? text.slice(0, clause) : text;
}

/**
 * A title another of the reader's articles already has (whoever wrote it: the built-in engine or
 * a model), made distinct: led by the document's date ("Aug 21, 2001: FOMC statement and Board
 * approval of discount rate requests of ..."), which a title that names a kind of document already
 * carries; the title stays whole.
 */
export function distinctTitle(title: string, date: string): string {
  const when = shortDate(date);
  if (!when || title.includes(when)) return title;
  return `${when}: ${title}`;
}

/** Every title rule, for the counts of scripts/eval-rules.ts. */
export const ALL_TITLE_RULES: readonly NamedRule[] = [...KIND_RULES, ...PUBLISHED_KIND_RULES, ...DECISION_RULES, ...SENTENCE_TITLE_RULES, ...LEAD_RULES, ...TODAY_RULES, ...HEADLINE_RULES, ...TITLE_CODE_RULES];
