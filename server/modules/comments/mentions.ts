import { and, asc, eq, gt, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import { handleOf, mentionHandles } from '../../../contract/comment-text.js';
import { COMMENT_MESSAGES, MENTIONABLE_MAX, MENTIONS_PER_COMMENT, MENTIONS_PER_MINUTE, type TMentionable } from '../../../contract/comments.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { articleCommentMentions, articleComments, inboxItems, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { articleReaders, articleViewers } from '../../inbox/access.js';
import { addInboxItems, type InboxItemInput } from '../../inbox/write.js';
import { caller, nameOf, readableArticle, type Caller } from './access.js';

/** The handle of a user, in SQL: the part of the email before the @, lower case (contract/comment-text.ts). */
const handleSql = sql<string>`lower(split_part(${users.email}, '@', 1))`;
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Resolves the comment's @handles to teammates (the caller's account only, the caller left out;
 * other handles stay plain text) and keeps them on the comment: answers the ones newly mentioned.
 * Refuses, before anything is written to them, a comment that mentions more than
 * MENTIONS_PER_COMMENT teammates or one who cannot read the article, and a caller over
 * MENTIONS_PER_MINUTE new mentions in the last minute.
 */
export async function applyMentions(tx: DbOrTx, me: Caller, eventId: number, commentId: number, body: string): Promise<string[]> {
  const handles = mentionHandles(body);
  const found = handles.length
    ? await tx
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, handle: handleSql })
        .from(users)
        .where(and(eq(users.accountId, me.accountId), ne(users.id, me.id), inArray(handleSql, handles)))
    : [];
  if (found.length > MENTIONS_PER_COMMENT) throw new AppError(400, ErrorCode.commentTooManyMentions, COMMENT_MESSAGES.tooManyMentions, { body: [COMMENT_MESSAGES.tooManyMentions] });
  if (found.length) {
    const readers = await articleViewers(tx, eventId);
    const blind = found.filter((u) => !readers.has(u.id));
    if (blind.length) {
      const message = `${blind.map(nameOf).sort().join(', ')} cannot see this article yet. Share it with them first.`;
      throw new AppError(400, ErrorCode.commentMentionCannotRead, message, { body: [COMMENT_MESSAGES.cannotRead] });
    }
  }
  const kept = await tx.select({ userId: articleCommentMentions.userId }).from(articleCommentMentions).where(eq(articleCommentMentions.commentId, commentId));
  const keptIds = new Set(kept.map((k) => k.userId));
  const added = found.filter((u) => !keptIds.has(u.id));
  const dropped = [...keptIds].filter((id) => !found.some((u) => u.id === id));
  if (added.length) {
    const [recent] = await tx
      .select({ n: sql<number | string>`count(*)` })
      .from(articleCommentMentions)
      .innerJoin(articleComments, eq(articleComments.id, articleCommentMentions.commentId))
      .where(and(eq(articleComments.authorId, me.id), gt(articleCommentMentions.createdAt, sql`now() - interval '1 minute'`)));
    if (Number(recent?.n ?? 0) + added.length > MENTIONS_PER_MINUTE) throw new AppError(429, ErrorCode.rateLimited, COMMENT_MESSAGES.mentionsRateLimited);
    await tx.insert(articleCommentMentions).values(added.map((u) => ({ commentId, userId: u.id, handle: u.handle })));
  }
  if (dropped.length) {
    // An edit that no longer names a teammate takes back its mention, and the notification of it.
    await tx.delete(articleCommentMentions).where(and(eq(articleCommentMentions.commentId, commentId), inArray(articleCommentMentions.userId, dropped)));
    await tx.delete(inboxItems).where(and(eq(inboxItems.commentId, commentId), eq(inboxItems.kind, 'mention'), inArray(inboxItems.userId, dropped)));
  }
  return added.map((u) => u.id);
}

/**
 * The inbox items of a comment, in its transaction: a 'mention' for each teammate it newly
 * mentions, and (for a new comment) a 'comment' for the thread's other followers. Everyone who
 * can read the article follows its thread: its owner and everyone it was shared with, so everyone
 * who shared it or commented on it too. The author is never told of their own comment; a member
 * who left the account is no longer a reader and is told nothing.
 */
export async function notifyThread(
  tx: DbOrTx,
  me: Caller,
  article: { id: number; title: string },
  comment: { id: number; body: string },
  mentioned: string[],
  options: { mentionsOnly?: boolean } = {},
): Promise<void> {
  const base = { eventId: article.id, actorId: me.id, actorName: me.name, commentId: comment.id, body: comment.body };
  const items: InboxItemInput[] = mentioned
    .filter((id) => id !== me.id)
    .map((userId) => ({ ...base, userId, kind: 'mention', key: `mention:${comment.id}`, title: `${me.name} mentioned you on “${article.title}”` }));
  if (!options.mentionsOnly) {
    const readers = [...(await articleReaders(tx, article.id))].filter((id) => id !== me.id && !mentioned.includes(id));
    const followers = readers.length ? await tx.select({ id: users.id }).from(users).where(and(inArray(users.id, readers), eq(users.accountId, me.accountId))) : [];
    items.push(...followers.map((f) => ({ ...base, userId: f.id, kind: 'comment' as const, key: `comment:${comment.id}`, title: `${me.name} commented on “${article.title}”` })));
  }
  await addInboxItems(tx, items);
}

/**
 * GET /articles/{id}/comments/mentionable/?q=: teammates whose handle or name starts with the
 * query (the caller's account only, the caller left out), at most MENTIONABLE_MAX, each with
 * whether they can read the article.
 */
export async function mentionable(db: DbOrTx, userId: string, eventId: number, query: string): Promise<{ teammates: TMentionable[] }> {
  const me = await caller(db, userId);
  await readableArticle(db, userId, eventId);
  const prefix = `${escapeLike(query.replace(/^@/, '').toLowerCase())}%`;
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(
      and(
        eq(users.accountId, me.accountId),
        ne(users.id, me.id),
        or(ilike(users.email, prefix), ilike(users.firstName, prefix), ilike(users.lastName, prefix), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, prefix)),
      ),
    )
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email))
    .limit(MENTIONABLE_MAX);
  const readers = rows.length ? await articleViewers(db, eventId) : new Set<string>();
  return { teammates: rows.map((u) => ({ id: u.id, name: nameOf(u), handle: handleOf(u.email), can_read: readers.has(u.id) })) };
}
