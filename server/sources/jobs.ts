import { z } from 'zod';
import type { JobDefinition } from '../jobs/types.js';
import { dueSources, runSource } from './runner.js';

export const SOURCE_RUN_JOB = 'source-run';
export const SOURCES_TICK_JOB = 'sources-tick';

const ZRun = z.object({ sourceId: z.number().int().positive() });

/** Runs one source. Failures are recorded on the source by the runner, so pg-boss never retries. */
export const sourceRunJob: JobDefinition<typeof ZRun> = {
  name: SOURCE_RUN_JOB,
  payload: ZRun,
  // stately: at most one queued and one running job per source (singletonKey).
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 15 * 60 },
  async handler({ sourceId }, context) {
    return runSource(context, sourceId);
  },
};

/** Every minute: one `source-run` job per due source (one at a time per source). */
const ZTick = z.object({});

export const sourcesTickJob: JobDefinition<typeof ZTick> = {
  name: SOURCES_TICK_JOB,
  payload: ZTick,
  cron: '* * * * *',
  queue: { retryLimit: 0 },
  async handler(_payload, { database, queue }) {
    const due = await dueSources(database);
    for (const source of due) {
      await queue.boss.send(SOURCE_RUN_JOB, { sourceId: source.id }, { singletonKey: `source-${source.id}` });
    }
    return { due: due.map((s) => s.id) };
  },
};
