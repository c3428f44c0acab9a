import type { TArticlePage } from '../../../contract/feed.js';
import type { DbOrTx } from '../../db/client.js';
import { pageOfArticles } from './feed-query.js';
import { presentSummary } from './presenter.js';

export interface PageRequest {
  page: number;
  perPage: number;
  cursor?: string;
}

/** GET /for-you/latest/: the Latest list, newest first, optionally for one topic. */
export async function listLatest(db: DbOrTx, userId: string, query: PageRequest & { topicId?: number }): Promise<TArticlePage> {
  const { rows, hasNext, nextCursor } = await pageOfArticles(db, userId, query);
  return { articles: rows.map(presentSummary), page: query.page, per_page: query.perPage, has_next: hasNext, next_cursor: nextCursor };
}
