import { and, eq, inArray } from 'drizzle-orm';
import { coveredCollections } from '../../contract/collections.js';
import { z } from 'zod';
import { events, topics } from '../db/schema/index.js';
import type { JobDefinition } from '../jobs/definitions.js';
import { searchChunks } from '../search/search.js';
import type { StageContext } from './context.js';
import { detect } from './detect.js';
import { NOVELTY_JOB, STORY_JOB } from './jobs.js';

export const BACKFILL_JOB = 'pipeline-backfill';
/** Documents a new topic is judged against at once (spec 3 'Init'): enough for a first feed. */
export const BACKFILL_DOCUMENTS = 15;
/** Search score a document needs to be judged for a new topic. */
export const BACKFILL_MIN_SCORE = 0.3;

/**
 * The initialization of a new topic: the pre-filter only sees documents as they arrive, so a
 * new topic would wait for the next matching document. Instead the store is searched for the
 * topic now (its name, within its collections), the best documents go through detection like
 * any pair, their events are marked `initialization`, and the detected ones go on to novelty and
 * stories, so a new user's feed fills within minutes.
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
  const documentIds = [...new Map(found.results.map((r) => [r.metadata.document_id, r.score])).entries()].slice(0, BACKFILL_DOCUMENTS);
  const detected: number[] = [];
  for (const [documentId, score] of documentIds) {
    const result = await detect(context, { userId: topic.userId, topicId, documentId, score });
    if (result?.status === 'detected') detected.push(result.eventId);
  }
  if (documentIds.length) {
    await db
      .update(events)
      .set({ initialization: true })
      .where(and(eq(events.topicId, topicId), inArray(events.documentId, documentIds.map(([id]) => id))));
  }
  return { judged: documentIds.length, detected };
}

const ZTopic = z.object({ topicId: z.number().int().positive() });

export const backfillJob: JobDefinition<typeof ZTopic> = {
  name: BACKFILL_JOB,
  payload: ZTopic,
  queue: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60, policy: 'stately' },
  async handler({ topicId }, context) {
    const stage = { database: context.database, search: context.search, config: context.config, logger: context.logger };
    const { judged, detected } = await backfillTopic(stage, topicId);
    if (detected.length) {
      await context.queue.boss.send(NOVELTY_JOB, { eventIds: detected });
      await context.queue.boss.send(STORY_JOB, { eventIds: detected });
    }
    return { judged, detected: detected.length };
  },
};
