import { and, asc, eq, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { outboxEmails } from '../db/schema/index.js';
import type { JobAttempt, JobContext, JobDefinition } from '../jobs/types.js';
import { dispatchEmails, SEND_ACCOUNT_EMAIL_JOB, SEND_EMAIL_JOB } from './outbox.js';
import { deliver } from './transport.js';

const ZSendEmail = z.object({ id: z.uuid() });

/**
 * Delivers one outbox row. A failure is recorded on the row and rethrown so pg-boss retries
 * with backoff (about 30 s, 1, 2, 4 and 8 min: a mail server restart is survived); the last
 * failure marks the row failed.
 */
async function deliverRow({ id }: z.infer<typeof ZSendEmail>, { database, config, logger }: JobContext, attempt: JobAttempt) {
  const [email] = await database.db.select().from(outboxEmails).where(eq(outboxEmails.id, id));
  if (!email) return { skipped: 'missing' };
  if (email.status === 'sent') return { skipped: 'already sent' };
  try {
    const via = await deliver(config, logger, email);
    await database.db.update(outboxEmails).set({ status: 'sent', sentAt: new Date() }).where(eq(outboxEmails.id, id));
    return { via };
  } catch (error) {
    const last = attempt.retryCount >= attempt.retryLimit;
    await database.db
      .update(outboxEmails)
      .set({
        attempts: sql`${outboxEmails.attempts} + 1`,
        lastError: String((error as Error)?.message ?? error).slice(0, 1000),
        ...(last ? { status: 'failed' as const } : {}),
      })
      .where(eq(outboxEmails.id, id));
    throw error;
  }
}

/** A lane of email: its own queue and worker, sending one row after another as fast as the mail server takes them. */
const lane = (name: string): JobDefinition<typeof ZSendEmail> => ({ name, payload: ZSendEmail, queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true }, drain: true, handler: deliverRow });

/** Bulk mail: alerts, daily briefs, invitations. */
export const sendEmailJob = lane(SEND_EMAIL_JOB);

/** Account emails (codes, confirmations, notices of changes): no bulk mail ahead of them. */
export const sendAccountEmailJob = lane(SEND_ACCOUNT_EMAIL_JOB);

const SWEEP_BATCH = 500;

/**
 * Catches rows whose dispatch never happened (a crash between commit and dispatch, or no queue
 * at the time). Rows with a job already are untouched: the job id is the row id.
 */
export const sendPendingEmailsJob: JobDefinition<z.ZodObject> = {
  name: 'send-pending-emails',
  payload: z.object({}),
  cron: '* * * * *',
  async handler(_payload, { database, queue }) {
    const rows = await database.db
      .select({ id: outboxEmails.id })
      .from(outboxEmails)
      // The database clock, so app servers with skewed clocks agree on "a minute old".
      .where(and(eq(outboxEmails.status, 'pending'), lt(outboxEmails.createdAt, sql`now() - interval '1 minute'`)))
      .orderBy(asc(outboxEmails.createdAt))
      .limit(SWEEP_BATCH);
    await dispatchEmails(queue, database.db, rows.map((row) => row.id));
    return { pending: rows.length };
  },
};
