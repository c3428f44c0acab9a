import { and, eq, isNull } from 'drizzle-orm';
import { events, topics, users } from '../db/schema/index.js';
import { dispatchEmails, queueEmail } from '../mail/outbox.js';
import type { Queue } from '../jobs/queue.js';
import type { StageContext } from './context.js';

/** An article alerts its reader when its QA rank reaches this (and the reader has alerts on). */
export const ALERT_BAR = 0.6;

const withoutCitations = (text: string) => text.replace(/\s*\[\d+\]/g, '').trim();

/**
 * The breaking alert for one published article: marking the event alerted and writing the email
 * to the outbox happen in one transaction, guarded by `alerted_at IS NULL`, so a retried or
 * duplicated job never emails twice; the email goes out after commit.
 */
export async function sendAlert(context: StageContext & { queue?: Queue }, eventId: number): Promise<'sent' | 'not_due' | 'already'> {
  const { db } = context.database;
  const [row] = await db
    .select({ event: events, topicName: topics.name, user: users })
    .from(events)
    .innerJoin(topics, eq(topics.id, events.topicId))
    .innerJoin(users, eq(users.id, events.userId))
    .where(eq(events.id, eventId));
  if (!row) return 'not_due';
  if (row.event.alertedAt) return 'already';
  // A new topic's first articles come from documents already in the store: not breaking news.
  if (!row.event.articleGenerated || (row.event.finalRank ?? 0) < ALERT_BAR || !row.user.alerts || row.event.initialization) return 'not_due';
  const article = row.event.article as { title: string; introduction: string; bullet_points: string[] };
  const ids = await db.transaction(async (tx) => {
    const marked = await tx
      .update(events)
      .set({ alertedAt: new Date() })
      .where(and(eq(events.id, eventId), isNull(events.alertedAt)))
      .returning({ id: events.id });
    if (marked.length === 0) return [];
    const id = await queueEmail(
      tx,
      row.user.email,
      'breaking-alert',
      {
        firstName: row.user.firstName,
        topicName: row.topicName,
        title: article.title,
        introduction: withoutCitations(article.introduction),
        points: article.bullet_points.slice(0, 3).map(withoutCitations),
        link: `${context.config.publicUrl}/a/${eventId}`,
      },
      { publicUrl: context.config.publicUrl },
    );
    return [id];
  });
  if (ids.length === 0) return 'already';
  await dispatchEmails(context.queue, ids);
  return 'sent';
}
