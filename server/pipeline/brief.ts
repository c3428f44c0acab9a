import { and, desc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { events, topics, users } from '../db/schema/index.js';
import type { Queue } from '../jobs/types.js';
import { dispatchEmails, queueEmail } from '../mail/outbox.js';
import { dispatchDeliveries, queueDeliveries } from '../deliveries/outbox.js';
import { dispatchNotifications, queuePushNotice } from '../notifications/outbox.js';
import { channelsFor, loadNotifySettings } from '../notifications/preferences.js';
import { takeHeldForBrief } from '../notifications/brief-held.js';
import { deliveredArticle, deliveredUser } from '../deliveries/payload.js';
import { briefTrends } from '../trends/topic-trends.js';
import type { StageContext } from './context.js';
import { impactLines } from './impact.js';

/** The brief goes out in this hour of the user's local morning. */
export const BRIEF_HOUR = 7;
export const BRIEF_MAX_ARTICLES = 10;

const withoutCitations = (text: string) => text.replace(/\s*\[\d+\]/g, '').trim();

/** The hour (0-23) it is now in a time zone; UTC for a zone the runtime does not know. */
export function localHour(now: Date, timeZone: string): number {
  try {
    return Number(new Intl.DateTimeFormat('en-GB', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(now));
  } catch {
    return now.getUTCHours();
  }
}

/** Breaking articles the alert policy held back (story already alerted, daily cap): they lead the brief. */
const heldBack = sql<boolean>`coalesce(${events.alertDecision}->>'decision' = 'held', false)`;

/**
 * One user's daily brief: the recommended articles (rank above 0) published since the last
 * brief (at most a day back), the breaking ones held back from alerts first, then best first,
 * after what quiet hours held for it ("While you were away"). Nothing new and nothing held, no email. Marking the brief sent and
 * writing the email share one transaction, guarded by the previous `last_brief_at`, so two
 * schedulers or a retry never send it twice.
 */
export async function sendBrief(context: StageContext & { queue?: Queue }, userId: string, now = new Date()): Promise<'sent' | 'empty' | 'skipped'> {
  const { db } = context.database;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || !user.newsletter) return 'skipped';
  if (user.lastBriefAt && now.getTime() - user.lastBriefAt.getTime() < 20 * 3_600_000) return 'skipped';
  const since = new Date(Math.max(now.getTime() - 24 * 3_600_000, user.lastBriefAt?.getTime() ?? 0));
  const rows = await db
    .select({ id: events.id, article: events.article, publishedAt: events.publishedAt, topicId: topics.id, topicName: topics.name, held: heldBack })
    .from(events)
    .innerJoin(topics, eq(topics.id, events.topicId))
    .where(and(eq(events.userId, userId), eq(events.articleGenerated, true), isNotNull(events.publishedAt), gt(events.publishedAt, since), gt(events.finalRank, 0), isNull(topics.retiredAt)))
    .orderBy(desc(heldBack), desc(events.finalRank), desc(events.id))
    .limit(BRIEF_MAX_ARTICLES);
  const trending = rows.length ? await briefTrends({ db, llm: context.config.llm, logger: context.logger }, userId, since, now) : [];
  const sent = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(users)
      .set({ lastBriefAt: now })
      .where(and(eq(users.id, userId), user.lastBriefAt ? eq(users.lastBriefAt, user.lastBriefAt) : sql`${users.lastBriefAt} IS NULL`))
      .returning({ id: users.id });
    if (claimed.length === 0) return { told: false, emails: [], deliveries: [] };
    // By email and push per the reader's preferences for the brief (the Daily Brief switch was checked above); webhooks always.
    const settings = (await loadNotifySettings(tx, [userId])).get(userId)!;
    const channels = channelsFor(settings, 'brief');
    // What quiet hours held for the brief is told in its email only (holdOf holds for it only then), once.
    const away = channels.email ? await takeHeldForBrief(tx, userId, now) : [];
    if (rows.length === 0 && away.length === 0) return { told: false, emails: [], deliveries: [] };
    const date = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: user.timezone }).format(now);
    const first = rows.length ? (rows[0]!.article as { title: string }).title : `While you were away: ${away[0]!.title}`;
    const pushed = channels.push
      ? await queuePushNotice(tx, settings, `brief:${now.toISOString().slice(0, 10)}`, { title: `Your Daily Brief: ${rows.length} ${rows.length === 1 ? 'article' : 'articles'}`, body: first, url: '/', tag: 'brief' }, now)
      : false;
    const id = channels.email ? await queueEmail(
      tx,
      user.email,
      'daily-brief',
      {
        firstName: user.firstName,
        date,
        articles: rows.map((r) => {
          const a = r.article as { title: string; introduction: string };
          return { title: a.title, topicName: r.topicName, introduction: withoutCitations(a.introduction), link: `${context.config.publicUrl}/a/${r.id}`, breaking: r.held, impact: impactLines(r.article) };
        }),
        trending: trending.map((t) => ({ topicName: t.topicName, text: t.text, link: `${context.config.publicUrl}/topics/${t.topicId}` })),
        away: away.map((a) => ({ title: a.title, kindLabel: a.kindLabel, link: `${context.config.publicUrl}${a.path}` })),
        feedUrl: `${context.config.publicUrl}/`,
      },
      { publicUrl: context.config.publicUrl },
    ) : null;
    // Webhooks carry the articles: a brief of held notices only is not sent to them.
    const deliveries = rows.length === 0 ? [] : await queueDeliveries(tx, {
      userId,
      type: 'brief',
      itemKey: `brief:${userId}:${now.toISOString().slice(0, 10)}`,
      payload: {
        type: 'brief',
        created_at: now.toISOString(),
        user: deliveredUser(user),
        brief: { date, articles: rows.map((r) => deliveredArticle(context.config.publicUrl, { id: r.id, article: r.article, publishedAt: r.publishedAt }, { id: r.topicId, name: r.topicName })) },
      },
    });
    return { told: true, emails: id ? [id] : [], deliveries, pushed };
  });
  if (sent.told) {
    await dispatchEmails(context.queue, context.database.db, sent.emails);
    await dispatchDeliveries(context.queue, sent.deliveries);
    if (sent.pushed) await dispatchNotifications(context.queue);
    return 'sent';
  }
  return 'empty';
}

/** Users with the newsletter on whose local time is the brief hour. */
export async function briefRecipients(context: StageContext, now = new Date()): Promise<string[]> {
  const rows = await context.database.db.select({ id: users.id, timezone: users.timezone }).from(users).where(eq(users.newsletter, true));
  return rows.filter((r) => localHour(now, r.timezone) === BRIEF_HOUR).map((r) => r.id);
}
