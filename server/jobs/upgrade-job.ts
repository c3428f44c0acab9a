import { z } from 'zod';
import type { AppDb } from '../db/client.js';
import type { JobDefinition } from './types.js';

/**
 * A background upgrade: brings what an install held before a table existed up to it (topics'
 * names counted, sources' sentences counted), one item a transaction. Sent at every start
 * (singleton, retried); `upgrade` answers how many items it brought up, logged as `what`.
 */
export function upgradeJob(name: string, upgrade: (db: AppDb) => Promise<number>, what: string): JobDefinition<z.ZodObject> {
  return {
    name,
    payload: z.object({}),
    queue: { policy: 'singleton', retryLimit: 3, retryDelay: 60, expireInSeconds: 4 * 3600 },
    async handler(_payload, context) {
      const counted = await upgrade(context.database.db);
      if (counted) context.logger.info({ counted }, what);
      return { counted };
    },
  };
}
