import { z } from 'zod';
import { cosine } from '../../search/embeddings.js';
import { terms } from '../../search/terms.js';
import { countriesOf, inEuropeanUnion } from '../builtin/places.js';
import { abbreviates, escape } from '../builtin/topic-analysis.js';
import { PLACES } from '../builtin/world.js';
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
  document: { title: string; summary: string; text: string; publisher: string | null; date: string };
  /** Cosine of the document's and the topic's embeddings (computed by the pipeline). */
  similarity: number;
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

/** A document passes when its weighted total reaches this. */
export const DETECTION_THRESHOLD = 0.5;
const WEIGHTS = { action_outcome: 0.4, entities: 0.4, places: 0.2 };
/** The entities score (a key entity named in the text: 0.4; in the title: 0.67), or the similarity, at which a document is taken to be about the topic's subject. */
const SUBJECT_EVIDENCE = 0.35;
const SUBJECT_SIMILARITY = 0.2;

const norm = (s: string) => ` ${s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;
const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Built-in relevance from the topic's relevance matrix dimensions:
 * - entities: the topic's key entities named in the title (full weight) or the text (less), or
 *   the share of the topic name's words in the title and summary (`nameShareOf`: words in the
 *   name's order count in full, scattered ones less), whichever is higher;
 * - places: a key place named (neutral 0.5 when the topic has no places);
 * - action/outcome: how close the document is to the topic (embedding similarity) and how many
 *   of the topic's key-event and query words it holds.
 * PASS at a weighted total of DETECTION_THRESHOLD; the rationale names what matched.
 */
export function builtinRelevance(input: RelevanceInput): TRelevance {
  const { topic, document } = input;
  const title = norm(document.title);
  const body = norm(`${document.summary} ${document.text.slice(0, 6000)}`);
  // A phrase matches whole words, plurals included ("language model" finds "language models").
  const found = (phrase: string) => {
    const p = norm(phrase).trim();
    if (p.length < 2) return 0;
    const pattern = new RegExp(` ${escape(p)}(?:s|es)? `);
    return pattern.test(title) ? 1 : pattern.test(body) ? 0.6 : 0;
  };
  const entityHits = topic.keyEntities.map((e) => ({ e, score: found(e) })).filter((h) => h.score > 0);
  // The topic's own name is its first entity ("European migrant crisis", "Large language models"):
  // the share of its words the document holds counts when no listed entity is named.
  // A key place counts once, as a place: a word of the name that is a key place's ("European" of
  // "European migrant crisis" and "European Union") is no evidence of the subject. A referendum on
  // membership of the European Union names the place, not the migrant crisis. A name that is only
  // places ("Canada") keeps them.
  // Its other names too: the "EU" of "EU asylum policy" is the European Union.
  const placeWords = new Set(topic.keyPlaces.flatMap((p) => [p, ...(PLACES.find((known) => known.name === p)?.aliases ?? [])]).flatMap((p) => terms(p)));
  const subjectWords = terms(topic.name).filter((t) => !placeWords.has(t));
  // A topic that is a name ("Acme AI Lab", "Bank of England") is named whole or not at all: its
  // entity hits say so, and a share of its words ("AI") is no part of it.
  const isName = /^\p{Lu}/u.test(topic.name) && topic.keyEntities.some((e) => e.toLowerCase() === topic.name.toLowerCase());
  // The key entities' names count as the entities they name (above), not again as words of the topic's name:
  // "Food and Drug Administration" does not say "drug" for "FDA drug approvals".
  const nameShare = isName ? 0 : nameShareOf(subjectWords.length ? subjectWords : terms(topic.name), terms(withoutNames(`${document.title} ${document.summary}`, topic.keyEntities)));
  // One body named two ways ("FDA", "Food and Drug Administration") is one entity: its best mention counts.
  const perBody = new Map<string, number>();
  for (const h of entityHits) {
    const body = topic.keyEntities.find((other) => abbreviates(h.e, other)) ?? h.e;
    perBody.set(body, Math.max(perBody.get(body) ?? 0, h.score));
  }
  const entities = Math.min(1, Math.max([...perBody.values()].reduce((sum, score) => sum + score, 0) / 1.5, nameShare));
  // The countries the document names, in its title and in its text (read once, and only for a topic with places).
  const countries = topic.keyPlaces.length ? { title: countriesOf(document.title), text: countriesOf(`${document.summary} ${document.text.slice(0, 3000)}`) } : { title: [], text: [] };
  // The European Union happens in its member states: a border closed by Hungary is in it, unnamed.
  const inUnion = (p: string) => (p === 'European Union' ? (countries.title.some(inEuropeanUnion) ? 1 : countries.text.some(inEuropeanUnion) ? 0.6 : 0) : 0);
  const placeHits = topic.keyPlaces.map((p) => ({ p, score: Math.max(found(p), inUnion(p)) })).filter((h) => h.score > 0);
  // A document that names no country at all is not elsewhere: neutral, as for a topic without places
  // (a Federal Reserve auction notice need not say "United States").
  const placeless = topic.keyPlaces.length === 0 || (placeHits.length === 0 && countries.title.length === 0 && countries.text.length === 0);
  const places = placeless ? 0.5 : Math.min(1, Math.max(0, ...placeHits.map((h) => h.score)));
  const topicTerms = new Set(terms(`${topic.query} ${topic.keyEvents.join(' ')}`));
  const docTerms = new Set(terms(`${document.title} ${document.summary} ${document.text.slice(0, 6000)}`));
  const shared = [...topicTerms].filter((t) => docTerms.has(t));
  // Words a topic shares with every document of a kind ("proposed rule", "comment period", "federal")
  // say the document is of that kind, not that it is about the topic: they count in full only when
  // the document names the topic's subject (a key entity, half the topic's name) or is close to it.
  const aboutSubject = entities >= SUBJECT_EVIDENCE || input.similarity >= SUBJECT_SIMILARITY;
  const coverage = topicTerms.size ? Math.min(1, shared.length / Math.min(8, topicTerms.size)) * (aboutSubject ? 1 : 0.5) : 0;
  const action_outcome = Math.min(1, 0.6 * Math.min(1, input.similarity / 0.3) + 0.4 * coverage);
  const weighted_total = WEIGHTS.action_outcome * action_outcome + WEIGHTS.entities * entities + WEIGHTS.places * places;
  const decision = weighted_total >= DETECTION_THRESHOLD ? 'PASS' : 'DROP';
  const named = [
    entityHits.length ? `names ${entityHits.map((h) => h.e).join(', ')}` : 'names none of the key entities',
    nameShare > 0 ? `holds ${Math.round(nameShare * 100)}% of the topic name's words` : '',
    topic.keyPlaces.length ? (placeHits.length ? `mentions ${placeHits.map((h) => h.p).join(', ')}` : 'mentions none of the key places') : '',
    `shares ${shared.length} of the topic's ${topicTerms.size} key terms${shared.length ? ` (${shared.slice(0, 6).join(', ')})` : ''}`,
    `similarity ${round(input.similarity)}`,
  ].filter(Boolean);
  return {
    decision,
    rationale: `${decision === 'PASS' ? 'Relevant' : 'Not relevant'} to "${topic.name}": the document ${named.join('; ')}. Weighted total ${round(weighted_total)} against a threshold of ${DETECTION_THRESHOLD}.`,
    scores: { action_outcome: round(action_outcome), entities: round(entities), places: round(places), weighted_total: round(weighted_total) },
  };
}

