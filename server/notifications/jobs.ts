import { and, lt, ne } from 'drizzle-orm';
import { z } from 'zod';
import { notificationDeliveries } from '../db/schema/index.js';
import type { JobDefinition } from '../jobs/types.js';
import { deliverDueNotifications, NOTIFY_JOB } from './outbox.js';

/**
 * Sends the due push and email notices (outbox.ts): woken after the commit of what caused them,
 * and every minute for the rows quiet hours held and any a crash left behind.
 */
export const notifyJob: JobDefinition<z.ZodObject> = {
  name: NOTIFY_JOB,
  payload: z.object({}),
  cron: '* * * * *',
  drain: true,
  handler: (_payload, { database, config, queue, logger }) => deliverDueNotifications({ database, config, queue, logger }),
};

/** Finished push and email rows (sent, skipped, failed) are kept this many days, for support, then deleted. */
export const NOTIFICATION_ROWS_KEPT_DAYS = 30;

export const pruneNotificationsJob: JobDefinition<z.ZodObject> = {
  name: 'prune-notifications',
  payload: z.object({}),
  cron: '17 3 * * *',
  async handler(_payload, { database }) {
    const deleted = await database.db
      .delete(notificationDeliveries)
      .where(and(ne(notificationDeliveries.status, 'pending'), lt(notificationDeliveries.createdAt, new Date(Date.now() - NOTIFICATION_ROWS_KEPT_DAYS * 86_400_000))))
      .returning({ id: notificationDeliveries.id });
    return { deleted: deleted.length };
  },
};
