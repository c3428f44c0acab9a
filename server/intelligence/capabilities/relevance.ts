import { z } from 'zod';
import type { TopicModelRecord } from '../../db/schema/index.js';
import { cosine } from '../../search/embeddings.js';
import { countriesOf, inEuropeanUnion } from '../builtin/places.js';
import { abbreviates, escape, knownNamesIn } from '../builtin/topic-analysis.js';
import { buildTopicModel, documentFeatures, matchedWords, namesTopic, passesByClass, standsForTopic, sampleFromFeatures, scoreDocument, type DocumentFeatures } from '../builtin/topic-model.js';
import type { Capability } from '../types.js';

export interface RelevanceInput {
  topic: {
    name: string;
    description: string;
    query: string;
    keyEvents: string[];
    keyEntities: string[];
    keyPlaces: string[];
    relevanceMatrix: unknown;
  };
  document: { title: string; summary: string; text: string; publisher: string | null; date: string; language?: string | null };
  /** Cosine of the document's and the topic's embeddings (computed by the pipeline). */
  similarity: number;
  /** The topic's relevance model (built-in detection scores with it); without one, a model of the topic's words alone. */
  model?: TopicModelRecord | null;
  /** The document's features, when the caller has read them already (builtin/topic-model.ts). */
  features?: DocumentFeatures;
}

export const ZRelevance = z.object({
  decision: z.enum(['PASS', 'DROP']),
  rationale: z.string(),
  scores: z.object({
    action_outcome: z.number().min(0).max(1),
    entities: z.number().min(0).max(1),
    places: z.number().min(0).max(1),
    weighted_total: z.number().min(0).max(1),
  }),
});
export type TRelevance = z.infer<typeof ZRelevance>;

/** A document passes when its weighted total reaches this: the topic's bar, whatever the topic (see builtinRelevance). */
export const DETECTION_THRESHOLD = 0.5;
const WEIGHTS = { action_outcome: 0.4, entities: 0.4, places: 0.2 };
/** A document that names countries, none of them the topic's key places, keeps this share of its score. */
const ELSEWHERE = 0.85;
/**
 * A title that names the topic or one of its key entities is the strongest sign of what a
 * document is about: its score counts this many times (a title naming the topic passes at a third
 * of the bar).
 */
const TITLE_NAMED = 3;

const norm = (s: string) => ` ${s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
const round = (n: number) => Math.round(n * 1000) / 1000;
const EMPTY_STORE = sampleFromFeatures([]);

/** The model built-in detection reads a topic with: its stored one, else one of its words alone. */
export function modelFor(topic: RelevanceInput['topic'], model: TopicModelRecord | null | undefined): TopicModelRecord {
  return model ?? buildTopicModel({ name: topic.name, keyEntities: topic.keyEntities, query: topic.query }, EMPTY_STORE);
}

/**
 * Built-in relevance: the topic's relevance model (builtin/topic-model.ts) scores the document's
 * title and text, 1 being as much about the topic as the store's best documents; it passes at the
 * topic's bar, calibrated on the store and moved by the reader's judgements, so the weighted total
 * is 0.5 x score / bar (0.5, DETECTION_THRESHOLD, means "at this topic's bar" for every topic).
 * A document that names countries, none of them a key place (nor, for the European Union, a
 * member state), keeps ELSEWHERE of its score. The dimensions say what matched: action_outcome the
 * model's score, entities the key entities named, places the key places.
 */
export function builtinRelevance(input: RelevanceInput): TRelevance {
  const { topic, document } = input;
  const model = modelFor(topic, input.model);
  // Read as the store sample is (title and text), so the score is in the unit the bar was calibrated in.
  const features = input.features ?? documentFeatures({ title: document.title, text: document.text || document.summary, language: document.language });
  const score = scoreDocument(model, features);
  const entityHits = namedEntities(topic.keyEntities, document);
  const entities = Math.min(1, entityHits.reduce((sum, h) => sum + h.score, 0) / 1.5);
  const { places, hits: placeHits } = placesScore(topic.keyPlaces, document);
  // The name in the title counts when the document names the topic by its own words, not inside a company's name ("Delta Natural Gas <DGAS> sells debentures").
  const titleNamed = entityHits.some((h) => h.score === 1 && namesWhat(h.name, topic.name, model, features)) || (norm(document.title).includes(norm(topic.name)) && namesTopic(model, features));
  const weighted_total = Math.min(1, (0.5 * score * (titleNamed ? TITLE_NAMED : 1) * (places === 0 ? ELSEWHERE : 1)) / (model.bar || 1));
  const decision = weighted_total >= DETECTION_THRESHOLD ? 'PASS' : 'DROP';
  const words = matchedWords(model, features);
  const named = [
    words.length ? `holds the topic's words ${words.join(', ')}` : "holds none of the topic's words",
    passesByClass(model, features) ? "reads like the store's documents about it and names what it is about" : '',
    entityHits.length ? `names ${entityHits.map((h) => h.name).join(', ')}` : '',
    topic.keyPlaces.length ? (placeHits.length ? `mentions ${placeHits.join(', ')}` : places === 0 ? 'is set elsewhere than the key places' : 'names no country') : '',
  ].filter(Boolean);
  const calibration = model.basis === 'store' ? `the store's best documents for it score 1` : 'the store holds nothing about it yet, so its own words decide';
  const judged = model.judgements.more + model.judgements.less ? `; the reader judged ${model.judgements.more} more and ${model.judgements.less} less like this` : '';
  return {
    decision,
    rationale: `${decision === 'PASS' ? 'Relevant' : 'Not relevant'} to "${topic.name}": the document ${named.join('; ')}. It scores ${round(score)} where ${calibration}; this topic's bar is ${model.bar}${judged}.`,
    scores: { action_outcome: round(Math.min(1, score)), entities: round(entities), places: round(places), weighted_total: round(weighted_total) },
  };
}

