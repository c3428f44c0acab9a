/**
 * Text features for the built-in story tracker: content words (lower case, stop words out, light
 * stemming) and named entities (people, places, organisations) found by `compromise` in the lead
 * of the document. Deterministic, offline.
 */
import path from 'node:path';
import { lazyRequire } from '../../lazy.js';
import { ROOT } from '../../paths.js';
import { stem, STOP_WORDS } from '../../search/terms.js';
import { isLegalForm, withoutLegalForm } from './company-names.js';
import { countryOrGroupNamed, fold, oneWordName, type Place } from '../knowledge/places.js';

/** compromise's names of a lead, title-case headlines re-cased first: the entity pool's worker file, so both give the same answers. */
const entityNames = lazyRequire<{ namesOf(lead: string): string[] }>(path.join(ROOT, 'server', 'intelligence', 'builtin', 'entity-worker.cjs'));

/**
 * Function words plus words every news item uses (dates, reporting verbs): they join nothing. The
 * last line holds the words the shared list (search/terms.ts) stopped before it took Snowball's and
 * the stopword package's lists, which lack them ('may' and 'new' begin headlines of every story).
 */
const STOP = new Set([
  ...STOP_WORDS,
  ...(
    'say three least per cent percent ' +
    'monday tuesday wednesday thursday friday saturday sunday today yesterday tomorrow week weeks month months year years day days ' +
    'january february march april june july august september october november december ' +
    'report reports reported according announce announces announced state states stated people first last since amid ' +
    'may upon says one two new shall'
  ).split(' '),
]);

/** Names news writes several ways that are no place's; places are the knowledge layer's. */
const ENTITY_ALIASES: Record<string, string> = {
  isis: 'islamic state', isil: 'islamic state', daesh: 'islamic state', 'islamic state of iraq': 'islamic state',
  'islamic state of iraq and the levant': 'islamic state', 'islamic state in iraq and the levant': 'islamic state',
  'islamic state of iraq and syria': 'islamic state', 'islamic state in iraq and syria': 'islamic state', 'islamic state of iraq and al sham': 'islamic state',
  un: 'united nations',
};

/** The entity key of a country or group of countries: its name as `entityKey` writes it ("united states", "european union"). */
const placeKey = (place: Place) => baseKey(place.name);

/**
 * A name or people's word that names a country, group of countries or region alone -> that
 * place's entity key, so that every way of naming it meets: "uk", "britain" -> "united kingdom",
 * "nigerian" -> "nigeria" (the place knowledge layer's names, abbreviations and demonyms).
 */
function placeOf(name: string): string | undefined {
  const place = countryOrGroupNamed(name, { regions: true });
  return place ? placeKey(place) : undefined;
}

/**
 * The content word a capitalised demonym or an abbreviation stands for: its place's one-word name,
 * as the tracker's content words have always written it ("Syrian" -> "syria", "Hungarian" ->
 * "hungary", "British" and "UK" -> "britain", "Texan" -> "texas", "Kurdish" -> "kurdistan"); a
 * place without a one-word name by its key ("South Korean" -> "southkorea"). Names themselves are
 * stemmed like any word: "Hungary" is "hungari", as before. The place keys (countriesOf) carry the
 * country itself; stemming both forms alike (so that "German" meets "Germany") moved the dev-set
 * figures by noise (B-cubed -0.002 on the Wikipedia set) and is left to the tracker's owners.
 */
function placeWord(written: string): string | undefined {
  const place = countryOrGroupNamed(written, { regions: true });
  if (!place || countryOrGroupNamed(written, { regions: true, demonyms: false, codes: false })) return undefined;
  const one = oneWordName(place);
  return one ? fold(one) : placeKey(place).replace(/ /g, '');
}

