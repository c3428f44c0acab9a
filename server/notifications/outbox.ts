import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { INBOX_KIND_LABELS } from '../../contract/inbox.js';
import type { TPushPayload } from '../../contract/notifications.js';
import type { DbOrTx, Database } from '../db/client.js';
import { inboxItems, notificationDeliveries, pushSubscriptions, users, type InboxKind } from '../db/schema/index.js';
import type { Queue } from '../jobs/types.js';
import { dispatchEmails, queueEmail } from '../mail/outbox.js';
import type { TemplateData } from '../mail/templates.js';
import { channelsFor, holdOf, loadNotifySettings, notifyKindOf, type NotifySettings } from './preferences.js';
import { sendPush } from './push.js';
import { quietUntil } from './quiet-hours.js';
import { vapidKeys, vapidSubject } from './vapid.js';

export const NOTIFY_JOB = 'deliver-notifications';
/** Tries of a push whose service failed for a while (5xx, no answer) before it is given up. */
export const PUSH_ATTEMPTS = 3;
/** A row claimed this long ago by a process that never finished it is claimed again. */
const CLAIM_MINUTES = 2;
const BATCH = 100;

/** The rich email of an alert or a spike, rendered by the caller (it knows the topic, the points, the links). */
export type ItemEmail = { template: 'breaking-alert'; data: TemplateData['breaking-alert']; publicUrl: string } | { template: 'trend-spike'; data: TemplateData['trend-spike']; publicUrl: string };

/** An email row's payload: a rich template's data, or a notice whose link is a path on the public address. */
type StoredEmail = { template: 'breaking-alert'; data: TemplateData['breaking-alert'] } | { template: 'trend-spike'; data: TemplateData['trend-spike'] } | { template: 'notice'; data: Omit<TemplateData['notice'], 'link'> & { path: string } };

export interface WrittenItem {
  id: number;
  userId: string;
  kind: InboxKind;
  key: string;
  title: string;
  body: string | null;
  eventId: number | null;
  topicId: number | null;
}

/** Where an item opens: its article, else its topic, else the app. Relative: the service worker opens it on its own origin. */
export const pathOf = (item: { eventId: number | null; topicId: number | null }) => (item.eventId ? `/a/${item.eventId}` : item.topicId ? `/topics/${item.topicId}` : '/');

const pushPayloadOf = (item: WrittenItem): TPushPayload => ({ title: item.title, body: item.body ?? '', url: pathOf(item), tag: item.key });

/**
 * The channels of items just written to the inbox, in their transaction, per each reader's
 * preferences (preferences.ts): in the app (an item whose in-app channel is off is written
 * archived, so it never shows, but push and email still read it), push (a row for the notify job
 * when the reader has a device), email (an alert's or spike's own email written now, or a notice
 * row for the job). Quiet hours hold push and email rows until the window ends, or for the next
 * brief when the reader chose so (preferences.ts holdOf). Answers the ids of
 * emails written now, for dispatchEmails after commit.
 */
