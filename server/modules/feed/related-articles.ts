import { and, eq, notInArray, sql } from 'drizzle-orm';
import { SIDEBAR_LIST_MAX } from '../../../contract/constants.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { TArticleList } from '../../../contract/feed.js';
import type { DbOrTx } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { newestFirst, publishedArticles, selectArticles } from './feed-query.js';
import { presentSummary } from './presenter.js';

/** Related articles are looked for among the user's newest this-many articles. */
export const RELATED_WINDOW = 500;
const MAX_TERMS = 24;

const words = (text: string) => [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])].slice(0, MAX_TERMS);

/**
 * GET /for-you/article/{id}/related/: up to 5 of the user's other articles about the same
 * happening, best first: the same story counts most, then shared words of the title and theme
 * (weighted by where they appear), then the same topic. The article page shows its Latest list
 * (the 5 newest other articles) beside this one, so those are left out here; an article that
 * shares nothing with this one is not related.
 */
export async function relatedArticles(db: DbOrTx, userId: string, id: number): Promise<TArticleList> {
  const [current] = await db
    .select({ storyId: events.storyId, topicId: events.topicId, article: events.article })
    .from(events)
    .where(and(eq(events.id, id), eq(events.userId, userId), eq(events.articleGenerated, true)));
  if (!current) throw new AppError(404, ErrorCode.notFound, 'Article not found.');
  const latest = await db
    .select({ id: events.id })
    .from(events)
    .where(and(publishedArticles(userId), sql`${events.id} <> ${id}`))
    .orderBy(...newestFirst)
    .limit(SIDEBAR_LIST_MAX);
  const excluded = [id, ...latest.map((r) => r.id)];
  const window = db.select({ id: events.id }).from(events).where(publishedArticles(userId)).orderBy(...newestFirst).limit(RELATED_WINDOW);

  const title = typeof current.article?.title === 'string' ? current.article.title : '';
  const theme = typeof current.article?.superhead === 'string' ? current.article.superhead : '';
  const terms = words(`${title} ${theme}`);
  const text = terms.length
    ? sql`ts_rank(
        setweight(to_tsvector('english', coalesce(${events.article}->>'title', '')), 'A') ||
        setweight(to_tsvector('english', coalesce(${events.article}->>'superhead', '') || ' ' || coalesce(${events.article}->>'introduction', '')), 'B'),
        to_tsquery('english', ${terms.join(' | ')}), 32)`
    : sql`0`;
  const sameStory = current.storyId ? sql`coalesce((${events.storyId} = ${current.storyId})::int, 0)` : sql`0`;
  // Text rank normalised to 0..1 (flag 32): the same story always outweighs shared words.
  const score = sql`(${sameStory} * 2 + ${text} + (${events.topicId} = ${current.topicId})::int * 0.05)`;
  const rows = await selectArticles(db)
    .where(and(publishedArticles(userId), notInArray(events.id, excluded), sql`${events.id} IN (${window})`, sql`(${sameStory} = 1 OR ${text} > 0)`))
    .orderBy(sql`${score} DESC`, ...newestFirst)
    .limit(SIDEBAR_LIST_MAX);
  return { articles: rows.map(presentSummary) };
}
