/**
 * The built-in engine's AI profile of a user: which industries they work in, the organisations,
 * places, products and markets they watch, what they are responsible for, and a paragraph that
 * says it in words. Built from the profile form, answers to clarifying questions and the
 * interview, with the same readers as topics (compromise, the world and profile lexicons).
 */
import type Compromise from 'compromise';
import { lazyRequire } from '../../lazy.js';
import { INDUSTRIES } from '../../../contract/collections.js';
import { countriesOf, memberOf } from '../knowledge/places.js';
import { cueText, saysCue } from '../lexicon/word-forms.js';
import { isOrganisation } from '../lexicon/wordnet.js';
import { INDUSTRY_KNOWLEDGE, ROLE_RESPONSIBILITIES } from './profile-lexicon.js';
import { findEntities, findPlaces, hasPhrase, isKnownWord, isProperInLexicon, listing, meaningfulTerms, normalizeTopicName, sentenceCase, wordsOf } from './topic-analysis.js';
import { broadExamples, broadSubjectOf, unknownWords } from './topic-clarity.js';
import { BROAD } from './world.js';

const compromise = lazyRequire<typeof Compromise>('compromise');

export interface ProfileFacts {
  firstName: string;
  title: string;
  organization: string;
  location: string;
  interests: string;
  /** Answers to clarifying questions and interview replies, oldest first. */
  answers: string[];
  /** Industry values or labels chosen in the interview (they come first). */
  chosenIndustries?: string[];
  /** Places chosen in the interview. */
  chosenPlaces?: string[];
  /** A role chosen in the interview. */
  chosenRole?: string;
}

export interface AiProfile {
  gpt_profile: string;
  places_jurisdictions: string[];
  organizations: string[];
  products_markets: string[];
  gpt_industries: string[];
  gpt_responsibilities: string[];
}

