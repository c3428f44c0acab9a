import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import type { Config, Role } from '../config.js';
import type { JobContext, JobDefinition, Queue } from './types.js';
import type { SearchIndex } from '../search/index-state.js';

export interface QueueOptions {
  /** The jobs this queue knows (job-list.ts's JOBS). */
  jobs: JobDefinition[];
  config: Config;
  roles: Role[];
  logger: Logger;
  search: SearchIndex;
  /** Seconds between polls for new jobs (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
}

/**
 * pg-boss on our own connection (the PGlite handle in-process, or the shared pool on a server).
 * The api role only sends jobs; workers take them; the scheduler runs cron and maintenance.
 */
export async function startQueue(database: Database, options: QueueOptions): Promise<Queue> {
  const isScheduler = options.roles.includes('scheduler');
  // pg-boss records a job's completion or failure without awaiting it, so that write can land
  // after shutdown closed the pool. Once stopped, its late writes are dropped (the job's lease
  // expires and it runs again at the next start) instead of failing as unhandled rejections.
  let stopped = false;
  // What a command that changed nothing answers (pg-boss reads rows[0].count).
  const nothing = { rows: [{ count: '0' }] };
  const executeSql = async (text: string, values?: unknown[]) => {
    if (stopped) return nothing;
    try {
      return await database.sql(text, values);
    } catch (error) {
      if (stopped) return nothing;
      throw error;
    }
  };
  const boss = new PgBoss({
    db: { executeSql },
    schema: 'pgboss',
    schedule: isScheduler,
    supervise: isScheduler,
    migrate: true,
  });
  let running = false;
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  boss.on('stopped', () => {
    running = false;
  });
  await boss.start();
  running = true;

  let workersStarted = false;
  const workerIds = new Map<string, string[]>();
  const queue: Queue = {
    boss,
    logger: options.logger,
    running: () => running,
    async startWorkers() {
      if (workersStarted || !options.roles.includes('worker')) return;
      workersStarted = true;
      if (database.kind === 'pglite') await reclaimOrphans(boss, database, options.logger);
      for (const job of options.jobs) {
        for (let n = job.concurrency?.(options.config, database) ?? 1; n > 0; n--) await work(job);
      }
    },
    wake(name) {
      for (const id of workerIds.get(name) ?? []) boss.notifyWorker(id);
    },
    async stop() {
      if (!running) return;
      running = false;
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      stopped = true;
    },
  };
  const context: JobContext = { database, logger: options.logger, config: options.config, queue, search: options.search };

  /** One worker of a job's queue: takes its jobs one at a time. */
  async function work(job: JobDefinition): Promise<void> {
    // Its id is known once work() returns; a first job may start before that.
    const worker = { id: '' };
    worker.id = await boss.work(
      job.name,
      { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, includeMetadata: true },
      async (jobs) => {
        // A single job's result becomes its pg-boss output, readable with getJobById.
        const results: unknown[] = [];
        for (const item of jobs) {
          const started = Date.now();
          const attempt = { id: item.id, retryCount: item.retryCount, retryLimit: item.retryLimit };
          try {
            const result = await job.handler(job.payload.parse(item.data ?? {}), context, attempt);
            options.logger.info({ job: job.name, id: item.id, ms: Date.now() - started, result }, 'job done');
            results.push(result);
          } catch (error) {
            options.logger.warn({ job: job.name, ...attempt, err: error }, 'job failed');
            throw error;
          } finally {
            // The next job now, not after the poll interval (see JobDefinition.drain).
            if (job.drain && worker.id) boss.notifyWorker(worker.id);
          }
        }
        return results.length === 1 ? results[0] : results;
      },
    );
    workerIds.set(job.name, [...(workerIds.get(job.name) ?? []), worker.id]);
  }

  for (const job of options.jobs) {
    const queueOptions = { name: job.name, ...job.queue };
    await boss.createQueue(job.name, queueOptions);
    // createQueue leaves an existing queue as it was; the definition in code is the truth.
    if (job.queue) await boss.updateQueue(job.name, queueOptions);
    if (isScheduler && job.cron) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }

  return queue;
}

/**
 * The embedded database belongs to one process at a time (the data-directory lock), so at start
 * every job still marked active was left by a process that died mid-job (killed, crashed, power
 * lost). They are failed at once, which retries them, instead of waiting out their expiry. Stages
 * are idempotent, so running one again finishes what was cut off and repeats nothing. (On a
 * PostgreSQL server other workers may be alive: there, expiry returns a dead worker's jobs.)
 */
async function reclaimOrphans(boss: PgBoss, database: Database, logger: Logger): Promise<void> {
  const { rows } = await database.sql<{ name: string; id: string }>("SELECT name, id::text AS id FROM pgboss.job WHERE state = 'active'", []);
  if (rows.length === 0) return;
  const byName = new Map<string, string[]>();
  for (const row of rows) byName.set(row.name, [...(byName.get(row.name) ?? []), row.id]);
  const reason = { message: 'the previous process stopped during this job; retried at start' };
  for (const [name, ids] of byName) for (const id of ids) await boss.fail(name, id, reason);
  logger.warn({ jobs: rows.length, queues: [...byName.keys()] }, 'retrying jobs left active by a previous process');
}
