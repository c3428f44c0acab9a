import { and, eq, or } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.js';
import type { TReaderArticle } from '../../../contract/feed.js';
import type { DbOrTx } from '../../db/client.js';
import { events } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { sharedWith } from '../../inbox/access.js';
import { selectFullArticles } from './feed-query.js';
import { presentArticle } from './presenter.js';

/**
 * GET /for-you/article/{id}/: one of the user's articles, or one a teammate shared with them
 * (server/inbox/access.ts). Another user's id is 'not found', the
 * same answer as an id that does not exist, and so is an event that will never have an article
 * (dropped, not novel, merged); one whose article is still to be written says so ('Article not
 * yet generated').
 */
export async function getArticle(db: DbOrTx, userId: string, id: number): Promise<TReaderArticle> {
  const [row] = await selectFullArticles(db)
    .where(and(eq(events.id, id), or(eq(events.userId, userId), sharedWith(userId))))
    .limit(1);
  if (!row || (!row.generated && !row.pending)) throw new AppError(404, ErrorCode.notFound, 'Article not found.');
  if (!row.generated) throw new AppError(404, ErrorCode.articleNotGenerated, 'Article not yet generated');
  return presentArticle(row);
}
