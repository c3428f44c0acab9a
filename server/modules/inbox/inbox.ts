import { and, desc, eq, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.js';
import { INBOX_MESSAGES, INBOX_PAGE_SIZE, MENTION_KINDS, type TInboxCounts, type TInboxItem, type TInboxPage, type TInboxTab } from '../../../contract/inbox.js';
import { rowsOf, type DbOrTx } from '../../db/client.js';
import { inboxItems } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

/** The user's items a tab lists: not archived, and for Mentions only the mention kinds. */
const inTab = (userId: string, tab: TInboxTab): SQL =>
  and(eq(inboxItems.userId, userId), isNull(inboxItems.archivedAt), ...(tab === 'mentions' ? [inArray(inboxItems.kind, [...MENTION_KINDS])] : []))!;

/** The bell's unread count, the Mentions tab's, and the newest item's id (each by a partial index). */
export async function inboxCounts(db: DbOrTx, userId: string): Promise<TInboxCounts> {
  const mentionKinds = sql.join(MENTION_KINDS.map((kind) => sql`${kind}`), sql`, `);
  const [row] = rowsOf<{ unread: number | string; mentions: number | string; latest_id: number | string | null }>(
    await db.execute(sql`
    SELECT
      (SELECT count(*) FROM inbox_items WHERE user_id = ${userId} AND read_at IS NULL AND archived_at IS NULL) AS unread,
      (SELECT count(*) FROM inbox_items WHERE user_id = ${userId} AND read_at IS NULL AND archived_at IS NULL AND kind IN (${mentionKinds})) AS mentions,
      (SELECT max(id) FROM inbox_items WHERE user_id = ${userId} AND archived_at IS NULL) AS latest_id`),
  );
  if (!row) return { unread: 0, mentions: 0, latest_id: 0 };
  return { unread: Number(row.unread), mentions: Number(row.mentions), latest_id: Number(row.latest_id ?? 0) };
}

function present(row: typeof inboxItems.$inferSelect): TInboxItem {
  return {
    id: row.id,
    kind: row.kind,
    title: row.title,
    body: row.body,
    article_id: row.eventId,
    comment_id: row.commentId,
    topic_id: row.topicId,
    source_id: row.sourceId,
    actor_name: row.actorName,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /inbox/: a page of 25, newest first, from before the cursor (an item id). */
export async function listInbox(db: DbOrTx, userId: string, tab: TInboxTab, before?: string): Promise<TInboxPage> {
  const rows = await db
    .select()
    .from(inboxItems)
    .where(and(inTab(userId, tab), ...(before ? [lt(inboxItems.id, Number(before))] : [])))
    .orderBy(desc(inboxItems.id))
    .limit(INBOX_PAGE_SIZE + 1);
  const page = rows.slice(0, INBOX_PAGE_SIZE);
  return { items: page.map(present), next_cursor: rows.length > INBOX_PAGE_SIZE ? String(page.at(-1)!.id) : null, counts: await inboxCounts(db, userId) };
}

/** PATCH /inbox/{id}/: read or unread, or archived. Another user's item is not found. */
export async function updateInboxItem(db: DbOrTx, userId: string, id: number, change: { read?: boolean; archived?: true }): Promise<TInboxItem> {
  const [row] = await db
    .update(inboxItems)
    .set({
      ...(change.read === undefined ? {} : { readAt: change.read ? sql`coalesce(${inboxItems.readAt}, now())` : null }),
      ...(change.archived ? { archivedAt: sql`coalesce(${inboxItems.archivedAt}, now())`, readAt: sql`coalesce(${inboxItems.readAt}, now())` } : {}),
    })
    .where(and(eq(inboxItems.id, id), eq(inboxItems.userId, userId)))
    .returning();
  if (!row) throw new AppError(404, ErrorCode.notFound, INBOX_MESSAGES.itemNotFound);
  return present(row);
}

/** POST /inbox/read-all/: every unread item of the tab read; answers the counts after. */
export async function markAllRead(db: DbOrTx, userId: string, tab: TInboxTab): Promise<TInboxCounts> {
  await db
    .update(inboxItems)
    .set({ readAt: sql`now()` })
    .where(and(inTab(userId, tab), isNull(inboxItems.readAt)));
  return inboxCounts(db, userId);
}
