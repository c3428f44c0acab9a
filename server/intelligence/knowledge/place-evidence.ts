/**
 * The evidence of the words around a place's name (place-reading.ts reads the candidates): a
 * person's name, a longer name, an ordinary word, a preposition of place, its country after a
 * comma, a capital standing for its government. The closed classes of English words it reads
 * are grammar, not lists of places.
 */
import { compromise, lexiconTags } from './english-lexicon.js';
import { fold, nameIndex, theWorld, type NameRef } from './gazetteer.js';

export interface Token {
  text: string;
  start: number;
  end: number;
  /** Starts with a capital letter (or a script without case). */
  cap: boolean;
  /** First of its sentence. */
  initial: boolean;
  /** Its sentence's number. */
  sentence: number;
  /** Followed by a possessive 's ("Beijing's response"). */
  possessive: boolean;
  /** As written, possessive and all ("People's"). */
  raw: string;
}

/** A text being read: its tokens, language and what is known of its sentences. */
export interface Reader {
  text: string;
  tokens: Token[];
  english: boolean;
  anyCase: boolean;
  titles: Map<number, boolean>;
}

export interface Candidate {
  from: number;
  to: number;
  refs: NameRef[];
}

/**
 * Whether a sentence is written in title case ("Police Clear Main Railway Station In Budapest"),
 * where capitals say little: at least three of its words of four letters or more (the first aside)
 * begin with a capital, four in five of them, and at most one does not.
 */
export function titleCase(r: Reader, at: number): boolean {
  const sentence = r.tokens[at]!.sentence;
  const known = r.titles.get(sentence);
  if (known !== undefined) return known;
  let from = at;
  while (from > 0 && r.tokens[from - 1]!.sentence === sentence) from--;
  let caps = 0;
  let long = 0;
  for (let i = from; i < r.tokens.length && r.tokens[i]!.sentence === sentence; i++) {
    const t = r.tokens[i]!;
    if (t.initial || !/^\p{L}{4,}/u.test(t.text)) continue;
    long++;
    if (t.cap) caps++;
  }
  const title = caps >= 3 && caps >= 0.8 * long && long - caps <= 1;
  r.titles.set(sentence, title);
  return title;
}

/** The prior of a reading of a name, before the text around it: how much a capitalised mention of it is a place. */
export function prior(ref: NameRef): number {
  const { place } = ref;
  let p: number;
  if (place.kind === 'country' || place.kind === 'group') p = ref.how === 'demonym' ? 0.85 : 0.9;
  // A region compromise knows as a place ("Texas", "Ontario") or named in several words ("Tamil Nadu");
  // another one-word region needs evidence ("Hazara", "Delta", "Plateau" of Nigeria).
  else if (place.kind === 'region') p = / /.test(ref.written) || lexiconTags(fold(ref.written)).some((t) => PLACE_TAGS.has(t)) ? 0.7 : 0.45;
  else {
    const n = place.population;
    p = n >= 5_000_000 ? 0.85 : n >= 1_000_000 ? 0.7 : n >= 300_000 ? 0.55 : 0.4;
    if (place.capital) p = Math.min(0.9, p + 0.15);
  }
  return ref.primary ? p : p - 0.1;
}

