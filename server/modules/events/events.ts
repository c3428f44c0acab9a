import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { TEvent } from '../../../contract/events.js';
import type { DbOrTx } from '../../db/client.js';
import { documents, events, topics } from '../../db/schema/index.js';

const columns = { event: events, topicName: topics.name, doc: { id: documents.id, title: documents.title, publisher: documents.publisher, canonicalAt: documents.canonicalAt, url: documents.url, collectionId: documents.collectionId } };
type Row = { event: typeof events.$inferSelect; topicName: string; doc: { id: number; title: string; publisher: string | null; canonicalAt: Date; url: string | null; collectionId: number } };

export function presentEvent({ event, topicName, doc }: Row): TEvent {
  return {
    id: event.id,
    user_id: event.userId,
    topic: { id: event.topicId, name: topicName },
    document: { id: doc.id, title: doc.title || 'Untitled', source: doc.publisher ?? 'Unknown', canonical_at: doc.canonicalAt.toISOString(), url: doc.url, collection_id: doc.collectionId },
    status: event.status,
    prefilter_score: event.prefilterScore,
    detection_documents: event.detectionDocuments,
    detection_decision: event.detectionDecision,
    detection_rational: event.detectionRational,
    detection_scores: event.detectionScores ?? null,
    decision_audit: event.decisionAudit ?? null,
    novel: event.novel,
    novelty_score: event.noveltyScore,
    novelty_summary: event.noveltySummary,
    novelty_reason: event.noveltyReason,
    novel_facts: event.novelFacts ?? null,
    known_facts: event.knownFacts ?? null,
    novelty_documents: event.noveltyDocuments ?? null,
    skip_reason: event.skipReason,
    phase_change: event.phaseChange,
    phase_change_explanation: event.phaseChangeExplanation,
    story_id: event.storyId,
    consolidated_at: event.consolidatedAt?.toISOString() ?? null,
    merged_into_id: event.mergedIntoId,
    initialization: event.initialization,
    article_generated: event.articleGenerated,
    final_rank: event.finalRank,
    qa_at: event.qaAt?.toISOString() ?? null,
    alerted_at: event.alertedAt?.toISOString() ?? null,
    alert_decision: event.alertDecision ?? null,
    llm_interactions: event.llmInteractions,
    error: event.error,
    created_at: event.createdAt.toISOString(),
    updated_at: event.updatedAt.toISOString(),
  };
}

function base(db: DbOrTx) {
  return db.select(columns).from(events).innerJoin(topics, eq(topics.id, events.topicId)).innerJoin(documents, eq(documents.id, events.documentId));
}

/** A user's events, newest first, one page (offset paging: the inspection list is short-lived). */
export async function listEvents(db: DbOrTx, userId: string, query: { topicId?: number; status?: string; page: number; pageSize: number }) {
  const filters: SQL[] = [eq(events.userId, userId)];
  if (query.topicId) filters.push(eq(events.topicId, query.topicId));
  if (query.status) filters.push(eq(events.status, query.status as 'detected'));
  const rows = await base(db)
    .where(and(...filters))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
  return { events: rows.slice(0, query.pageSize).map(presentEvent), page: query.page, has_next: rows.length > query.pageSize };
}

export async function getEvent(db: DbOrTx, userId: string, eventId: number): Promise<TEvent | undefined> {
  const [row] = await base(db).where(and(eq(events.id, eventId), eq(events.userId, userId)));
  return row ? presentEvent(row) : undefined;
}

/** Restart content: the user's events go (later stages' articles and alerts with them). */
export async function restartContent(db: DbOrTx, userId: string): Promise<number> {
  const deleted = await db.delete(events).where(eq(events.userId, userId)).returning({ id: events.id });
  return deleted.length;
}
