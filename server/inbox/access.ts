import { exists, sql } from 'drizzle-orm';
import { articleShareRecipients, articleShares, events } from '../db/schema/index.js';

/**
 * Whether the event (the article) was shared with the user: its recipients may read it. The
 * reader's article call (modules/feed) and the shares (modules/inbox) hold to this one rule.
 */
export const sharedWith = (userId: string) =>
  exists(sql`(SELECT 1 FROM ${articleShareRecipients} r JOIN ${articleShares} s ON s.id = r.share_id WHERE s.event_id = ${events.id} AND r.user_id = ${userId})`);
