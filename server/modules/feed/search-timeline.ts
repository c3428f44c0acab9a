import { and, gte, inArray, lte, sql } from 'drizzle-orm';
import { TIMELINE_SEARCH_LIMIT } from '../../../contract/constants.js';
import type { TArticleList } from '../../../contract/feed.js';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import { articleSearchVector, events } from '../../db/schema/index.js';
import { newestFirst, publishedArticles, selectArticles } from './feed-query.js';
import { presentSummary } from './presenter.js';

/** Matches are ranked among the newest this-many, so a common word costs what a rare one does. */
export const TIMELINE_SEARCH_CANDIDATES = 500;
/** A query of stop words only looks for the words in the titles of the newest this-many articles. */
export const TIMELINE_TITLE_WINDOW = 5000;

const vector = articleSearchVector(events.article);
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * GET /for-you/timeline-search/: the user's articles matching the words (web search syntax:
 * quotes, or, -word) in the title, theme, introduction, points or sections, best match first,
 * then newest. The full-text index (events_article_search_idx) finds the matches. A query the
 * English configuration reduces to nothing (only stop words, 'to be') still finds titles holding it.
 * `range` keeps the articles published from `since` to `until` (the MCP server's search_articles).
 */
export async function searchTimeline(db: DbOrTx, userId: string, q: string, topicId?: number, range: { since?: Date; until?: Date } = {}): Promise<TArticleList> {
  const where = and(
    publishedArticles(userId, topicId),
    range.since ? gte(events.publishedAt, range.since) : undefined,
    range.until ? lte(events.publishedAt, range.until) : undefined,
  )!;
  const query = sql`websearch_to_tsquery('english'::regconfig, ${q})`;
  const [terms] = rowsOf<{ n: number }>(await db.execute(sql`SELECT numnode(${query}) AS n`));
  if (Number(terms?.n ?? 0) === 0) {
    const window = db.select({ id: events.id }).from(events).where(where).orderBy(...newestFirst).limit(TIMELINE_TITLE_WINDOW);
    const rows = await selectArticles(db)
      .where(and(where, sql`${events.id} IN (${window})`, sql`${events.article} ->> 'title' ILIKE ${likePattern(q)}`))
      .orderBy(...newestFirst)
      .limit(TIMELINE_SEARCH_LIMIT);
    return { articles: rows.map(presentSummary) };
  }
  const matches = await db
    .select({ id: events.id })
    .from(events)
    .where(and(where, sql`${vector} @@ ${query}`))
    .orderBy(...newestFirst)
    .limit(TIMELINE_SEARCH_CANDIDATES);
  if (matches.length === 0) return { articles: [] };
  const rows = await selectArticles(db)
    .where(inArray(events.id, matches.map((m) => m.id)))
    .orderBy(sql`ts_rank(${vector}, ${query}) DESC`, ...newestFirst)
    .limit(TIMELINE_SEARCH_LIMIT);
  return { articles: rows.map(presentSummary) };
}
