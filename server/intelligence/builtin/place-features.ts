/**
 * Places as the topic model reads them (ADR 007): the countries and groups a document's title and
 * lead name, and the places of a topic's name, as features `@CODE` (an ISO country, a group's id).
 * A place says where, not what: the model counts it only beside a word of the subject.
 */
import { membersOf, placesIn, type PlaceMention } from '../knowledge/places.js';
import { wordsIn } from '../../search/terms.js';

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

export type NamePlaces = Map<string, { place: string; members: string[] }>;

/**
 * The places a topic's name names, by its words: each word of a place's name is said by the place
 * (`@US` for "united" and "states"), a group's (a continent's, a union's) also by its members
 * ("Europe" by `@DE`, `@HU`): a report from Budapest is a report from Europe.
 */
export function namePlaces(name: string, language: string): NamePlaces {
  const out: NamePlaces = new Map();
  for (const m of placesIn(name, language, { anyCase: true })) {
    const place = featureOf(m);
    if (!place) continue;
    const members = m.kind === 'group' ? membersOf(m.id).map((code) => `@${code}`) : [];
    for (const word of wordsIn(m.text, language)) out.set(word.toLowerCase(), { place, members });
  }
  return out;
}

/** The place features that say a word of a name: its place and, for a group, its members; none for another word. */
export function placeForms(places: NamePlaces, word: string): string[] {
  const found = places.get(word.toLowerCase());
  return found ? [found.place, ...found.members] : [];
}
