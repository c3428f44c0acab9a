import { exists, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client.js';
import { articleShareRecipients, articleShares, events } from '../db/schema/index.js';

/**
 * Whether the event (the article) was shared with the user: its recipients may read it. The
 * reader's article call (modules/feed) and the shares (modules/inbox) hold to this one rule.
 */
export const sharedWith = (userId: string) =>
  exists(sql`(SELECT 1 FROM ${articleShareRecipients} r JOIN ${articleShares} s ON s.id = r.share_id WHERE s.event_id = ${events.id} AND r.user_id = ${userId})`);

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
