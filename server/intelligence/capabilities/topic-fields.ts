import { z } from 'zod';
import { COLLECTIONS } from '../../../contract/collections.js';
import { TOPIC_LIMITS } from '../../../contract/topics.js';
import type { TopicProfile } from '../builtin/topic-profile.js';

const ZLevels = z.object({ high: z.string(), medium: z.string(), low: z.string() });

/** A topic's profile as every topic capability answers it (nullable fields suit strict JSON schemas). */
export const ZTopicFields = z.object({
  description: z.string().describe(`At least ${TOPIC_LIMITS.descriptionWords} words: what the topic covers, the developments that matter, the main players and places.`),
  information_sought: z.string().describe('One sentence: the facts a reader of this topic wants from each new development.'),
  query: z.string().describe(`At least ${TOPIC_LIMITS.queryWords} words: search terms (names, synonyms, event words) for finding documents about the topic.`),
  ai_query: z.string().describe('A boolean search expression with quoted phrases, OR and AND.'),
  key_events: z.array(z.string()).describe(`${TOPIC_LIMITS.keyListMin}-${TOPIC_LIMITS.keyListMax} kinds of development that make news on this topic.`),
  key_entities: z.array(z.string()).describe('Organisations, people, products or bodies central to the topic, each by its name ("European Medicines Agency"), never a phrase of the topic.'),
  key_places: z.array(z.string()).describe('Places and jurisdictions that decide relevance, each by its name ("Norway", "European Union"); empty when place does not matter.'),
  relevance_matrix: z.object({ action_outcome: ZLevels, entities: ZLevels, places: ZLevels }).describe('What counts as high, medium and low relevance for each factor.'),
  sources: z.array(z.number().int()).describe('Collection ids the topic should draw from.'),
});
export type TTopicFields = z.infer<typeof ZTopicFields>;

export const ZChoice = z.object({ id: z.string(), text: z.string() });

export const SELECTABLE_COLLECTIONS = COLLECTIONS.filter((c) => c.topicSelectable);
export const COLLECTION_LIST = SELECTABLE_COLLECTIONS.map((c) => `${c.id} = ${c.name}`).join(', ');

const words = (s: string) => s.split(/\s+/).filter(Boolean).length;
const clean = (items: string[]) => {
  const seen = new Set<string>();
  return items.map((i) => i.trim()).filter((i) => i && !seen.has(i.toLowerCase()) && seen.add(i.toLowerCase()));
};

/**
 * Written as a name ('Ørsted', 'North Sea', 'EU AI Act', 'COVID-19'): a capital or a digit starts
 * one of its words, it is short, and it is not a sentence. A model's 'salmon export tariffs' as an
 * entity or 'offshore' as a place is a phrase of the topic, not a player or a place.
 */
export function writtenAsName(item: string): boolean {
  const words = item.trim().split(/\s+/);
  return item.length <= 80 && words.length <= 8 && !/[.!?;:]$/.test(item.trim()) && words.some((w) => /^["'(]?[\p{Lu}\d]/u.test(w));
}

/**
 * A language model's topic made to meet the product's minimums: where it falls short (a short
 * description or query, too few key events, unknown collections, key entities or places that are
 * not names) the built-in profile of the same topic fills the gap, so every stored topic is usable by the pipeline whichever engine wrote it.
 */
export function meetMinimums(fields: TTopicFields, fallback: TopicProfile): TTopicFields {
  const selectable = new Set(SELECTABLE_COLLECTIONS.map((c) => c.id));
  const description = words(fields.description) >= TOPIC_LIMITS.descriptionWords ? fields.description.trim() : `${fields.description.trim()} ${fallback.description}`.trim();
  const query = words(fields.query) >= TOPIC_LIMITS.queryWords ? fields.query.trim() : clean([...fields.query.split(/\s+/), ...fallback.query.split(/\s+/)]).join(' ');
  const keyEvents = clean(fields.key_events).slice(0, TOPIC_LIMITS.keyListMax);
  const events = keyEvents.length >= TOPIC_LIMITS.keyListMin ? keyEvents : clean([...keyEvents, ...fallback.key_events]).slice(0, TOPIC_LIMITS.keyListMax);
  // Key entities and places are names; a phrase or a sentence in their place is left out.
  const entities = clean(fields.key_entities).filter(writtenAsName).slice(0, TOPIC_LIMITS.keyListMax);
  const sources = [...new Set(fields.sources.filter((id) => selectable.has(id)))];
  return {
    description,
    information_sought: fields.information_sought.trim() || fallback.information_sought,
    query,
    ai_query: fields.ai_query.trim() || fallback.ai_query,
    key_events: events,
    key_entities: entities.length ? entities : fallback.key_entities,
    key_places: clean(fields.key_places)
      .filter((place) => writtenAsName(place) && !/\d/.test(place))
      .slice(0, TOPIC_LIMITS.keyListMax),
    relevance_matrix: fields.relevance_matrix,
    sources: sources.length ? sources : fallback.sources,
  };
}
