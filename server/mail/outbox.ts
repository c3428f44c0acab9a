import type { DbOrTx } from '../db/client.js';
import { outboxEmails } from '../db/schema/index.js';
import type { Queue } from '../jobs/queue.js';
import { renderEmail, type EmailContext, type TemplateData, type TemplateName } from './templates.js';

export const SEND_EMAIL_JOB = 'send-email';

/**
 * Renders the email and writes it to the outbox. Pass the caller's transaction: the email then
 * exists exactly when the change that caused it does. Returns the row id for `dispatchEmails`.
 */
export async function queueEmail<N extends TemplateName>(
  db: DbOrTx,
  to: string,
  name: N,
  data: TemplateData[N],
  ctx: EmailContext,
): Promise<string> {
  const email = renderEmail(name, data, ctx);
  const [row] = await db
    .insert(outboxEmails)
    .values({ to, subject: email.subject, text: email.text, html: email.html, template: name, status: 'pending' })
    .returning({ id: outboxEmails.id });
  return row!.id;
}

/**
 * One `send-email` job per row, sent after the caller's transaction commits. The job id is the
 * row id, so sending twice (a route, then the sweep) never makes a second job while one exists.
 * Without a queue, or if sending fails, the rows wait for the `send-pending-emails` sweep.
 */
export async function dispatchEmails(queue: Queue | undefined, ids: string[]): Promise<void> {
  if (!queue || ids.length === 0) return;
  try {
    await queue.boss.insert(ids.map((id) => ({ id, name: SEND_EMAIL_JOB, data: { id } })));
  } catch (error) {
    queue.logger.warn({ err: error, ids }, 'could not dispatch emails; the sweep will send them');
  }
}
