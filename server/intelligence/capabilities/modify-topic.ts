import { z } from 'zod';
import { TOPIC_LIMITS } from '../../../contract/topics.js';
import { terms } from '../../search/terms.js';
import { buildTopicProfile, type TopicEvidence, type TopicProfile } from '../builtin/topic-profile.js';
import type { Capability } from '../types.js';
import { COLLECTION_LIST, ZChoice, ZTopicFields, type TTopicFields } from './topic-fields.js';
import { MAX_TOPIC_CLARIFICATIONS, readTopic } from './validate-topic.js';

export interface TopicChanges {
  name?: string;
  description?: string;
  query?: string;
  key_events?: string[];
  key_entities?: string[];
  key_places?: string[];
  collections?: number[];
}

export interface ModifyTopicInput {
  current: { name: string } & TTopicFields;
  changes: TopicChanges;
  turns: { question: string; answer: string }[];
  profile: { places: string[] };
  evidence: TopicEvidence[];
}

export const ZTopicModification = z.object({
  status: z.enum(['updated', 'clarification_needed', 'failed']),
  name: z.string().nullable().describe('The topic name after the change (updated).'),
  question: z.string().nullable(),
  options: z.array(ZChoice),
  error: z.string().nullable(),
  topic: ZTopicFields.nullable().describe('Every field of the topic after the change (updated).'),
});
export type TTopicModification = z.infer<typeof ZTopicModification>;

const words = (s: string) => s.split(/\s+/).filter(Boolean);
const sameTerms = (a: string, b: string) => [...new Set(terms(a))].sort().join(' ') === [...new Set(terms(b))].sort().join(' ');
const unique = (items: string[]) => {
  const seen = new Set<string>();
  return items.map((i) => i.trim()).filter((i) => i && !seen.has(i.toLowerCase()) && seen.add(i.toLowerCase()));
};

/**
 * Built-in modification: the user's edits are kept as written. A new name that means something
 * else is read like a new topic (ambiguous or broad names are asked about) and the fields the
 * user did not edit are written again for it. A description under 25 words or a query under 12
 * is completed from the generated profile; key lists are cut to 12 and key events topped up to 6.
 */
export function builtinModifyTopic(input: ModifyTopicInput): TTopicModification {
  const { current, changes } = input;
  const none = { name: null, question: null, options: [], error: null, topic: null };
  let name = current.name;
  let generated: TopicProfile | undefined;
  const sources = changes.collections ?? current.sources;
  if (changes.name !== undefined && !sameTerms(changes.name, current.name)) {
    const reading = readTopic(changes.name, input.turns);
    if (reading.kind === 'nothing') return { ...none, status: 'failed', error: 'The new name does not name anything Herald can track.' };
    if (reading.kind !== 'clear') {
      if (input.turns.length >= MAX_TOPIC_CLARIFICATIONS) return { ...none, status: 'failed', error: 'Herald could not pin down what the new name refers to. Please rephrase it.' };
      const question =
        reading.kind === 'ambiguous'
          ? `“${reading.name}” can mean more than one thing. Which one did you mean?`
          : reading.kind === 'broad'
            ? `“${reading.name}” is a broad subject. Which part of it should this topic track? For example: ${reading.examples.join('; ')}.`
            : `I don't recognise ${reading.words.map((w) => `“${w}”`).join(', ')}. What is it: a company, a product, a person, a place or something else?`;
      return { ...none, status: 'clarification_needed', question, options: reading.kind === 'ambiguous' ? reading.options : [] };
    }
    name = reading.name;
    generated = buildTopicProfile({ name, context: reading.context, sources: changes.collections ?? [], profilePlaces: input.profile.places, evidence: input.evidence });
  } else if (changes.name !== undefined) {
    name = changes.name.trim();
  }
  generated ??= buildTopicProfile({ name, context: [], sources, profilePlaces: input.profile.places, evidence: input.evidence });
  const base = changes.name !== undefined && name !== current.name && !sameTerms(name, current.name) ? { ...generated } : { ...current };

  let description = changes.description ?? base.description;
  if (words(description).length < TOPIC_LIMITS.descriptionWords) description = `${description.trim()} ${generated.description}`.trim();
  let query = changes.query ?? base.query;
  if (words(query).length < TOPIC_LIMITS.queryWords) query = unique([...words(query), ...words(generated.query)]).join(' ');
  let keyEvents = unique(changes.key_events ?? base.key_events).slice(0, TOPIC_LIMITS.keyListMax);
  if (keyEvents.length < TOPIC_LIMITS.keyListMin) keyEvents = unique([...keyEvents, ...generated.key_events]).slice(0, TOPIC_LIMITS.keyListMax);
  const topic: TTopicFields = {
    description,
    information_sought: base.information_sought || generated.information_sought,
    query,
    ai_query: base.ai_query || generated.ai_query,
    key_events: keyEvents,
    key_entities: unique(changes.key_entities ?? base.key_entities).slice(0, TOPIC_LIMITS.keyListMax),
    key_places: unique(changes.key_places ?? base.key_places).slice(0, TOPIC_LIMITS.keyListMax),
    relevance_matrix: base.relevance_matrix ?? generated.relevance_matrix,
    sources: changes.collections ?? base.sources,
  };
  return { ...none, status: 'updated', name, topic };
}

export const modifyTopic: Capability<ModifyTopicInput, typeof ZTopicModification> = {
  name: 'modify topic',
  stage: 'topic_validation',
  output: ZTopicModification,
  systemPrompt: [
    'You apply a user\'s edits to a topic of their news and intelligence feed and return every field of the topic after the change.',
    'Keep what the user wrote. When the name changes meaning, rewrite the fields they did not edit to fit the new name.',
    `The description needs at least ${TOPIC_LIMITS.descriptionWords} words, the query at least ${TOPIC_LIMITS.queryWords} words, ` +
      `key_events ${TOPIC_LIMITS.keyListMin}-${TOPIC_LIMITS.keyListMax} items.`,
    'status "updated" with name and topic; "clarification_needed" with one question (and options for an ambiguous ' +
    'name) when the new name is unclear; "failed" with error when the edit makes no sense.',
    `Collections: ${COLLECTION_LIST}.`,
  ].join('\n'),
  userMessage: (input) => JSON.stringify({ current: input.current, changes: input.changes, clarifications: input.turns }, null, 1),
  builtin: builtinModifyTopic,
};
