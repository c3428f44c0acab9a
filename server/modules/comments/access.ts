import { and, eq, or } from 'drizzle-orm';
import { COMMENT_MESSAGES } from '../../../contract/comments.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { events, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { sharedWith } from '../../inbox/access.js';

export const nameOf = (u: { firstName: string; lastName: string; email: string }) => `${u.firstName} ${u.lastName}`.trim() || u.email;

export type Caller = Awaited<ReturnType<typeof caller>>;

/** Who calls (their account, name and whether they are an admin of it): every comment call starts here. */
export async function caller(db: DbOrTx, userId: string) {
  const [me] = await db
    .select({ id: users.id, accountId: users.accountId, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!me) throw new AppError(404, ErrorCode.notFound, 'User not found.');
  return { ...me, name: nameOf(me), isAdmin: me.role === 'ADMIN' };
}

/**
 * The article (event) if the caller may read it, by the article page's rule (server/inbox/access.ts):
 * their own, or shared with them. Anything else, another account's included, is 'not found'.
 */
export async function readableArticle(db: DbOrTx, userId: string, eventId: number) {
  const [row] = await db
    .select({ id: events.id, ownerId: events.userId, article: events.article })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.articleGenerated, true), or(eq(events.userId, userId), sharedWith(userId))));
  if (!row) throw new AppError(404, ErrorCode.notFound, COMMENT_MESSAGES.articleNotFound);
  return { id: row.id, ownerId: row.ownerId, title: typeof row.article?.title === 'string' ? row.article.title : 'An article' };
}
