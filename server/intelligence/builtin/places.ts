/**
 * The story tracker's and relevance's view of places, kept for the modules that import it
 * (stories.ts, capabilities/relevance.ts, topic-profile.ts): a thin layer over the place knowledge
 * layer (server/intelligence/knowledge/places.ts), which new code should import instead.
 *
 * Country keys are ISO 3166-1 alpha-2 codes ("HU", "US"); countryName() also reads the keys of the
 * hand-written gazetteer this file held before ("united_states").
 */
import { countriesOf as countriesIn, countryName, memberOf, parseLocation } from '../knowledge/places.js';

export { countryName, parseLocation };

/** The countries a text names (ISO codes), directly, by demonym, or through a city or region in them, each once in order of first mention. */
export const countriesOf = (text: string): string[] => countriesIn(text);

/** Whether a country (an ISO code, or any of its names) is a member state of the European Union (datasets/memberships.json). */
export const inEuropeanUnion = (country: string) => memberOf(country, 'EU');
