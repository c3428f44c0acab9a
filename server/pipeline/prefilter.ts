import { eq, inArray, isNull } from 'drizzle-orm';
import { coveredCollections } from '../../contract/collections.js';
import { documents, documentSummaries, topics } from '../db/schema/index.js';
import { cosine } from '../search/embeddings.js';
import { terms } from '../search/terms.js';
import type { StageContext } from './context.js';

/** A pair goes to detection at this embedding similarity, or when the title names the topic. */
export const PREFILTER_SIMILARITY = 0.12;
/** ... or when the title and summary hold this many of the topic's name and query words. */
export const PREFILTER_SHARED_TERMS = 3;

export interface Pair {
  userId: string;
  topicId: number;
  documentId: number;
  score: number;
}

const topicVectors = new Map<string, number[]>();

type TopicFields = Pick<typeof topics.$inferSelect, 'name' | 'description' | 'query' | 'keyEvents' | 'keyEntities'>;

/** The text a topic is embedded from for the pre-filter. */
export function topicText(t: TopicFields): string {
  return `${t.name}. ${t.description} ${t.query} ${t.keyEvents.join('. ')} ${t.keyEntities.join(', ')}`;
}

const norm = (s: string) => ` ${s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim()} `;

/**
 * The pre-filter's rule for one pair: the document's title and summary (`headTerms`, stemmed) are
 * close to the topic (embedding cosine), hold several of its name and query words, or the title
 * names a key entity or the topic.
 */
export function plausible(title: string, headTerms: Set<string>, topic: Pick<TopicFields, 'name' | 'keyEntities'>, topicTerms: string[], similarity: number): boolean {
  const normalised = norm(title);
  const named = [topic.name, ...topic.keyEntities].some((phrase) => norm(phrase).trim().length > 2 && normalised.includes(norm(phrase)));
  const sharedTerms = topicTerms.filter((t) => headTerms.has(t)).length;
  return similarity >= PREFILTER_SIMILARITY || named || sharedTerms >= PREFILTER_SHARED_TERMS;
}

/** The topic's name and query words the pre-filter counts. */
export const prefilterTerms = (topic: Pick<TopicFields, 'name' | 'query'>) => [...new Set(terms(`${topic.name} ${topic.query}`))];

/**
 * New documents x every active topic whose sources include the document's collection: only pairs
 * that are plausible go on to detection (the costly stages), so their count per document is the
 * pre-filter's selectivity (bench:pipeline reports it). Plausible = the document's title and
 * summary are close to the topic (embedding cosine), hold several of its name and query words, or
 * the title names a key entity or the topic.
 */
export async function prefilter(context: StageContext, documentIds: number[]): Promise<Pair[]> {
  if (documentIds.length === 0) return [];
  const { db } = context.database;
  const docs = await db
    .select({ id: documents.id, title: documents.title, collectionId: documents.collectionId, summary: documentSummaries.summary })
    .from(documents)
    .leftJoin(documentSummaries, eq(documentSummaries.documentId, documents.id))
    .where(inArray(documents.id, documentIds));
  // Marked first: the sweep re-sends only documents this stage never saw.
  await db.update(documentSummaries).set({ prefilteredAt: new Date() }).where(inArray(documentSummaries.documentId, documentIds));
  const active = await db.select().from(topics).where(isNull(topics.retiredAt));
  const live = active.filter((t) => t.description.trim() !== '');
  if (docs.length === 0 || live.length === 0) return [];

  const embedder = context.search.embedder;
  const missing = live.filter((t) => !topicVectors.has(`${t.id}:${topicText(t)}`));
  if (missing.length) {
    const vectors = await embedder.embed(missing.map(topicText));
    missing.forEach((t, i) => topicVectors.set(`${t.id}:${topicText(t)}`, vectors[i]!));
  }
  const docVectors = await embedder.embed(docs.map((d) => `${d.title}\n${d.summary ?? ''}`));
  const headTerms = docs.map((d) => new Set(terms(`${d.title} ${d.summary ?? ''}`)));
  const topicTerms = new Map(live.map((t) => [t.id, prefilterTerms(t)]));
  const pairs: Pair[] = [];
  docs.forEach((doc, i) => {
    for (const topic of live) {
      if (topic.sources.length && !coveredCollections(topic.sources).includes(doc.collectionId)) continue;
      const similarity = cosine(docVectors[i]!, topicVectors.get(`${topic.id}:${topicText(topic)}`)!);
      if (plausible(doc.title, headTerms[i]!, topic, topicTerms.get(topic.id)!, similarity)) pairs.push({ userId: topic.userId, topicId: topic.id, documentId: doc.id, score: Math.round(similarity * 1000) / 1000 });
    }
  });
  return pairs;
}
