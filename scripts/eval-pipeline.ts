/**
 * `npm run eval` through the real thing: a document stream is ingested (stored, chunked, indexed)
 * on an in-memory embedded database and run through the pipeline's stages (server/pipeline/
 * pipeline.ts, in its order, called here without a queue) with the built-in engine for one user:
 * summarization -> (pre-filter -> detection, or every document relevant) -> story assignment.
 * Each document's prediction is read back from what the stages stored.
 */
import { and, eq, inArray } from 'drizzle-orm';
import pino from 'pino';
import { MODEL_FIELDS } from '../contract/models.js';
import { startHerald, type Herald } from '../server/boot.js';
import { loadConfig } from '../server/config.js';
import { accounts, documents, events, sources, stories, users } from '../server/db/schema/index.js';
import { ingestDocuments } from '../server/documents/ingest.js';
import { inPublishedOrder, type Prediction, type StreamDoc } from '../server/intelligence/builtin/evaluate.js';
import { builtinValidateTopic } from '../server/intelligence/capabilities/validate-topic.js';
import { createTopic, type NewTopic } from '../server/modules/user-topics/topics.js';
import type { RawDocument } from '../server/sources/types.js';
import { detect } from '../server/pipeline/detect.js';
import { prefilter } from '../server/pipeline/prefilter.js';
import { assignStories } from '../server/pipeline/story.js';
import { summariseDocuments } from '../server/pipeline/summarise.js';

export interface PipelineRunOptions {
  /** Every document is relevant: detection is skipped (measures grouping and novelty alone). */
  allRelevant: boolean;
  /** The topic the user follows; documents are judged against it by pre-filter and detection. */
  topic?: string;
  /** Documents per ingest page (the demo source's page size). */
  batchSize?: number;
  onProgress?: (done: number, total: number) => void;
}

export interface PipelineRun {
  ordered: StreamDoc[];
  predictions: Prediction[];
  /** Seconds spent per stage. */
  seconds: { ingest: number; summarise: number; detect: number; stories: number; total: number };
}

/** The topic for --topic: the built-in topic validation's profile of it, as onboarding would store it. */
export function topicFor(text: string): NewTopic {
  const answer = builtinValidateTopic({ topic: text, turns: [], sources: [], existing: [], profile: { summary: null, places: [], industries: [] }, evidence: [] });
  if (answer.status !== 'validated' || !answer.topic) {
    throw new Error(`--topic "${text}" was not accepted (${answer.status}): ${answer.error ?? answer.question ?? ''}`.trim());
  }
  const t = answer.topic;
  return {
    name: answer.normalized_name ?? text,
    description: t.description,
    informationSought: t.information_sought,
    query: t.query,
    aiQuery: t.ai_query,
    keyEvents: t.key_events,
    keyEntities: t.key_entities,
    keyPlaces: t.key_places,
    relevanceMatrix: t.relevance_matrix,
    // Any collection: an evaluation stream is news whatever the topic's usual sources.
    sources: [...new Set([1, ...t.sources])],
  };
}

