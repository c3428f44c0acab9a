import { z } from 'zod';
import type { JobDefinition } from '../../jobs/types.js';
import { queueCatchUp } from '../../pipeline/backfill.js';
import { enrichTopic, TOPIC_ENRICH_JOB } from '../user-topics/enrich.js';

const ZTopic = z.object({ topicId: z.number().int().positive() });

export const topicEnrichJob: JobDefinition<typeof ZTopic> = {
  name: TOPIC_ENRICH_JOB,
  payload: ZTopic,
  queue: { retryLimit: 2, retryDelay: 5, retryBackoff: true, expireInSeconds: 10 * 60 },
  async handler({ topicId }, context, attempt) {
    const topicContext = { database: context.database, search: context.search, config: context.config, logger: context.logger, queue: context.queue };
    const result = await enrichTopic(topicContext, topicId, attempt.retryCount >= attempt.retryLimit);
    if (result === 'enriched') await queueCatchUp(context.queue, topicId);
    return { result };
  },
};
