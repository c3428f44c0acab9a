/**
 * The world's places and the names texts give them: the types, the folding of names into index
 * keys (name-fold.ts, re-exported), and the look-ups other files import (theWorld, nameIndex, englishRefsOf). The places and
 * their English names are built on first use from standard data by gazetteer-build.ts
 * (world-countries, i18n-iso-countries, provinces, GeoNames, WordNet, datasets/memberships.json).
 *
 * Names are indexed by a folded key (lower case, no accents, no dots, hyphens as spaces), per
 * language: English by default, another language's names and demonyms when a text is in it.
 */
import { addName, build, i18nNames, isCode, worldCountries } from './gazetteer-build.js';
import { groups } from './memberships.js';

export { fold, foldKeepingAccents, pluralOf } from './name-fold.js';

export type PlaceKind = 'country' | 'region' | 'city' | 'group';

export interface Place {
  /** "KE" (a country: ISO 3166-1 alpha-2), "US-TX" (a region), "FR/Paris" (a city), "EU" (a group). */
  id: string;
  kind: PlaceKind;
  /** Its English name as shown ("Kenya", "Texas", "Paris", "European Union"). */
  name: string;
  /** The ISO 3166-1 alpha-2 code of the country it is or lies in; null for a group. */
  country: string | null;
  /** People living there (GeoNames; 0 when unknown). */
  population: number;
  /** A national capital. */
  capital: boolean;
  /** A group's member countries (ISO codes); empty for the others. */
  members: string[];
  /** What kind of group: a union, region, continent or area is a territory; an alliance, organisation, forum or agreement is a body of states (NATO, OPEC, G7). */
  group?: GroupKind;
}

export type GroupKind = 'union' | 'alliance' | 'organisation' | 'forum' | 'agreement' | 'region' | 'continent' | 'area';

/** A place as a territory: a country, region or city, or a group that is one (a union, a region, a continent, an area), not a body of states (NATO, OPEC). */
export const isTerritory = (place: Pick<Place, 'kind' | 'group'>) => place.kind !== 'group' || ['union', 'region', 'continent', 'area'].includes(place.group ?? '');

/** How a name names its place: its name, an abbreviation written in capitals ("US", "EU"), or a demonym ("Kenyan", "Danes"). */
export type NameKind = 'name' | 'code' | 'demonym';

export interface NameRef {
  place: Place;
  how: NameKind;
  /** From a place's own record (its names, its demonyms) rather than an added source (WordNet, a city's other names). */
  primary: boolean;
  /** Matched whatever the case (names written in lower case: "euro area"; adjectives in languages that write them so). */
  anyCase: boolean;
  /** The name as the data writes it. */
  written: string;
  /** Matched only with its accents: another language's spelling that folds into an English word ("Ísland" is not "Island"). */
  accents: boolean;
}

export interface NameIndex {
  names: Map<string, NameRef[]>;
  /** Most words in a name. */
  longest: number;
  /** First words of the names that match in any case (lower-case starts worth a look-up). */
  lowerStarts: Set<string>;
}

/** ISO 639-1 -> the ISO 639-3 keys world-countries uses for translations, native names and demonyms. */
const ISO639_3: Record<string, string> = {
  ar: 'ara', br: 'bre', cs: 'ces', cy: 'cym', de: 'deu', en: 'eng', es: 'spa', et: 'est', fa: 'per', fi: 'fin', fr: 'fra', hr: 'hrv', hu: 'hun',
  it: 'ita', ja: 'jpn', ko: 'kor', nl: 'nld', pl: 'pol', pt: 'por', ru: 'rus', sk: 'slk', sr: 'srp', sv: 'swe', tr: 'tur', ur: 'urd', zh: 'zho',
};

export interface World {
  /** Words of place names that are also ordinary English words (WordNet): "valley", "split". */
  commonWords: Set<string>;
  places: Map<string, Place>;
  countries: Place[];
  cities: Place[];
  regions: Place[];
  groups: Place[];
  english: NameIndex;
}

let world: World | undefined;
const indexes = new Map<string, NameIndex>();

/** Everything the gazetteer knows (built on first use). */
export function theWorld(): World {
  return (world ??= build());
}

let englishNamesOf: Map<Place, NameRef[]> | undefined;
/** A place's English names and demonyms (its references in the English index). */
export function englishRefsOf(place: Place): NameRef[] {
  if (!englishNamesOf) {
    englishNamesOf = new Map();
    for (const refs of theWorld().english.names.values()) for (const r of refs) englishNamesOf.set(r.place, [...(englishNamesOf.get(r.place) ?? []), r]);
  }
  return englishNamesOf.get(place) ?? [];
}

/**
 * The names of a language: English's by default; another language's country names (i18n-iso-countries,
 * world-countries' translations and the native names of the countries that speak it), its demonyms
 * (world-countries has French ones, matched in lower case too: "le gouvernement français") and the
 * groups' names in it, over the English index (cities, regions and most country names are written
 * alike).
 */
export function nameIndex(language = 'en'): NameIndex {
  const w = theWorld();
  const lang = language.toLowerCase().slice(0, 2);
  if (lang === 'en' || !/^[a-z]{2}$/.test(lang)) return w.english;
  const cached = indexes.get(lang);
  if (cached) return cached;
  const index: NameIndex = { names: new Map(), longest: w.english.longest, lowerStarts: new Set(w.english.lowerStarts) };
  const names = i18nNames(lang);
  const iso3 = ISO639_3[lang];
  const byId = new Map(w.countries.map((c) => [c.id, c]));
  for (const c of worldCountries()) {
    const place = byId.get(c.cca2)!;
    const translated = iso3 && c.translations[iso3] ? [c.translations[iso3].common, c.translations[iso3].official] : [];
    for (const name of [...[names?.[c.cca2] ?? []].flat(), ...translated]) addName(index, name, { place, how: isCode(name) ? 'code' : 'name', primary: true, anyCase: false, accents: true });
    if (iso3 && c.languages && iso3 in c.languages && c.name.native?.[iso3]) {
      for (const name of [c.name.native[iso3].common, c.name.native[iso3].official]) addName(index, name, { place, how: 'name', primary: true, anyCase: false, accents: true });
    }
    const demonym = iso3 ? c.demonyms?.[iso3] : undefined;
    if (demonym) {
      // Adjectives of nationality are written in lower case in most languages but English.
      for (const form of new Set([demonym.m, demonym.f])) {
        for (const word of new Set([form, /[sx]$/.test(form) ? form : `${form}s`])) addName(index, word, { place, how: 'demonym', primary: true, anyCase: true, accents: true });
      }
    }
  }
  for (const g of groups()) {
    const place = w.places.get(g.id)!;
    for (const name of g.names[lang] ?? []) addName(index, name, { place, how: isCode(name) ? 'code' : 'name', primary: true, anyCase: false, accents: true });
    for (const word of g.demonyms?.[lang] ?? []) addName(index, word, { place, how: 'demonym', primary: true, anyCase: true, accents: true });
  }
  // English names after the language's own (a name both have keeps the language's reading first).
  for (const [key, refs] of w.english.names) {
    const own = index.names.get(key) ?? [];
    index.names.set(key, [...own, ...refs.filter((r) => !own.some((o) => o.place === r.place)).map((r) => ({ ...r, primary: false }))]);
    index.longest = Math.max(index.longest, key.split(' ').length);
  }
  indexes.set(lang, index);
  return index;
}
