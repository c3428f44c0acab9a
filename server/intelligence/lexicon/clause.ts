/**
 * Whether a sentence is a clause (it has a subject and a finite verb: "The FDIC is correcting a
 * final rule") or a noun phrase ("Final rule.", "Notice of public meeting.", "Request for comments
 * concerning ..."), and whether a word of it is read as its verb ("Court rules against ...") or as
 * a noun ("... in accordance with Rules 211 and 214"). compromise (an English part-of-speech
 * tagger) tags the words; the syntax around a word settles what the tagger leaves open. For English
 * only: a caller that knows a text's language asks only for English.
 */
import { LRUCache } from 'lru-cache';
import { compromise } from '../knowledge/english-lexicon.js';

interface Term {
  text: string;
  normal: string;
  tags: Set<string>;
  post: string;
}

const tagged = new LRUCache<string, Term[]>({ max: 4000 });

/** The sentence's words with compromise's tags (kept for the sentences read again: each stage reads the same leads). */
function termsOf(text: string): Term[] {
  let terms = tagged.get(text);
  if (!terms) {
    const json = compromise()(text).json() as { terms: { text: string; normal: string; tags: string[]; post: string }[] }[];
    terms = json.flatMap((s) => s.terms.map((t) => ({ text: t.text, normal: t.normal, tags: new Set(t.tags), post: t.post })));
    tagged.set(text, terms);
  }
  return terms;
}

const is = (term: Term | undefined, ...tags: string[]) => Boolean(term && tags.some((t) => term.tags.has(t)));
/**
 * A word that can end a clause's subject: a noun, a name, a number ("Thousands") or a pronoun (not a
 * possessive one); or a headline's capitalised first word, which the tagger often reads as a verb
 * ("Court rules against ...").
 */
const subjectLike = (terms: readonly Term[], i: number) => {
  const term = terms[i];
  if (!term || is(term, 'Possessive', 'Determiner', 'Preposition')) return false;
  return is(term, 'Noun', 'Pronoun', 'Value') || (i === 0 && /^\p{Lu}/u.test(term.text));
};
/** A word that opens or stands in a noun phrase: after it, a word is a noun ("the cuts", "with Rules", "Capital's rules"). */
const nounOpener = (term: Term | undefined) => is(term, 'Determiner', 'Preposition', 'Possessive', 'Adjective', 'Value');
/** A number that names what comes before it ("Rules 211 and 214", "Form 4"), not one that counts what follows ("convicts twelve men"). */
const designation = (terms: readonly Term[], i: number) => is(terms[i], 'Value') && !is(terms[i + 1], 'Noun', 'Adjective');
/** Punctuation after a word that ends a heading or a clause without an object: a colon, a semicolon, a dash. */
const headingEnd = (term: Term) => /[:;–—]/.test(term.post);

/**
 * Whether the verb at `i` is finite with a subject before it: a tense, a modal or the copula
 * ("is", "raised", "must"), not a participle or an infinitive ("desiring", "to alter"), and not
 * the first word (an imperative or a caption: "Request for comments", "Proposed rule"). A verb in
 * its base form ("arrive") agrees with a plural subject or a pronoun before it ("Migrants arrive"),
 * not with a singular noun ("a supplement grant").
 */
function finiteAt(terms: readonly Term[], i: number): boolean {
  const term = terms[i]!;
  const b = beforeAdverbs(terms, i);
  const before = terms[b];
  // The tagger's imperative is the first word's ("Request for comments"); after a subject and its
  // aside ("We, the Widget Service, announce ...") it is a base form like any other.
  if (b < 0 || !is(term, 'Verb')) return false;
  if (is(term, 'Copula', 'Modal', 'Auxiliary')) return true;
  if (is(term, 'Gerund') || before?.normal === 'to' || is(before, 'Modal', 'Auxiliary')) return false;
  if (is(term, 'Infinitive', 'Imperative')) return subjectLike(terms, b) && pluralBefore(terms, i);
  // A passive participle without its auxiliary ("the Center operated by ...") describes a noun; a
  // verb right after "and" ("blouses and tops") joins a verb before it, which counts by itself.
  if (is(term, 'Passive') || before?.normal === 'and' || before?.normal === 'or') return false;
  // Two verbs side by side, the first no auxiliary: the second is a participle ("tops made from");
  // a headline's first word aside, which the tagger often reads as a verb ("Fed raises").
  if (b > 0 && is(before, 'Verb') && !is(before, 'Copula', 'Modal', 'Auxiliary')) return false;
  // A past form after a preposition's object and before a preposition is a participle ("tops made
  // from ..."); one with its own object is the verb ("The Committee on Friday announced its ...").
  if (is(term, 'PastTense') && is(terms[i + 1], 'Preposition') && inPrepositionalPhrase(terms, i)) return false;
  return is(term, 'PastTense', 'PresentTense') && !is(before, 'Determiner', 'Preposition', 'Possessive', 'Adjective');
}