export async function queueItemNotifications(tx: DbOrTx, items: WrittenItem[], emails: Map<string, ItemEmail>, now = new Date()): Promise<string[]> {
  const told = items.filter((item) => notifyKindOf(item.kind) !== null);
  if (told.length === 0) return [];
  const settings = await loadNotifySettings(tx, told.map((i) => i.userId));
  const withDevices = new Set(
    (await tx.selectDistinct({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(inArray(pushSubscriptions.userId, [...settings.keys()]))).map((r) => r.userId),
  );
  const emailIds: string[] = [];
  const rows: (typeof notificationDeliveries.$inferInsert)[] = [];
  const hidden: number[] = [];
  for (const item of told) {
    const who = settings.get(item.userId);
    if (!who) continue;
    const channels = channelsFor(who, notifyKindOf(item.kind)!, item.topicId);
    if (!channels.in_app) hidden.push(item.id);
    const held = holdOf(who, now);
    // Held for the brief: status 'brief', which the notify job never sends; the next brief lists the item (brief-held.ts).
    const row = { userId: item.userId, inboxItemId: item.id, key: item.key, notBefore: held?.until ?? now, ...(held?.to === 'brief' ? { status: 'brief' as const } : {}) };
    if (channels.push && withDevices.has(item.userId)) rows.push({ ...row, channel: 'push', payload: pushPayloadOf(item) });
    if (channels.email) {
      const rich = emails.get(`${item.userId}:${item.key}`);
      if (rich && !held) emailIds.push(await queueEmail(tx, who.email, rich.template as 'breaking-alert', rich.data as TemplateData['breaking-alert'], { publicUrl: rich.publicUrl }));
      else rows.push({ ...row, channel: 'email', payload: rich ? ({ template: rich.template, data: rich.data } as StoredEmail) : noticeOf(who, item) });
    }
  }
  if (hidden.length) await tx.update(inboxItems).set({ archivedAt: now }).where(inArray(inboxItems.id, hidden));
  if (rows.length) await tx.insert(notificationDeliveries).values(rows).onConflictDoNothing();
  return emailIds;
}

const noticeOf = (who: NotifySettings, item: WrittenItem): StoredEmail => ({
  template: 'notice',
  data: { firstName: who.firstName, kindLabel: INBOX_KIND_LABELS[item.kind], title: item.title, ...(item.body ? { body: item.body } : {}), path: pathOf(item) },
});

/** A push (and no email) that isn't an inbox item: the daily brief is ready. Held by quiet hours like the rest. */
export async function queuePushNotice(tx: DbOrTx, settings: NotifySettings, key: string, payload: TPushPayload, now = new Date()): Promise<boolean> {
  const [device] = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, settings.userId)).limit(1);
  if (!device) return false;
  const notBefore = quietUntil(now, settings.quiet, settings.timeZone) ?? now;
  const written = await tx.insert(notificationDeliveries).values({ userId: settings.userId, channel: 'push', key, payload, notBefore }).onConflictDoNothing().returning({ id: notificationDeliveries.id });
  return written.length > 0;
}

/**
 * Wakes the notify job after the caller's transaction committed (pushes go out at once); rows
 * it misses (no queue, a crash) are sent by the job's minute schedule, as are rows quiet hours held.
 */
export async function dispatchNotifications(queue: Queue | undefined): Promise<void> {
  if (!queue) return;
  try {
    await queue.boss.send(NOTIFY_JOB, {});
    queue.wake(NOTIFY_JOB);
  } catch (error) {
    queue.logger.warn({ err: error }, 'could not dispatch notifications; the schedule will send them');
  }
}

export interface NotifyContext {
  database: Database;
  config: { publicUrl: string; mailFrom: string; production: boolean };
  queue?: Queue;
  logger?: Logger;
}

export interface DeliverOutcome {
  sent: number;
  skipped: number;
  failed: number;
  retried: number;
}

/**
 * Sends the due rows (pending, past `not_before`), claimed under FOR UPDATE SKIP LOCKED so two
 * processes never send one twice: a push to each of the user's devices (a device the push service
 * says is gone, 404 or 410, is removed), an email through the mail outbox. A row whose inbox item
 * the reader already read in the app is skipped (nothing new to interrupt them with). A push that
 * failed everywhere for a passing reason is tried again, PUSH_ATTEMPTS in all.
 */
