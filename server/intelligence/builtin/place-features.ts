/**
 * Places as the topic model reads them (ADR 007): the countries and groups a document's title and
 * lead name, and the places of a topic's name, as features `@CODE` (an ISO country, a group's id).
 * A place says where, not what: the model counts it only beside a word of the subject.
 */
import { isTerritory, membersOf, placesIn, type PlaceMention } from '../knowledge/places.js';
import { wordsIn } from '../../search/terms.js';
import { lexiconTags } from '../knowledge/english-lexicon.js';

/** A mention as a feature: a group by its id, anything else by its country (a city, a region, a demonym); none for a place inside a longer name ("Bank of England"). */
function featureOf(m: PlaceMention): string | undefined {
  if (m.inName) return undefined;
  if (m.kind === 'group') return `@${m.id}`;
  return m.country ? `@${m.country}` : undefined;
}

/** The countries and groups of countries a text names, as features: `@DE`, `@EU`. */
export function placeFeaturesIn(text: string, language: string): Set<string> {
  return new Set(placesIn(text, language).flatMap((m) => featureOf(m) ?? []));
}

export type NamePlaces = Map<string, { place: string; members: string[]; scope: boolean }>;

/** Whether a place named in a name is its scope: named by its name after a preposition ("Asylum seekers in Germany", "Sugar market in the EU"), not as a people's word ("Japanese yen"). */
function isScope(m: PlaceMention, name: string, language: string): boolean {
  if (language !== 'en' || m.via !== 'name') return false;
  const before = wordsIn(name.slice(0, m.start), language).filter((w) => !lexiconTags(w).includes('Determiner'));
  return before.length > 0 && lexiconTags(before.at(-1)!).includes('Preposition');
}

/**
 * The places a topic's name names, by its words: each word of a place's name is said by the place
 * (`@US` for "united" and "states"), a territory's (a continent's, a union's) also by its members
 * ("Europe" by `@DE`, `@HU`): a report from Budapest is a report from Europe. A body of states
 * (OPEC, NATO) is said by its name only: "Oil prices and OPEC" follows the organisation, and a
 * report from Riyadh or of Emirati soldiers is not about it. A place after a preposition is the
 * name's scope (isScope).
 */
export function namePlaces(name: string, language: string): NamePlaces {
  const out: NamePlaces = new Map();
  for (const m of placesIn(name, language, { anyCase: true })) {
    const place = featureOf(m);
    if (!place) continue;
    const members = m.kind === 'group' && isTerritory(m) ? membersOf(m.id).map((code) => `@${code}`) : [];
    const scope = isScope(m, name, language);
    for (const word of wordsIn(m.text, language)) out.set(word.toLowerCase(), { place, members, scope });
  }
  return out;
}

/** Whether a word of a name is a place that scopes it (namePlaces). */
export const scopesName = (places: NamePlaces, word: string) => places.get(word.toLowerCase())?.scope === true;

/** The place features that say a word of a name: its place and, for a group, its members; none for another word. */
export function placeForms(places: NamePlaces, word: string): string[] {
  const found = places.get(word.toLowerCase());
  return found ? [found.place, ...found.members] : [];
}
