import { and, desc, gt, gte } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import type { TArticleSummary } from '../../../contract/feed.js';
import { events } from '../../db/schema/index.js';
import { BRIEF_MAX_ARTICLES } from '../../pipeline/brief.js';
import { briefTrends } from '../../trends/topic-trends.js';
import { publishedArticles, selectArticles } from '../feed/feed-query.js';
import { presentSummary } from '../feed/presenter.js';
import type { TopicContext } from '../user-topics/context.js';

export interface TodaysBrief {
  since: string;
  until: string;
  /** The breaking articles alerts held back first (they lead the brief), then best first. */
  articles: (TArticleSummary & { breaking: boolean })[];
  /** "Trending in your topics": the day's spikes and rising names, with the topic's dashboard. */
  trending: { topic: { id: number; name: string }; text: string }[];
}

const heldBack = sql<boolean>`coalesce(${events.alertDecision}->>'decision' = 'held', false)`;

/**
 * Today's brief as the reader would get it now: the recommended articles (rank above 0) of the
 * last 24 hours in the topics they follow, held-back breaking ones first, at most the brief's ten,
 * and the brief's "Trending in your topics". The same selection as the daily email
 * (pipeline/brief.ts sendBrief), read through the feed's query (the list-item columns) rather than
 * the email's, and without claiming or sending anything.
 */
export async function todaysBrief(context: TopicContext, userId: string, now = new Date()): Promise<TodaysBrief> {
  const { db } = context.database;
  const since = new Date(now.getTime() - 24 * 3_600_000);
  const rows = await selectArticles(db)
    .where(and(publishedArticles(userId), gte(events.publishedAt, since), gt(events.finalRank, 0)))
    .orderBy(desc(heldBack), desc(events.finalRank), desc(events.id))
    .limit(BRIEF_MAX_ARTICLES);
  const held = rows.length ? new Set((await db.select({ id: events.id }).from(events).where(and(publishedArticles(userId), gte(events.publishedAt, since), heldBack))).map((r) => r.id)) : new Set<number>();
  const trending = rows.length ? await briefTrends({ db, llm: context.config.llm, logger: context.logger }, userId, since, now) : [];
  return {
    since: since.toISOString(),
    until: now.toISOString(),
    articles: rows.map((row) => ({ ...presentSummary(row), breaking: held.has(row.id) })),
    trending: trending.map((t) => ({ topic: { id: t.topicId, name: t.topicName }, text: t.text })),
  };
}
