import { exists, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client.js';
import { articleShareRecipients, articleShares, boardItems, boards, events, users } from '../db/schema/index.js';

/**
 * Whether the event (the article) is on a board the user sees (ADR 017): a board of their account
 * shared with it, or their own private board.
 */
export const onBoardSeenBy = (userId: string) =>
  exists(
    sql`(SELECT 1 FROM ${boardItems} bi JOIN ${boards} b ON b.id = bi.board_id JOIN ${users} bu ON bu.id = ${userId} AND bu.account_id = b.account_id WHERE bi.event_id = ${events.id} AND (b.visibility = 'account' OR b.owner_id = ${userId}))`,
  );

/**
 * Whether the event (the article) was shared with the user: its recipients may read it, and so may
 * everyone who sees a board it is on. The reader's article call (modules/feed), the shares
 * (modules/inbox), comments and boards hold to this one rule.
 */
export const sharedWith = (userId: string) =>
  sql`(${exists(sql`(SELECT 1 FROM ${articleShareRecipients} r JOIN ${articleShares} s ON s.id = r.share_id WHERE s.event_id = ${events.id} AND r.user_id = ${userId})`)} OR ${onBoardSeenBy(userId)})`;

/**
 * Who may read the event (the article): its owner and everyone it was shared with, by the rule
 * above. Comments (modules/comments) notify them and let them be mentioned.
 */
export async function articleReaders(db: DbOrTx, eventId: number): Promise<Set<string>> {
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
    SELECT e.user_id FROM ${events} e WHERE e.id = ${eventId}
    UNION
    SELECT r.user_id FROM ${articleShareRecipients} r JOIN ${articleShares} s ON s.id = r.share_id WHERE s.event_id = ${eventId}`),
  );
  return new Set(rows.map((r) => r.user_id));
}

/**
 * Everyone who may read the event (the article): its readers above and everyone who sees a board it
 * is on. A comment may mention any of them; only articleReaders follow its thread (a board notifies
 * nobody, ADR 017).
 */
export async function articleViewers(db: DbOrTx, eventId: number): Promise<Set<string>> {
  const rows = rowsOf<{ user_id: string }>(
    await db.execute(sql`
    SELECT u.id AS user_id FROM ${boardItems} bi JOIN ${boards} b ON b.id = bi.board_id JOIN ${users} u ON u.account_id = b.account_id
    WHERE bi.event_id = ${eventId} AND (b.visibility = 'account' OR b.owner_id = u.id)`),
  );
  const viewers = await articleReaders(db, eventId);
  for (const row of rows) viewers.add(row.user_id);
  return viewers;
}