/** Content words of a text, stemmed. Numbers shorter than 3 digits are dropped (counts, days). */
export function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu)) {
    const word = match[0].toLowerCase().replace(/['’]s$/, '');
    if (word.length < 2 || STOP.has(word)) continue;
    if (/^\d+$/.test(word) && word.length < 3) continue;
    // A capitalised demonym or an abbreviation counts as its place ("Hungarian" -> "hungary"),
    // stemmed as the place is where a text names it ("Hungary" -> "hungari"), so both meet.
    const capitalised = /^\p{Lu}/u.test(match[0]) || /^(?:usa|uk)$/.test(word);
    out.push(stem(capitalised ? (placeWord(match[0].replace(/['’]s$/, '')) ?? word) : word));
  }
  return out;
}

/** How much of a document `compromise` reads for entities: the lead carries the names (and it keeps 6,000 documents well under a minute). */
export const ENTITY_LEAD_CHARS = 400;

const ARTICLE = /^(?:the|a|an)\s+/;

/** One canonical key per entity mention: lower case, no possessive, no article, no trailing punctuation; a country or group by its name ("US", "U.S.", "America" -> "united states"). */
export function entityKey(name: string): string {
  const key = baseKey(name);
  if (ENTITY_ALIASES[key]) return ENTITY_ALIASES[key];
  // A people's word stays as it is ("Syrian"); a qualified one is read as its place in `coresOf`.
  const place = countryOrGroupNamed(name.replace(/['’]s\b/g, '').trim(), { demonyms: false });
  return place ? placeKey(place) : key;
}

function baseKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/['’]s\b/g, '')
    .replace(/\b(\p{L})\.(?=\p{L}\.)/gu, '$1')
    .replace(/-/g, ' ')
    .replace(/[^\p{L}\p{N}\s-]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(ARTICLE, '');
}

/**
 * Named entities of a text (people, places, organisations), as canonical keys. Each multi-word
 * entity also yields its capitalised head words ("Palmyra, Syria" -> "palmyra syria", "palmyra",
 * "syria") so "Syria" in a later item meets "Palmyra, Syria" in an earlier one, and its core without
 * compass points and kinds of place or body ("northern Aleppo city" -> "aleppo", "Nigerian Army" ->
 * "nigeria") so qualified mentions of one place or actor meet.
 */
export function extractEntities(title: string, text: string): string[] {
  return entitiesOfNames(entityNames().namesOf(leadOf(title, text)));
}

/** Canonical entity keys of the names compromise found (extractEntities, entity-pool.ts). */
export function entitiesOfNames(names: string[]): string[] {
  const found = new Set<string>();
  for (const topic of names) {
    const key = entityKey(topic);
    if (key.length < 2) continue;
    found.add(key);
    for (const part of topic.split(/[,;]|\s+(?:of|in|and|for|de|del|la)\s+/i)) {
      const partKey = entityKey(part);
      if (partKey.length >= 3 && partKey !== key && /^\p{Lu}/u.test(part.trim())) found.add(partKey);
      // The core of a qualified name: "northern Aleppo city" -> "aleppo", "Nigerian Army" -> "nigeria".
      for (const core of coresOf(partKey)) found.add(core);
    }
  }
  return [...found].sort();
}

/** Names a document keeps for its reader (trends): at most this many. */
const DISPLAY_NAMES = 12;

/**
 * The names of a text as a reader would read them, one per entity key, in the order found:
 * compromise's "the Federal Reserve's" is "Federal Reserve"; a name without a capital letter, or of
 * one letter, is left out, and so is a name inside a longer one of the same text. What a topic's
 * trends count and show (events.entity_names).
 */
export function displayNames(names: string[]): string[] {
  const byKey = new Map<string, string>();
  for (const raw of names) {
    const cleaned = raw
      .replace(/^(?:the|a|an)\s+/i, '')
      .replace(/['’]s?$/u, '')
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}.)]+$/gu, '')
      // A sentence's full stop, not an abbreviation's ("U.S.").
      .replace(/(\p{L}{2})\.$/u, '$1')
      .replace(/\s+/g, ' ')
      .trim();
    // A legal form alone ("Inc", "Ltd.") is what the NLP library kept of a company's name, not a name (ISO 20275's forms);
    // one closing a name is left out, so "Apple Inc" and "Apple" are one name.
    const name = withoutLegalForm(cleaned);
    if (name.length < 2 || !/\p{Lu}/u.test(name) || isLegalForm(name)) continue;
    const key = entityKey(name);
    if (key.length >= 2 && !byKey.has(key)) byKey.set(key, name);
  }
  // A name inside a longer one of the same text is that one cut short ("Market Committee" of "Federal Open Market Committee").
  const all = [...byKey.values()];
  const within = (short: string, long: string) => long.length > short.length && ` ${long.toLowerCase()} `.includes(` ${short.toLowerCase()} `);
  return all.filter((name) => !all.some((other) => within(name, other))).slice(0, DISPLAY_NAMES);
}

/** Words that qualify a name without naming anything: compass points, kinds of place or body. */
const QUALIFIERS = new Set(
  (
    'north northern south southern east eastern west western central northeast northeastern northwest northwestern southeast ' +
    'southeastern southwest southwestern upper lower greater city town village province provincial state region district county ' +
    'governorate government army forces military ministry capital border coast island islands'
  ).split(' '),
);

/** A key without its qualifiers, a lone demonym read as its place: "northern aleppo city" -> "aleppo", "nigerian army" -> "nigeria". */
function coresOf(key: string): string[] {
  const words = key.split(' ');
  const core = words.filter((w) => !QUALIFIERS.has(w));
  if (core.length === 0 || core.length === words.length) return [];
  const joined = core.join(' ');
  const canonical = placeOf(joined) ?? ENTITY_ALIASES[joined] ?? joined;
  return canonical.length >= 3 ? [canonical] : [];
}

/** The title and the first ENTITY_LEAD_CHARS of a document: where compromise looks for names. */
export function leadOf(title: string, text: string): string {
  const body = text.startsWith(title.replace(/\.\.\.$/, '')) ? text : `${title}. ${text}`;
  if (body.length <= ENTITY_LEAD_CHARS) return body;
  const cut = body.lastIndexOf(' ', ENTITY_LEAD_CHARS);
  return body.slice(0, cut > 0 ? cut : ENTITY_LEAD_CHARS);
}

/**
 * Kinds of happening news reports, each by words that say it: a document's kinds paired with the
 * countries it names ("syria|conflict") let the reports of one country's war, election or disaster
 * meet when they share no other word ("a car bomb in Latakia" and "rebels shell Aleppo").
 */
const KIND_WORDS: Record<string, string> = {
  conflict:
    'kill killed killing kills attack attacks attacked bomb bombs bombing bombings bomber airstrike airstrikes strike strikes ' +
    'militant militants rebel rebels insurgent insurgents insurgency gunmen gunman soldier soldiers troops army military fighter fighters ' +
    'fighting clash clashes shelling shelled shell battle offensive war warplanes jets drone explosion explosive ied ambush siege ' +
    'suicide hostage hostages kidnap kidnapped abduct abducted casualties wounded injured militia ceasefire',
  disaster:
    'earthquake quake tsunami flood floods flooding storm storms typhoon hurricane cyclone tornado landslide landslides rain rains ' +
    'wildfire wildfires fire fires blaze evacuate evacuated evacuation drought eruption volcano haze smog outbreak epidemic disease ' +
    'virus cholera dengue ebola death toll magnitude',
  politics:
    'election elections vote votes voters voting poll polls ballot referendum parliament parliamentary party parties candidate ' +
    'candidates campaign president prime minister cabinet government coalition opposition resign resigns resignation sworn ' +
    'legislation law bill senate congress constitution',
  migration: 'migrant migrants refugee refugees asylum seekers border borders smuggler smugglers camp camps',
  justice: 'court courts trial convicted sentenced sentence judge charges charged arrested arrest prison jail verdict acquitted',
  economy: 'economy economic bank banks market markets stock stocks shares currency inflation interest rate rates trade tariff company companies',
  sport: 'match final championship tournament cup league olympic olympics defeat defeats win wins title medal team',
};

const KIND_OF = new Map<string, string>();
for (const [kind, words] of Object.entries(KIND_WORDS)) for (const w of words.split(' ')) for (const form of [w, stem(w)]) if (!KIND_OF.has(form)) KIND_OF.set(form, kind);

/** The kinds of happening a document's content words say, the most said first, at most two; none when no kind has two words. */
export function kindsOf(words: string[]): string[] {
  const counts = new Map<string, number>();
  for (const w of words) {
    const kind = KIND_OF.get(w);
    if (kind) counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 2)
    .map(([kind]) => kind);
}

/** Words of an address's path that are site furniture, not the article's subject. */
const PATH_WORDS = new Set([
  ...['html', 'htm', 'php', 'aspx', 'asp', 'shtml', 'jsp', 'cms', 'ssf', 'index', 'story', 'stories', 'article', 'articles', 'news'],
  ...['blog', 'blogs', 'post', 'posts', 'www', 'http', 'https', 'com', 'amp', 'rss', 'feed', 'node', 'id', 'utm', 'ref', 'cid'],
]);

/**
 * The words of a news address's slug: the path segment(s) written as words joined by hyphens or
 * underscores ("/2014/03/10/george-zimmerman-signs-autographs-at-gun-show/" -> "george zimmerman
 * signs autographs at gun show"). Sites write the article's subject there, often more of it than
 * a headline holds; segments of fewer than three words (sections, dates, ids) are not slugs.
 */
export function slugText(url: string | null | undefined): string {
  if (!url) return '';
  let pathname: string;
  try {
    pathname = decodeURIComponent(new URL(url.replace(/\\\?/g, '?')).pathname);
  } catch {
    return '';
  }
  const slugs: string[] = [];
  for (const segment of pathname.split('/')) {
    const words = segment
      .replace(/\.[a-z0-9]{2,5}$/i, '')
      .split(/[-_+]+/)
      .filter((word) => /^\p{L}[\p{L}']*$/u.test(word) && word.length >= 2 && !PATH_WORDS.has(word.toLowerCase()));
    if (words.length >= 3) slugs.push(words.join(' '));
  }
  return slugs.join(' ');
}