export async function runThroughPipeline(docs: StreamDoc[], options: PipelineRunOptions): Promise<PipelineRun> {
  const started = performance.now();
  const ordered = inPublishedOrder(docs);
  // The api role alone: no worker takes jobs and no scheduler sweeps, so the stages run here, in order.
  const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DEMO: 'off', DEMO_SOURCE: 'off', HERALD_ROLES: 'api', SUMMARY_MODEL: 'builtin' });
  const herald: Herald = await startHerald(config, { inMemory: true, listen: false, logger: pino({ level: 'silent' }) });
  const seconds = { ingest: 0, summarise: 0, detect: 0, stories: 0, total: 0 };
  const timed = async <T>(key: keyof typeof seconds, work: () => Promise<T>): Promise<T> => {
    const t0 = performance.now();
    try {
      return await work();
    } finally {
      seconds[key] += (performance.now() - t0) / 1000;
    }
  };
  try {
    const { db } = herald.database;
    const stage = { database: herald.database, search: herald.search, config, logger: herald.logger };
    const [account] = await db.insert(accounts).values({ name: 'Evaluation' }).returning({ id: accounts.id });
    const [user] = await db
      .insert(users)
      .values({
        accountId: account!.id,
        email: 'eval@herald.invalid',
        firstName: 'Eval',
        lastName: 'Run',
        passwordHash: '!',
        emailConfirmedAt: new Date(),
        modelPreferences: Object.fromEntries(MODEL_FIELDS.map((f) => [f, 'builtin'])),
      })
      .returning({ id: users.id });
    const judged = Boolean(options.topic) && !options.allRelevant;
    const topic = await createTopic(db, user!.id, judged ? topicFor(options.topic!) : { name: 'Everything in the stream', sources: [1] });
    const [source] = await db.insert(sources).values({ kind: 'demo', name: 'evaluation stream', collectionId: 1, intervalMinutes: 60, enabled: false }).returning({ id: sources.id });

    const batchSize = options.batchSize ?? 100;
    const firstReports: number[] = [];
    let lastTime = 0;
    let storyQueue = Promise.resolve();
    for (let i = 0; i < ordered.length; i += batchSize) {
      const batch = ordered.slice(i, i + batchSize).map((doc): RawDocument => {
        // Undated documents: placed after the last dated one.
        const publishedAt = doc.published ?? new Date(lastTime);
        lastTime = Math.max(lastTime, publishedAt.getTime());
        return { externalId: doc.docId, title: doc.title, text: doc.text, url: doc.url, publisher: doc.source, publishedAt, contentType: 'news', collectionId: 1, canonicalUrl: null };
      });
      const stored = await timed('ingest', () => ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: source!.id, collectionId: 1 }, batch));
      if (stored.insertedIds.length === 0) continue;
      await timed('summarise', () => summariseDocuments(stage, stored.insertedIds));
      const eventIds = await timed('detect', async () => {
        if (!judged) {
          const rows = await db
            .insert(events)
            .values(
              stored.insertedIds.map((documentId) => ({
                userId: user!.id,
                topicId: topic.id,
                documentId,
                status: 'detected' as const,
                prefilterScore: 1,
                detectionDecision: 'PASS',
                detectionRational: 'Every document of the stream is relevant (--all-relevant).',
              })),
            )
            .returning({ id: events.id });
          return rows.map((r) => r.id);
        }
        const pairs = await prefilter(stage, stored.insertedIds);
        const ids: number[] = [];
        for (const pair of pairs) {
          const result = await detect(stage, pair);
          if (result?.status === 'detected') ids.push(result.eventId);
        }
        return ids;
      });
      // Story assignment runs behind the next page's ingest, as the pipeline's jobs do beside the
      // sources (its names are found on worker threads meanwhile); pages still reach it in order.
      const page = Math.min(ordered.length, i + batchSize);
      storyQueue = storyQueue.then(async () => {
        if (eventIds.length) firstReports.push(...(await timed('stories', () => assignStories(stage, eventIds))).started);
        options.onProgress?.(page, ordered.length);
      });
      // A failure surfaces at the await below, not as an unhandled rejection meanwhile.
      storyQueue.catch(() => undefined);
    }
    await storyQueue;

    // Read back: each document's event and the story it ended in (merged stories move their events).
    const rows = await db
      .select({ externalId: documents.externalId, eventId: events.id, status: events.status, storyKey: stories.key })
      .from(documents)
      .leftJoin(events, and(eq(events.documentId, documents.id), eq(events.userId, user!.id)))
      .leftJoin(stories, eq(stories.id, events.storyId))
      .where(inArray(documents.sourceId, [source!.id]));
    const byDoc = new Map(rows.map((r) => [r.externalId, r]));
    const firsts = new Set(firstReports);
    const predictions = ordered.map((doc): Prediction => {
      const row = byDoc.get(doc.docId);
      const relevant = row?.status === 'detected';
      return {
        doc_id: doc.docId,
        cluster_id: relevant ? (row!.storyKey ?? null) : null,
        is_new: relevant && firsts.has(row!.eventId!),
        relevant,
        event_id: relevant ? String(row!.eventId) : null,
      };
    });
    return { ordered, predictions, seconds: { ...seconds, total: (performance.now() - started) / 1000 } };
  } finally {
    await herald.stop();
  }
}
