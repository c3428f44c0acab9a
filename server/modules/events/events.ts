import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ErrorCode } from '../../../contract/errors.js';
import type { TEvent, ZEventCreate, ZEventPatch } from '../../../contract/events.js';
import type { DbOrTx } from '../../db/client.js';
import { documents, events, topics } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

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

/** The reasoning an event filed or restored by hand shows when the superuser gave none. */
const BY_HAND = 'Filed by hand by a superuser.';
/** What leads a superuser's note kept beside detection's reasoning. */
const BY_HAND_NOTE = 'Superuser\'s note: ';

/**
 * A superuser files a document under one of the user's active topics: a detected event, as if
 * detection had passed it, that the rest of the pipeline takes on (the caller queues it). One
 * event per user, topic and document: a second is a 409, and nothing is written.
 */
export async function createEvent(db: DbOrTx, userId: string, input: z.infer<typeof ZEventCreate>): Promise<TEvent> {
  const [topic] = await db.select({ retiredAt: topics.retiredAt }).from(topics).where(and(eq(topics.id, input.topic_id), eq(topics.userId, userId)));
  if (!topic) throw new AppError(404, ErrorCode.notFound, 'Topic not found.');
  if (topic.retiredAt) throw new AppError(409, 'topic_retired', 'This topic is retired: restore it before filing documents under it.');
  const [document] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, input.document_id));
  if (!document) throw new AppError(404, ErrorCode.notFound, 'Document not found.');
  const [row] = await db
    .insert(events)
    .values({ userId, topicId: input.topic_id, documentId: input.document_id, status: 'detected', prefilterScore: 1, detectionDecision: 'PASS', detectionRational: input.note ?? BY_HAND, decisionAudit: { by_hand: true } })
    .onConflictDoNothing()
    .returning({ id: events.id });
  if (!row) throw new AppError(409, 'event_exists', 'This document is already an event of this topic for this user.');
  return (await getEvent(db, userId, row.id))!;
}

/**
 * Overrules detection on one of the user's events. Restoring a dropped event clears what the
 * later stages wrote so they run again (the caller queues it); dropping refuses an event whose
 * article is published (the reader has it: delete the event instead). Answers the event, or
 * undefined when the user has no such event.
 */
export async function updateEvent(db: DbOrTx, userId: string, eventId: number, patch: z.infer<typeof ZEventPatch>): Promise<{ event: TEvent; restored: boolean } | undefined> {
  const [current] = await db
    .select({ status: events.status, articleGenerated: events.articleGenerated, reasoning: events.detectionRational, audit: events.decisionAudit })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.userId, userId)));
  if (!current) return undefined;
  const restored = patch.status === 'detected' && current.status !== 'detected';
  if (patch.status === 'dropped' && current.articleGenerated) throw new AppError(409, 'article_published', 'This event\'s article is published: delete the event to take it out of the feed.');
  const changes: Partial<typeof events.$inferInsert> = { updatedAt: new Date() };
  // Detection's reasoning and audit stay; what the superuser did and said is added beside them.
  const byHand = { ...(current.audit ?? {}), by_hand: true, ...(patch.note !== undefined ? { by_hand_note: patch.note } : {}) };
  if (patch.note !== undefined) changes.detectionRational = current.reasoning ? `${current.reasoning}\n\n${BY_HAND_NOTE}${patch.note}` : patch.note;
  if (patch.note !== undefined || patch.status !== undefined) changes.decisionAudit = byHand;
  if (patch.status === 'dropped' && current.status !== 'dropped') Object.assign(changes, { status: 'dropped', detectionDecision: 'DROP' });
  if (restored) {
    Object.assign(changes, { status: 'detected', detectionDecision: 'PASS', error: null, novel: null, storyId: null, consolidatedAt: null, mergedIntoId: null });
    if (patch.note === undefined && !current.reasoning) changes.detectionRational = BY_HAND;
  }
  await db.update(events).set(changes).where(and(eq(events.id, eventId), eq(events.userId, userId)));
  return { event: (await getEvent(db, userId, eventId))!, restored };
}

/** Deletes one of the user's events (its article leaves the feed with it); false when there is none. */
export async function deleteEvent(db: DbOrTx, userId: string, eventId: number): Promise<boolean> {
  const deleted = await db.delete(events).where(and(eq(events.id, eventId), eq(events.userId, userId))).returning({ id: events.id });
  return deleted.length > 0;
}
