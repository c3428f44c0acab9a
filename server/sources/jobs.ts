import { z } from 'zod';
import type { Database } from '../db/client.js';
import type { JobDefinition, Queue } from '../jobs/types.js';
import { maintainSearchIndexIfDirty } from '../search/maintenance.js';
import { sendIndexVectors, sendIndexVectorsIfPending } from '../search/vector-index.js';
import { closeAbandonedRuns } from './run-log.js';
import { dueSources, runSource } from './runner.js';

export const SOURCE_RUN_JOB = 'source-run';
export const SOURCES_TICK_JOB = 'sources-tick';

const ZRun = z.object({ sourceId: z.number().int().positive(), trigger: z.enum(['schedule', 'manual']).default('schedule') });

/**
 * Runs one source; `onStored` gets each page's new documents (the pipeline's start, given by the
 * list of jobs). Failures are recorded on the source by the runner, so pg-boss never retries.
 */
export const sourceRunJob = (onStored: (queue: Queue, documentIds: number[]) => Promise<void>): JobDefinition<typeof ZRun> => ({
  name: SOURCE_RUN_JOB,
  payload: ZRun,
  // stately: at most one queued and one running job per source (singletonKey).
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 },
  // Runs mostly wait on other servers: several at once, one per host (runner.ts), and the next
  // due source as soon as one ends.
  concurrency: (config) => config.sourceConcurrency,
  drain: true,
  async handler({ sourceId, trigger }, context) {
    const summary = await runSource({ ...context, onStored: (ids) => onStored(context.queue, ids) }, sourceId, { trigger });
    // Its vectors join the HNSW graph once the sources are quiet (vector-index.ts).
    if (summary.inserted > 0 && context.search.vectors) await sendIndexVectors(context.queue);
    return summary;
  },
});

/** Every minute: one `source-run` job per due source (one at a time per source), then the search maintenance the last runs left. */
const ZTick = z.object({});

export const sourcesTickJob: JobDefinition<typeof ZTick> = {
  name: SOURCES_TICK_JOB,
  payload: ZTick,
  cron: '* * * * *',
  queue: { retryLimit: 0 },
  async handler(_payload, { database, queue, search }) {
    const abandoned = await retryAbandonedRuns(database, queue);
    const due = await dueSources(database);
    await sendSourceRuns(queue, [...new Set([...abandoned, ...due.map((source) => source.id)])], 'schedule');
    // After the runs are on their way: fetching does not wait for ANALYZE.
    await maintainSearchIndexIfDirty(database);
    // Vectors an offline import (the CLI) or a stopped job left waiting.
    if (search.vectors) await sendIndexVectorsIfPending(database, queue);
    return { due: due.map((s) => s.id), abandoned };
  },
};

/**
 * A run whose process stopped (at start-up, the first tick; after, every minute): closed as
 * interrupted, and its job, still 'active' until it would expire (15 minutes), failed, so that the
 * source can be queued again at once (one job per source: stately). Answers the sources.
 */
async function retryAbandonedRuns(database: Database, queue: Pick<Queue, 'boss'>): Promise<number[]> {
  const sourceIds = await closeAbandonedRuns(database);
  if (sourceIds.length === 0) return [];
  const { rows } = await database.sql<{ id: string }>(`SELECT id::text AS id FROM pgboss.job WHERE name = $1 AND state = 'active' AND singleton_key = ANY($2::text[])`, [
    SOURCE_RUN_JOB,
    sourceIds.map((id) => `source-${id}`),
  ]);
  for (const row of rows) await queue.boss.fail(SOURCE_RUN_JOB, row.id, { message: 'the process running this source stopped; run again' });
  const enabled = await database.sql<{ id: string }>('SELECT id::text AS id FROM sources WHERE id = ANY($1::bigint[]) AND enabled', [sourceIds]);
  return enabled.rows.map((row) => Number(row.id));
}

/**
 * Queues a run of each source in one statement (a tick of hundreds of due feeds, an OPML import):
 * a source with a job queued already keeps that one. The workers of this process start at once.
 */
export async function sendSourceRuns(queue: Pick<Queue, 'boss' | 'wake'>, sourceIds: number[], trigger: 'schedule' | 'manual'): Promise<void> {
  if (sourceIds.length === 0) return;
  await queue.boss.insert(sourceIds.map((sourceId) => ({ name: SOURCE_RUN_JOB, data: { sourceId, trigger }, singletonKey: `source-${sourceId}` })));
  queue.wake(SOURCE_RUN_JOB);
}
