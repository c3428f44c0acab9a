import { and, eq, sql } from 'drizzle-orm';
import { fetch as undiciFetch } from 'undici';
import { DELIVERY_FAILURES_TO_DISABLE, DELIVERY_ID_HEADER, DELIVERY_RETRY_HOURS, DELIVERY_SIGNATURE_HEADER, DELIVERY_TIMESTAMP_HEADER, type TWebhookPayload } from '../../contract/deliveries.js';
import type { Database } from '../db/client.js';
import { deliveryTargets, outboxDeliveries } from '../db/schema/index.js';
import type { JobAttempt } from '../jobs/types.js';
import { checkUrl, guardedDispatcher } from '../sources/net-guard.js';
import { VERSION } from '../version.js';
import { deliveryKey, signature, signingSecret, unseal } from './keys.js';
import type { StoredPayload } from './outbox.js';

/** How long a receiver may take to answer. */
export const DELIVERY_TIMEOUT_MS = 10_000;

type Target = typeof deliveryTargets.$inferSelect;

/** Text in a Slack message: its control characters escaped, so a source's "<!channel>" or "<https://…|…>" is shown, never obeyed. */
const slackText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Slack-compatible message: the title as a link, the lead, the topic; a brief as a list of links. Every text field is escaped. */
export function slackMessage(payload: TWebhookPayload): { text: string } {
  const link = (url: string, title: string) => `<${url}|${slackText(title.replace(/\|/g, ' '))}>`;
  if (payload.type === 'test') return { text: 'Herald: this is a test message. Breaking alerts, new articles or daily briefs you chose will arrive here.' };
  if (payload.brief) {
    const lines = payload.brief.articles.map((a) => `• ${link(a.url, a.title)} (${slackText(a.topic.name)})`);
    return { text: [`*Herald daily brief, ${slackText(payload.brief.date)}*`, ...lines].join('\n') };
  }
  const a = payload.article!;
  const label = payload.type === 'alert' ? 'Breaking' : a.topic.name;
  return { text: `*${slackText(label)}:* ${link(a.url, a.title)}\n${slackText(a.introduction.replace(/\s*\[\d+\]/g, ''))}` };
}

export interface PostOutcome {
  ok: boolean;
  status: number | null;
  detail: string;
}

/**
 * POSTs one delivery to a target: JSON, signed for a webhook; private addresses refused unless
 * allowed; redirects not followed; at most DELIVERY_TIMEOUT_MS. Never throws: the outcome says.
 */
