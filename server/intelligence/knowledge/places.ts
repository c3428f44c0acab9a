/**
 * The places a text names, and what Herald knows of a place: one API over the gazetteer
 * (gazetteer.ts: countries, regions, cities, continents and groups from standard data).
 *
 *   placesIn(text, language?)   the places named, each with its country, kind and where it was found
 *   countriesOf(text)           the countries a text names (ISO codes): the story tracker, relevance
 *   jurisdictionsIn(text)       the countries, groups and regions a topic or profile names, by name
 *   placeNamed(name), isPlaceName(name), countryOrGroupNamed(name)   what a name alone means
 *   isSamePlace(a, b)           two names of one place ("UK", "Britain", "British")
 *   memberOf(place, group), membersOf(group), groupsOf(place)   "France" in "EU"; the EU's 27
 *   countryName(code or name)   "KE" -> "Kenya"; namesOf(place): its names and demonyms
 *   parseLocation(text)         "Oslo, Norway" -> Oslo / Norway
 *
 * Reading a name is a matter of evidence, not of lists of exceptions. A country's name or demonym
 * counts when it is written as a name; a city counts by its size (a city of millions like a country,
 * a smaller one only with a preposition of place before it, its country after a comma, or its
 * country named elsewhere in the text); a capital also counts for its government ("Washington
 * said", "officials in Washington"). A name is no place when it is part of a person's name
 * (compromise's lexicon and people: "Jordan Peterson", "George Washington", "Indiana Jones") or, for
 * a city or region, of a longer name ("Washington Post"); a name that is also a person's name or an
 * ordinary word needs more evidence ("Houston", "Split", "Nice").
 */
import { readOnce } from '../../lazy.js';
import { compromise, englishRefsOf, fold, foldKeepingAccents, isTerritory, lexiconTags, nameIndex, theWorld, type NameKind, type NameRef, type Place, type PlaceKind } from './gazetteer.js';

export { fold, isTerritory, pluralOf, type GroupKind, type Place, type PlaceKind } from './gazetteer.js';

export interface PlaceMention {
  /** The place's id ("KE", "US-TX", "FR/Paris", "EU"). */
  id: string;
  /** The place's English name ("Kenya", "Paris"). */
  name: string;
  kind: PlaceKind;
  /** ISO 3166-1 alpha-2 code of the country it is or lies in; null for a group. */
  country: string | null;
  /** How the text names it: its name, a capitals abbreviation, or a demonym. */
  via: NameKind;
  /** The words as the text writes them, and where (offsets into the text). */
  text: string;
  start: number;
  end: number;
  /** A capital that stands for its country's government ("Washington said", "officials in Moscow"). */
  government: boolean;
  /** Part of a longer name that says whose it is ("Bank of England", "Kenya Airways", "Nigerian Army"). */
  inName: boolean;
  /** A group's kind ("union", "alliance", "organisation", ...): NATO and OPEC are bodies of states, not territories. */
  group?: Place['group'];
}

export interface PlacesOptions {
  /** Names count whatever their case (text typed by a user: a topic's name, a profile's field). Abbreviations still need capitals ("us" is a pronoun). */
  anyCase?: boolean;
}

