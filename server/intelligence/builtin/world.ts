/**
 * Facts about the world the built-in engine uses to understand a topic or a profile: places and
 * the names they go by (from the place knowledge layer, server/intelligence/knowledge), the
 * institutions that act for a jurisdiction on a subject, names that mean several things, and
 * subjects too broad to track on their own. The hand-curated tables are data, checked at load
 * (knowledge/curated.ts, knowledge/datasets/*.json; ADR 015); this module gives them their old
 * names. The words and phrases below stay code: they are the grammar of how people type a topic.
 */
import { lazyArray } from '../../lazy.js';
import { curatedKnowledge, type Regulators, type Sense } from '../knowledge/curated.js';
import { countriesAndGroups, memberOf, namesOf } from '../knowledge/places.js';

export interface Place {
  name: string;
  /** Lower-case spellings matched as whole words (acronyms with or without dots). */
  aliases: string[];
  eu?: boolean;
}

/**
 * Every country and group of countries (the European Union, NATO, the continents, ...) with its
 * names and demonyms as lower-case aliases, and whether it is a member state of the European
 * Union: the place knowledge layer (server/intelligence/knowledge/places.ts) seen as the list
 * this module held by hand. Built on first use. New code asks the knowledge layer instead
 * (placesIn, placeNamed, namesOf, memberOf).
 */
export const PLACES: Place[] = lazyArray(() => {
  const { countries, groups } = countriesAndGroups();
  const alias = (name: string) => name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
  return [...groups, ...countries].map((place) => ({
    name: place.name,
    aliases: [...new Set(namesOf(place).map(alias).filter(Boolean))],
    ...(place.kind === 'country' && memberOf(place.id, 'EU') ? { eu: true } : {}),
  }));
});

const curated = curatedKnowledge();

/**
 * Regulators by subject and jurisdiction: a topic about drug approvals in the United States
 * involves the FDA, the same topic in the European Union the EMA. 'World' bodies act wherever the
 * topic is (the WTO on tariffs, the WHO on outbreaks). Data: knowledge/datasets/regulators.json.
 */
export const REGULATORS: Regulators[] = curated.regulators;

/**
 * Other names of a body and the parts that act for it: a topic that names one follows them too
 * (documents say "FOMC statement", not "Federal Reserve"). Data: knowledge/datasets/other-names.json.
 */
export const ALSO_KNOWN: Record<string, string[]> = curated.alsoKnown;

/** Laws that say where a topic is: a topic on the GDPR is a European one. Data: knowledge/datasets/law-places.json. */
export const LAW_PLACES: Record<string, string> = curated.lawPlaces;

/** Legislatures by jurisdiction (legislation topics). Data: knowledge/datasets/legislatures.json. */
export const LEGISLATURES: Record<string, string[]> = curated.legislatures;

export type { Sense };

/** Names that mean several things: asked about unless the words around them settle it. Data: knowledge/datasets/ambiguous-names.json. */
export const AMBIGUOUS: Record<string, Sense[]> = curated.ambiguous;

/**
 * Subjects too broad to follow on their own, each with narrower topics to offer as examples.
 * A topic made only of these words (and other generic words) is asked about. Data:
 * knowledge/datasets/broad-subjects.json.
 */
export const BROAD: Record<string, string[]> = curated.broad;

/** Words that add nothing to a topic on their own ("latest news on ..."). Data: knowledge/datasets/generic-words.json. */
export const GENERIC: ReadonlySet<string> = new Set(curated.generic);

/** Written in capitals whatever case the user typed ("fda approvals" -> "FDA approvals"). Data: knowledge/datasets/acronyms.json. */
export const ACRONYMS: ReadonlySet<string> = new Set(curated.acronyms);

/** Phrases people put in front of a topic that are not part of it. */
export const LEAD_INS = new RegExp(
  String.raw`^(?:(?:` +
    [
      "i(?:'d| would)? (?:like|want|love|need) to (?:track|follow|monitor|watch|know about|read about|hear about|keep up with|keep an eye on)",
      '(?:please )?(?:track|follow|monitor|watch|add)',
      '(?:the )?latest(?: news| updates| developments)? (?:on|about|from|in)',
      '(?:news|updates|developments|information|anything) (?:on|about|from|regarding|in)',
      "what(?:'s| is) (?:new|happening) (?:in|with|on)",
      'keep me (?:posted|updated|informed) (?:on|about)',
      'topics?',
    ].join('|') +
    String.raw`)(?:\s*[:,-])?\s+)+`,
  'i',
);
