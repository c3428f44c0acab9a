import { PAGE_SIZE } from '../../../contract/constants.js';
import type { TArticleList } from '../../../contract/feed.js';
import type { DbOrTx } from '../../db/client.js';
import { pageOfArticles } from './feed-query.js';
import { presentSummary } from './presenter.js';

/**
 * GET /for-you/: the head of the feed, the newest page-size articles. The web polls it (every
 * 10 s while the feed is empty, 15 s otherwise) and shows what it did not have yet, highlighted.
 * It is Latest's first page, so it runs the same prepared statement (Database.prepared).
 */
export async function feedHead(db: DbOrTx, userId: string, topicId?: number): Promise<TArticleList> {
  const { rows } = await pageOfArticles(db, userId, { page: 1, perPage: PAGE_SIZE, topicId });
  return { articles: rows.map(presentSummary) };
}
