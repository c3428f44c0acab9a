import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { handleOf } from '../../../contract/comment-text.js';
import { COMMENT_MESSAGES, THREAD_MAX, type TComment, type TCommentThread } from '../../../contract/comments.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { AppDb, DbOrTx } from '../../db/client.js';
import { articleCommentMentions, articleComments, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { caller, readableArticle, type Caller } from './access.js';
import { applyMentions, notifyThread } from './mentions.js';

/** One comment of the thread of an article the caller may read, in their account; else 'not found'. */
async function commentIn(db: DbOrTx, me: Caller, eventId: number, commentId: number) {
  const article = await readableArticle(db, me.id, eventId);
  const [row] = await db
    .select()
    .from(articleComments)
    .where(and(eq(articleComments.id, commentId), eq(articleComments.eventId, eventId), eq(articleComments.accountId, me.accountId)))
    .for('update');
  if (!row) throw new AppError(404, ErrorCode.notFound, COMMENT_MESSAGES.commentNotFound);
  return { article, row };
}

type Row = typeof articleComments.$inferSelect;

/** The comments as the caller sees them: their handles, mentions and what the caller may do. */
async function present(db: DbOrTx, me: Caller, rows: Row[]): Promise<TComment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const authorIds = [...new Set(rows.map((r) => r.authorId).filter((id): id is string => id !== null))];
  const [mentions, authors] = await Promise.all([
    db.select({ commentId: articleCommentMentions.commentId, handle: articleCommentMentions.handle }).from(articleCommentMentions).where(inArray(articleCommentMentions.commentId, ids)),
    authorIds.length ? db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, authorIds)) : Promise.resolve([]),
  ]);
  return rows.map((r) => {
    const mine = r.authorId === me.id;
    const author = authors.find((a) => a.id === r.authorId);
    return {
      id: r.id,
      article_id: r.eventId,
      author_name: r.authorName,
      author_handle: author ? handleOf(author.email) : null,
      mine,
      body: r.body,
      mentions: mentions.filter((m) => m.commentId === r.id).map((m) => m.handle),
      created_at: r.createdAt.toISOString(),
      edited_at: r.editedAt ? r.editedAt.toISOString() : null,
      can_edit: mine,
      can_delete: mine || me.isAdmin,
    };
  });
}

/** GET /articles/{id}/comments/: the thread, oldest first (the newest THREAD_MAX), and its size. */
export async function listComments(db: DbOrTx, userId: string, eventId: number): Promise<TCommentThread> {
  const me = await caller(db, userId);
  await readableArticle(db, userId, eventId);
  const inThread = and(eq(articleComments.eventId, eventId), eq(articleComments.accountId, me.accountId));
  const [rows, [total]] = await Promise.all([
    db.select().from(articleComments).where(inThread).orderBy(desc(articleComments.id)).limit(THREAD_MAX),
    db.select({ n: count() }).from(articleComments).where(inThread),
  ]);
  return { comments: await present(db, me, rows.reverse()), count: Number(total?.n ?? 0) };
}

/**
 * POST /articles/{id}/comments/: a comment; the teammates it mentions get a 'mention', the
 * thread's other followers a 'comment' (notifyThread), all in one transaction.
 */
export async function postComment(db: AppDb, userId: string, eventId: number, body: string): Promise<TComment> {
  return db.transaction(async (tx) => {
    const me = await caller(tx, userId);
    const article = await readableArticle(tx, userId, eventId);
    const [row] = await tx.insert(articleComments).values({ accountId: me.accountId, eventId, authorId: me.id, authorName: me.name, body }).returning();
    const mentioned = await applyMentions(tx, me, article.id, row!.id, body);
    await notifyThread(tx, me, article, row!, mentioned);
    return (await present(tx, me, [row!]))[0]!;
  });
}

/** PATCH /articles/{id}/comments/{comment}/: the author's new text; newly mentioned teammates are told. */
export async function editComment(db: AppDb, userId: string, eventId: number, commentId: number, body: string): Promise<TComment> {
  return db.transaction(async (tx) => {
    const me = await caller(tx, userId);
    const { article, row: existing } = await commentIn(tx, me, eventId, commentId);
    if (existing.authorId !== me.id) throw new AppError(403, ErrorCode.commentNotYours, COMMENT_MESSAGES.notYours);
    const [row] = await tx.update(articleComments).set({ body, editedAt: sql`now()` }).where(eq(articleComments.id, commentId)).returning();
    const added = await applyMentions(tx, me, article.id, commentId, body);
    await notifyThread(tx, me, article, row!, added, { mentionsOnly: true });
    return (await present(tx, me, [row!]))[0]!;
  });
}

/** DELETE /articles/{id}/comments/{comment}/: the author's own, or any by an admin of the account; its notifications go with it. */
export async function deleteComment(db: AppDb, userId: string, eventId: number, commentId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const me = await caller(tx, userId);
    const { row: existing } = await commentIn(tx, me, eventId, commentId);
    if (existing.authorId !== me.id && !me.isAdmin) throw new AppError(403, ErrorCode.commentNotYours, COMMENT_MESSAGES.notYoursToDelete);
    await tx.delete(articleComments).where(eq(articleComments.id, commentId));
  });
}
