import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { sendAccountEmailJob, sendEmailJob, sendPendingEmailsJob } from '../mail/jobs.js';
import { cleanupExpiredJob } from './cleanup-expired.js';
import type { SearchIndex } from '../search/index-state.js';
import { reembedChunksJob } from '../search/reembed.js';
import { sourceRunJob, sourcesTickJob } from '../sources/jobs.js';
import { alertJob, articleJob, briefJob, briefTickJob, consolidateJob, detectJob, noveltyJob, prefilterJob, storyJob, summariseJob, sweepJob } from '../pipeline/jobs.js';
import { backfillJob } from '../pipeline/backfill.js';
import { topicEnrichJob } from '../modules/topics/jobs.js';
import { interviewProfileJob } from '../modules/conversations/jobs.js';
import type { Queue } from './queue.js';

export interface JobContext {
  database: Database;
  logger: Logger;
  config: Config;
  /** For jobs that send other jobs. */
  queue: Queue;
  /** The embedder and vector index state (ingest and re-embed). */
  search: SearchIndex;
}

/** Which attempt this is: pg-boss retries a failed job until retryCount reaches retryLimit. */
export interface JobAttempt {
  id: string;
  retryCount: number;
  retryLimit: number;
}

/** A job: its queue name, a payload schema, a handler, and optionally a cron schedule (UTC). */
export interface JobDefinition<P extends z.ZodType = z.ZodType> {
  name: string;
  payload: P;
  cron?: string;
  /** Queue policy (retries, backoff, expiry); unset keeps pg-boss defaults (2 retries, no delay). */
  queue?: Omit<PgBoss.Queue, 'name'>;
  /**
   * Fetch the next job at once after one is done, instead of waiting for the next poll: a queue
   * whose jobs are short and someone waits for (emails) is not held to one job per poll interval.
   */
  drain?: boolean;
  handler(payload: z.infer<P>, context: JobContext, attempt: JobAttempt): Promise<unknown>;
}

export const JOBS: JobDefinition[] = [
  cleanupExpiredJob as JobDefinition,
  sendAccountEmailJob as JobDefinition,
  sendEmailJob as JobDefinition,
  sendPendingEmailsJob as JobDefinition,
  sourcesTickJob as JobDefinition,
  sourceRunJob as JobDefinition,
  reembedChunksJob as JobDefinition,
  summariseJob as JobDefinition,
  prefilterJob as JobDefinition,
  detectJob as JobDefinition,
  sweepJob as JobDefinition,
  noveltyJob as JobDefinition,
  consolidateJob as JobDefinition,
  articleJob as JobDefinition,
  alertJob as JobDefinition,
  briefTickJob as JobDefinition,
  briefJob as JobDefinition,
  storyJob as JobDefinition,
  backfillJob as JobDefinition,
  topicEnrichJob as JobDefinition,
  interviewProfileJob as JobDefinition,
];