export async function postToTarget(database: Database, target: Target, payload: TWebhookPayload, allowPrivate: boolean): Promise<PostOutcome> {
  const key = await deliveryKey(database);
  const url = unseal(key, target.urlSealed);
  const body = JSON.stringify(target.kind === 'slack' ? slackMessage(payload) : payload);
  const timestamp = Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': `Herald/${VERSION} (webhooks)` };
  if (target.kind === 'webhook') {
    headers[DELIVERY_ID_HEADER] = payload.id;
    headers[DELIVERY_TIMESTAMP_HEADER] = String(timestamp);
    headers[DELIVERY_SIGNATURE_HEADER] = signature(signingSecret(key, target.id), timestamp, body);
  }
  try {
    checkUrl(url, allowPrivate, 'DELIVERY_ALLOW_PRIVATE');
    const response = await undiciFetch(url, {
      method: 'POST',
      body,
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      ...(allowPrivate ? {} : { dispatcher: guardedDispatcher('DELIVERY_ALLOW_PRIVATE') }),
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status, detail: `The receiver answered ${response.status}.` };
    if (response.status >= 300 && response.status < 400) return { ok: false, status: response.status, detail: `The receiver answered ${response.status} (a redirect): Herald does not follow redirects, give the final address.` };
    return { ok: false, status: response.status, detail: `The receiver answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.` };
  } catch (error) {
    const cause = (error as { cause?: { message?: string; code?: string } }).cause;
    const name = (error as Error).name;
    const detail =
      name === 'TimeoutError' || name === 'AbortError'
        ? `The receiver did not answer within ${DELIVERY_TIMEOUT_MS / 1000} s.`
        : `Could not reach the receiver: ${cause?.message ?? (error as Error).message}`;
    return { ok: false, status: null, detail: detail.slice(0, 500) };
  }
}

const when = (at: Date) => at.toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/**
 * Delivers one outbox row (the deliver-webhook job). A 2xx marks it sent. A 410 Gone fails it and
 * turns the target off at once. Another failure is recorded and rethrown, so the queue retries
 * with backoff; once the row is DELIVERY_RETRY_HOURS old, or the retries are spent, it fails for
 * good, and DELIVERY_FAILURES_TO_DISABLE such failures in a row turn the target off, the reason
 * kept on it for its owner to read.
 */
export async function deliverRow(database: Database, allowPrivate: boolean, id: string, attempt: JobAttempt, now = new Date()): Promise<{ result: string }> {
  const { db } = database;
  const [row] = await db.select({ delivery: outboxDeliveries, target: deliveryTargets }).from(outboxDeliveries).innerJoin(deliveryTargets, eq(deliveryTargets.id, outboxDeliveries.targetId)).where(eq(outboxDeliveries.id, id));
  if (!row) return { result: 'missing' };
  const { delivery, target } = row;
  if (delivery.status !== 'pending') return { result: `already ${delivery.status}` };
  if (!target.enabled) {
    await db.update(outboxDeliveries).set({ status: 'failed', lastError: 'The target was turned off.' }).where(eq(outboxDeliveries.id, id));
    return { result: 'target off' };
  }
  const payload = { id, ...(delivery.payload as StoredPayload) } as TWebhookPayload;
  const outcome = await postToTarget(database, target, payload, allowPrivate);
  if (outcome.ok) {
    await db.transaction(async (tx) => {
      await tx.update(outboxDeliveries).set({ status: 'sent', sentAt: now, attempts: sql`${outboxDeliveries.attempts} + 1`, lastError: null }).where(eq(outboxDeliveries.id, id));
      await tx.update(deliveryTargets).set({ lastDeliveredAt: now, failuresInRow: 0, lastError: null }).where(eq(deliveryTargets.id, target.id));
    });
    return { result: 'sent' };
  }
  const gone = outcome.status === 410;
  const spent = attempt.retryCount >= attempt.retryLimit || now.getTime() - delivery.createdAt.getTime() >= DELIVERY_RETRY_HOURS * 3_600_000;
  await db.transaction(async (tx) => {
    await tx
      .update(outboxDeliveries)
      .set({ attempts: sql`${outboxDeliveries.attempts} + 1`, lastError: outcome.detail, ...(gone || spent ? { status: 'failed' as const } : {}) })
      .where(eq(outboxDeliveries.id, id));
    if (gone) {
      await tx
        .update(deliveryTargets)
        .set({ enabled: false, lastError: outcome.detail, disabledReason: `The receiver answered 410 Gone on ${when(now)}, so Herald stopped delivering here. Turn it back on once the address works again.` })
        .where(eq(deliveryTargets.id, target.id));
    } else if (spent) {
      const [counted] = await tx
        .update(deliveryTargets)
        .set({ failuresInRow: sql`${deliveryTargets.failuresInRow} + 1`, lastError: outcome.detail })
        .where(eq(deliveryTargets.id, target.id))
        .returning({ failuresInRow: deliveryTargets.failuresInRow });
      if ((counted?.failuresInRow ?? 0) >= DELIVERY_FAILURES_TO_DISABLE) {
        await tx
          .update(deliveryTargets)
          .set({
            enabled: false,
            disabledReason: `${DELIVERY_FAILURES_TO_DISABLE} deliveries in a row failed after ${DELIVERY_RETRY_HOURS} hours of retries (the last on ${when(now)}: ${outcome.detail}), so Herald stopped delivering here.`,
          })
          .where(and(eq(deliveryTargets.id, target.id), eq(deliveryTargets.enabled, true)));
      }
    } else {
      await tx.update(deliveryTargets).set({ lastError: outcome.detail }).where(eq(deliveryTargets.id, target.id));
    }
  });
  if (gone || spent) return { result: gone ? 'gone' : 'failed' };
  throw new Error(outcome.detail);
}
