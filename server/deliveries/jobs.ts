import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { outboxDeliveries } from '../db/schema/index.js';
import type { JobDefinition } from '../jobs/types.js';
import { DELIVER_JOB, dispatchDeliveries } from './outbox.js';
import { deliverRow } from './send.js';

const ZDeliver = z.object({ id: z.uuid() });

/**
 * Posts one delivery (send.ts). Retries back off from about 30 s, doubling, for DELIVERY_RETRY_HOURS
 * (12 retries span about a day); the rows and their jobs live in the database, so a restart
 * resumes them. Four at once per process: receivers are other servers, mostly waited on.
 */
export const deliverJob: JobDefinition<typeof ZDeliver> = {
  name: DELIVER_JOB,
  payload: ZDeliver,
  queue: { retryLimit: 12, retryDelay: 30, retryBackoff: true },
  drain: true,
  concurrency: () => 4,
  handler: ({ id }, { database, config }, attempt) => deliverRow(database, config.deliveryAllowPrivate, id, attempt),
};

/** Deliveries whose dispatch never happened (a crash between commit and dispatch): a job each, once a minute. */
export const deliverPendingJob: JobDefinition<z.ZodObject> = {
  name: 'deliver-pending-webhooks',
  payload: z.object({}),
  cron: '* * * * *',
  async handler(_payload, { database, queue }) {
    const rows = await database.db
      .select({ id: outboxDeliveries.id })
      .from(outboxDeliveries)
      .where(and(eq(outboxDeliveries.status, 'pending'), lt(outboxDeliveries.createdAt, sql`now() - interval '1 minute'`)))
      .orderBy(asc(outboxDeliveries.createdAt))
      .limit(500);
    await dispatchDeliveries(queue, rows.map((row) => row.id));
    return { pending: rows.length };
  },
};