interface Token {
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

const TOKEN = /[\p{L}\p{N}]+(?:['’.][\p{L}\p{N}]+)*\.?/gu;
const capitalised = (s: string) => /^\p{Lu}/u.test(s) || (/^\p{L}/u.test(s) && s.toLowerCase() === s.toUpperCase());

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let sentence = 0;
  for (const m of text.matchAll(TOKEN)) {
    let word = m[0];
    let at = m.index;
    // "l'Union", "d'Ivoire": the name after the elided article or preposition.
    const elision = /^[lLdD]['’](?=\p{L})/u.exec(word);
    if (elision) {
      word = word.slice(2);
      at += 2;
    }
    // "Kenya." ends a sentence; "U.S." keeps its dots; "Beijing's" is Beijing's.
    if (word.endsWith('.') && !/^(?:\p{L}\.)+$/u.test(word)) word = word.slice(0, -1);
    const raw = word;
    const possessive = /\p{L}['’]s$/u.test(word);
    if (possessive) word = word.slice(0, -2);
    const gap = tokens.length === 0 ? '' : text.slice(tokens[tokens.length - 1]!.end, at);
    const initial = tokens.length === 0 || /[.!?:;\n]/.test(gap.replace(/^['’]s/, ''));
    if (initial && tokens.length) sentence++;
    tokens.push({ text: word, start: at, end: at + word.length, cap: capitalised(word), initial, sentence, possessive, raw });
  }
  return tokens;
}

/**
 * Whether a sentence is written in title case ("Police Clear Main Railway Station In Budapest"),
 * where capitals say little: at least three of its words of four letters or more (the first aside)
 * begin with a capital, four in five of them, and at most one does not.
 */
function titleCase(r: Reader, at: number): boolean {
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

/** A text being read: its tokens, language and what is known of its sentences. */
interface Reader {
  text: string;
  tokens: Token[];
  english: boolean;
  anyCase: boolean;
  titles: Map<number, boolean>;
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

/** The prior of a reading of a name, before the text around it: how much a capitalised mention of it is a place. */
function prior(ref: NameRef): number {
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

interface Candidate {
  from: number;
  to: number;
  refs: NameRef[];
}

/** Accept a reading at this score. */
const ACCEPT = 0.5;
/** A reading this sure of itself is evidence for its country's other places ("Kenya ... Mombasa"). */
const SURE = 0.75;

/**
 * The places a text names, in order. English unless `language` (ISO 639-1) says otherwise: then
 * that language's names and demonyms count too ("Le gouvernement français" -> France).
 */
export function placesIn(text: string, language = 'en', options: PlacesOptions = {}): PlaceMention[] {
  return text ? placesRead(text, language, options) : [];
}

/** Each text's places read once (compromise on each candidate's window is the dearest part). */
const placesRead = readOnce(readPlaces, (text, language: string, options: PlacesOptions) => `${language}|${options.anyCase ? 1 : 0}|${text}`);

function readPlaces(text: string, language: string, options: PlacesOptions): PlaceMention[] {
  const english = !language || language.toLowerCase().startsWith('en');
  const index = nameIndex(language);
  const tokens = tokenize(text);
  const anyCase = options.anyCase ?? false;
  const candidates: Candidate[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const first = tokens[i]!;
    if (!first.cap && !anyCase && !index.lowerStarts.has(fold(first.text))) continue;
    for (let n = Math.min(index.longest, tokens.length - i); n >= 1; n--) {
      const span = tokens.slice(i, i + n);
      // A name's words are written together: no sentence break, comma or bracket inside it.
      if (span.slice(1).some((t, k) => !/^[\s'’-]*(?:[ldLD]['’])?$/.test(text.slice(span[k]!.start + span[k]!.raw.length, t.start)))) continue;
      // Inner words as written ("People's Republic of China"), the last without a possessive ("China's").
      const inner = span.slice(0, -1).map((t) => t.raw);
      const refs = index.names.get(fold([...inner, span[n - 1]!.text].join(' '))) ?? (span[n - 1]!.possessive ? index.names.get(fold([...inner, span[n - 1]!.raw].join(' '))) : undefined);
      if (!refs) continue;
      const last = span[n - 1]!;
      const written = text.slice(first.start, last.end).replace(/['’]s$/, '');
      const fits = refs.filter((r) => {
        if (r.accents && foldKeepingAccents(written) !== foldKeepingAccents(r.written)) return false;
        if (r.how === 'code') return /^[\p{Lu}\d.\s-]+$/u.test(written);
        if (r.anyCase || anyCase) return true;
        return first.cap && (last.cap || n > 1);
      });
      if (fits.length === 0) continue;
      candidates.push({ from: i, to: i + n, refs: fits });
      i += n - 1;
      break;
    }
  }
  if (candidates.length === 0) return [];

  const reader: Reader = { text, tokens, english, anyCase, titles: new Map() };
  const local = (c: Candidate, ref: NameRef) => score(reader, c, ref);
  // First the readings on their own; then a country named with confidence lends its weight to its
  // other places ("Georgia" with "Atlanta", a small city with its country).
  const firstPass = candidates.map((c) => c.refs.map((ref) => ({ ref, ...local(c, ref) })));
  const keyOf = (c: Candidate) => fold(tokens.slice(c.from, c.to).map((t) => t.text).join(' '));
  // The countries named with confidence elsewhere (not by another mention of the same name).
  const sureOf = (k: number) => {
    const countries = new Set<string>();
    const own = keyOf(candidates[k]!);
    firstPass.forEach((readings, j) => {
      if (j === k || keyOf(candidates[j]!) === own) return;
      const best = bestOf(readings);
      if (best && best.score >= SURE && best.ref.place.country) countries.add(best.ref.place.country);
    });
    return countries;
  };
  const out: PlaceMention[] = [];
  candidates.forEach((c, k) => {
    const context = firstPass.length > 1 ? sureOf(k) : new Set<string>();
    const best = bestOf(firstPass[k]!.map((r) => ({ ...r, score: r.score > 0 && r.ref.place.country && context.has(r.ref.place.country) ? r.score + 0.3 : r.score })));
    if (!best || best.score < ACCEPT) return;
    const first = tokens[c.from]!;
    const last = tokens[c.to - 1]!;
    const { place } = best.ref;
    out.push({
      id: place.id,
      name: place.name,
      kind: place.kind,
      country: place.country,
      via: best.ref.how,
      text: text.slice(first.start, last.end),
      start: first.start,
      end: last.end,
      government: best.government,
      inName: best.inName,
      ...(place.group ? { group: place.group } : {}),
    });
  });
  return out;
}

const KIND_RANK: Record<PlaceKind, number> = { country: 3, group: 2, region: 1, city: 0 };
const rank = (ref: NameRef) => KIND_RANK[ref.place.kind] * 1e12 + (ref.primary ? 1e11 : 0) + ref.place.population;

interface Reading {
  ref: NameRef;
  score: number;
  government: boolean;
  inName: boolean;
}

/** The best reading of a name: the highest score; on a tie a country before a region or a city, the more populous place first. */
function bestOf(readings: Reading[]): Reading | undefined {
  let best: Reading | undefined;
  for (const r of readings) {
    if (r.score <= 0) continue;
    if (!best || r.score > best.score + 1e-9 || (Math.abs(r.score - best.score) < 1e-9 && rank(r.ref) > rank(best.ref))) best = r;
  }
  return best;
}

/** How much one reading of a candidate is a place, from the words around it (0: it is not). */
function score(r: Reader, c: Candidate, ref: NameRef): { score: number; government: boolean; inName: boolean } {
  const { text, tokens, english, anyCase } = r;
  const no = { score: 0, government: false, inName: false };
  const { place } = ref;
  const first = tokens[c.from]!;
  const last = tokens[c.to - 1]!;
  const prev = c.from > 0 && !first.initial ? tokens[c.from - 1] : undefined;
  const next = c.to < tokens.length && !tokens[c.to]!.initial ? tokens[c.to] : undefined;
  const joined = (a: Token, b: Token) => /^\s+$/.test(text.slice(a.end, b.start));
  const nextJoined = next && joined(last, next) ? next : undefined;
  const prevJoined = prev && joined(prev, first) ? prev : undefined;
  const lower = (t: Token | undefined) => t?.text.toLowerCase() ?? '';
  let s = prior(ref);
  let government = false;
  let inName = false;
  // What follows reads English words around the name; a text in another language is read by its names alone.
  if (!english) return { score: s, government, inName };
  const single = c.to - c.from === 1;
  const word = fold(first.text);

  // Part of a person's name: after a given name or title ("George Washington", "President Chad ..."),
  // before a surname ("Jordan Peterson", "Indiana Jones"), or a person compromise reads whole.
  if (prevJoined?.cap && lexiconTags(prevJoined.text).some((t) => GIVEN_TAGS.has(t)) && !lexiconTags(prevJoined.text).some((t) => PLACE_TAGS.has(t))) return no;
  if (nextJoined?.cap && lexiconTags(nextJoined.text).includes('LastName') && !lexiconTags(nextJoined.text).some((t) => PLACE_TAGS.has(t))) return no;
  if (single && personWord(word) && (nextJoined?.cap || prevJoined?.cap) && partOfPerson(r, c)) return no;

  const nextWord = lower(nextJoined);
  // A feature named after a people or a place: "Indian Ocean", "Persian Gulf", "Gulf of Mexico".
  if (nextJoined?.cap && FEATURES.has(nextWord)) return no;
  if (prev && lower(prev) === 'of' && c.from >= 2 && FEATURES.has(lower(tokens[c.from - 2])) && tokens[c.from - 2]!.cap) return no;
  // "written in English", "translated into French": a language, not its country.
  const endsThere = !next || !/^\s+\p{L}/u.test(text.slice(last.end, next.start + 1)) || /^(?:and|or|but|by|with|as)$/.test(lower(next));
  if (ref.how === 'demonym' && prev && /^in(?:to)?$/.test(lower(prev)) && endsThere) return no;
  // "South American", "West African": a people of a part of a continent, not of the country.
  if (ref.how === 'demonym' && prevJoined?.cap && COMPASS.has(lower(prevJoined))) return no;
  // A part of a continent or group is not the whole ("West Africa", "Eastern Europe").
  if (place.kind === 'group' && prevJoined?.cap && COMPASS.has(lower(prevJoined))) return no;
  // A city or region before another capitalised word is a longer name's first word ("Washington
  // Post", "Manchester United", "Texas Instruments"), unless that word keeps it a place ("Mexico
  // City", "Washington State") or the sentence capitalises every word.
  // A given name after it starts a person's name of its own ("Governor of Texas Rick Perry").
  const nextGiven = !!nextJoined && lexiconTags(nextJoined.text).some((t) => GIVEN_TAGS.has(t));
  const local = place.kind === 'city' || place.kind === 'region';
  if (local && nextJoined?.cap && !nextGiven && !PLACE_HEADS.has(nextWord) && !/^\p{Lu}+$/u.test(nextJoined.text) && !titleCase(r, c.from)) return no;
  // ... and after one: "Junipero Serra", "Real Madrid" (but "Northern California", "Greater London").
  if (local && prevJoined?.cap && !prevJoined.initial && !COMPASS.has(lower(prevJoined)) && !BETWEEN.has(lower(prevJoined)) && !titleCase(r, c.from)) return no;
  // A country or people before another capitalised word gives it its name: "Kenya Airways", "Nigerian Army".
  if ((place.kind === 'country' || place.kind === 'group') && nextJoined?.cap && !PLACE_HEADS.has(nextWord) && !titleCase(r, c.from)) inName = true;
  // "Royal Dutch Shell", "Sunni Iraq": a capitalised word before it makes a name of it too.
  if ((place.kind === 'country' || place.kind === 'group') && prevJoined?.cap && !prevJoined.initial && !COMPASS.has(lower(prevJoined)) && !titleCase(r, c.from)) inName = true;
  // "Bank of England", "University of Texas": the name of something of the place.
  if (prev && lower(prev) === 'of' && c.from >= 2 && tokens[c.from - 2]!.cap && !tokens[c.from - 2]!.initial && joined(tokens[c.from - 2]!, prev)) {
    // ... unless the longer name is another place's, which compromise reads whole and the gazetteer
    // does not know ("Islamic State of Iraq and the Levant" is no place in Iraq).
    if (insideLongerPlace(r, c)) return no;
    inName = true;
  }

  // A single word that is also a person's name or an ordinary word says less ("Houston", "Split");
  // an ordinary word at the start of a sentence or in a title-case one, nothing.
  const ordinary = ref.how === 'code' ? false : single ? ordinaryWord(word) : (place.kind === 'city' || place.kind === 'region') && tokens.slice(c.from, c.to).every((t) => ordinaryWord(t.text));
  if (ref.how !== 'code' && (single || ordinary)) {
    if (ordinary) {
      if (!anyCase && (first.initial || titleCase(r, c.from))) return no;
      s -= 0.45;
    } else if (personWord(word)) s -= 0.35;
  }

  // Evidence around it. A preposition of place before it: "in Aleppo", "in northern Aleppo".
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
  return { score: s, government, inName };
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

// ---------------------------------------------------------------- what a name means on its own

/** The readings of a name alone, best first (no text around it). */
function readingsOf(name: string, language = 'en', ids = true): NameRef[] {
  const index = nameIndex(language);
  const trimmed = name.trim();
  const refs = (index.names.get(fold(trimmed)) ?? []).filter((r) => !r.accents || foldKeepingAccents(trimmed) === foldKeepingAccents(r.written));
  const byId = ids ? theWorld().places.get(trimmed) : undefined;
  const all: NameRef[] = byId && !refs.some((r) => r.place === byId) ? [{ place: byId, how: 'code', primary: true, anyCase: false, written: trimmed, accents: false }, ...refs] : refs;
  return [...all].sort((a, b) => prior(b) - prior(a) || rank(b) - rank(a));
}

/**
 * The place a name means on its own: "Kenya", "Kenyan", "KE", "Britain", "EU", "Oslo". A name of
 * several places is the likeliest: a country before a region or city, the more populous first.
 */
export function placeNamed(name: string, language = 'en'): Place | undefined {
  return readingsOf(name, language)[0]?.place;
}

/**
 * The country or group of countries a name alone names, by its name, abbreviation or demonym
 * ("Syrian", "Syrians", "Syria" -> Syria; "UK", "British" -> United Kingdom; "EU" -> European
 * Union); undefined when its likeliest reading is a city, a region or nothing ("Washington",
 * "Paris"). An abbreviation counts in capitals, or in lower case where it is no English word
 * ("uk", "usa"; not "us"). `demonyms: false`: a people's word names nothing ("Syrian"); `regions`:
 * a first-level region too ("Scottish" -> Scotland, "Texan" -> Texas).
 */
export function countryOrGroupNamed(name: string, options: { demonyms?: boolean; regions?: boolean; codes?: boolean } = {}): Place | undefined {
  const best = readingsOf(name, 'en', false)[0];
  if (!best || !(best.place.kind === 'country' || best.place.kind === 'group' || (options.regions && best.place.kind === 'region'))) return undefined;
  if (options.demonyms === false && best.how === 'demonym') return undefined;
  if (options.codes === false && best.how === 'code') return undefined;
  if (best.how === 'code' && !/^[\p{Lu}\d.]+$/u.test(name.trim()) && (lexiconTags(fold(name)).length > 0 || theWorld().commonWords.has(fold(name)))) return undefined;
  return best.place;
}

/** The country a name is or lies in (ISO code): "Kenyan" -> KE, "Paris" -> FR; a group has none. */
function countryCodeOf(name: string): string | undefined {
  const trimmed = name.trim();
  if (/^[A-Z]{2}$/.test(trimmed) && theWorld().places.get(trimmed)?.kind === 'country') return trimmed;
  // A key of the old gazetteer ("united_states"): a country's name with underscores.
  return placeNamed(trimmed.includes('_') ? trimmed.replace(/_/g, ' ') : trimmed)?.country ?? undefined;
}

/** Whether two names name one place ("UK", "Britain", "British", "United Kingdom"; "KE" and "Kenyan"). */
export function isSamePlace(a: string, b: string): boolean {
  const x = placeNamed(a);
  const y = placeNamed(b);
  return !!x && x === y;
}

/** A group by id or name ("EU", "European Union", "NATO", "Africa"). */
function groupNamed(group: string): Place | undefined {
  const w = theWorld();
  const byId = w.places.get(group.trim().toUpperCase());
  if (byId?.kind === 'group') return byId;
  return readingsOf(group).find((r) => r.place.kind === 'group')?.place;
}

/** Whether a place (a country, or a city or region: its country) is a member of a group: memberOf("France", "EU"), memberOf("HU", "Schengen"). */
export function memberOf(place: string, group: string): boolean {
  const g = groupNamed(group);
  const country = countryCodeOf(place);
  return !!g && !!country && g.members.includes(country);
}

/** A group's members (ISO codes); empty for a name that is no group. */
export function membersOf(group: string): string[] {
  return [...(groupNamed(group)?.members ?? [])];
}

/** The groups a place is a member of (their ids). */
export function groupsOf(place: string): string[] {
  const country = countryCodeOf(place);
  return country ? theWorld().groups.filter((g) => g.members.includes(country)).map((g) => g.id) : [];
}

/**
 * A country's name as shown, from its ISO code, any of its names or demonyms, or a key of the old
 * gazetteer ("KE", "Kenyan", "united_states" -> "Kenya", "United States"); a group's name for a
 * group; what it was given when it names neither.
 */
export function countryName(codeOrName: string): string {
  const trimmed = codeOrName.trim();
  const direct = theWorld().places.get(trimmed);
  if (direct && (direct.kind === 'country' || direct.kind === 'group')) return direct.name;
  const code = countryCodeOf(trimmed);
  if (code) return theWorld().places.get(code)!.name;
  const group = groupNamed(trimmed);
  return group?.name ?? codeOrName;
}

/** Every English name, abbreviation and demonym of a place (its display name first), for callers that match words. */
export function namesOf(place: string | Place): string[] {
  const p = typeof place === 'string' ? (theWorld().places.get(place) ?? placeNamed(place)) : place;
  if (!p) return [];
  return [...new Set([p.name, ...englishRefsOf(p).map((r) => r.written)])];
}

/** The one word English writes for a place, when it has one: its shortest one-word name ("Turkey", "Britain", "America", "Hungary"); undefined for "South Korea". */
export function oneWordName(place: Place): string | undefined {
  const words = englishRefsOf(place).filter((r) => r.how === 'name' && !r.accents && /^\p{Lu}\p{Ll}+$/u.test(r.written) && !/\p{M}/u.test(r.written.normalize('NFKD')));
  return words.sort((a, b) => a.written.length - b.written.length || Number(b.primary) - Number(a.primary) || a.written.localeCompare(b.written))[0]?.written;
}

/**
 * The countries (every one ISO 3166-1 lists) and the groups of countries that are territories
 * (unions, regions, continents, areas) Herald knows; `bodies` adds NATO, OPEC and the other bodies of states.
 */
export function countriesAndGroups(options: { bodies?: boolean } = {}): { countries: Place[]; groups: Place[] } {
  const w = theWorld();
  return { countries: w.countries, groups: options.bodies ? w.groups : w.groups.filter(isTerritory) };
}

/**
 * The jurisdictions a text names, as names, each once in order: a country or group by its name
 * ("Kenyan" -> "Kenya", "EU" -> "European Union"), a city as its country ("Oslo" -> "Norway"), a
 * region as itself and its country ("Texas", "United States"). A people's adjective that starts a
 * longer name is no jurisdiction of the text ("European Central Bank"), nor a continent's adjective
 * ("African swine fever").
 */
export function jurisdictionsIn(text: string, options: PlacesOptions & { language?: string } = {}): { name: string; start: number; end: number }[] {
  const out: { name: string; start: number; end: number }[] = [];
  const add = (name: string, m: PlaceMention) => {
    if (!out.some((o) => o.name === name)) out.push({ name, start: m.start, end: m.end });
  };
  for (const m of placesIn(text, options.language, options)) {
    // "European Central Bank" names a bank, "African swine fever" a disease: a continent is no jurisdiction.
    if (m.via === 'demonym' && (m.inName || m.group === 'continent')) continue;
    // An area across countries ("Kurdistan", "Kashmir") is no jurisdiction either, nor a body of states ("NATO", "OPEC": an organisation).
    if (m.group === 'area' || (m.kind === 'group' && !isTerritory(theWorld().places.get(m.id)!))) continue;
    if (m.kind === 'city') add(countryName(m.country!), m);
    else {
      add(m.name, m);
      if (m.kind === 'region') add(countryName(m.country!), m);
    }
  }
  return out;
}

/**
 * Whether a name, whole, is a place's ("U.S.", "Hungary", "Budapest", "European Union", "Kenyan");
 * not a person's or an ordinary word's ("Houston", "Split"), nor a body of states' ("NATO", "OPEC").
 */
export function isPlaceName(name: string): boolean {
  const trimmed = name.trim();
  const found = placesIn(trimmed);
  return found.length === 1 && found[0]!.start === 0 && /^(?:['’]s)?[.,;:!?]*$/.test(trimmed.slice(found[0]!.end)) && isTerritory(theWorld().places.get(found[0]!.id)!);
}

/** The countries a text names (ISO codes), directly, by demonym, or through a city or region in them, each once in order of first mention. */
export function countriesOf(text: string, language = 'en'): string[] {
  const out: string[] = [];
  for (const m of placesIn(text, language)) if (m.country && !out.includes(m.country)) out.push(m.country);
  return out;
}

/**
 * A location as people write it, read into city and country: "Oslo, Norway" -> Oslo / Norway,
 * "Austin, Texas, USA" -> "Austin, Texas" / USA, "Norway" -> country only, "Oslo" -> Oslo / Norway
 * (a capital or a city of a million people or more: a smaller one alone is too uncertain). The
 * parts keep the user's spelling; an unknown single name is taken as the country, as the form's one
 * field asked for a place.
 */
export function parseLocation(text: string): { city: string | null; country: string | null } {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length === 0) return { city: null, country: null };
  if (parts.length > 1) return { city: parts.slice(0, -1).join(', '), country: parts[parts.length - 1]! };
  const only = parts[0]!;
  const readings = readingsOf(only);
  if (readings.some((r) => r.place.kind === 'country' && r.how !== 'demonym')) return { city: null, country: only };
  const city = readings.find((r) => r.place.kind === 'city' && (r.place.capital || r.place.population >= 1_000_000))?.place;
  if (city?.country) return { city: only, country: countryName(city.country) };
  return { city: null, country: only };
}

export type { NameKind };