/** The word before `i` that is no adverb ("agents increasingly rely": "agents"); -1 at the start. */
function beforeAdverbs(terms: readonly Term[], i: number): number {
  let j = i - 1;
  while (j > 0 && is(terms[j], 'Adverb') && !/,/.test(terms[j]!.post)) j--;
  return j;
}

/**
 * A plural subject before `i`, for a verb in its base form ("Migrants arrive", "Authorities in
 * Aville close"): a plural noun, a number, a pronoun, or two joined by "and" ("X and Y augment").
 */
const pluralBefore = (terms: readonly Term[], i: number) => terms.slice(0, i).some((t) => (is(t, 'Plural', 'Pronoun', 'Value') && !is(t, 'Possessive')) || t.normal === 'and');

const canBeVerb = new LRUCache<string, boolean>({ max: 2000 });
/** Whether compromise reads a word as a verb after a subject ("it launches", "they offer"). */
function verbForm(word: string, subject: 'it' | 'they'): boolean {
  const key = `${subject} ${word}`;
  let found = canBeVerb.get(key);
  if (found === undefined) canBeVerb.set(key, (found = is(termsOf(key)[1], 'Verb')));
  return found;
}

/**
 * Whether a word the tagger read as a noun is the verb, as the syntax around it says: a subject
 * right before it (no adjective, article or preposition), an object or a complement after it (not a
 * number, not the end of a heading), and a verb form that agrees ("Russian rocket launches a crew",
 * "This study aims to ...", "Government cuts Medicare payments"; not "with Rules 211", "Capital
 * Rules: ...", "the lessons").
 */
function nounAsVerbAt(terms: readonly Term[], i: number): boolean {
  const term = terms[i]!;
  const after = terms[i + 1];
  const b = beforeAdverbs(terms, i);
  if (b < 0 || !is(term, 'Noun') || is(term, 'ProperNoun', 'Possessive', 'Pronoun') || headingEnd(term)) return false;
  // A list of nouns ("skirts, blouses and tops") is no subject and its verb; a noun's "of" follows a noun ("rules of origin").
  if (!subjectLike(terms, b) || is(terms[b], 'Adjective') || /,/.test(terms[b]!.post) || !after || designation(terms, i + 1) || ['and', 'or', 'of'].includes(after.normal)) return false;
  // The tagger reads any unknown word after "they" as a verb: a name ("(RHYTTAC)", "Center") is none.
  if (is(term, 'Acronym') || /^\p{Lu}{2,}/u.test(term.text)) return false;
  return /s$/.test(term.normal) ? verbForm(term.normal, 'it') : /^\p{Ll}/u.test(term.text) && pluralBefore(terms, i) && verbForm(term.normal, 'they');
}

/**
 * Whether the noun phrase before `i` is a preposition's object ("comments on rules for tops made
 * from ..."): a past form after it is a participle describing it, since a clause's subject is no
 * preposition's object. "of" aside: its phrase belongs to the noun before it ("Members of the
 * Board approved ...").
 */
function inPrepositionalPhrase(terms: readonly Term[], i: number): boolean {
  let j = i - 1;
  // A comma ends the phrase: "For 1998, the Committee agreed on ..." has its subject after it.
  while (j >= 0 && !/,/.test(terms[j]!.post) && (is(terms[j], 'Noun', 'Adjective', 'Determiner', 'Value') || terms[j]!.normal === 'and' || terms[j]!.normal === 'or')) j--;
  return j >= 0 && j < i - 1 && is(terms[j], 'Preposition') && terms[j]!.normal !== 'of';
}

/** Whether a sentence is a clause with a finite verb (finiteAt), not a noun phrase or a caption. */
export function isClause(sentence: string): boolean {
  const terms = termsOf(sentence);
  return terms.some((_, i) => finiteAt(terms, i)) || terms.some((_, i) => nounAsVerbAt(terms, i));
}

