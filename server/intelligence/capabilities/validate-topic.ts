import { z } from 'zod';
import { TOPIC_LIMITS, TOPIC_MESSAGES } from '../../../contract/topics.js';
import { buildTopicProfile, type TopicEvidence } from '../builtin/topic-profile.js';
import { meaningfulTerms, normalizeTopicName, wordsOf } from '../builtin/topic-analysis.js';
import { ambiguousSenses, broadExamples, chosenSense, unknownWords } from '../builtin/topic-clarity.js';
import type { Capability } from '../types.js';
import { COLLECTION_LIST, ZChoice, ZTopicFields } from './topic-fields.js';

/** Clarifying questions asked about one topic before giving up. */
export const MAX_TOPIC_CLARIFICATIONS = 3;

export interface ValidateTopicInput {
  /** The topic as the user typed it. */
  topic: string;
  /** Questions asked so far and the answers given, oldest first. */
  turns: { question: string; answer: string }[];
  sources: number[];
  /** Names of the topics the user already follows. */
  existing: string[];
  profile: { summary: string | null; places: string[]; industries: string[] };
  /** What the document store holds about the topic, best first. */
  evidence: TopicEvidence[];
}

export const ZTopicValidation = z.object({
  status: z.enum(['validated', 'clarification_needed', 'duplicate', 'failed']),
  normalized_name: z.string().nullable().describe('The topic as a short, clear name (validated or duplicate).'),
  question: z.string().nullable().describe('One clarifying question (clarification_needed).'),
  options: z.array(ZChoice).describe('For an ambiguous name: the meanings to choose from; otherwise empty.'),
  error: z.string().nullable().describe('Why the topic cannot be tracked (failed).'),
  topic: ZTopicFields.nullable().describe('The topic profile (validated).'),
});
export type TTopicValidation = z.infer<typeof ZTopicValidation>;

const quote = (s: string) => `“${s}”`;

/** How the built-in engine reads a topic and the answers about it: a name, or what is still unclear. */
export function readTopic(topic: string, turns: { question: string; answer: string }[]):
  | { kind: 'clear'; name: string; context: string[] }
  | { kind: 'ambiguous'; name: string; options: { id: string; text: string }[] }
  | { kind: 'broad'; name: string; examples: string[] }
  | { kind: 'unknown'; name: string; words: string[] }
  | { kind: 'nothing' } {
  let raw = topic;
  let name = normalizeTopicName(topic);
  const context: string[] = [];
  for (const { answer } of turns) {
    const senses = ambiguousSenses(name)?.senses;
    const sense = senses ? chosenSense(answer, senses) : undefined;
    if (sense) {
      name = sense.name;
      raw = sense.name;
    } else if (broadExamples(name) && meaningfulTerms(answer).length > 0) {
      // The answer narrows a broad subject: it becomes the topic.
      raw = answer;
      name = normalizeTopicName(answer);
    } else context.push(answer.trim());
  }
  if (!/\p{L}/u.test(name)) return { kind: 'nothing' };
  const answered = context.join(' ');
  const senses = ambiguousSenses(`${name} ${answered}`);
  if (senses) return { kind: 'ambiguous', name, options: senses.senses.map((s, i) => ({ id: String(i + 1), text: s.text })) };
  const examples = broadExamples(name);
  if (examples) return { kind: 'broad', name, examples };
  const unknown = unknownWords(raw);
  const long = wordsOf(raw).filter((w) => w.length > 2);
  const contextKnown = answered && meaningfulTerms(answered).length > 0 && unknownWords(answered).length < wordsOf(answered).filter((w) => w.length > 2).length;
  if (long.length > 0 && unknown.length === long.length && !contextKnown) return { kind: 'unknown', name, words: unknown };
  return { kind: 'clear', name, context };
}