const labelOf = (value: string) => INDUSTRIES.find((i) => i.value === value || i.label.toLowerCase() === value.toLowerCase())?.label;
const unique = (items: string[]) => {
  const seen = new Set<string>();
  return items.filter((i) => {
    const k = i.trim().toLowerCase();
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

/**
 * The phrases of an interests text: split at commas, semicolons, new lines, slashes and "and"
 * between phrases, each tidied into a topic-like name ("I follow EU battery rules and lithium
 * prices" -> "EU battery rules", "Lithium prices").
 */
export function interestPhrases(text: string): string[] {
  const parts = text
    .replace(/^(?:i(?:'m| am)? (?:follow|track|cover|watch|work on|focus on|interested in|care about)|my interests are|interests:)\s+/i, '')
    // A colon opens a list or what the words before it stand for ("pricing policy: payer negotiations").
    .split(/[,;:\n/•]+/)
    // The last of a list often opens with its "and" (", and AI safety rules"): it is no subject's word.
    .map((part) => part.trim().replace(/^(?:and|also|especially|particularly|mainly|mostly)\s+/i, ''))
    // "EU battery rules and lithium prices" and "supply chains and Tesla" are two subjects; "AI
    // safety and alignment" is one (a lone common word after "and" shares the words before it).
    .flatMap((part) => {
      const sides = part.split(/\s+(?:and|&|as well as|plus)\s+(?=\S)/i);
      // Two places before one noun ("Hungary and Croatia border measures") share it: one subject.
      if (sides.length === 2 && placesBeforeOneNoun(sides[0]!.trim(), sides[1]!.trim())) return [part];
      // A lone common word before "and", capitalised only as the phrase's first word, shares the
      // words after it ("Refugee and asylum policy in Europe", "Migration and border controls in
      // Hungary"): one subject, not "Refugee" alone. A name stays its own ("Tesla and battery supply
      // chains"), and so does a word coordinated with a name ("Apple and Microsoft").
      if (sides.length === 2 && loneCommonWord(sides[0]!.trim()) && !/^\p{Lu}\S*$/u.test(sides[1]!.trim())) return [part];
      return sides.length > 1 && sides.every((side) => side.trim().split(/\s+/).length >= 2 || /^\p{Lu}/u.test(side.trim())) ? sides : [part];
    })
    .map((p) => normalizeTopicName(withoutOwnClause(withoutEmployer(p.trim()))))
    .filter((p) => p.length > 1 && meaningfulTerms(p).length > 0);
  return unique(parts).slice(0, 12);
}

/**
 * A phrase without the clause that says why it matters to the writer: from the word that opens
 * the clause (a preposition, conjunction or "that") before its first pronoun ("Central bank rates
 * as they affect our financing", "EU rules that affect our exports", "Payments regulation for our
 * startup"). The pronouns and openers are compromise's tags of English (the profile's language).
 */
function withoutOwnClause(phrase: string): string {
  if (!/\b(?:we|our|us|my|i|me|they|their|it|its)\b/.test(phrase)) return phrase;
  const terms = compromise()(phrase).json({ terms: { normal: true } }) as { terms: { text: string; tags: string[] }[] }[];
  const words = terms.flatMap((sentence) => sentence.terms);
  const pronoun = words.findIndex((w, i) => i > 0 && /^\p{Ll}/u.test(w.text) && w.tags.some((t) => t === 'Pronoun' || t === 'Possessive'));
  if (pronoun < 0) return phrase;
  let opener = pronoun - 1;
  while (opener > 0 && !words[opener]!.tags.some((t) => t === 'Preposition' || t === 'Conjunction') && !/^(?:that|which|who)$/i.test(words[opener]!.text)) opener--;
  const kept = words.slice(0, opener > 0 ? opener : pronoun).map((w) => w.text);
  return kept.length ? kept.join(' ') : phrase;
}

/** A phrase's last words after "for a" / "for an": at most three, a noun phrase's. */
const FOR_ONE = /\s+for\s+an?\s+((?:[\p{L}-]+\s+){0,2}[\p{L}-]+)\s*$/iu;

/**
 * A phrase without the organisation the writer works for: "for a" or "for an" and a noun phrase
 * whose head (or its last two words) WordNet holds as an organisation ends the phrase ("energy and
 * pharmaceuticals for a hedge fund", "antitrust cases for a law firm"). One unnamed organisation is
 * whose the work is, not the subject; a plural stays a subject ("capital rules for banks").
 */
function withoutEmployer(phrase: string): string {
  const found = FOR_ONE.exec(phrase);
  if (!found) return phrase;
  const words = found[1]!.toLowerCase().split(/\s+/);
  return isOrganisation(words.at(-1)!) || (words.length > 1 && isOrganisation(words.slice(-2).join(' '))) ? phrase.slice(0, found.index).trim() : phrase;
}

/** One word English has in lower case (a dictionary word, not a name: "refugee", not "Tesla"). */
const loneCommonWord = (side: string) => /^\p{L}+$/u.test(side) && isKnownWord(side.toLowerCase()) && !isProperInLexicon(side.toLowerCase());

/** Whether "<left> and <right>" names two places before one noun: "Japan" and "South Korea trade relations". */
function placesBeforeOneNoun(left: string, right: string): boolean {
  const capitalised = (w: string) => /^\p{Lu}/u.test(w);
  const words = right.split(/\s+/);
  const run = words.findIndex((w) => !capitalised(w));
  return wordsOf(left).every(capitalised) && countriesOf(left).length === 1 && run > 0 && countriesOf(words.slice(0, run).join(' ')).length === 1;
}

/**
 * Industries named by or implied by words, strongest first (labels of contract INDUSTRIES). A cue
 * is read by its word forms (lexicon/word-forms.ts), not its stem: "securities" is not the
 * "security" of a security engineer, "defence" not "defensive".
 */
export function industriesOf(text: string, weighted: string): string[] {
  const have = cueText(text);
  const strong = cueText(weighted);
  const scored = INDUSTRY_KNOWLEDGE.map((k) => {
    let score = 0;
    for (const cue of k.cues) {
      if (saysCue(cue, have)) score += 1;
      if (saysCue(cue, strong)) score += 1;
    }
    return { value: k.value, score };
  }).filter((s) => s.score > 0);
  // Where they work is what their title and organisation say, or what their interests say more
  // than once; a subject their interests name once ("central bank rates" of a drug-pricing
  // director) is something they follow, not their industry.
  const worksIn = scored.filter((s) => s.score >= 2 || INDUSTRY_KNOWLEDGE.find((k) => k.value === s.value)!.cues.some((cue) => saysCue(cue, strong)));
  return (worksIn.length ? worksIn : scored).sort((a, b) => b.score - a.score).map((s) => labelOf(s.value)!);
}

export function responsibilitiesOf(title: string, role: string | undefined, industries: string[]): string[] {
  const text = `${role ?? ''} ${title}`;
  const out: string[] = [];
  for (const entry of ROLE_RESPONSIBILITIES) if (entry.cues.some((cue) => hasPhrase(text, cue))) out.push(...entry.responsibilities);
  if (out.length === 0) out.push(...industries.slice(0, 2).map((i) => `Monitoring developments in ${i.toLowerCase()}`));
  if (out.length === 0) out.push('Monitoring developments in their field');
  return unique(out).slice(0, 5);
}

/** Whether the interests say anything specific enough to build on. */
export function interestsAreVague(text: string): { vague: boolean; gibberish: boolean; examples: string[] } {
  const words = wordsOf(text);
  const unknown = unknownWords(text);
  const long = words.filter((w) => w.length > 2);
  const gibberish = long.length > 0 && unknown.length === long.length;
  // A broad subject in any of its forms ("markets", "economies") says nothing specific.
  const broad = unique(words.map((w) => broadSubjectOf(w.toLowerCase())).filter((key): key is string => !!key));
  const specific = meaningfulTerms(words.filter((w) => !broadSubjectOf(w.toLowerCase())).join(' '));
  const examples = unique(broad.flatMap((b) => BROAD[b]!)).slice(0, 3);
  return { vague: gibberish || specific.length === 0, gibberish, examples };
}

/**
 * A list of interests with each item of two words or more in sentence case: the capital that
 * starts an item is the item's, as a sentence's is ("Migrant crisis in Europe, Large language model
 * safety" names neither "Migrant" nor "Large", nor "Europe, Spinal" across the comma); names keep
 * theirs ("Federal Reserve policy"), and an item of one word is what was typed ("Tesla").
 */
function asItems(interests: string): string {
  // Each item keeps its separator, so a name further on is still read inside a sentence ("banking, Tesla").
  return interests
    .split(/(\s*[,;\n]\s*)/)
    .map((item, i) => (i % 2 === 0 && /\s/.test(item.trim()) ? sentenceCase(item.trim()) : item))
    .join('');
}

export function buildAiProfile(facts: ProfileFacts): AiProfile {
  const answers = facts.answers.join('. ');
  const everything = [facts.title, facts.organization, facts.interests, answers].filter(Boolean).join('. ');
  const industries = unique([
    ...(facts.chosenIndustries ?? []).map((i) => labelOf(i) ?? i),
    ...industriesOf(everything, `${facts.title} ${facts.organization}`),
  ]).slice(0, 4);

  const phrases = interestPhrases([facts.interests, ...facts.answers].join(', '));
  const placeNames = unique([...(facts.chosenPlaces ?? []), ...findPlaces(`${facts.location}. ${facts.interests}. ${answers}`)]);
  if (placeNames.some((p) => memberOf(p, 'EU')) && !placeNames.includes('European Union')) placeNames.push('European Union');
  const places = placeNames.slice(0, 6);

  const organizations = unique([facts.organization, ...findEntities(`${asItems(facts.interests)}. ${answers}`).filter((e) => !places.includes(e))].filter((o) => o && o.length > 1)).slice(0, 8);
  const productsMarkets = phrases
    .filter((p) => !broadExamples(p))
    .filter((p) => !organizations.some((o) => o.toLowerCase() === p.toLowerCase()) && !places.some((pl) => pl.toLowerCase() === p.toLowerCase()))
    .filter((p) => !compromise()(p).has('^#Place$'))
    .slice(0, 8);
  const responsibilities = responsibilitiesOf(facts.title, facts.chosenRole, industries);

  const who = facts.firstName || 'This user';
  const title = sentenceCase(facts.title.trim());
  const role = title ? `${/^[aeiou]/i.test(title) ? 'an' : 'a'} ${title}` : 'a professional';
  const at = facts.organization ? ` at ${facts.organization}` : '';
  const based = facts.location ? `, based in ${facts.location}` : '';
  const sentences = [
    `${who} is ${role}${at}${based}.`,
    productsMarkets.length
      ? `They follow ${listing(productsMarkets.slice(0, 5).map(sentenceCase))}.`
      : facts.interests
        ? `They are interested in ${facts.interests.trim().replace(/[.\s]+$/, '')}.`
        : '',
    industries.length ? `Their work sits in ${listing(industries.map((i) => i.toLowerCase()))}.` : '',
    organizations.length > 1 ? `Organisations they watch include ${listing(organizations.slice(0, 5))}.` : '',
    places.length ? `Jurisdictions that matter to them: ${listing(places)}.` : '',
    `Herald should prioritise developments that bear on ${listing(responsibilities.slice(0, 3).map((r) => r.toLowerCase()))}.`,
  ];
  return {
    gpt_profile: sentences.filter(Boolean).join(' '),
    places_jurisdictions: places,
    organizations,
    products_markets: productsMarkets,
    gpt_industries: industries,
    gpt_responsibilities: responsibilities,
  };
}