/**
 * Whether `word` (lower case, as the text writes it) is read as a verb where the text says it: as
 * compromise tags it, else (tagged a noun) where it can only be a verb, with a subject right before
 * it and its object or complement after it. "Court rules against Apple" reads "rules" as the act;
 * "with Rules 211 and 214" (after a preposition, before a number) and "Capital Rules: ..." (a
 * heading) as a noun.
 */
export function usedAsVerb(text: string, word: string): boolean {
  const terms = termsOf(text);
  return terms.some((term, i) => {
    if (term.normal !== word && term.text.toLowerCase() !== word) return false;
    if (is(term, 'Verb')) return i > 0 && !nounOpener(terms[i - 1]);
    return nounAsVerbAt(terms, i);
  });
}

/**
 * How the tagger reads each word of a text where it stands, by where the word starts: a finite
 * verb ("cuts" of "NoT cuts stakeholder collapse by 31%"; not "rate" of "the federal funds rate"),
 * or a small word that ends no phrase (a preposition, conjunction, determiner, adverb or
 * comparative: "vs", "later").
 */
export function wordRolesAt(text: string): Map<number, 'finite-verb' | 'small-word'> {
  const terms = termsOf(text);
  const starts = startsOf(text, terms);
  const roles = new Map<number, 'finite-verb' | 'small-word'>();
  starts?.forEach((start, i) => {
    if (finiteAt(terms, i)) roles.set(start, 'finite-verb');
    else if (is(terms[i], 'Preposition', 'Conjunction', 'Determiner', 'Comparative') || (is(terms[i], 'Adverb') && !is(terms[i], 'Noun', 'Adjective'))) roles.set(start, 'small-word');
  });
  return roles;
}

/*
 * A long sentence made a headline by its syntax, after Hedge Trimmer (Dorr, Zajic & Schwartz,
 * 2003: "a parse-and-trim approach to headline generation"): keep the main clause, its subject,
 * finite verb and object; drop what comes before the subject (a preposed phrase or a subordinate
 * clause), an adverb set off by commas, and, while the headline is long, the trailing phrases. Every
 * cut falls at a boundary the tagger finds (a comma before a participle or a subordinate clause, a
 * preposition after the object), never at a count of characters, so what is left is whole.
 */

/** Where each term starts in the text, or undefined when the tagger changed a word's spelling. */
function startsOf(text: string, terms: readonly Term[]): number[] | undefined {
  const starts: number[] = [];
  let at = 0;
  for (const term of terms) {
    const found = text.indexOf(term.text, at);
    if (found < 0) return undefined;
    starts.push(found);
    at = found + term.text.length;
  }
  return starts;
}

