import { and, asc, desc, eq, exists, inArray, ne, or, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.js';
import { INBOX_MESSAGES, type TArticleShare, type TArticleShares, type TTeammate } from '../../../contract/inbox.js';
import type { AppDb, DbOrTx } from '../../db/client.js';
import { articleShareRecipients, articleShares, events, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { sharedWith } from '../../inbox/access.js';
import { addInboxItems } from '../../inbox/write.js';

const nameOf = (u: { firstName: string; lastName: string; email: string }) => `${u.firstName} ${u.lastName}`.trim() || u.email;

async function caller(db: DbOrTx, userId: string) {
  const [me] = await db.select({ id: users.id, accountId: users.accountId, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId));
  if (!me) throw new AppError(404, ErrorCode.notFound, 'User not found.');
  return me;
}

/** GET /me/teammates/: the other members of the caller's account, to share with. */
export async function listTeammates(db: DbOrTx, userId: string): Promise<{ teammates: TTeammate[] }> {
  const me = await caller(db, userId);
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(and(eq(users.accountId, me.accountId), ne(users.id, userId)))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  return { teammates: rows.map((u) => ({ id: u.id, name: nameOf(u), email: u.email })) };
}

/** The article (event) if the user may read it: their own, or shared with them; else 'not found'. */
async function readableArticle(db: DbOrTx, userId: string, eventId: number) {
  const [row] = await db
    .select({ id: events.id, ownerId: events.userId, article: events.article })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.articleGenerated, true), or(eq(events.userId, userId), sharedWith(userId))));
  if (!row) throw new AppError(404, ErrorCode.notFound, INBOX_MESSAGES.articleNotFound);
  return { ...row, title: typeof row.article?.title === 'string' ? row.article.title : 'An article' };
}

/**
 * POST /articles/{id}/shares/: the article to chosen teammates or the whole account, with a note;
 * each recipient gets an inbox item, in one transaction. A recipient outside the caller's account
 * (or an id that is no user) refuses the whole share.
 */
export async function shareArticle(db: AppDb, userId: string, eventId: number, input: { user_ids: string[]; whole_account: boolean; note?: string | undefined }): Promise<TArticleShare> {
  if (!input.whole_account && input.user_ids.length === 0) throw new AppError(400, ErrorCode.shareNoRecipients, INBOX_MESSAGES.noRecipients, { user_ids: [INBOX_MESSAGES.noRecipients] });
  return db.transaction(async (tx) => {
    const me = await caller(tx, userId);
    const article = await readableArticle(tx, userId, eventId);
    const wanted = [...new Set(input.user_ids)].filter((id) => id !== userId);
    const found = wanted.length ? await tx.select({ id: users.id, accountId: users.accountId }).from(users).where(inArray(users.id, wanted)) : [];
    const outside = wanted.filter((id) => found.find((u) => u.id === id)?.accountId !== me.accountId);
    if (outside.length) throw new AppError(400, ErrorCode.shareRecipientOutsideAccount, INBOX_MESSAGES.recipientOutsideAccount, { user_ids: [INBOX_MESSAGES.recipientOutsideAccount] });
    const recipients = input.whole_account
      ? (await tx.select({ id: users.id }).from(users).where(and(eq(users.accountId, me.accountId), ne(users.id, userId)))).map((u) => u.id)
      : wanted;
    if (recipients.length === 0) throw new AppError(400, ErrorCode.shareNoRecipients, INBOX_MESSAGES.nobodyToShareWith, { user_ids: [INBOX_MESSAGES.nobodyToShareWith] });
    const note = input.note?.trim() || null;
    const sharerName = nameOf(me);
    const [share] = await tx.insert(articleShares).values({ accountId: me.accountId, eventId, sharerId: userId, sharerName, note, wholeAccount: input.whole_account }).returning();
    await tx.insert(articleShareRecipients).values(recipients.map((id) => ({ shareId: share!.id, userId: id })));
    await addInboxItems(
      tx,
      recipients.map((id) => ({ userId: id, kind: 'share' as const, key: `share:${share!.id}`, title: `${sharerName} shared “${article.title}”`, body: note, eventId, actorId: userId, actorName: sharerName, shareId: share!.id })),
    );
    const names = await tx.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(inArray(users.id, recipients));
    return { id: share!.id, sharer_name: sharerName, mine: true, note, whole_account: input.whole_account, recipients: names.map(nameOf).sort(), created_at: share!.createdAt.toISOString() };
  });
}

/**
 * GET /articles/{id}/shares/: the shares of an article the caller may read that concern them
 * (shared with them, or by them), newest first, and whether the article is their own.
 */
export async function articleSharesFor(db: DbOrTx, userId: string, eventId: number): Promise<TArticleShares> {
  const article = await readableArticle(db, userId, eventId);
  const rows = await db
    .select()
    .from(articleShares)
    .where(
      and(
        eq(articleShares.eventId, eventId),
        or(eq(articleShares.sharerId, userId), exists(sql`(SELECT 1 FROM ${articleShareRecipients} r WHERE r.share_id = ${articleShares.id} AND r.user_id = ${userId})`)),
      ),
    )
    .orderBy(desc(articleShares.id))
    .limit(50);
  const recipients = rows.length
    ? await db
        .select({ shareId: articleShareRecipients.shareId, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(articleShareRecipients)
        .innerJoin(users, eq(users.id, articleShareRecipients.userId))
        .where(inArray(articleShareRecipients.shareId, rows.map((r) => r.id)))
    : [];
  return {
    owned: article.ownerId === userId,
    shares: rows.map((r) => ({
      id: r.id,
      sharer_name: r.sharerName,
      mine: r.sharerId === userId,
      note: r.note,
      whole_account: r.wholeAccount,
      recipients: recipients.filter((x) => x.shareId === r.id).map(nameOf).sort(),
      created_at: r.createdAt.toISOString(),
    })),
  };
}