/**
 * Whether a key entity in a title says what the document is about. A piece of the topic's own name
 * says so when it is a body Herald knows ("Federal Reserve" of "Federal Reserve monetary policy"),
 * when it carries enough of the name's weight to stand for it ("language model" of "Large language
 * model research"), or when the document names the topic's concept anyway; a lesser word of the
 * name ("AI" of "AI chatbots in healthcare") is read by the model like the name's other words.
 */
function namesWhat(entity: string, topicName: string, model: TopicModelRecord, features: DocumentFeatures): boolean {
  const nameWords = new Set(norm(topicName).trim().split(' '));
  if (!norm(entity).trim().split(' ').every((w) => nameWords.has(w))) return true;
  // The document's own reading first: the entity's is read afresh (its places by the gazetteer).
  return namesTopic(model, features) || knownNamesIn(entity).some((known) => known.length === entity.length) || standsForTopic(model, entity);
}

/** The key entities a document names (whole words, plurals too): 1 in its title, 0.6 in its text, one per body named two ways ("FDA", "Food and Drug Administration"). */
function namedEntities(keyEntities: string[], document: RelevanceInput['document']): { name: string; score: number }[] {
  const title = norm(document.title);
  const body = norm(`${document.summary} ${document.text.slice(0, 6000)}`);
  const perBody = new Map<string, { name: string; score: number }>();
  for (const name of keyEntities) {
    const phrase = norm(name).trim();
    if (phrase.length < 2) continue;
    const pattern = new RegExp(` ${escape(phrase)}(?:s|es)? `);
    const score = pattern.test(title) ? 1 : pattern.test(body) ? 0.6 : 0;
    if (!score) continue;
    const key = keyEntities.find((other) => abbreviates(name, other)) ?? name;
    if ((perBody.get(key)?.score ?? 0) < score) perBody.set(key, { name, score });
  }
  return [...perBody.values()];
}

/**
 * Where the document happens against the topic's key places: 1 named in the title, 0.6 in the text
 * (the European Union also by a member state), 0.5 when it names no country at all (a Federal
 * Reserve notice need not say "United States"), 0 when it names only other countries.
 */
function placesScore(keyPlaces: string[], document: RelevanceInput['document']): { places: number; hits: string[] } {
  if (keyPlaces.length === 0) return { places: 0.5, hits: [] };
  const title = norm(document.title);
  const body = norm(`${document.summary} ${document.text.slice(0, 6000)}`);
  const countries = { title: countriesOf(document.title), text: countriesOf(`${document.summary} ${document.text.slice(0, 3000)}`) };
  const found = (place: string) => {
    const pattern = new RegExp(` ${escape(norm(place).trim())} `);
    if (pattern.test(title)) return 1;
    if (pattern.test(body)) return 0.6;
    if (place !== 'European Union') return 0;
    return countries.title.some(inEuropeanUnion) ? 1 : countries.text.some(inEuropeanUnion) ? 0.6 : 0;
  };
  const hits = keyPlaces.map((p) => ({ p, score: found(p) })).filter((h) => h.score > 0);
  if (hits.length === 0 && countries.title.length === 0 && countries.text.length === 0) return { places: 0.5, hits: [] };
  return { places: Math.max(0, ...hits.map((h) => h.score)), hits: hits.map((h) => h.p) };
}

export const relevance: Capability<RelevanceInput, typeof ZRelevance> = {
  name: 'score relevance',
  stage: 'relevance',
  output: ZRelevance,
  systemPrompt:
    'You decide whether a new document reports something a professional following a topic needs to know. Score three dimensions from 0 to 1 using the topic relevance matrix: ' +
    'action_outcome (does it report an action or outcome of the kind the topic tracks), entities (are the key entities involved), places (the key places). ' +
    `weighted_total = ${WEIGHTS.action_outcome} x action_outcome + ${WEIGHTS.entities} x entities + ${WEIGHTS.places} x places. decision PASS when weighted_total >= ${DETECTION_THRESHOLD}, else DROP. ` +
    'rationale: one or two sentences naming what matched or was missing.',
  userMessage: ({ topic, document }) =>
    JSON.stringify(
      {
        topic: { name: topic.name, description: topic.description, key_events: topic.keyEvents, key_entities: topic.keyEntities, key_places: topic.keyPlaces, relevance_matrix: topic.relevanceMatrix },
        document: { title: document.title, publisher: document.publisher, date: document.date, summary: document.summary, excerpt: document.text.slice(0, 4000) },
      },
      null,
      1,
    ),
  builtin: builtinRelevance,
};

export { cosine };
