import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { coveredCollections } from '../../contract/collections.js';
import { rowsOf, type Database } from '../db/client.js';
import { turnTaker } from '../db/priority.js';
import { documents, events, relevanceJudgements, topics, type TopicModelRecord } from '../db/schema/index.js';
import { buildTopicModel, documentFeatures, MODEL_VERSION, passesByClass, sampleFromFeatures, scoreDocument, TEXT_READ, type DocumentFeatures, type Judged, type StoreSample } from '../intelligence/builtin/topic-model.js';
import type { JobDefinition } from '../jobs/types.js';
import type { StageContext } from './context.js';
import { DETECT_JOB } from './pipeline.js';

/*
 * Topic models in the store (server/intelligence/builtin/topic-model.ts builds them): the sample of
 * recent documents they are built and calibrated on, their refresh when the store has grown or the
 * reader judged an article, and the second look at what arrived meanwhile.
 */

export const TOPIC_MODEL_JOB = 'topic-model';
export const TOPIC_MODELS_TICK_JOB = 'topic-models-tick';
/** The store's most recent documents a model is built and calibrated on. */
export const SAMPLE_SIZE = 5000;
/** A sample is reused this long by the models built in one process (a tick refreshes many). */
const SAMPLE_TTL_MS = 120_000;
/**
 * A model is rebuilt when the store holds this many documents it has not seen: a stream that
 * starts after its topics (a new feed) is soon read with what it says about them.
 */
const STALE_DOCUMENTS = 100;
/** Outgrown models one pre-filter batch rebuilds (the tick takes the rest). */
const REBUILDS_AT_ONCE = 20;
/** A refreshed model looks again at this many of the documents that arrived since its topic was added and never reached detection. */
const RESCAN_DOCUMENTS = 2000;

export type TopicRow = typeof topics.$inferSelect;

/**
 * Each document's features, read once: the sample is read again every two minutes or hundred new
 * documents, and every topic's second look reads the same recent documents. A stored document
 * never changes (the title and length guard against a store replaced under the same ids: tests).
 */
const featuresRead = new LRUCache<number, { key: string; features: DocumentFeatures }>({ max: SAMPLE_SIZE + RESCAN_DOCUMENTS });
export function featuresOf(doc: { id: number; title: string; text: string; language?: string | null }): DocumentFeatures {
  const key = `${doc.language ?? ''}|${Math.min(doc.text.length, TEXT_READ)}|${doc.title}`;
  const hit = featuresRead.get(doc.id);
  if (hit?.key === key) return hit.features;
  const features = documentFeatures(doc);
  featuresRead.set(doc.id, { key, features });
  return features;
}

let cached: { at: number; newest: number; size: number; sample: Promise<StoreSample> } | undefined;

/**
 * The store sample, shared by the models one process builds within SAMPLE_TTL_MS, and read again
 * sooner when a caller has seen documents it lacks (`newest`: the newest document id the caller
 * knows): at once while the store is smaller than a sample (cheap, and every document counts),
 * else once they are as many as make a model stale.
 */
export function storeSample(database: Database, newest = 0): Promise<StoreSample> {
  const lacking = cached !== undefined && newest > cached.newest && (cached.size < SAMPLE_SIZE || grown(cached.newest, newest));
  if (!cached || performance.now() - cached.at > SAMPLE_TTL_MS || lacking) {
    const sample = loadSample(database);
    const entry = { at: performance.now(), newest, size: 0, sample };
    cached = entry;
    sample
      .then((s) => {
        entry.newest = Math.max(newest, s.lastDocumentId);
        entry.size = s.docs.length;
      })
      .catch(() => cached === entry && (cached = undefined));
  }
  return cached.sample;
}

/** Whether the store has grown past what a model or sample, up to document `seen`, read. */
function grown(seen: number, newest: number): boolean {
  return newest - seen >= STALE_DOCUMENTS;
}

/** Forgets the cached sample (tests that change the store between models). */
export function forgetStoreSample(): void {
  cached = undefined;
}

async function loadSample(database: Database): Promise<StoreSample> {
  const rows = await database.db
    .select({ id: documents.id, title: documents.title, text: sql<string>`substr(${documents.text}, 1, ${TEXT_READ})`, language: documents.language, collectionId: documents.collectionId })
    .from(documents)
    .orderBy(desc(documents.id))
    .limit(SAMPLE_SIZE);
  // Reading 5,000 documents takes about a second: in turns, so requests are served meanwhile.
  const turn = turnTaker();
  const docs = [];
  for (const row of rows) {
    docs.push({ id: row.id, collectionId: row.collectionId, features: featuresOf(row) });
    await turn();
  }
  return sampleFromFeatures(docs);
}

