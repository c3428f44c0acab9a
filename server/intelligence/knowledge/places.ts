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
 * The reading itself (tokens, candidate names, the evidence around each): place-reading.ts.
 */
import { readOnce } from '../../lazy.js';
import { lexiconTags } from './english-lexicon.js';
import { englishRefsOf, fold, foldKeepingAccents, isTerritory, nameIndex, theWorld, type NameKind, type NameRef, type Place, type PlaceKind } from './gazetteer.js';
import { prior, rank, readPlaces } from './place-reading.js';

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

/**
 * The places a text names, in order. English unless `language` (ISO 639-1) says otherwise: then
 * that language's names and demonyms count too ("Le gouvernement français" -> France).
 */
export function placesIn(text: string, language = 'en', options: PlacesOptions = {}): PlaceMention[] {
  return text ? placesRead(text, language, options) : [];
}

/** Each text's places read once (compromise on each candidate's window is the dearest part). */
const placesRead = readOnce(readPlaces, (text, language: string, options: PlacesOptions) => `${language}|${options.anyCase ? 1 : 0}|${text}`);

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
