import { and, inArray } from 'drizzle-orm';
import { TOP_NEWS_COUNT } from '../../../contract/constants.js';
import type { TArticleList } from '../../../contract/feed.js';
import type { DbOrTx } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import { newestFirst, publishedArticles, selectArticles } from './feed-query.js';
import { presentSummary } from './presenter.js';

/** Top News ranks the newest this-many articles: what is current, not the best of all time. */
export const TOP_NEWS_WINDOW = 50;

/**
 * GET /for-you/top/ (the spec does not show the path): at most 5 articles, the highest QA rank
 * among the newest 50, newest first among equals. Ranked on ids first so only five articles'
 * JSON is read.
 */
export async function topNews(db: DbOrTx, userId: string, topicId?: number): Promise<TArticleList> {
  const where = publishedArticles(userId, topicId);
  const candidates = await db.select({ id: events.id, rank: events.finalRank, publishedAt: events.publishedAt }).from(events).where(where).orderBy(...newestFirst).limit(TOP_NEWS_WINDOW);
  const order = candidates.map((c, position) => ({ id: c.id, rank: c.rank ?? -1, position })).sort((a, b) => b.rank - a.rank || a.position - b.position);
  const ids = order.slice(0, TOP_NEWS_COUNT).map((c) => c.id);
  if (ids.length === 0) return { articles: [] };
  const rows = await selectArticles(db).where(and(where, inArray(events.id, ids)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return { articles: ids.map((id) => byId.get(id)).filter((r) => r !== undefined).map(presentSummary) };
}
