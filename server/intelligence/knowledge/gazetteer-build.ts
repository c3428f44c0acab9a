/**
 * The gazetteer's build (gazetteer.ts's theWorld calls it on first use): the world's places and
 * their English names, read from standard data:
 *
 * - countries (ISO 3166-1): common, official and other names, native names, translations and
 *   demonyms from world-countries (ODbL 1.0) and i18n-iso-countries (MIT), read from node_modules;
 *   English other names ("Britain", "Holland"), nouns for a country's people ("Danes", "Poles") and
 *   pertaining adjectives from Princeton WordNet (datasets/wordnet-places.json, scripts/build-places.ts);
 * - first-level regions (US states, Canadian provinces, Indian states, ...) from provinces (MIT);
 * - cities: national capitals, seats of first-order divisions and cities of 100,000 people or more
 *   from GeoNames (CC BY; datasets/geonames-cities.json, scripts/build-places.ts), with populations;
 * - continents (world-countries' regions) and groups of countries (datasets/memberships.json).
 *
 * Also the name index's building blocks (addName, isCode) and the data readers that gazetteer.ts's
 * nameIndex shares (worldCountries, i18nNames). Only gazetteer.ts imports this file; what it imports
 * back (the folding of names, pluralOf) is read only when the build runs.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { lazyRequire } from '../../lazy.js';
import { ROOT } from '../../paths.js';
import { lexiconTags } from './english-lexicon.js';
import type { NameIndex, NameRef, Place, World } from './gazetteer.js';
import { fold, foldKeepingAccents, pluralOf } from './name-fold.js';
import { groups } from './memberships.js';

const DATA = path.join(ROOT, 'server', 'intelligence', 'knowledge', 'datasets');

interface WorldCountry {
  cca2: string;
  name: { common: string; official: string; native?: Record<string, { common: string; official: string }> };
  altSpellings: string[];
  independent?: boolean | null;
  capital?: string[];
  region: string;
  languages?: Record<string, string>;
  translations: Record<string, { common: string; official: string }>;
  demonyms?: Record<string, { f: string; m: string }>;
}
interface Province {
  name: string;
  country: string;
  short?: string;
  alt?: string[];
  english?: string;
  region?: string;
}
interface Cities {
  countries: Record<string, number>;
  cities: [string, string, number, string, ...string[]][];
}
interface WordNetPlaces {
  countries: Record<string, { names: string[]; people: string[]; adjectives: string[] }>;
  regions: Record<string, { people: string[]; adjectives: string[] }>;
  continents: Record<string, { people: string[]; adjectives: string[] }>;
  areas: Record<string, { names: string[]; members: string[]; people: string[]; adjectives: string[] }>;
  commonWords: string[];
}

export const worldCountries = lazyRequire<WorldCountry[]>('world-countries');
const provinces = lazyRequire<Province[]>('provinces');
export const i18nNames = (language: string): Record<string, string | string[]> | undefined => {
  try {
    return (lazyRequire<{ countries: Record<string, string | string[]> }>(`i18n-iso-countries/langs/${language}.json`)()).countries;
  } catch {
    return undefined;
  }
};
const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(DATA, file), 'utf8')) as T;

/** A first-level division list longer than this is of a lower level (Peru's provinces, England's counties): left out. */
const MAX_REGIONS_PER_COUNTRY = 60;

function emptyIndex(): NameIndex {
  return { names: new Map(), longest: 1, lowerStarts: new Set() };
}

/** Adds a place's written name to an index under its folded key: one reference a place and kind of name. */
export function addName(index: NameIndex, written: string, ref: Omit<NameRef, 'written' | 'anyCase' | 'accents'> & { anyCase?: boolean; accents?: boolean }) {
  const key = fold(written);
  if (!key || key.length < 2) return;
  const refs = index.names.get(key) ?? [];
  const accents = (ref.accents ?? false) && key !== foldKeepingAccents(written);
  const same = refs.find((r) => r.place === ref.place && r.how === ref.how);
  if (same) {
    // One spelling that needs no accents is enough for the place.
    if (same.accents && !accents) Object.assign(same, { accents: false, written });
    return;
  }
  const anyCase = ref.anyCase ?? /^\p{Ll}/u.test(written);
  refs.push({ ...ref, anyCase, written, accents });
  index.names.set(key, refs);
  index.longest = Math.max(index.longest, key.split(' ').length);
  if (anyCase) index.lowerStarts.add(key.split(' ')[0]!);
}

