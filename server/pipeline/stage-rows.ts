import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.js';
import { documents, documentSummaries, events, topics, users } from '../db/schema/index.js';

/**
 * One event with what the stages after detection read about it: its document, that document's
 * summary (none yet is possible), its topic, and its user's model preferences. Novelty,
 * consolidation and the article load it the same way; `db` may be a transaction.
 */
export async function loadStageEvent(db: DbOrTx, eventId: number) {
  const [row] = await db
    .select({ event: events, doc: documents, summary: documentSummaries, topic: topics, prefs: users.modelPreferences })
    .from(events)
    .innerJoin(documents, eq(documents.id, events.documentId))
    .innerJoin(topics, eq(topics.id, events.topicId))
    .innerJoin(users, eq(users.id, events.userId))
    .leftJoin(documentSummaries, eq(documentSummaries.documentId, events.documentId))
    .where(eq(events.id, eventId));
  return row;
}

export type StageEvent = NonNullable<Awaited<ReturnType<typeof loadStageEvent>>>;
