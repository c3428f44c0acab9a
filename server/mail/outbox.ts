import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { outboxEmails } from '../db/schema/index.js';
import type { Queue } from '../jobs/types.js';
import { renderEmail, type EmailContext, type TemplateData, type TemplateName } from './templates.js';

export const SEND_EMAIL_JOB = 'send-email';
/** The lane of account emails: codes and notices a person is waiting for at the screen. */
export const SEND_ACCOUNT_EMAIL_JOB = 'send-account-email';

/**
 * Emails about the reader's own account (sign-up confirmation and codes, reset codes, changes of
 * password or address): sent on a lane of their own, so bulk mail (alerts, briefs, invitations)
 * never delays a code someone is typing in.
 */
export const ACCOUNT_TEMPLATES = ['confirm-email', 'account-exists', 'reset-code', 'password-changed', 'password-change-code', 'email-change-code'] as const satisfies readonly TemplateName[];
type AccountTemplate = (typeof ACCOUNT_TEMPLATES)[number];
const isAccountTemplate = (name: string): name is AccountTemplate => (ACCOUNT_TEMPLATES as readonly string[]).includes(name);
/**
 * Account emails one address receives per hour at most, whoever asks and from wherever: past it
 * the request answers as always (nothing tells whether the address has an account) but no email
 * is written, so no one can flood an inbox through Herald.
 */
export const ACCOUNT_EMAILS_PER_HOUR = 10;

/**
 * Renders the email and writes it to the outbox. Pass the caller's transaction: the email then
 * exists exactly when the change that caused it does. Returns the row id for `dispatchEmails`, or
 * null for an account email past the address's hourly cap (ACCOUNT_EMAILS_PER_HOUR).
 */
export async function queueEmail<N extends TemplateName>(
  db: DbOrTx,
  to: string,
  name: N,
  data: TemplateData[N],
  ctx: EmailContext,
): Promise<N extends AccountTemplate ? string | null : string> {
  type Id = N extends AccountTemplate ? string | null : string;
  if (isAccountTemplate(name)) {
    const [sent] = await db
      .select({ n: count() })
      .from(outboxEmails)
      .where(and(eq(outboxEmails.to, to), inArray(outboxEmails.template, [...ACCOUNT_TEMPLATES]), gt(outboxEmails.createdAt, sql`now() - interval '1 hour'`)));
    if ((sent?.n ?? 0) >= ACCOUNT_EMAILS_PER_HOUR) return null as Id;
  }
  const email = renderEmail(name, data, ctx);
  const [row] = await db
    .insert(outboxEmails)
    .values({ to, subject: email.subject, text: email.text, html: email.html, template: name, status: 'pending' })
    .returning({ id: outboxEmails.id });
  return row!.id as Id;
}

/**
 * One send job per row on its lane (account emails apart), sent after the caller's transaction
 * commits. The job id is the row id, so sending twice (a route, then the sweep) never makes a
 * second job while one exists.
 * Without a queue, or if sending fails, the rows wait for the `send-pending-emails` sweep.
 */
export async function dispatchEmails(queue: Queue | undefined, db: DbOrTx, maybeIds: (string | null)[]): Promise<void> {
  const ids = maybeIds.filter((id): id is string => id !== null);
  if (!queue || ids.length === 0) return;
  try {
    const rows = await db.select({ id: outboxEmails.id, template: outboxEmails.template }).from(outboxEmails).where(inArray(outboxEmails.id, ids));
    const lane = (template: string) => (isAccountTemplate(template) ? SEND_ACCOUNT_EMAIL_JOB : SEND_EMAIL_JOB);
    await queue.boss.insert(rows.map((row) => ({ id: row.id, name: lane(row.template), data: { id: row.id } })));
  } catch (error) {
    queue.logger.warn({ err: error, ids }, 'could not dispatch emails; the sweep will send them');
  }
}
