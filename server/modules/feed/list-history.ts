import type { TArticlePage } from '../../../contract/feed.js';
import type { DbOrTx } from '../../db/client.js';
import { pageOfArticles } from './feed-query.js';
import type { PageRequest } from './list-latest.js';
import { presentSummary } from './presenter.js';

/** GET /articles/history/: Previous Articles, every topic (those the reader no longer follows too, each card naming its topic), newest first. */
export async function listHistory(db: DbOrTx, userId: string, query: PageRequest): Promise<TArticlePage> {
  const { rows, hasNext, nextCursor } = await pageOfArticles(db, userId, { ...query, retired: true });
  return { articles: rows.map(presentSummary), page: query.page, per_page: query.perPage, has_next: hasNext, next_cursor: nextCursor };
}