/** The reader's judgements on a topic, with the documents' features and a language model's score where one judged them. */
async function judgedDocuments(database: Database, topicId: number): Promise<Judged[]> {
  const rows = await database.db
    .select({
      judgement: relevanceJudgements.judgement,
      documentId: relevanceJudgements.documentId,
      title: documents.title,
      text: sql<string>`substr(${documents.text}, 1, ${TEXT_READ})`,
      language: documents.language,
      scores: events.detectionScores,
      audit: events.decisionAudit,
    })
    .from(relevanceJudgements)
    .innerJoin(documents, eq(documents.id, relevanceJudgements.documentId))
    .leftJoin(events, and(eq(events.topicId, relevanceJudgements.topicId), eq(events.documentId, relevanceJudgements.documentId)))
    .where(eq(relevanceJudgements.topicId, topicId));
  return rows.map((r) => {
    const byModel = typeof r.audit?.model_used === 'string' && r.audit.model_used !== 'builtin';
    return { judgement: r.judgement, documentId: r.documentId, features: featuresOf({ ...r, id: r.documentId }), llmScore: byModel ? (r.scores?.weighted_total ?? null) : null };
  });
}

/** Whether a topic's model is missing, of an older version, or built on a store that has grown since. */
export function isStale(model: TopicModelRecord | null, newestDocumentId: number): boolean {
  if (!model || model.version !== MODEL_VERSION) return true;
  return grown(model.lastDocumentId, newestDocumentId);
}

/** Builds a topic's model from the store and its judgements and stores it. Undefined for a retired or unprofiled topic. */
export async function refreshTopicModel(context: StageContext, topicId: number): Promise<TopicModelRecord | undefined> {
  const { db } = context.database;
  const [topic] = await db.select().from(topics).where(eq(topics.id, topicId));
  if (!topic || topic.retiredAt || topic.description.trim() === '') return undefined;
  return storeModel(context, topic);
}

async function storeModel(context: StageContext, topic: TopicRow, newest = 0): Promise<TopicModelRecord> {
  const sample = await storeSample(context.database, newest);
  const judged = await judgedDocuments(context.database, topic.id);
  const model = buildTopicModel(
    { name: topic.name, keyEntities: topic.keyEntities, query: topic.query, collections: topic.sources.length ? coveredCollections(topic.sources) : undefined },
    sample,
    judged,
  );
  await context.database.db.update(topics).set({ relevanceModel: model }).where(eq(topics.id, topic.id));
  return model;
}

/**
 * The current model of each topic. Those without one, or of an older version, are built now; those
 * the store has outgrown since (documents up to `newest` arrived) are rebuilt now too, at most
 * REBUILDS_AT_ONCE of them (the rest at the next call or tick), so a stream that starts after its
 * topics soon reads them with what it says about them.
 */
export async function modelsOf(context: StageContext, rows: TopicRow[], newest = 0, rebuilt?: (topicId: number) => void): Promise<Map<number, TopicModelRecord>> {
  const out = new Map<number, TopicModelRecord>();
  let count = 0;
  for (const topic of rows) {
    const model = topic.relevanceModel;
    const missing = !model || model.version !== MODEL_VERSION;
    if (missing || (isStale(model, newest) && count < REBUILDS_AT_ONCE)) {
      if (!missing) count++;
      out.set(topic.id, await storeModel(context, topic, newest));
      rebuilt?.(topic.id);
    } else out.set(topic.id, model);
  }
  return out;
}

/**
 * A second look, with a refreshed model, at the documents that arrived since the topic was added and
 * that the model of the time kept from it: those the pre-filter stopped (no event) and those the
 * built-in detection dropped with an older model (maybe built before the store held anything about
 * the topic). Those the new model lets through go to detection again (a dropped event is removed
 * first, so detection judges the pair afresh). Returns the pairs sent.
 *
 * A second look is a second test: a model rebuilt every hundred documents scores a near miss a
 * little differently each time, and a pass is never taken back. So after the store grew, a document
 * goes on only by what the earlier models lacked, the topic's class (learnt once the store holds
 * enough of its kind); by its words only after the reader's judgement changed them (`byWords`).
 * Replayed on the newswire, second looks by words passed 29 right stories and 94 wrong ones.
 */
