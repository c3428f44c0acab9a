import type PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { z } from 'zod';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { SearchIndex } from '../search/index-state.js';

/*
 * The types of background work, a leaf: job files, the queue and the code that sends jobs import
 * these. Only the list of jobs (server/job-list.ts) imports the job files, and boot.ts hands that list
 * to the queue (startQueue), so no job file imports back into the list.
 */

export interface Queue {
  boss: PgBoss;
  logger: Logger;
  running(): boolean;
  /** Starts taking jobs (worker role; nothing otherwise; boot.ts decides when). */
  startWorkers(): Promise<void>;
  /**
   * Tells this process's workers of a queue to look for jobs now rather than at their next poll
   * (a just-sent job someone waits for). Workers of other processes still find it at their poll.
   */
  wake(name: string): void;
  stop(): Promise<void>;
}

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
  /**
   * Jobs of this queue one process runs at the same time (default 1): work that mostly waits on
   * other servers (fetching sources) overlaps its waits instead of queueing behind them.
   */
  concurrency?(config: Config, database: Database): number;
  handler(payload: z.infer<P>, context: JobContext, attempt: JobAttempt): Promise<unknown>;
}