/** A name written in the Latin alphabet (the index of a language in another script takes that script's names too). */
const latin = (s: string) => /^[\p{Script=Latin}\s.'’,()-]+$/u.test(s);
/** An abbreviation written in capitals ("US", "UAE", "DPRK", "U.S."). */
export const isCode = (s: string) => /^(?:\p{Lu}\.?){2,5}$/u.test(s);

/** What each step of the build reads and adds to: the places by id and the English name index. */
interface Builder {
  places: Map<string, Place>;
  english: NameIndex;
  add: (place: Place) => Place;
  data: ReturnType<typeof worldCountries>;
  cityData: Cities;
  wordnet: WordNetPlaces;
  commonWords: Set<string>;
}

/** The world in five steps: countries, regions, cities and groups with their English names; then cities' other names yield. */
export function build(): World {
  const places = new Map<string, Place>();
  const add = (place: Place) => {
    places.set(place.id, place);
    return place;
  };
  const wordnet = readJson<WordNetPlaces>('wordnet-places.json');
  const b: Builder = { places, english: emptyIndex(), add, data: worldCountries(), cityData: readJson<Cities>('geonames-cities.json'), wordnet, commonWords: new Set(wordnet.commonWords) };
  const countries = addCountries(b);
  const countryOf = new Map(countries.map((c) => [c.id, c]));
  const regions = addRegions(b, countryOf);
  const cities = addCities(b, countryOf);
  const groupPlaces = addGroups(b, countryOf);
  yieldCityAliases(b.english);
  return { commonWords: b.commonWords, places, countries, cities, regions, groups: groupPlaces, english: b.english };
}

/** The countries of world-countries, with their official, common, other and WordNet names and their demonyms. */
function addCountries({ english, add, data, cityData, wordnet, commonWords }: Builder): Place[] {
  const en = i18nNames('en') ?? {};
  /** Another spelling that is an ordinary English word names nothing in English ("Island" of Iceland). */
  const ordinary = (name: string) => !name.includes(' ') && commonWords.has(fold(name)) && !lexiconTags(fold(name)).some((t) => /Country|Place|City|Region/.test(t));
  const countries: Place[] = [];
  for (const c of data) {
    const place = add({ id: c.cca2, kind: 'country', name: c.name.common, country: c.cca2, population: cityData.countries[c.cca2] ?? 0, capital: false, members: [] });
    countries.push(place);
    const own = [c.name.common, c.name.official, ...[en[c.cca2] ?? []].flat()];
    for (const name of own) addName(english, name, { place, how: isCode(name) ? 'code' : 'name', primary: true });
    // Other spellings, in the Latin alphabet; the bare ISO code is no name ("FR", "IT", "NO").
    // Native spellings among them keep their accents ("Ísland" is Iceland, "Island" is not).
    for (const name of c.altSpellings) {
      if (name !== c.cca2 && latin(name) && name.length >= 3 && !ordinary(name)) addName(english, name, { place, how: isCode(name) ? 'code' : 'name', primary: true, accents: true });
    }
    const demonyms = new Set([c.demonyms?.eng?.m, c.demonyms?.eng?.f].filter((d): d is string => !!d));
    for (const form of demonyms) for (const word of [form, pluralOf(form)]) addName(english, word, { place, how: 'demonym', primary: true });
    const more = wordnet.countries[c.cca2];
    if (more) {
      // A two-letter abbreviation only where the country's own names have it ("US", "UK"; not "GB").
      for (const name of more.names) {
        const foreignCode = isCode(name) && name.replace(/\./g, '').length === 2 && !own.includes(name);
        if (!foreignCode && !ordinary(name)) addName(english, name, { place, how: isCode(name) ? 'code' : 'name', primary: false });
      }
      for (const word of [...more.people, ...more.adjectives]) addName(english, word, { place, how: 'demonym', primary: false });
    }
  }
  return countries;
}

/** First-level regions (the United Kingdom's four countries among them), with their peoples' words in WordNet ("Scottish", "Texan"). */
function addRegions({ english, add, data, wordnet }: Builder, countryOf: Map<string, Place>): Place[] {
  const independent = new Set(data.filter((c) => c.independent).map((c) => c.cca2));
  const regions: Place[] = [];
  const perCountry = new Map<string, number>();
  for (const p of provinces()) perCountry.set(p.country, (perCountry.get(p.country) ?? 0) + 1);
  const ukParts = new Set<string>();
  for (const p of provinces()) {
    if (p.country === 'GB' && p.region) ukParts.add(p.region);
    if ((perCountry.get(p.country) ?? 0) > MAX_REGIONS_PER_COUNTRY || !countryOf.has(p.country)) continue;
    const name = p.english && latin(p.english) ? p.english : p.name;
    // A territory with an ISO 3166-1 code of its own is that territory, not a province of another
    // country ("Taiwan", "Hong Kong", "Puerto Rico"); a state that shares an independent country's
    // name stays ("Georgia").
    const territoryOfItsOwn = (n: string | undefined) =>
      n && english.names.get(fold(n))?.some((r) => r.place.kind === 'country' && r.how === 'name' && !independent.has(r.place.id));
    if (!latin(name) || [p.name, p.english, ...(p.alt ?? [])].some(territoryOfItsOwn)) continue;
    const short = p.short && /^[A-Z0-9]{1,3}$/.test(p.short) ? p.short : fold(name).replace(/ /g, '_');
    const place = add({ id: `${p.country}-${short}`, kind: 'region', name, country: p.country, population: 0, capital: false, members: [] });
    regions.push(place);
    for (const written of [p.name, p.english, ...(p.alt ?? [])]) {
      if (written && latin(written) && written.length >= 4 && !isCode(written)) addName(english, written, { place, how: 'name', primary: written === p.name || written === p.english });
    }
  }
  // The United Kingdom's four countries (the `region` its counties are listed under).
  for (const part of ukParts) {
    const place = add({ id: `GB-${fold(part).replace(/ /g, '_')}`, kind: 'region', name: part, country: 'GB', population: 0, capital: false, members: [] });
    regions.push(place);
    addName(english, part, { place, how: 'name', primary: true });
  }
  for (const [key, more] of Object.entries(wordnet.regions)) {
    const [country, name] = [key.slice(0, 2), key.slice(3)];
    const place = regions.find((r) => r.country === country && r.name === name);
    if (place) for (const word of [...more.people, ...more.adjectives]) addName(english, word, { place, how: 'demonym', primary: false });
  }
  return regions;
}

/** GeoNames' cities, the capitals marked as world-countries writes them ("Washington D.C."). */
function addCities({ english, add, data, cityData }: Builder, countryOf: Map<string, Place>): Place[] {
  const cities: Place[] = [];
  for (const [name, country, population, flag, ...alts] of cityData.cities) {
    if (!countryOf.has(country)) continue;
    const place = add({ id: `${country}/${name}`, kind: 'city', name, country, population, capital: flag === 'C', members: [] });
    cities.push(place);
    addName(english, name, { place, how: 'name', primary: true });
    for (const alt of alts) addName(english, alt, { place, how: 'name', primary: false });
  }
  for (const c of data) {
    for (const capital of c.capital ?? []) {
      const refs = english.names.get(fold(capital)) ?? [];
      const city = refs.find((r) => r.place.kind === 'city' && r.place.country === c.cca2)?.place;
      if (city) city.capital = true;
    }
  }
  return cities;
}

/** Continents (world-countries' regions), areas across countries (WordNet) and the groups of datasets/memberships.json. */
function addGroups({ english, add, data, wordnet }: Builder, countryOf: Map<string, Place>): Place[] {
  const groupPlaces: Place[] = [];
  const continents = new Map<string, string[]>();
  for (const c of data) if (c.region && c.region !== 'Antarctic') continents.set(c.region, [...(continents.get(c.region) ?? []), c.cca2]);
  // A continent's adjectives (WordNet: "African", "Asian"), but one that several share ("Eurafrican").
  const shared = Object.values(wordnet.continents).flatMap((c) => [...c.people, ...c.adjectives]);
  for (const [name, members] of continents) {
    const place = add({ id: `CONTINENT:${name.toUpperCase()}`, kind: 'group', name, country: null, population: 0, capital: false, members, group: 'continent' });
    groupPlaces.push(place);
    addName(english, name, { place, how: 'name', primary: true });
    const more = wordnet.continents[name];
    for (const word of [...(more?.people ?? []), ...(more?.adjectives ?? [])]) if (shared.filter((w) => w === word).length === 1) addName(english, word, { place, how: 'demonym', primary: false });
  }
  // Areas across countries: "Kurdistan", "Kashmir", with their peoples' words ("Kurds", "Kurdish").
  for (const [name, area] of Object.entries(wordnet.areas)) {
    const members = area.members.filter((m) => countryOf.has(m));
    if (members.length < 2) continue;
    const place = add({ id: `AREA:${fold(name).toUpperCase().replace(/ /g, '_')}`, kind: 'group', name, country: null, population: 0, capital: false, members, group: 'area' });
    groupPlaces.push(place);
    for (const written of area.names) addName(english, written, { place, how: 'name', primary: false });
    for (const word of [...area.people, ...area.adjectives]) addName(english, word, { place, how: 'demonym', primary: false });
  }
  for (const g of groups()) {
    const place = add({ id: g.id, kind: 'group', name: g.names.en![0]!, country: null, population: 0, capital: false, members: g.members, group: g.kind });
    groupPlaces.push(place);
    for (const name of g.names.en!) addName(english, name, { place, how: isCode(name) ? 'code' : 'name', primary: true });
    for (const word of g.demonyms?.en ?? []) addName(english, word, { place, how: 'demonym', primary: true });
  }
  return groupPlaces;
}

/**
 * A city's other name yields to another country's place's own name ("Philadelphia" is not Amman's
 * old name here; "Washington" stays the capital's beside the state's).
 */
function yieldCityAliases(english: NameIndex): void {
  for (const [key, refs] of english.names) {
    const own = refs.filter((r) => r.primary);
    if (own.length === 0) continue;
    const kept = refs.filter((r) => r.primary || r.place.kind !== 'city' || own.every((o) => o.place.country === r.place.country));
    if (kept.length !== refs.length) english.names.set(key, kept);
  }
}
