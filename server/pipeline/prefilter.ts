import { eq, inArray, isNull, sql } from 'drizzle-orm';
import { coveredCollections } from '../../contract/collections.js';
import { documents, documentSummaries, topics, type TopicModelRecord } from '../db/schema/index.js';
import { scoreDocument, TEXT_READ } from '../intelligence/builtin/topic-model.js';
import { cosine } from '../search/embeddings.js';
import type { StageContext } from './context.js';
import { featuresOf, modelsOf } from './topic-models.js';

/** A pair also goes to detection at this embedding similarity (a configured embedding model finds what shares no word). */
export const PREFILTER_SIMILARITY = 0.12;

export interface Pair {
  userId: string;
  topicId: number;
  documentId: number;
  /** The topic model's score of the document (1: as much about the topic as the store's best). */
  score: number;
}

const topicVectors = new Map<string, number[]>();

type TopicFields = Pick<typeof topics.$inferSelect, 'name' | 'description' | 'query' | 'keyEvents' | 'keyEntities'>;

/** The text a topic is embedded from for the pre-filter. */
export function topicText(t: TopicFields): string {
  return `${t.name}. ${t.description} ${t.query} ${t.keyEvents.join('. ')} ${t.keyEntities.join(', ')}`;
}

const norm = (s: string) => ` ${s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;

/** Whether a title names the topic or one of its key entities. */
export function namesTopic(title: string, topic: Pick<TopicFields, 'name' | 'keyEntities'>): boolean {
  const normalised = norm(title);
  return [topic.name, ...topic.keyEntities].some((phrase) => norm(phrase).trim().length > 2 && normalised.includes(norm(phrase)));
}

/**
 * The pre-filter's rule for one pair, recall first: the topic's model scores the document at its
 * pre-filter bar (a share of detection's), the title names the topic or a key entity, or the
 * embeddings are close.
 */
export function plausible(score: number, model: Pick<TopicModelRecord, 'prefilterBar'>, named: boolean, similarity: number): boolean {
  return score >= model.prefilterBar || named || similarity >= PREFILTER_SIMILARITY;
}

/**
 * New documents x every active topic whose sources include the document's collection: only pairs
 * that are plausible go on to detection (the costly stages), so their count per document is the
 * pre-filter's selectivity (bench:pipeline reports it). Each topic's relevance model (built now
 * for a topic that has none or that the store has outgrown: `rebuilt` hears of those) reads the
 * document's title and text once for every topic.
 */
export async function prefilter(context: StageContext, documentIds: number[], rebuilt?: (topicId: number) => void): Promise<Pair[]> {
  if (documentIds.length === 0) return [];
  const { db } = context.database;
  const docs = await db
    .select({
      id: documents.id,
      title: documents.title,
      text: sql<string>`substr(${documents.text}, 1, ${TEXT_READ})`,
      language: documents.language,
      collectionId: documents.collectionId,
      summary: documentSummaries.summary,
    })
    .from(documents)
    .leftJoin(documentSummaries, eq(documentSummaries.documentId, documents.id))
    .where(inArray(documents.id, documentIds));
  // Marked first: the sweep re-sends only documents this stage never saw.
  await db.update(documentSummaries).set({ prefilteredAt: new Date() }).where(inArray(documentSummaries.documentId, documentIds));
  const active = await db.select().from(topics).where(isNull(topics.retiredAt));
  const live = active.filter((t) => t.description.trim() !== '');
  if (docs.length === 0 || live.length === 0) return [];
  const models = await modelsOf(context, live, Math.max(...docs.map((d) => d.id)), rebuilt);

  const embedder = context.search.embedder;
  const missing = live.filter((t) => !topicVectors.has(`${t.id}:${topicText(t)}`));
  if (missing.length) {
    const vectors = await embedder.embed(missing.map(topicText));
    missing.forEach((t, i) => topicVectors.set(`${t.id}:${topicText(t)}`, vectors[i]!));
  }
  const docVectors = await embedder.embed(docs.map((d) => `${d.title}\n${d.summary ?? ''}`));
  const pairs: Pair[] = [];
  docs.forEach((doc, i) => {
    const features = featuresOf(doc);
    for (const topic of live) {
      if (topic.sources.length && !coveredCollections(topic.sources).includes(doc.collectionId)) continue;
      const model = models.get(topic.id)!;
      const score = scoreDocument(model, features);
      const similarity = cosine(docVectors[i]!, topicVectors.get(`${topic.id}:${topicText(topic)}`)!);
      if (plausible(score, model, namesTopic(doc.title, topic), similarity)) pairs.push({ userId: topic.userId, topicId: topic.id, documentId: doc.id, score: Math.round(score * 1000) / 1000 });
    }
  });
  return pairs;
}
