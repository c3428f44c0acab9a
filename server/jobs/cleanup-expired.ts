import { lt } from 'drizzle-orm';
import { z } from 'zod';
import { oneTimeCodes } from '../db/schema/index.js';
import type { JobDefinition } from './types.js';

const ZPayload = z.object({});

/** Deletes one-time codes and tokens whose expiry has passed: they can never be used again. */
export const cleanupExpiredJob: JobDefinition<typeof ZPayload> = {
  name: 'cleanup-expired',
  payload: ZPayload,
  cron: '*/15 * * * *',
  async handler(_payload, { database }) {
    const deleted = await database.db
      .delete(oneTimeCodes)
      .where(lt(oneTimeCodes.expiresAt, new Date()))
      .returning({ id: oneTimeCodes.id });
    return { deleted: deleted.length };
  },
};