export async function rescan(context: StageContext & { send: (job: string, payload: object) => Promise<unknown> }, topic: TopicRow, model: TopicModelRecord, byWords = false): Promise<number> {
  const rows = rowsOf<{ id: number; title: string; text: string; language: string | null; collection_id: number; event_id: number | null }>(
    await context.database.db.execute(sql`
      SELECT d.id::int AS id, d.title, substr(d.text, 1, ${TEXT_READ}) AS text, d.language, d.collection_id::int AS collection_id, e.id::int AS event_id
      FROM documents d
      LEFT JOIN events e ON e.topic_id = ${topic.id} AND e.document_id = d.id
      WHERE d.ingested_at >= ${topic.createdAt.toISOString()}
        AND (e.id IS NULL OR (e.status = 'dropped' AND e.decision_audit->>'model_used' = 'builtin'
             AND coalesce(e.decision_audit->'topic_model'->>'built_at', '') < ${model.builtAt}))
      ORDER BY d.id DESC LIMIT ${RESCAN_DOCUMENTS}`),
  );
  const collections = topic.sources.length ? coveredCollections(topic.sources) : undefined;
  const turn = turnTaker();
  const pairs = [];
  const stale: number[] = [];
  for (const row of rows) {
    if (collections && !collections.includes(row.collection_id)) continue;
    const features = featuresOf(row);
    const score = scoreDocument(model, features);
    if (score >= model.prefilterBar && (byWords || passesByClass(model, features))) {
      pairs.push({ userId: topic.userId, topicId: topic.id, documentId: row.id, score: Math.round(score * 1000) / 1000 });
      if (row.event_id !== null) stale.push(row.event_id);
    }
    await turn();
  }
  if (stale.length) await context.database.db.delete(events).where(and(inArray(events.id, stale), eq(events.status, 'dropped')));
  for (let i = 0; i < pairs.length; i += 50) await context.send(DETECT_JOB, { pairs: pairs.slice(i, i + 50) });
  return pairs.length;
}

const ZTopic = z.object({ topicId: z.number().int().positive(), rescan: z.boolean().optional(), judged: z.boolean().optional() });

/** Rebuilds one topic's model (after a judgement, or when the store has grown) and, when asked, takes the second look. */
export const topicModelJob: JobDefinition<typeof ZTopic> = {
  name: TOPIC_MODEL_JOB,
  payload: ZTopic,
  queue: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 15 * 60, policy: 'stately' },
  async handler({ topicId, rescan: again, judged }, context) {
    const stage = { database: context.database, search: context.search, config: context.config, logger: context.logger };
    const [topic] = await context.database.db.select().from(topics).where(eq(topics.id, topicId));
    if (!topic || topic.retiredAt || topic.description.trim() === '') return { skipped: true };
    const model = await storeModel(stage, topic);
    const sent = again ? await rescan({ ...stage, send: (job, payload) => context.queue.boss.send(job, payload) }, topic, model, judged) : 0;
    return { basis: model.basis, bar: model.bar, evidence: model.evidence, rescanned: sent };
  },
};

/** Asks for a topic's model to be rebuilt (once at a time per topic), with a second look after, by words too when the reader judged. */
export async function requestTopicModel(queue: { boss: { send: (name: string, data: object, options: object) => Promise<unknown> } }, topicId: number, rescanAfter = false, judged = false): Promise<void> {
  await queue.boss.send(TOPIC_MODEL_JOB, { topicId, rescan: rescanAfter, judged }, { singletonKey: `topic-model-${topicId}` });
}

/** Every five minutes: the active topics whose model the store has outgrown are rebuilt, with a second look. */
export const topicModelsTickJob: JobDefinition<z.ZodObject> = {
  name: TOPIC_MODELS_TICK_JOB,
  payload: z.object({}),
  cron: '*/5 * * * *',
  queue: { retryLimit: 1, expireInSeconds: 5 * 60, policy: 'singleton' },
  async handler(_payload, context) {
    const { db } = context.database;
    const [newest] = await db.select({ id: documents.id }).from(documents).orderBy(desc(documents.id)).limit(1);
    if (!newest) return { stale: 0 };
    const live = await db
      .select({ id: topics.id, model: topics.relevanceModel })
      .from(topics)
      .where(and(isNull(topics.retiredAt), ne(topics.description, '')));
    const stale = live.filter((t) => isStale(t.model, newest.id));
    for (const t of stale) await requestTopicModel(context.queue, t.id, true);
    return { stale: stale.length };
  },
};