/**
 * Built-in validation: an ambiguous name is asked about with its meanings as options; a broad
 * subject is asked to be narrowed, with examples; words Herald does not recognise are asked
 * about; after MAX_TOPIC_CLARIFICATIONS questions, or for text with no words, it fails. A clear
 * topic gets its full profile from the domain lexicon and the store's documents.
 */
export function builtinValidateTopic(input: ValidateTopicInput): TTopicValidation {
  const reading = readTopic(input.topic, input.turns);
  const none = { normalized_name: null, question: null, options: [], error: null, topic: null };
  const exhausted = input.turns.length >= MAX_TOPIC_CLARIFICATIONS;
  switch (reading.kind) {
    case 'nothing':
      return { ...none, status: 'failed', error: `${quote(input.topic.trim())} does not name anything Herald can track. ${TOPIC_MESSAGES.rephrase}` };
    case 'ambiguous':
      if (exhausted) break;
      return { ...none, status: 'clarification_needed', question: `${quote(reading.name)} can mean more than one thing. ${TOPIC_MESSAGES.whichOne}`, options: reading.options };
    case 'broad':
      if (exhausted) break;
      return {
        ...none,
        status: 'clarification_needed',
        question: `${quote(reading.name)} is a broad subject. Which part of it should Herald track? For example: ${reading.examples.join('; ')}.`,
      };
    case 'unknown':
      if (exhausted) break;
      return {
        ...none,
        status: 'clarification_needed',
        question: `I don't recognise ${reading.words.map(quote).join(', ')}. Is it a company, a product, a person, a place or something else? Tell me a little more so Herald tracks the right thing.`,
      };
    case 'clear': {
      const topic = buildTopicProfile({ name: reading.name, context: reading.context, sources: input.sources, profilePlaces: input.profile.places, evidence: input.evidence });
      return { ...none, status: 'validated', normalized_name: reading.name, topic };
    }
  }
  return {
    ...none,
    status: 'failed',
    error: `Herald could not pin down what ${quote(input.topic.trim())} refers to. Please rephrase it with a specific company, technology, regulation, market or event.`,
  };
}

export const validateTopic: Capability<ValidateTopicInput, typeof ZTopicValidation> = {
  name: 'validate topic',
  stage: 'topic_validation',
  output: ZTopicValidation,
  systemPrompt: [
    'You turn what a professional wants to follow into a topic for a news and intelligence feed, or ask one question when that is impossible.',
    'Answer JSON with status:',
    '- "validated": the topic is specific enough. Give normalized_name (a short clear name) and topic: description (at least 25 words), information_sought, query (at least 12 search words),',
    '  ai_query (boolean expression), key_events (6-12 kinds of development), key_entities, key_places (empty when ' +
    'place does not matter), relevance_matrix (action_outcome, entities, places; each with high, medium and low ' +
    'text), sources (collection ids).',
    '- "clarification_needed": the text is too vague, or a name has several meanings. Ask one short question. For ' +
    'an ambiguous name, list the meanings in options ({id, text}) and end the question with "Which one did you ' +
    'mean?".',
    '- "duplicate": it is the same as one of the existing topics; give that topic\'s name as normalized_name.',
    '- "failed": it cannot be a topic (no meaning, offensive, not about the world); explain in error.',
    `Ask at most ${MAX_TOPIC_CLARIFICATIONS} questions in total; after that decide. Use the user's answers to earlier questions. ` +
      `Collections: ${COLLECTION_LIST}. Prefer the user's chosen sources when given.`,
    `Topics are at most ${TOPIC_LIMITS.name} characters.`,
  ].join('\n'),
  userMessage: (input) =>
    JSON.stringify(
      {
        topic: input.topic,
        clarifications: input.turns,
        chosen_sources: input.sources,
        existing_topics: input.existing,
        user_profile: input.profile,
        documents_in_store: input.evidence.slice(0, 10).map((d) => ({ title: d.title, collection: d.collectionId })),
      },
      null,
      1,
    ),
  builtin: builtinValidateTopic,
};
