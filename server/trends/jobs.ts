import { z } from 'zod';
import type { JobDefinition } from '../jobs/types.js';
import { notifySpikes } from './spike-alerts.js';

export const TREND_SPIKES_JOB = 'trend-spikes';

/** Every hour: the spike notices (spike-alerts.ts). */
export const trendSpikesJob: JobDefinition<z.ZodObject> = {
  name: TREND_SPIKES_JOB,
  payload: z.object({}),
  cron: '20 * * * *',
  queue: { retryLimit: 0 },
  async handler(_payload, context) {
    return { sent: await notifySpikes({ database: context.database, config: context.config, queue: context.queue }) };
  },
};