// Closed classes of English words the reading uses: grammar, not lists of places.
/** Prepositions of place: "in Aleppo", "from Homs". */
const LOCATIVE = new Set('in at from near outside inside across throughout around into to toward towards within via between through along beyond off over'.split(' '));
/** Words between a preposition of place and the name: "in northern Aleppo", "in the city of". */
const BETWEEN = new Set(
  (
    'the northern southern eastern western central northeastern northwestern southeastern southwestern downtown ' +
    'greater rural suburban city town province state region capital'
  ).split(' '),
);
/** The tags of the grammar words that join phrases: after a language's name, they end it ("in English and"). */
const JOINING_TAGS = new Set(['Conjunction', 'Preposition']);
/** Who or what stands for a government in a capital: "officials in Washington", "talks in Geneva". */
const GOVERNMENT_WORDS = new Set(
  (
    'officials official authorities government leaders leadership diplomats diplomat lawmakers talks negotiators ' +
    'negotiations envoys envoy ministers minister regime administration policymakers sources summit embassy'
  ).split(' '),
);
/** What a government does (a capital as its subject: "Washington said", "Moscow warned"). */
const GOVERNMENT_VERBS = new Set(
  (
    'said says say warned warns announced announces accused accuses denied denies insisted insists responded ' +
    'responds rejected rejects agreed agrees signed signs imposed imposes condemned condemns urged urges threatened ' +
    'threatens claimed claims confirmed confirms demanded demands vowed vows pledged pledges welcomed welcomes ' +
    'sanctioned recognised recognized expelled summoned approved approves ordered orders blamed blames wants wanted ' +
    'refused refuses retaliated retaliates protested protests criticised criticized backed backs sought seeks'
  ).split(' '),
);
/** Words after a place's name that keep it a place: "Washington State", "Quebec City", "Aleppo Governorate". */
const PLACE_HEADS = new Set('city state province county region governorate district oblast prefecture territory metropolitan area municipality island islands strip'.split(' '));
/** Nouns for a place before "of": "the city of Deir ez-Zor", "the port of Aden". */
const PLACE_NOUNS = new Set([...PLACE_HEADS, 'town', 'village', 'capital', 'port', 'suburb', 'outskirts']);
/** Kinds of geographic feature: "Indian Ocean", "Persian Gulf", "Gulf of Mexico" name no country. */
const FEATURES = new Set('ocean sea gulf bay strait straits channel peninsula river mountains mountain desert basin lake canal sound plateau plain plains highlands'.split(' '));
const COMPASS = new Set(
  (
    'north south east west northern southern eastern western central northeast northwest southeast southwest ' +
    'northeastern northwestern southeastern southwestern upper lower'
  ).split(' '),
);
const PERSON_TAGS = new Set(['Person', 'FirstName', 'MaleName', 'FemaleName', 'LastName', 'Honorific']);
const GIVEN_TAGS = new Set(['FirstName', 'MaleName', 'FemaleName', 'Honorific']);
const PLACE_TAGS = new Set(['Place', 'Country', 'City', 'Region', 'Demonym', 'Address']);
const NAME_TAGS = new Set([...PERSON_TAGS, ...PLACE_TAGS, 'ProperNoun', 'Organization', 'Acronym']);

/** A single word that is also a person's name ("Jordan", "Chad", "Houston", "Victoria"). */
const personWord = (word: string) => lexiconTags(word).some((t) => PERSON_TAGS.has(t));
/** A single word that is also an ordinary English word ("Split", "Nice", "Reading", "Mobile"). */
const ordinaryWord = (word: string) => {
  const tags = lexiconTags(word);
  if (tags.some((t) => NAME_TAGS.has(t))) return false;
  return tags.length > 0 || theWorld().commonWords.has(fold(word));
};

/** How much one reading of a candidate is a place, from the words around it (0: it is not). */
export function score(r: Reader, c: Candidate, ref: NameRef): { score: number; government: boolean; inName: boolean } {
  const no = { score: 0, government: false, inName: false };
  const s = prior(ref);
  // What follows reads English words around the name; a text in another language is read by its names alone.
  if (!r.english) return { score: s, government: false, inName: false };
  const near = around(r, c);
  if (partOfPersonName(r, c, near) || notThePlace(r, c, ref, near)) return no;
  const inName = inLongerName(r, c, ref, near);
  if (inName === undefined) return no;
  const weighed = ambiguous(r, c, ref, near, s);
  if (weighed === undefined) return no;
  return { ...evidence(r, c, ref, near, weighed), inName };
}

/** The tokens around a candidate: the words before and after it in its sentence, and those written right against it (a space between). */
interface Around {
  first: Token;
  last: Token;
  prev: Token | undefined;
  next: Token | undefined;
  prevJoined: Token | undefined;
  nextJoined: Token | undefined;
  /** The word right after it, in lower case ('' when none). */
  nextWord: string;
  /** One word long. */
  single: boolean;
  /** Its first word, folded. */
  word: string;
}

const lower = (t: Token | undefined) => t?.text.toLowerCase() ?? '';
/** Two tokens with only white space between them. */
const joined = (text: string, a: Token, b: Token) => /^\s+$/.test(text.slice(a.end, b.start));

function around({ text, tokens }: Reader, c: Candidate): Around {
  const first = tokens[c.from]!;
  const last = tokens[c.to - 1]!;
  const prev = c.from > 0 && !first.initial ? tokens[c.from - 1] : undefined;
  const next = c.to < tokens.length && !tokens[c.to]!.initial ? tokens[c.to] : undefined;
  const nextJoined = next && joined(text, last, next) ? next : undefined;
  const prevJoined = prev && joined(text, prev, first) ? prev : undefined;
  return { first, last, prev, next, prevJoined, nextJoined, nextWord: lower(nextJoined), single: c.to - c.from === 1, word: fold(first.text) };
}

/**
 * Part of a person's name: after a given name or title ("George Washington", "President Chad ..."),
 * before a surname ("Jordan Peterson", "Indiana Jones"), or a person compromise reads whole.
 */
