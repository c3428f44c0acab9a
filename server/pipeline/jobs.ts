import { and, eq, gt, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { documents, documentSummaries, events, users } from '../db/schema/index.js';
import type { JobContext, JobDefinition } from '../jobs/types.js';
import { detectPairs } from './detect.js';
import { checkNovelty } from './novelty.js';
import { consolidateEvent } from './consolidate.js';
import { writeArticle } from './article.js';
import { assignStories } from './story.js';
import { ALERT_BAR, sendAlert } from './alert.js';
import { deliverNewArticle } from '../deliveries/payload.js';
import { briefRecipients, sendBrief } from './brief.js';
import {
  ALERT_JOB,
  ARTICLE_JOB,
  BRIEF_JOB,
  BRIEF_TICK_JOB,
  CONSOLIDATE_JOB,
  DETECT_JOB,
  nextOf,
  NOVELTY_JOB,
  PREFILTER_JOB,
  startPipeline,
  STORY_JOB,
  SUMMARISE_JOB,
  SWEEP_JOB,
} from './pipeline.js';
import { prefilter } from './prefilter.js';
import { requestTopicModel } from './topic-models.js';
import { summariseDocuments } from './summarise.js';

/*
 * The pipeline's jobs. Which stage follows which is pipeline.ts's: each handler sends its output
 * to `nextOf` its own job, so the order is read (and changed) there.
 */

const BATCH = 50;
const ZDocuments = z.object({ documentIds: z.array(z.number().int().positive()).min(1).max(500) });
const ZPairs = z.object({
  pairs: z.array(z.object({ userId: z.uuid(), topicId: z.number().int(), documentId: z.number().int(), score: z.number() })).min(1).max(500),
});

/** One job per event at a time on the article and alert queues (the sweep's resends included). */
const perEvent = (job: string, eventId: number) => `${job}-${eventId}`;

const stage = (context: JobContext) => ({ database: context.database, search: context.search, config: context.config, logger: context.logger });
const retries = { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 15 * 60 };

/** Priority of the work of users with breaking alerts on (pg-boss takes higher first). */
const URGENT = 10;
/**
 * Priority of a new topic's catch-up (backfill events on their way to articles): a reader who
 * just finished onboarding is looking at an empty feed, so it goes ahead even of alert work.
 */
export const CATCH_UP = 20;

/** Of these users, those with breaking alerts on. */
async function alertingUsers(context: JobContext, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await context.database.db.select({ id: users.id }).from(users).where(and(inArray(users.id, [...new Set(userIds)]), eq(users.alerts, true)));
  return new Set(rows.map((r) => r.id));
}

/** Of these events, those whose user has breaking alerts on. */
async function alertingEvents(context: JobContext, eventIds: number[]): Promise<Set<number>> {
  if (eventIds.length === 0) return new Set();
  const rows = await context.database.db
    .select({ id: events.id })
    .from(events)
    .innerJoin(users, eq(users.id, events.userId))
    .where(and(inArray(events.id, eventIds), eq(users.alerts, true)));
  return new Set(rows.map((r) => r.id));
}

/** Of these events, a new topic's catch-up (backfill) events. */
async function catchUpEvents(context: JobContext, eventIds: number[]): Promise<Set<number>> {
  if (eventIds.length === 0) return new Set();
  const rows = await context.database.db
    .select({ id: events.id })
    .from(events)
    .where(and(inArray(events.id, eventIds), eq(events.initialization, true)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Sends events to `job`: catch-up events first at CATCH_UP, then those of users with alerts on at
 * URGENT, then the rest, in jobs of their own per priority.
 */
async function sendEventsByPriority(context: JobContext, job: string, eventIds: number[]): Promise<void> {
  const catchUp = await catchUpEvents(context, eventIds);
  const rest = eventIds.filter((id) => !catchUp.has(id));
  const alerting = await alertingEvents(context, rest);
  const lists = [
    [[...catchUp], CATCH_UP],
    [rest.filter((id) => alerting.has(id)), URGENT],
    [rest.filter((id) => !alerting.has(id)), 0],
  ] as const;
  for (const [list, priority] of lists) {
    for (let i = 0; i < list.length; i += BATCH) await context.queue.boss.send(job, { eventIds: list.slice(i, i + BATCH) }, { priority });
  }
}

/**
 * Sends `items` to `job` in batches, those `urgent` says first and at a higher priority, in jobs
 * of their own: an event that may become a breaking alert does not wait behind a backlog of
 * other users' work (a reader is waiting for it).
 */
async function sendUrgentFirst<T>(context: JobContext, job: string, items: T[], urgent: (item: T) => boolean, payload: (batch: T[]) => object): Promise<void> {
  const first = items.filter(urgent);
  const rest = items.filter((item) => !urgent(item));
  for (const [list, priority] of [[first, URGENT], [rest, 0]] as const) {
    for (let i = 0; i < list.length; i += BATCH) await context.queue.boss.send(job, payload(list.slice(i, i + BATCH)), { priority });
  }
}

export const summariseJob: JobDefinition<typeof ZDocuments> = {
  name: SUMMARISE_JOB,
  payload: ZDocuments,
  queue: retries,
  async handler({ documentIds }, context) {
    await summariseDocuments(stage(context), documentIds);
    for (const job of nextOf(SUMMARISE_JOB)) await context.queue.boss.send(job, { documentIds });
    return { summarised: documentIds.length };
  },
};

export const prefilterJob: JobDefinition<typeof ZDocuments> = {
  name: PREFILTER_JOB,
  payload: ZDocuments,
  queue: retries,
  async handler({ documentIds }, context) {
    const rebuilt: number[] = [];
    const pairs = await prefilter(stage(context), documentIds, (topicId) => rebuilt.push(topicId));
    // A model rebuilt on a grown store takes a second look at what arrived since its topic was added.
    for (const topicId of rebuilt) await requestTopicModel(context.queue, topicId, true);
    const alerting = await alertingUsers(context, pairs.map((p) => p.userId));
    for (const job of nextOf(PREFILTER_JOB)) await sendUrgentFirst(context, job, pairs, (p) => alerting.has(p.userId), (batch) => ({ pairs: batch }));
    return { documents: documentIds.length, pairs: pairs.length };
  },
};

export const detectJob: JobDefinition<typeof ZPairs> = {
  name: DETECT_JOB,
  payload: ZPairs,
  queue: retries,
  async handler({ pairs }, context) {
    const counts: Record<string, number> = {};
    const detected: number[] = [];
    for (const result of await detectPairs(stage(context), pairs)) {
      if (result) counts[result.status] = (counts[result.status] ?? 0) + 1;
      if (result?.status === 'detected') detected.push(result.eventId);
    }
    // Novelty and story assignment: a breaking alert waits for its story (one alert per story),
    // so those stories go first too.
    if (detected.length) for (const job of nextOf(DETECT_JOB)) await sendEventsByPriority(context, job, detected);
    return counts;
  },
};

const ZEvents = z.object({ eventIds: z.array(z.number().int().positive()).min(1).max(500) });

export const noveltyJob: JobDefinition<typeof ZEvents> = {
  name: NOVELTY_JOB,
  payload: ZEvents,
  queue: retries,
  async handler({ eventIds }, context) {
    const novel = await novelEvents(context, eventIds);
    for (const job of nextOf(NOVELTY_JOB)) await sendEventsByPriority(context, job, novel);
    return { events: eventIds.length, novel: novel.length };
  },
};

/** Of these events, in order, those the novelty check finds new. */
export async function novelEvents(context: JobContext, eventIds: number[]): Promise<number[]> {
  const novel: number[] = [];
  for (const id of eventIds) if ((await checkNovelty(stage(context), id))?.novel) novel.push(id);
  return novel;
}

/** Consolidation of novel events, then their articles (see consolidateAndWrite). */
export const consolidateJob: JobDefinition<typeof ZEvents> = {
  name: CONSOLIDATE_JOB,
  payload: ZEvents,
  queue: retries,
  async handler({ eventIds }, context) {
    return consolidateAndWrite(context, eventIds);
  },
};

/**
 * Consolidates novel events, then sends an article job for each event that kept its own article
 * (a new topic's first articles and possible breaking alerts first) and an update for each
 * published article that absorbed a later report.
 */
export async function consolidateAndWrite(context: JobContext, eventIds: number[]): Promise<{ events: number; survivors: number; merged: number }> {
  const survivors: number[] = [];
  const absorbing = new Set<number>();
  let merged = 0;
  for (const id of eventIds) {
    const result = await consolidateEvent(stage(context), id);
    if (result?.survives) survivors.push(id);
    else if (result) {
      merged += 1;
      if (result.mergedInto) absorbing.add(result.mergedInto);
    }
  }
  const catchUp = await catchUpEvents(context, survivors);
  const alerting = await alertingEvents(context, survivors);
  for (const job of nextOf(CONSOLIDATE_JOB)) {
    // A later report merged into an event whose article is out updates that article (no email).
    for (const id of absorbing) await context.queue.boss.send(job, { eventId: id, update: true }, { singletonKey: `${perEvent(job, id)}-update`, startAfter: ARTICLE_UPDATE_DELAY_SECONDS });
    // A new topic's first articles and those that may become breaking alerts go first: a reader is waiting for them.
    for (const id of survivors) {
      await context.queue.boss.send(job, { eventId: id }, { singletonKey: perEvent(job, id), priority: catchUp.has(id) ? CATCH_UP : alerting.has(id) ? URGENT : 0 });
    }
  }
  return { events: eventIds.length, survivors: survivors.length, merged };
}

const ZEvent = z.object({ eventId: z.number().int().positive() });
const ZArticleWork = ZEvent.extend({ update: z.boolean().optional() });
/** Reports merged within this many seconds of each other update an article once. */
const ARTICLE_UPDATE_DELAY_SECONDS = 10;

/** Research, composition and QA for one novel event (one job per event: articles are slow); or the update of a published one. */
export const articleJob: JobDefinition<typeof ZArticleWork> = {
  name: ARTICLE_JOB,
  payload: ZArticleWork,
  queue: { ...retries, policy: 'stately' },
  // One job per event and ~0.2 s each: taken one per poll (2 s) a stream of 1,900 relevant reports
  // waited half an hour for its articles; the next is taken as soon as one is written.
  drain: true,
  async handler({ eventId, update }, context) {
    const written = await writeArticle(stage(context), eventId, { update });
    if (written && !written.updated && written.rank >= ALERT_BAR) {
      for (const job of nextOf(ARTICLE_JOB)) await context.queue.boss.send(job, { eventId }, { singletonKey: perEvent(job, eventId), priority: URGENT });
    }
    // A new article (not an update) to the webhook and Slack targets that chose its topic. After the
    // alert is on its way, and never failing the job: a retry would find the article written and
    // send nothing on.
    if (written && !written.updated) {
      await deliverNewArticle(context.database.db, context.queue, context.config.publicUrl, eventId).catch((error: unknown) =>
        context.logger.warn({ err: error, eventId }, 'could not queue the new article for its delivery targets'),
      );
    }
    return written ?? { skipped: true };
  },
};

const STORY_RETRY_SECONDS = 3;

/** The breaking-alert decision for one published article, and its email (exactly once, see alert.ts). */
export const alertJob: JobDefinition<typeof ZEvent> = {
  name: ALERT_JOB,
  payload: ZEvent,
  queue: { ...retries, policy: 'stately' },
  async handler({ eventId }, context) {
    const result = await sendAlert({ ...stage(context), queue: context.queue }, eventId);
    // Its story is being assigned (beside novelty): decide once it is, so one story alerts once.
    if (result === 'waiting_for_story') await context.queue.boss.send(ALERT_JOB, { eventId }, { singletonKey: perEvent(ALERT_JOB, eventId), priority: URGENT, startAfter: STORY_RETRY_SECONDS });
    return { result };
  },
};

/** Story assignment, in event order (each user's tracker is locked while it assigns). */
export const storyJob: JobDefinition<typeof ZEvents> = {
  name: STORY_JOB,
  payload: ZEvents,
  queue: retries,
  async handler({ eventIds }, context) {
    const { assigned, newStories } = await assignStories(stage(context), eventIds);
    return { events: eventIds.length, assigned, newStories };
  },
};

const ZEmpty = z.object({});
const ZUser = z.object({ userId: z.uuid() });

/** Every hour: a brief job for each user whose local morning it is. */
export const briefTickJob: JobDefinition<typeof ZEmpty> = {
  name: BRIEF_TICK_JOB,
  payload: ZEmpty,
  cron: '0 * * * *',
  queue: { retryLimit: 0 },
  async handler(_payload, context) {
    const recipients = await briefRecipients(stage(context));
    for (const userId of recipients) await context.queue.boss.send(BRIEF_JOB, { userId }, { singletonKey: `brief-${userId}` });
    return { recipients: recipients.length };
  },
};

export const briefJob: JobDefinition<typeof ZUser> = {
  name: BRIEF_JOB,
  payload: ZUser,
  queue: { ...retries, policy: 'stately' },
  async handler({ userId }, context) {
    return { result: await sendBrief({ ...stage(context), queue: context.queue }, userId) };
  },
};

/**
 * Every minute: documents of the last day that missed a stage (stored by the CLI without a
 * queue, or a job lost its way) are sent on. Stages are idempotent, so a second send is harmless.
 */
export const sweepJob: JobDefinition<typeof ZEmpty> = {
  name: SWEEP_JOB,
  payload: ZEmpty,
  cron: '* * * * *',
  queue: { retryLimit: 0 },
  async handler(_payload, context) {
    const since = sql`now() - interval '1 day'`;
    const unsummarised = await context.database.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(gt(documents.ingestedAt, since), sql`NOT EXISTS (SELECT 1 FROM document_summaries s WHERE s.document_id = ${documents.id})`, sql`${documents.ingestedAt} < now() - interval '1 minute'`))
      .limit(2000);
    await startPipeline(context.queue, unsummarised.map((d) => d.id));
    const unfiltered = await context.database.db
      .select({ id: documentSummaries.documentId })
      .from(documentSummaries)
      .where(and(isNull(documentSummaries.prefilteredAt), gt(documentSummaries.createdAt, since), sql`${documentSummaries.createdAt} < now() - interval '1 minute'`))
      .limit(2000);
    for (let i = 0; i < unfiltered.length; i += BATCH) await context.queue.boss.send(PREFILTER_JOB, { documentIds: unfiltered.slice(i, i + BATCH).map((d) => d.id) });
    const stuck = await stuckEvents(context);
    const sendEach = async (job: string, ids: number[]) => {
      for (let i = 0; i < ids.length; i += BATCH) await context.queue.boss.send(job, { eventIds: ids.slice(i, i + BATCH) });
    };
    await sendEach(NOVELTY_JOB, stuck.novelty);
    await sendEach(STORY_JOB, stuck.story);
    await sendEach(CONSOLIDATE_JOB, stuck.consolidation);
    for (const id of stuck.article) await context.queue.boss.send(ARTICLE_JOB, { eventId: id }, { singletonKey: perEvent(ARTICLE_JOB, id) });
    for (const id of stuck.alert) await context.queue.boss.send(ALERT_JOB, { eventId: id }, { singletonKey: perEvent(ALERT_JOB, id), priority: URGENT });
    return { summarise: unsummarised.length, prefilter: unfiltered.length, ...Object.fromEntries(Object.entries(stuck).map(([k, v]) => [k, v.length])) };
  },
};

/** How long an event may wait for its next stage before the sweep sends it again. */
const STUCK_AFTER = sql`now() - interval '5 minutes'`;

/**
 * Events of the last day whose next stage has not run in five minutes: its job was lost (a
 * process killed mid-job on a server, before its lease expired) or failed for good. Each list
 * holds at most 500 ids; stages are idempotent, so sending one again never doubles anything.
 */
async function stuckEvents(context: JobContext) {
  const { db } = context.database;
  const recent = and(gt(events.createdAt, sql`now() - interval '1 day'`), lt(events.updatedAt, STUCK_AFTER), eq(events.status, 'detected'));
  const ids = async (where: ReturnType<typeof and>) => (await db.select({ id: events.id }).from(events).where(and(recent, where)).orderBy(events.id).limit(500)).map((r) => r.id);
  return {
    novelty: await ids(isNull(events.novel)),
    story: await ids(isNull(events.storyId)),
    consolidation: await ids(and(eq(events.novel, true), isNull(events.consolidatedAt))),
    article: await ids(and(eq(events.novel, true), isNotNull(events.consolidatedAt), isNull(events.mergedIntoId), eq(events.articleGenerated, false))),
    alert: (
      await db
        .select({ id: events.id })
        .from(events)
        .innerJoin(users, eq(users.id, events.userId))
        .where(and(recent, eq(events.articleGenerated, true), gte(events.finalRank, ALERT_BAR), isNull(events.alertDecision), isNull(events.alertedAt), eq(events.initialization, false), eq(users.alerts, true)))
        .orderBy(events.id)
        .limit(500)
    ).map((r) => r.id),
  };
}
