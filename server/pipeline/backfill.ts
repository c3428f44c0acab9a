import { and, eq, inArray } from 'drizzle-orm';
import { coveredCollections } from '../../contract/collections.js';
import { z } from 'zod';
import { events, topics } from '../db/schema/index.js';
import type { JobDefinition } from '../jobs/types.js';
import { searchChunks } from '../search/search.js';
import type { StageContext } from './context.js';
import { detect } from './detect.js';
import { CATCH_UP, consolidateAndWrite, novelEvents } from './jobs.js';
import { STORY_JOB } from './pipeline.js';

export const BACKFILL_JOB = 'pipeline-backfill';
/** A new topic's catch-up: about this many first articles. */
export const CATCH_UP_ARTICLES = 10;
/**
 * Documents detection passes for it: a few more than the articles, since novelty and consolidation
 * fold some into others (two minutes of one meeting are one article), and a reader should still
 * find CATCH_UP_ARTICLES.
 */
export const CATCH_UP_DETECTED = CATCH_UP_ARTICLES + 3;
/** Documents judged at most to find them: some are dropped by detection. */
export const BACKFILL_DOCUMENTS = 25;
/** Search score a document needs to be judged for a new topic. */
export const BACKFILL_MIN_SCORE = 0.3;

/**
 * The initialization of a new topic, its catch-up: the pre-filter only sees documents as they
 * arrive, so a new topic would wait for the next matching document. Instead the store is searched
 * for the topic now (its name, within its collections), the best documents (search score, the
 * newer first among near-equals) go through detection like any pair until CATCH_UP_DETECTED pass,
 * their events are marked `initialization` (they guard novelty for later documents, are never
 * alerted, and their articles say `catch_up`), and the detected ones go through novelty and
 * consolidation in the backfill job itself and on to stories and articles at the CATCH_UP
 * priority, so a new user's first feed fills within a minute.
 */
export async function backfillTopic(context: StageContext, topicId: number): Promise<{ judged: number; detected: number[] }> {
  const { db } = context.database;
  const [topic] = await db.select().from(topics).where(eq(topics.id, topicId));
  if (!topic || topic.retiredAt || topic.description.trim() === '') return { judged: 0, detected: [] };
  const found = await searchChunks(context.database, context.search, {
    query: topic.name,
    limit: 60,
    offset: 0,
    collections: topic.sources.length ? coveredCollections(topic.sources) : undefined,
    minScore: BACKFILL_MIN_SCORE,
  });
  // Each document once at its best chunk's score, the newest first among near-equals (a month
  // older costs what 0.05 of search score does), so the catch-up is the topic's recent news.
  const best = new Map<number, { score: number; at: number }>();
  for (const r of found.results) {
    const seen = best.get(r.metadata.document_id);
    if (!seen || seen.score < r.score) best.set(r.metadata.document_id, { score: r.score, at: Date.parse(r.metadata.canonical_at) });
  }
  const newest = Math.max(...[...best.values()].map((b) => b.at));
  const order = (b: { score: number; at: number }) => b.score - (0.05 * (newest - b.at)) / (30 * 86_400_000);
  const documentIds = [...best.entries()]
    .sort((a, b) => order(b[1]) - order(a[1]))
    .slice(0, BACKFILL_DOCUMENTS)
    .map(([id, b]) => [id, b.score] as const);
  const detected: number[] = [];
  const judged: number[] = [];
  for (const [documentId, score] of documentIds) {
    if (detected.length >= CATCH_UP_DETECTED) break;
    const result = await detect(context, { userId: topic.userId, topicId, documentId, score });
    judged.push(documentId);
    if (result?.status === 'detected') detected.push(result.eventId);
  }
  if (judged.length) {
    await db
      .update(events)
      .set({ initialization: true })
      .where(and(eq(events.topicId, topicId), inArray(events.documentId, judged)));
  }
  return { judged: judged.length, detected };
}

const ZTopic = z.object({ topicId: z.number().int().positive() });

export const backfillJob: JobDefinition<typeof ZTopic> = {
  name: BACKFILL_JOB,
  payload: ZTopic,
  queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60, policy: 'stately' },
  async handler({ topicId }, context) {
    const stage = { database: context.database, search: context.search, config: context.config, logger: context.logger };
    const { judged, detected } = await backfillTopic(stage, topicId);
    if (!detected.length) return { judged, detected: 0 };
    // The reader who just added the topic is looking at an empty feed: novelty and consolidation
    // run here, in the catch-up's own lane, not behind other users' batches on those queues
    // (one can take half a minute in the demo's first replay); the articles go ahead of every backlog.
    await context.queue.boss.send(STORY_JOB, { eventIds: detected }, { priority: CATCH_UP });
    const novel = await novelEvents(context, detected);
    const { survivors } = await consolidateAndWrite(context, novel);
    return { judged, detected: detected.length, novel: novel.length, articles: survivors };
  },
};