function partOfPersonName(r: Reader, c: Candidate, { prevJoined, nextJoined, single, word }: Around): boolean {
  if (prevJoined?.cap && lexiconTags(prevJoined.text).some((t) => GIVEN_TAGS.has(t)) && !lexiconTags(prevJoined.text).some((t) => PLACE_TAGS.has(t))) return true;
  if (nextJoined?.cap && lexiconTags(nextJoined.text).includes('LastName') && !lexiconTags(nextJoined.text).some((t) => PLACE_TAGS.has(t))) return true;
  return single && personWord(word) && !!(nextJoined?.cap || prevJoined?.cap) && partOfPerson(r, c);
}

/** Words around the name that make it something else: a feature, a language, a part of a continent, a longer name's first or last word. */
function notThePlace(r: Reader, c: Candidate, ref: NameRef, { last, prev, next, prevJoined, nextJoined, nextWord }: Around): boolean {
  const { text, tokens } = r;
  const { place } = ref;
  // A feature named after a people or a place: "Indian Ocean", "Persian Gulf", "Gulf of Mexico".
  if (nextJoined?.cap && FEATURES.has(nextWord)) return true;
  if (prev && lower(prev) === 'of' && c.from >= 2 && FEATURES.has(lower(tokens[c.from - 2])) && tokens[c.from - 2]!.cap) return true;
  // "written in English", "translated into French": a language, not its country.
  // It ends there when a grammar word follows it: a conjunction or preposition as English's lexicon tags it ("in English and", "into French for").
  const endsThere = !next || !/^\s+\p{L}/u.test(text.slice(last.end, next.start + 1)) || lexiconTags(lower(next)).some((t) => JOINING_TAGS.has(t));
  if (ref.how === 'demonym' && prev && /^in(?:to)?$/.test(lower(prev)) && endsThere) return true;
  // "South American", "West African": a people of a part of a continent, not of the country.
  if (ref.how === 'demonym' && prevJoined?.cap && COMPASS.has(lower(prevJoined))) return true;
  // A part of a continent or group is not the whole ("West Africa", "Eastern Europe").
  if (place.kind === 'group' && prevJoined?.cap && COMPASS.has(lower(prevJoined))) return true;
  // A city or region before another capitalised word is a longer name's first word ("Washington
  // Post", "Manchester United", "Texas Instruments"), unless that word keeps it a place ("Mexico
  // City", "Washington State") or the sentence capitalises every word.
  // A given name after it starts a person's name of its own ("Governor of Texas Rick Perry").
  const nextGiven = !!nextJoined && lexiconTags(nextJoined.text).some((t) => GIVEN_TAGS.has(t));
  const local = place.kind === 'city' || place.kind === 'region';
  if (local && nextJoined?.cap && !nextGiven && !PLACE_HEADS.has(nextWord) && !/^\p{Lu}+$/u.test(nextJoined.text) && !titleCase(r, c.from)) return true;
  // ... and after one: "Junipero Serra", "Real Madrid" (but "Northern California", "Greater London").
  return local && !!prevJoined?.cap && !prevJoined.initial && !COMPASS.has(lower(prevJoined)) && !BETWEEN.has(lower(prevJoined)) && !titleCase(r, c.from);
}

/**
 * Whether a country or people is part of a longer name that says whose it is ("Kenya Airways",
 * "Nigerian Army", "Royal Dutch Shell", "Bank of England"); undefined when that longer name is
 * another place's, and the candidate no place.
 */
function inLongerName(r: Reader, c: Candidate, ref: NameRef, { prev, prevJoined, nextJoined, nextWord }: Around): boolean | undefined {
  const { text, tokens } = r;
  const { place } = ref;
  let inName = false;
  // A country or people before another capitalised word gives it its name: "Kenya Airways", "Nigerian Army".
  if ((place.kind === 'country' || place.kind === 'group') && nextJoined?.cap && !PLACE_HEADS.has(nextWord) && !titleCase(r, c.from)) inName = true;
  // "Royal Dutch Shell", "Sunni Iraq": a capitalised word before it makes a name of it too.
  if ((place.kind === 'country' || place.kind === 'group') && prevJoined?.cap && !prevJoined.initial && !COMPASS.has(lower(prevJoined)) && !titleCase(r, c.from)) inName = true;
  // "Bank of England", "University of Texas": the name of something of the place.
  if (prev && lower(prev) === 'of' && c.from >= 2 && tokens[c.from - 2]!.cap && !tokens[c.from - 2]!.initial && joined(text, tokens[c.from - 2]!, prev)) {
    // ... unless the longer name is another place's, which compromise reads whole and the gazetteer
    // does not know ("Islamic State of Iraq and the Levant" is no place in Iraq).
    if (insideLongerPlace(r, c)) return undefined;
    inName = true;
  }
  return inName;
}