/** A text without the names given (whole words, any case). */
function withoutNames(text: string, names: string[]): string {
  let rest = text;
  for (const name of names) if (name.trim()) rest = rest.replace(new RegExp(String.raw`\b${escape(name.trim())}\b`, 'gi'), ' ');
  return rest;
}

/**
 * The share of a topic name's words a text holds. A word counts in full where the text has it next
 * to its neighbour in the name ("monetary policy", "language model"), 3/4 where it stands alone:
 * "Federal Aviation Administration ... Environmental Policy Act" holds two of "Federal Reserve
 * monetary policy"'s words, but not the name. A one-word name counts in full.
 */
export function nameShareOf(name: string[], text: string[]): number {
  const words = [...new Set(name)];
  if (words.length === 0) return 0;
  if (words.length === 1) return text.includes(words[0]!) ? 1 : 0;
  const weight = (word: string) => (FACET_WORDS.has(word) && words.some((w) => !FACET_WORDS.has(w)) ? FACET_WEIGHT : 1);
  const has = new Set(text);
  const pairs = new Set(text.slice(1).map((word, i) => `${text[i]} ${word}`));
  const paired = new Set<string>();
  for (let i = 1; i < name.length; i++) {
    if (pairs.has(`${name[i - 1]} ${name[i]}`)) paired.add(name[i - 1]!).add(name[i]!);
  }
  const total = words.reduce((sum, word) => sum + weight(word), 0);
  return words.reduce((sum, word) => sum + weight(word) * (paired.has(word) ? 1 : has.has(word) ? 0.75 : 0), 0) / total;
}

/**
 * Words of a topic's name that say what kind of coverage is wanted, not what it is about
 * ("Lumbar disc herniation treatments", "Large language model research", "Banking regulation and
 * capital rules"), as `terms` writes them: every study of any disc names a treatment, every
 * paper is research. They weigh FACET_WEIGHT of a word in the name share, so naming them with one
 * word of the subject ("Treatment for Temporomandibular Joint Disc Displacement") is not naming
 * the subject; a name made of them alone keeps them in full.
 */
export const FACET_WORDS: ReadonlySet<string> = new Set(
  terms('treatment treat therapy research study trial news update development develop trend rules regulation regulate approval outlook analysis market industry sector innovation innovate'),
);
const FACET_WEIGHT = 0.25;

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
