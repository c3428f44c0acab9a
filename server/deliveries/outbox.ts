import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { TDeliveryEvent, TWebhookPayload } from '../../contract/deliveries.js';
import type { DbOrTx } from '../db/client.js';
import { deliveryTargets, outboxDeliveries, users } from '../db/schema/index.js';
import type { Queue } from '../jobs/types.js';

export const DELIVER_JOB = 'deliver-webhook';

export type DeliveryItemType = 'alert' | 'article' | 'brief';
const EVENT_OF: Record<DeliveryItemType, TDeliveryEvent> = { alert: 'alerts', article: 'articles', brief: 'brief' };

/** A delivery's payload as stored: the delivery id is added when it is sent. */
export type StoredPayload = Omit<TWebhookPayload, 'id'>;

/**
 * Writes one delivery per enabled target that wants this item: the user's own targets and their
 * account's team targets; for a new article, only targets that chose one of its topics. Pass the
 * caller's transaction where there is one: the delivery then exists exactly when what caused it
 * does. A (target, item) pair is written once, however often this runs. Returns the new rows' ids
 * for `dispatchDeliveries`.
 */
export async function queueDeliveries(db: DbOrTx, item: { userId: string; type: DeliveryItemType; itemKey: string; topicIds?: number[]; payload: StoredPayload }): Promise<string[]> {
  const accountOf = db.select({ accountId: users.accountId }).from(users).where(eq(users.id, item.userId));
  const wanted = [
    eq(deliveryTargets.enabled, true),
    sql`${EVENT_OF[item.type]} = ANY(${deliveryTargets.events})`,
    or(eq(deliveryTargets.userId, item.userId), inArray(deliveryTargets.accountId, accountOf)),
  ];
  if (item.type === 'article') {
    const ids = item.topicIds ?? [];
    if (ids.length === 0) return [];
    wanted.push(sql`${deliveryTargets.topicIds} && ARRAY[${sql.join(ids.map((id) => sql`${id}::integer`), sql`, `)}]`);
  }
  const targets = await db.select({ id: deliveryTargets.id }).from(deliveryTargets).where(and(...wanted));
  if (targets.length === 0) return [];
  const rows = await db
    .insert(outboxDeliveries)
    .values(targets.map((target) => ({ targetId: target.id, itemKey: item.itemKey, payload: item.payload })))
    .onConflictDoNothing()
    .returning({ id: outboxDeliveries.id });
  return rows.map((row) => row.id);
}

/**
 * One job per delivery, after the caller's transaction commits; the job id is the row id, so a
 * second dispatch (the sweep) never makes a second job. If this fails, the sweep sends them.
 */
export async function dispatchDeliveries(queue: Queue | undefined, ids: string[]): Promise<void> {
  if (!queue || ids.length === 0) return;
  try {
    await queue.boss.insert(ids.map((id) => ({ id, name: DELIVER_JOB, data: { id } })));
    queue.wake(DELIVER_JOB);
  } catch (error) {
    queue.logger.warn({ err: error, ids }, 'could not dispatch deliveries; the sweep will send them');
  }
}
