import { z } from 'zod';
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