export async function deliverDueNotifications(context: NotifyContext, now = new Date()): Promise<DeliverOutcome> {
  const { db } = context.database;
  const due = db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.status, 'pending'),
        lte(notificationDeliveries.notBefore, now),
        or(isNull(notificationDeliveries.claimedAt), lt(notificationDeliveries.claimedAt, new Date(now.getTime() - CLAIM_MINUTES * 60_000))),
      ),
    )
    .orderBy(asc(notificationDeliveries.notBefore))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(notificationDeliveries)
    .set({ claimedAt: now, attempts: sql`${notificationDeliveries.attempts} + 1` })
    .where(inArray(notificationDeliveries.id, due))
    .returning();
  const outcome: DeliverOutcome = { sent: 0, skipped: 0, failed: 0, retried: 0 };
  if (claimed.length === 0) return outcome;
  const readItems = new Set(
    (
      await db
        .select({ id: inboxItems.id })
        .from(inboxItems)
        .where(and(inArray(inboxItems.id, claimed.map((c) => c.inboxItemId).filter((id): id is number => id !== null)), sql`${inboxItems.readAt} IS NOT NULL`))
    ).map((r) => r.id),
  );
  const emails: string[] = [];
  for (const row of claimed) {
    const finish = (status: 'sent' | 'skipped' | 'failed', lastError: string | null = null) =>
      db.update(notificationDeliveries).set({ status, lastError, ...(status === 'sent' ? { sentAt: new Date() } : {}) }).where(eq(notificationDeliveries.id, row.id));
    if (row.inboxItemId !== null && readItems.has(row.inboxItemId)) {
      await finish('skipped', 'Read in the app before it was sent.');
      outcome.skipped++;
    } else if (row.channel === 'email') {
      const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
      const stored = row.payload as StoredEmail;
      const ctx = { publicUrl: context.config.publicUrl };
      const id =
        stored.template === 'notice'
          ? await queueEmail(db, user!.email, 'notice', { ...stored.data, link: `${context.config.publicUrl}${stored.data.path}` }, ctx)
          : await queueEmail(db, user!.email, stored.template as 'breaking-alert', stored.data as TemplateData['breaking-alert'], ctx);
      emails.push(id);
      await finish('sent');
      outcome.sent++;
    } else {
      const result = await pushToDevices(context, row.userId, row.payload as TPushPayload);
      if (result.sent > 0) {
        await finish('sent');
        outcome.sent++;
      } else if (result.devices === result.removed) {
        await finish('skipped', result.devices === 0 ? 'No device to push to.' : result.detail);
        outcome.skipped++;
      } else if (row.attempts < PUSH_ATTEMPTS) {
        await db
          .update(notificationDeliveries)
          .set({ claimedAt: null, lastError: result.detail, notBefore: new Date(now.getTime() + row.attempts * 30_000) })
          .where(eq(notificationDeliveries.id, row.id));
        outcome.retried++;
      } else {
        await finish('failed', result.detail);
        outcome.failed++;
      }
    }
  }
  await dispatchEmails(context.queue, db, emails);
  return outcome;
}

/** One payload to every device of the user; gone devices removed. Answers how many devices there were and took it. */
export async function pushToDevices(context: NotifyContext, userId: string, payload: TPushPayload, deviceId?: string): Promise<{ devices: number; sent: number; removed: number; detail: string }> {
  const { db } = context.database;
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), ...(deviceId ? [eq(pushSubscriptions.id, deviceId)] : [])));
  if (devices.length === 0) return { devices: 0, sent: 0, removed: 0, detail: 'No device.' };
  const vapid = { ...(await vapidKeys(context.database)), subject: vapidSubject(context.config) };
  const results = await Promise.all(devices.map(async (device) => ({ device, result: await sendPush(device, payload, vapid, context.config.production) })));
  let sent = 0;
  let removed = 0;
  for (const { device, result } of results) {
    if (result.ok) {
      sent++;
      await db.update(pushSubscriptions).set({ lastSuccessAt: new Date(), lastError: null }).where(eq(pushSubscriptions.id, device.id));
    } else if (result.gone) {
      removed++;
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
    } else await db.update(pushSubscriptions).set({ lastError: result.detail }).where(eq(pushSubscriptions.id, device.id));
  }
  const detail = results.find((r) => !r.result.ok)?.result.detail ?? 'Sent.';
  return { devices: devices.length, sent, removed, detail };
}