/**
 * The score `s` of a name that is also a person's name or an ordinary word, which says less
 * ("Houston", "Split"); undefined for an ordinary word at the start of a sentence or in a
 * title-case one, which says nothing.
 */
function ambiguous(r: Reader, c: Candidate, ref: NameRef, { first, single, word }: Around, s: number): number | undefined {
  const { place } = ref;
  const ordinary = ref.how === 'code' ? false : single ? ordinaryWord(word) : (place.kind === 'city' || place.kind === 'region') && r.tokens.slice(c.from, c.to).every((t) => ordinaryWord(t.text));
  if (ref.how !== 'code' && (single || ordinary)) {
    if (ordinary) {
      if (!r.anyCase && (first.initial || titleCase(r, c.from))) return undefined;
      s -= 0.45;
    } else if (personWord(word)) s -= 0.35;
  }
  return s;
}

/**
 * The score `s` with the evidence around the name: a preposition of place before it ("in northern
 * Aleppo", "the city of Deir ez-Zor"), its country after a comma ("Austin, Texas"); and whether a
 * capital stands for its government ("Washington said", "Moscow's decision", "officials in Kyiv").
 */
function evidence(r: Reader, c: Candidate, ref: NameRef, { last, prev, nextWord }: Around, s: number): { score: number; government: boolean } {
  const { text, tokens } = r;
  const { place } = ref;
  let government = false;
  // A preposition of place before it: "in Aleppo", "in northern Aleppo".
  let k = c.from - 1;
  while (k >= 0 && k >= c.from - 3 && BETWEEN.has(lower(tokens[k])) && !tokens[k + 1]!.initial) k--;
  const preposition = k >= 0 && k < c.from && !tokens[k + 1]!.initial && LOCATIVE.has(lower(tokens[k])) && !tokens[k]!.cap;
  if (preposition) s += 0.3;
  // "the city of Deir ez-Zor" says it is a place; "the people of Homs", less.
  else if (prev && lower(prev) === 'of' && c.from >= 2 && !tokens[c.from - 2]!.cap) s += PLACE_NOUNS.has(lower(tokens[c.from - 2])) ? 0.5 : 0.2;
  // Its country or region after a comma: "Austin, Texas", "Paris, France".
  if (place.kind === 'city' || place.kind === 'region') {
    const after = tokens[c.to];
    if (after && /^\s*,\s*$/.test(text.slice(last.end, after.start)) && after.cap) {
      const refs = nameIndex('en').names.get(fold(after.text)) ?? [];
      const two = tokens[c.to + 1] ? nameIndex('en').names.get(fold(`${after.text} ${tokens[c.to + 1]!.text}`)) ?? [] : [];
      if ([...refs, ...two].some((r) => r.place !== place && r.place.country === place.country && (r.place.kind === 'country' || r.place.kind === 'region'))) s += 0.5;
    }
  }
  // A capital standing for its government: "Washington said", "Moscow's decision", "officials in Kyiv".
  if (place.kind === 'city' && place.capital) {
    const possessive = last.possessive;
    const officials = preposition && k >= 1 && GOVERNMENT_WORDS.has(lower(tokens[k - 1]));
    if (GOVERNMENT_VERBS.has(nextWord) || possessive || officials) {
      government = true;
      s += 0.3;
    }
  }
  return { score: s, government };
}

/** Whether compromise reads the candidate as the end of a longer place name that starts before it ("Islamic State of Iraq"). */
function insideLongerPlace({ text, tokens }: Reader, c: Candidate): boolean {
  const from = tokens[Math.max(0, c.from - 5)]!.start;
  const to = tokens[Math.min(tokens.length - 1, c.to + 3)]!.end;
  const window = text.slice(from, to);
  const name = text.slice(tokens[c.from]!.start, tokens[c.to - 1]!.end);
  const places = compromise()(window).places().out('array') as string[];
  return places.some((p) => {
    const clean = p.replace(/[^\p{L}\p{N}\s'’-]+$/u, '').trim();
    return clean.endsWith(name) && clean.length > name.length + 3 && /\s(?:of|in)\s/.test(clean);
  });
}

/** Whether compromise reads the candidate as part of a person's name in its sentence ("Paris Hilton", "Jordan Henderson"). */
function partOfPerson({ text, tokens }: Reader, c: Candidate): boolean {
  const from = tokens[Math.max(0, c.from - 3)]!.start;
  const to = tokens[Math.min(tokens.length - 1, c.to + 2)]!.end;
  const window = text.slice(from, to);
  const name = text.slice(tokens[c.from]!.start, tokens[c.to - 1]!.end);
  const people = compromise()(window).people().out('array') as string[];
  return people.some((p) => p.includes(name) && p.replace(/[^\p{L}\s]/gu, '').trim().length > name.length);
}