/** A number (the tagger's, or any word with a digit: "6-1/2") or a place: the news a headline keeps. */
const numberOrPlace = (term: Term) => is(term, 'Value', 'Place') || /\d/.test(term.text);
/** The indices of the terms that open a comma-delimited part of the sentence, the first one included. */
const partStarts = (terms: readonly Term[]) => terms.flatMap((_, i) => (i === 0 || /,/.test(terms[i - 1]!.post) ? [i] : []));
/** A word that opens a phrase that is no main clause: a preposition, a conjunction, an adverb, a participle, "to" ("In light of ...", "although ...", "keeping ..."). */
const opensAdjunct = (term: Term | undefined) => is(term, 'Preposition', 'Conjunction', 'Adverb', 'Gerund', 'QuestionWord') || term?.normal === 'to';
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The sentence from its main clause's subject on: a sentence that opens with a preposed phrase or a
 * subordinate clause ("In these circumstances, although recent data suggest ..., the FOMC judges
 * ...") is the first comma-delimited part on that opens with no such word and holds a clause ("The
 * FOMC judges ..."); without a comma ("At its next meeting the Committee will assess ..."), the
 * subject is the noun phrase before the first finite verb. A part that opens with a verb has no
 * subject of its own ("..., Mariam Malak, says ..."). A sentence that opens with its subject is
 * left as it is.
 */
export function mainClause(sentence: string): string {
  const terms = termsOf(sentence);
  const starts = startsOf(sentence, terms);
  if (!starts || !opensAdjunct(terms[0])) return sentence;
  const parts = partStarts(terms);
  // An adverb that opens a first part that is a clause is the clause's own ("At least three people die, 27 are injured, ...").
  if (parts.length > 1 && is(terms[0], 'Adverb') && isClause(sentence.slice(0, starts[parts[1]!]))) return sentence;
  for (const [k, p] of parts.entries()) {
    // An adverb may open the main clause ("..., approximately 6,500 migrants arrive").
    // The part opens with its subject: "..., says she is ..." has none.
    if (k === 0 || (opensAdjunct(terms[p]) && !is(terms[p], 'Adverb')) || is(terms[p], 'Verb')) continue;
    const part = sentence.slice(starts[p], starts[parts[k + 1] ?? terms.length] ?? sentence.length);
    if (isClause(part)) return capitalised(sentence.slice(starts[p]));
  }
  const verb = terms.findIndex((_, i) => finiteAt(terms, i));
  const subject = verb > 0 ? subjectStart(terms, verb) : -1;
  const preposed = terms.slice(0, Math.max(subject, 0));
  const plain = !preposed.some((t) => is(t, 'Verb') || /,/.test(t.post));
  return subject > 0 && is(terms[0], 'Preposition') && plain ? capitalised(sentence.slice(starts[subject])) : sentence;
}

/** Where the noun phrase before a verb starts: back over nouns and adjectives to its determiner ("... meeting the Committee will": "the"). */
function subjectStart(terms: readonly Term[], verb: number): number {
  let i = beforeAdverbs(terms, verb);
  if (!is(terms[i], 'Noun', 'Pronoun')) return -1;
  while (i > 0 && !/,/.test(terms[i - 1]!.post) && !is(terms[i], 'Determiner') && is(terms[i - 1], 'Noun', 'Adjective', 'Determiner', 'Value')) i--;
  return i;
}

/**
 * The sentence without an adverb set off by commas between its subject and its verb ("The
 * Committee, nonetheless, recognizes ..." -> "The Committee recognizes ..."): a part of one to
 * three words, none a noun or a verb.
 */
export function withoutAsideAdverbs(sentence: string): string {
  const terms = termsOf(sentence);
  const starts = startsOf(sentence, terms);
  if (!starts) return sentence;
  const parts = partStarts(terms);
  for (const [k, p] of parts.entries()) {
    const end = parts[k + 1];
    if (k === 0 || end === undefined || end - p > 3 || terms.slice(p, end).some((t) => is(t, 'Noun', 'Verb', 'Value'))) continue;
    // Between the subject and its verb only: "a rare, incurable, brain disorder" lists adjectives.
    if (!is(terms[p - 1], 'Noun') || !is(terms[end], 'Verb')) continue;
    // From the comma before the aside to the comma after it: one comma stays out.
    const from = starts[p - 1]! + terms[p - 1]!.text.length;
    const to = starts[end - 1]! + terms[end - 1]!.text.length + 1;
    return withoutAsideAdverbs(sentence.slice(0, from) + sentence.slice(to));
  }
  return sentence;
}

/**
 * The clause without its trailing part after the main verb: a comma before a participle, a
 * subordinate clause, an adverb or a prepositional phrase (", keeping its target ...", ", though
 * at a slower pace", ", mostly from ...", ", which ..."), or before "and" with a second clause (",
 * and it is maintaining ..."); a list's last item (", and the Term Securities Lending Facility")
 * stays, and so does a part with a number or a place (the news: ", keeping its target at 6-1/2
 * percent", ", in an airstrike on a suburb of Sana'a").
 */
export function withoutTrailingPart(clause: string): string {
  const terms = termsOf(clause);
  const starts = startsOf(clause, terms);
  const verb = terms.findIndex((_, i) => finiteAt(terms, i) || nounAsVerbAt(terms, i));
  const parts = partStarts(terms);
  // The main verb in the first part: else the clause has a part this step cannot read, and stays.
  if (!starts || verb < 0 || (parts[1] ?? Infinity) < verb) return clause;
  const cut = parts.find((p, k) => {
    // A part that opens with "of" belongs to the noun before it ("the emergence, or potential emergence, of ...").
    if (p <= verb || terms[p]!.normal === 'of' || terms.slice(p).some((t) => numberOrPlace(t))) return false;
    const rest = clause.slice(starts[p], starts[parts[k + 1] ?? terms.length] ?? clause.length);
    return ['and', 'or', 'but'].includes(terms[p]!.normal) ? isClause(rest.replace(/^\S+\s+/, '')) : opensAdjunct(terms[p]);
  });
  return cut === undefined ? clause : clause.slice(0, starts[cut]).replace(/[\s,]+$/, '');
}

/**
 * The clause without a second predicate joined to it by "and" after its main verb ("The Committee
 * will maintain the target range ... and continues to anticipate that ..."): another statement.
 * The verb after "and" is finite in its own right (present or past, not a gerund or an infinitive:
 * "investment and staffing" is a noun's list), and nothing is cut that holds a number or a place
 * ("approved the plan and raised the fee to 5 percent").
 */
export function withoutSecondPredicate(clause: string): string {
  const terms = termsOf(clause);
  const starts = startsOf(clause, terms);
  const verb = terms.findIndex((_, i) => finiteAt(terms, i) || nounAsVerbAt(terms, i));
  if (!starts || verb < 0) return clause;
  const and = terms.findIndex((t, i) => i > verb + 1 && t.normal === 'and' && secondPredicateAt(terms, verb, i));
  return and < 0 ? clause : clause.slice(0, starts[and]).replace(/[\s,]+$/, '');
}

/**
 * Whether the "and" at `and` opens a second predicate: after a noun (the first one's object, not a
 * verb: "trained and evaluated" is one), with no comma since the main verb (a list: "head, neck and
 * hands", "dissolves ..., creates ..., and dismisses ..."), a finite verb after it with words of its
 * own, and no number or place from there on.
 */
function secondPredicateAt(terms: readonly Term[], verb: number, and: number): boolean {
  const next = terms[and + 1];
  return (
    is(terms[and - 1], 'Noun') &&
    !is(terms[and - 1], 'Verb') &&
    !terms.slice(verb, and).some((t) => t.post.includes(',')) &&
    is(next, 'PresentTense', 'PastTense') &&
    !is(next, 'Gerund', 'Infinitive', 'Participle') &&
    and + 2 < terms.length &&
    !terms.slice(and).some((t) => numberOrPlace(t))
  );
}

/**
 * The clause's prefixes without trailing prepositional phrases, longest first: each cut before a
 * preposition (not "of", which belongs to its noun) that follows the verb's object, a noun; no verb
 * on either side of the cut after the main verb's group (a phrase of a clause inside the object,
 * "... after a car veers off ...", or a phrase that carries a verb, "... with the party returning
 * to power", is no trailing phrase of the main clause); and
 * leaves out no number and no place (the news: "... by 25 basis points to 5 percent", "... in Prague"), and keeps no
 * comma after the verb (a cut inside a list would leave it half: "... of supply and demand, conditions").
 */
export function withoutTrailingPhrases(clause: string): string[] {
  const terms = termsOf(clause);
  const starts = startsOf(clause, terms);
  const verb = terms.findIndex((_, i) => finiteAt(terms, i) || nounAsVerbAt(terms, i));
  if (!starts || verb < 0) return [];
  // The verb group: the finite verb and the verbs and adverbs right after it ("is maintaining", "was concerned").
  let group = verb;
  while (is(terms[group + 1], 'Verb', 'Adverb')) group++;
  const cuts = terms.flatMap((t, i) => {
    // A gerund after a preposition is a noun ("its policy of reinvesting payments"); any other verb
    // opens a phrase or a clause whose own phrases these are ("an injunction ordering a halt to ...").
    const kept = terms.slice(group + 1, i).map((_, j) => group + 1 + j);
    const verbal = (j: number) => (is(terms[j], 'Verb') && !(is(terms[j], 'Gerund') && is(terms[j - 1], 'Preposition'))) || nounAsVerbAt(terms, j);
    const whole = !kept.some(verbal) && !terms.slice(verb, i - 1).some((u) => /,/.test(u.post));
    const droppable = i > group + 1 && whole && is(t, 'Preposition') && t.normal !== 'of' && is(terms[i - 1], 'Noun') && !/,/.test(terms[i - 1]!.post);
    const tail = terms.slice(i).map((_, j) => i + j);
    const news = tail.some((j) => numberOrPlace(terms[j]!) || is(terms[j], 'Gerund') || finiteAt(terms, j));
    return droppable && !news ? [i] : [];
  });
  return cuts.reverse().map((i) => clause.slice(0, starts[i]).trimEnd());
}

/**
 * Whether a text stops mid-phrase, as a string cut by its length does: on an ellipsis, on a comma,
 * colon or dash, or on a word that opens a phrase (a determiner, a preposition, a conjunction:
 * "... the effect of", "... rules and").
 */
export function endsMidPhrase(text: string): boolean {
  const trimmed = text.trim();
  if (/(?:\.\.\.|…|[,:;(–—-])$/.test(trimmed)) return true;
  const last = termsOf(trimmed).at(-1);
  return is(last, 'Determiner', 'Preposition', 'Conjunction') && !is(last, 'Noun');
}
