import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.js';
import { FEEDS_OUT_MESSAGES, type TFeedUrls } from '../../../contract/feeds-out.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { DbOrTx } from '../../db/client.js';
import { boards, topics, users } from '../../db/schema/index.js';
import { boardsSeenBy } from '../boards/access.js';
import { AppError } from '../../http/errors.js';
import { feedAddresses, feedKey, keyMatches, userIdOfKey, type FeedFormat, type FeedScope } from './addresses.js';

/** The caller's feed addresses: the whole feed and each active topic's. */
export async function feedUrls(db: DbOrTx, keys: AuthKeys, publicUrl: string, userId: string): Promise<TFeedUrls> {
  const [user] = await db.select({ generation: users.feedGeneration }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'token_invalid', 'Your session has expired or is invalid. Please log in again.');
  const key = feedKey(keys, userId, user.generation);
  const own = await db
    .select({ id: topics.id, name: topics.name })
    .from(topics)
    .where(and(eq(topics.userId, userId), isNull(topics.retiredAt)))
    .orderBy(asc(topics.name), asc(topics.id));
  return { ...feedAddresses(publicUrl, key), topics: own.map((topic) => ({ id: topic.id, name: topic.name, ...feedAddresses(publicUrl, key, { topicId: topic.id }) })) };
}

/** Regenerate: the next generation of the user's feed key; every earlier address stops working. */
export async function regenerateFeedKey(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ feedGeneration: sql`${users.feedGeneration} + 1` }).where(eq(users.id, userId));
}

/** The caller's addresses of one board's feed (under their own feed key: a private board's feed is its owner's alone). */
export async function boardFeedUrls(db: DbOrTx, keys: AuthKeys, publicUrl: string, userId: string, boardId: number): Promise<Record<FeedFormat, string>> {
  const [user] = await db.select({ generation: users.feedGeneration }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'token_invalid', 'Your session has expired or is invalid. Please log in again.');
  return feedAddresses(publicUrl, feedKey(keys, userId, user.generation), { boardId });
}

/**
 * The owner of a feed key (of this generation), and the topic or board when one is asked for: their
 * own topic, a board they see now (their account's shared boards, their private ones); else 404,
 * the same for every wrong key.
 */
export async function feedOwner(db: DbOrTx, keys: AuthKeys, key: string, scope: FeedScope = {}): Promise<{ userId: string; firstName: string; boardName?: string }> {
  const userId = userIdOfKey(key);
  const [owner] = userId ? await db.select({ generation: users.feedGeneration, firstName: users.firstName, accountId: users.accountId }).from(users).where(eq(users.id, userId)) : [];
  if (!userId || !owner || !keyMatches(keys, key, userId, owner.generation)) throw new AppError(404, ErrorCode.notFound, FEEDS_OUT_MESSAGES.notFound);
  if (scope.topicId !== undefined) {
    const [topic] = await db.select({ id: topics.id }).from(topics).where(and(eq(topics.id, scope.topicId), eq(topics.userId, userId)));
    if (!topic) throw new AppError(404, ErrorCode.notFound, FEEDS_OUT_MESSAGES.notFound);
  }
  if (scope.boardId !== undefined) {
    const [board] = await db.select({ name: boards.name }).from(boards).where(and(eq(boards.id, scope.boardId), boardsSeenBy({ id: userId, accountId: owner.accountId })));
    if (!board) throw new AppError(404, ErrorCode.notFound, FEEDS_OUT_MESSAGES.notFound);
    return { userId, firstName: owner.firstName, boardName: board.name };
  }
  return { userId, firstName: owner.firstName };
}
