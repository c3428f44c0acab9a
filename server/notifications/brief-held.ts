import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { INBOX_KIND_LABELS } from '../../contract/inbox.js';
import type { DbOrTx } from '../db/client.js';
import { inboxItems, notificationDeliveries } from '../db/schema/index.js';
import { pathOf } from './outbox.js';

/** The brief's "While you were away" section lists at most this many held notices (the rest are still marked told). */
export const AWAY_MAX = 20;

export interface AwayItem {
  title: string;
  kindLabel: string;
  /** A path on the public address: the item's article, topic or the app. */
  path: string;
}

/**
 * Takes the push and email rows quiet hours held for the brief (status 'brief'), in the brief's
 * transaction, so they are told once: an item read in the app meanwhile is left out (its rows
 * 'skipped'), the others listed once per item however many channels held it (rows 'briefed').
 */
export async function takeHeldForBrief(tx: DbOrTx, userId: string, now: Date): Promise<AwayItem[]> {
  const rows = await tx
    .select({ id: notificationDeliveries.id, itemId: inboxItems.id, kind: inboxItems.kind, title: inboxItems.title, eventId: inboxItems.eventId, topicId: inboxItems.topicId, readAt: inboxItems.readAt })
    .from(notificationDeliveries)
    .innerJoin(inboxItems, eq(inboxItems.id, notificationDeliveries.inboxItemId))
    .where(and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.status, 'brief'), isNotNull(notificationDeliveries.inboxItemId)))
    .orderBy(asc(notificationDeliveries.createdAt), asc(notificationDeliveries.id))
    .for('update');
  if (rows.length === 0) return [];
  const read = rows.filter((r) => r.readAt !== null).map((r) => r.id);
  const told = rows.filter((r) => r.readAt === null).map((r) => r.id);
  if (read.length) await tx.update(notificationDeliveries).set({ status: 'skipped', lastError: 'Read in the app before the brief.' }).where(inArray(notificationDeliveries.id, read));
  if (told.length) await tx.update(notificationDeliveries).set({ status: 'briefed', sentAt: now, lastError: null }).where(inArray(notificationDeliveries.id, told));
  const seen = new Set<number>();
  const away: AwayItem[] = [];
  for (const row of rows) {
    if (row.readAt !== null || seen.has(row.itemId)) continue;
    seen.add(row.itemId);
    away.push({ title: row.title, kindLabel: INBOX_KIND_LABELS[row.kind], path: pathOf(row) });
  }
  return away.slice(0, AWAY_MAX);
}

/**
 * Sends the rows held for the brief of a reader who can no longer get it that way (the choice
 * set back to 'wait', quiet hours removed, the Daily Brief or its email turned off): they become
 * ordinary held rows, due now, as 'wait' would have sent them.
 */
export async function releaseHeldForBrief(tx: DbOrTx, userId: string, now: Date): Promise<number> {
  const released = await tx
    .update(notificationDeliveries)
    .set({ status: 'pending', notBefore: now })
    .where(and(eq(notificationDeliveries.userId, userId), eq(notificationDeliveries.status, 'brief')))
    .returning({ id: notificationDeliveries.id });
  return released.length;
}
