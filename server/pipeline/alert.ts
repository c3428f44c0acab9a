import { and, desc, eq, gt, isNotNull, ne, sql } from 'drizzle-orm';
import { events, topics, users, type AlertDecisionRecord } from '../db/schema/index.js';
import type { DbOrTx } from '../db/client.js';
import { dispatchEmails } from '../mail/outbox.js';
import { dispatchNotifications } from '../notifications/outbox.js';
import { dispatchDeliveries, queueDeliveries } from '../deliveries/outbox.js';
import { deliveredArticle, deliveredUser } from '../deliveries/payload.js';
import type { Queue } from '../jobs/types.js';
import { ALERT_POLICY, calibratedBar, decideAlert } from './alert-policy.js';
import type { StageContext } from './context.js';
import { impactLines } from './impact.js';
import { writeInboxItems } from '../inbox/write.js';

/** Articles ranked under this never reach the alert stage (the policy's floor). */
export const ALERT_BAR = ALERT_POLICY.floor;

/** How long the alert waits for the event's story (assigned beside novelty) before deciding without it. */
export const STORY_WAIT_SECONDS = 60;

const withoutCitations = (text: string) => text.replace(/\s*\[\d+\]/g, '').trim();

/** Recent ranks of published, recommended articles: one user's, or the install's. */
async function recentRanks(db: DbOrTx, eventId: number, userId?: string): Promise<number[]> {
  const rows = await db
    .select({ rank: events.finalRank })
    .from(events)
    .where(
      and(
        ...(userId ? [eq(events.userId, userId)] : []),
        eq(events.articleGenerated, true),
        gt(events.finalRank, 0),
        ne(events.id, eventId),
        gt(events.publishedAt, sql`now() - make_interval(days => ${ALERT_POLICY.sampleDays})`),
      ),
    )
    .orderBy(desc(events.publishedAt))
    .limit(ALERT_POLICY.sampleMax);
  return rows.map((r) => r.rank ?? 0);
}

export type AlertResult = 'sent' | 'held' | 'not_breaking' | 'not_due' | 'already' | 'waiting_for_story';

/**
 * The breaking-alert decision for one published article (alert-policy.ts) and, when it is
 * breaking, the email. Under a row lock on the user (two articles of one user are decided one
 * at a time, in any process): the bar from recent ranks, the story's and the daily window's
 * alerts, then the decision written on the event and, when sent, `alerted_at` and the outbox
 * email in the same transaction, guarded by `alert_decision IS NULL`, so a retried or duplicated
 * job never emails twice; the email goes out after commit. An event whose story is not assigned
 * yet waits for it (up to STORY_WAIT_SECONDS after the article), so one story alerts once.
 */
export async function sendAlert(context: StageContext & { queue?: Queue }, eventId: number, now = new Date()): Promise<AlertResult> {
  const { db } = context.database;
  const [row] = await db
    .select({ event: events, topicName: topics.name, user: users })
    .from(events)
    .innerJoin(topics, eq(topics.id, events.topicId))
    .innerJoin(users, eq(users.id, events.userId))
    .where(eq(events.id, eventId));
  if (!row || !row.event.articleGenerated) return 'not_due';
  if (row.event.alertDecision || row.event.alertedAt) return 'already';
  const article = row.event.article as { title: string; introduction: string; bullet_points: string[]; catch_up?: boolean };
  const catchUp = row.event.initialization || article.catch_up === true;
  const userRanks = await recentRanks(db, eventId, row.user.id);
  const bar = calibratedBar(userRanks, userRanks.length >= ALERT_POLICY.minSample ? [] : await recentRanks(db, eventId));
  const breaking = !catchUp && row.user.alerts && (row.event.finalRank ?? 0) >= bar.bar;
  const publishedAgo = now.getTime() - (row.event.publishedAt ?? now).getTime();
  if (breaking && row.event.storyId === null && publishedAgo < STORY_WAIT_SECONDS * 1000) return 'waiting_for_story';
  const windowStart = new Date(now.getTime() - ALERT_POLICY.storyHours * 3_600_000);
  const outcome = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, row.user.id)).for('update');
    const alerted = await tx
      .select({ id: events.id, storyId: events.storyId })
      .from(events)
      .where(and(eq(events.userId, row.user.id), isNotNull(events.alertedAt), gt(events.alertedAt, windowStart)));
    const sameStory = row.event.storyId === null ? undefined : alerted.find((a) => a.storyId === row.event.storyId);
    const decision: AlertDecisionRecord = {
      ...decideAlert({
        rank: row.event.finalRank ?? 0,
        bar,
        alertsOn: row.user.alerts,
        catchUp,
        storyAlertedEventId: sameStory?.id ?? null,
        alertsInWindow: alerted.length,
        dailyCap: row.user.alertDailyCap,
      }),
      at: now.toISOString(),
    };
    const marked = await tx
      .update(events)
      .set({ alertDecision: decision, ...(decision.decision === 'sent' ? { alertedAt: now } : {}) })
      .where(and(eq(events.id, eventId), sql`${events.alertDecision} IS NULL`, sql`${events.alertedAt} IS NULL`))
      .returning({ id: events.id });
    if (marked.length === 0) return { result: 'already' as const, emails: [], deliveries: [] };
    if (decision.decision !== 'sent') return { result: decision.decision, emails: [], deliveries: [] };
    // The alert in the user's inbox, by email and push per their preferences, and to their webhook and Slack targets, in this transaction: exactly once.
    // It counts once against the daily cap (alerted_at above), whichever channels carry it.
    const link = `${context.config.publicUrl}/a/${eventId}`;
    const { emails } = await writeInboxItems(tx, [
      {
        userId: row.user.id,
        kind: 'alert',
        key: `alert:${eventId}`,
        title: article.title,
        body: withoutCitations(article.introduction),
        eventId,
        topicId: row.event.topicId,
        email: {
          template: 'breaking-alert',
          publicUrl: context.config.publicUrl,
          data: {
            firstName: row.user.firstName,
            topicName: row.topicName,
            title: article.title,
            introduction: withoutCitations(article.introduction),
            points: article.bullet_points
              .map(withoutCitations)
              .filter((point) => point !== withoutCitations(article.introduction))
              .slice(0, 3),
            link,
            impact: impactLines(row.event.article),
          },
        },
      },
    ], now);
    const deliveries = await queueDeliveries(tx, {
      userId: row.user.id,
      type: 'alert',
      itemKey: `alert:${eventId}`,
      payload: { type: 'alert', created_at: now.toISOString(), user: deliveredUser(row.user), article: deliveredArticle(context.config.publicUrl, row.event, { id: row.event.topicId, name: row.topicName }) },
    });
    return { result: 'sent' as const, emails, deliveries };
  });
  if (outcome.emails.length) await dispatchEmails(context.queue, context.database.db, outcome.emails);
  await dispatchDeliveries(context.queue, outcome.deliveries);
  if (outcome.result === 'sent') await dispatchNotifications(context.queue);
  return outcome.result;
}
