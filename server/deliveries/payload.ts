import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZDeliveredArticle } from '../../contract/deliveries.js';
import { ZArticleImpact } from '../../contract/feed.js';
import type { DbOrTx } from '../db/client.js';
import { events, topics, users } from '../db/schema/index.js';
import type { Queue } from '../jobs/types.js';
import { dispatchDeliveries, queueDeliveries, type StoredPayload } from './outbox.js';

type DeliveredArticle = z.infer<typeof ZDeliveredArticle>;

/** An article as a delivery carries it, from the event's article JSON. */
export function deliveredArticle(publicUrl: string, event: { id: number; article: unknown; publishedAt: Date | null }, topic: { id: number; name: string }): DeliveredArticle {
  const a = (event.article ?? {}) as { title?: unknown; introduction?: unknown; bullet_points?: unknown; actionable_takeaway?: unknown; impact?: unknown };
  const impact = ZArticleImpact.safeParse(a.impact);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: event.id,
    title: text(a.title) || 'Untitled',
    introduction: text(a.introduction),
    points: Array.isArray(a.bullet_points) ? a.bullet_points.filter((p): p is string => typeof p === 'string') : [],
    takeaway: text(a.actionable_takeaway),
    impact: impact.success ? impact.data : null,
    url: `${publicUrl}/a/${event.id}`,
    topic,
    published_at: (event.publishedAt ?? new Date()).toISOString(),
  };
}

/** The user part of a payload. */
export const deliveredUser = (user: { id: string; email: string }) => ({ id: user.id, email: user.email });

/**
 * A newly published article to the targets that chose its topic (not a catch-up: those are the
 * store's past, not news). Runs after the article is written; a retried job writes nothing twice.
 */
export async function deliverNewArticle(db: DbOrTx, queue: Queue | undefined, publicUrl: string, eventId: number): Promise<number> {
  const [row] = await db
    .select({ event: events, topic: { id: topics.id, name: topics.name }, user: { id: users.id, email: users.email } })
    .from(events)
    .innerJoin(topics, eq(topics.id, events.topicId))
    .innerJoin(users, eq(users.id, events.userId))
    .where(eq(events.id, eventId));
  if (!row || !row.event.articleGenerated || row.event.initialization) return 0;
  const payload: StoredPayload = { type: 'article', created_at: new Date().toISOString(), user: deliveredUser(row.user), article: deliveredArticle(publicUrl, row.event, row.topic) };
  const ids = await queueDeliveries(db, { userId: row.user.id, type: 'article', itemKey: `article:${eventId}`, topicIds: [row.topic.id], payload });
  await dispatchDeliveries(queue, ids);
  return ids.length;
}
