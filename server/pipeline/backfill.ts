import { and, eq, inArray } from 'drizzle-orm';
import { coveredCollections } from '../../contract/collections.js';
import { z } from 'zod';
import { documents, events, topics } from '../db/schema/index.js';
import type { JobDefinition, Queue } from '../jobs/types.js';
import { scoreDocument } from '../intelligence/builtin/topic-model.js';
import type { StageContext } from './context.js';
import { detectPairs } from './detect.js';
import { CATCH_UP, consolidateAndWrite, novelEvents } from './jobs.js';
import { STORY_JOB } from './pipeline.js';
import { refreshTopicModel, storeSample } from './topic-models.js';

export const BACKFILL_JOB = 'pipeline-backfill';

/**
 * Queues a topic's catch-up (one at a time per topic). Every way a topic gets or changes its
 * profile ends here, whichever way its reader came in (registration, invitation, Google, single
 * sign-on, the interview).
 */
export async function queueCatchUp(queue: Queue, topicId: number): Promise<void> {
  await queue.boss.send(BACKFILL_JOB, { topicId }, { singletonKey: `backfill-${topicId}` });
}

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
/** The store's best documents for the topic its catch-up orders by date among near-equals. */
const CANDIDATES = 60;

/**
 * The initialization of a new topic, its catch-up: the pre-filter only sees documents as they
 * arrive, so a new topic would wait for the next matching document. Instead the topic's model is
 * built from the store now and ranks the store's recent documents (within its collections); the
 * best (model score, the newer first among near-equals) go through detection like any pair until
 * CATCH_UP_DETECTED pass,
 * their events are marked `initialization` (they guard novelty for later documents, are never
 * alerted, and their articles say `catch_up`), and the detected ones go through novelty and
 * consolidation in the backfill job itself and on to stories and articles at the CATCH_UP
 * priority, so a new user's first feed fills within a minute.
 */
export async function backfillTopic(context: StageContext, topicId: number): Promise<{ judged: number; detected: number[] }> {
  const { db } = context.database;
  const [topic] = await db.select().from(topics).where(eq(topics.id, topicId));
  if (!topic || topic.retiredAt || topic.description.trim() === '') return { judged: 0, detected: [] };
  // The topic's model, built now from the store (and kept for the pre-filter and detection).
  const model = (await refreshTopicModel(context, topicId))!;
  const sample = await storeSample(context.database);
  const collections = topic.sources.length ? coveredCollections(topic.sources) : undefined;
  const scored = sample.docs
    .filter((d) => !collections || collections.includes(d.collectionId))
    .map((d) => ({ id: d.id, score: scoreDocument(model, d.features) }))
    .filter((d) => d.score >= model.prefilterBar)
    .sort((a, b) => b.score - a.score)
    .slice(0, CANDIDATES);
  if (scored.length === 0) return { judged: 0, detected: [] };
  // Each document at its score, the newest first among near-equals (a month older costs what 0.05
  // of a score near the bar does), so the catch-up is the topic's recent news.
  const dates = new Map((await db.select({ id: documents.id, at: documents.canonicalAt }).from(documents).where(inArray(documents.id, scored.map((d) => d.id)))).map((r) => [r.id, r.at.getTime()]));
  const newest = Math.max(...dates.values());
  const order = (d: { id: number; score: number }) => Math.min(d.score, 2 * model.bar) / (2 * model.bar) - (0.05 * (newest - (dates.get(d.id) ?? newest))) / (30 * 86_400_000);
  const documentIds = scored
    .sort((a, b) => order(b) - order(a))
    .slice(0, BACKFILL_DOCUMENTS)
    .map((d) => [d.id, Math.round(d.score * 1000) / 1000] as const);
  const detected: number[] = [];
  const judged: number[] = [];
  // As many at a time as are still wanted: the best first, no more judged than it takes.
  while (judged.length < documentIds.length && detected.length < CATCH_UP_DETECTED) {
    const batch = documentIds.slice(judged.length, judged.length + CATCH_UP_DETECTED - detected.length);
    const results = await detectPairs(context, batch.map(([documentId, score]) => ({ userId: topic.userId, topicId, documentId, score })));
    judged.push(...batch.map(([documentId]) => documentId));
    for (const result of results) if (result?.status === 'detected') detected.push(result.eventId);
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
