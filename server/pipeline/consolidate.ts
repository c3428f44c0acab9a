import { and, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { MODEL_DEFAULTS } from '../../contract/models.js';
import { documents, documentSummaries, events, topics } from '../db/schema/index.js';
import { consolidate, CONSOLIDATION_WINDOW_HOURS, type ConsolidationEvent } from '../intelligence/capabilities/consolidate.js';
import { usageMeter } from '../billing/meter.js';
import { runCapability } from '../intelligence/engine.js';
import { originalDate, originalDateSql } from '../db/original-date.js';
import type { StageContext } from './context.js';
import { loadStageEvent } from './stage-rows.js';

/** Novel events compared with: the user's most recent survivors. */
const MAX_CANDIDATES = 40;

/**
 * Consolidation for one novel event: when the user already has a recent novel event about the same
 * happening (the same document through another topic, or another report of it), this event is
 * merged into that one (merged_into_id) and gets no article of its own; the survivor's article
 * names both topics and cites this event's document. Otherwise it stands alone. Either way
 * consolidated_at is set and the record kept under 'consolidation'.
 *
 * One user's events are consolidated one at a time (an advisory lock per user inside the
 * transaction), so two reports of one happening in parallel jobs cannot both survive. A second
 * run finds consolidated_at set and answers what the first decided.
 */
export async function consolidateEvent(context: StageContext, eventId: number): Promise<{ survives: boolean; mergedInto?: number } | undefined> {
  const { db } = context.database;
  const [owner] = await db.select({ userId: events.userId }).from(events).where(eq(events.id, eventId));
  if (!owner) return undefined;
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`consolidate:${owner.userId}`}))`);
    const row = await loadStageEvent(tx, eventId);
    if (!row || row.event.status !== 'detected' || row.event.novel !== true) return undefined;
    if (row.event.consolidatedAt) return row.event.mergedIntoId ? { survives: false, mergedInto: row.event.mergedIntoId } : { survives: true };

    // Reports of one happening are close in the time they are about (a replayed document's
    // original date, not its arrival: two FOMC minutes replayed together are months apart).
    const window = sql`make_interval(hours => ${CONSOLIDATION_WINDOW_HOURS})`;
    const about = originalDate(row.doc).toISOString();
    const candidates = await tx
      .select({ eventId: events.id, documentId: events.documentId, topic: topics.name, title: documents.title, summary: documentSummaries.summary, canonicalAt: documents.canonicalAt, metadata: documents.metadata })
      .from(events)
      .innerJoin(documents, eq(documents.id, events.documentId))
      .innerJoin(topics, eq(topics.id, events.topicId))
      .leftJoin(documentSummaries, eq(documentSummaries.documentId, events.documentId))
      .where(
        and(
          eq(events.userId, row.event.userId),
          ne(events.id, eventId),
          eq(events.status, 'detected'),
          eq(events.novel, true),
          isNotNull(events.consolidatedAt),
          isNull(events.mergedIntoId),
          sql`${originalDateSql} BETWEEN ${about}::timestamptz - ${window} AND ${about}::timestamptz + ${window}`,
        ),
      )
      .orderBy(desc(events.id))
      .limit(MAX_CANDIDATES);
    const toInput = (c: (typeof candidates)[number]): ConsolidationEvent => ({
      eventId: c.eventId,
      documentId: c.documentId,
      topic: c.topic,
      title: c.title,
      summary: c.summary ?? '',
      date: originalDate(c).toISOString(),
    });
    const { output, record } = await runCapability(
      consolidate,
      {
        event: { eventId, documentId: row.event.documentId, topic: row.topic.name, title: row.doc.title, summary: row.summary?.summary ?? '', date: about },
        candidates: candidates.map(toInput),
      },
      row.prefs.consolidation_model ?? MODEL_DEFAULTS.consolidation_model,
      { llm: context.config.llm, logger: context.logger, meter: usageMeter({ db: tx, logger: context.logger, inTransaction: true, publicUrl: context.config.publicUrl }, { userId: row.event.userId, topicId: row.event.topicId }) },
    );
    // A model may name an event it was not shown: only a candidate can absorb this event.
    const into = output.merge_into !== null && candidates.some((c) => c.eventId === output.merge_into) ? output.merge_into : null;
    await tx
      .update(events)
      .set({
        consolidatedAt: new Date(),
        mergedIntoId: into,
        skipReason: into ? `merged into event ${into}` : row.event.skipReason,
        llmInteractions: sql`${events.llmInteractions} || ${JSON.stringify({ consolidation: record })}::jsonb`,
        updatedAt: new Date(),
      })
      .where(and(eq(events.id, eventId), isNull(events.consolidatedAt)));
    return into ? { survives: false, mergedInto: into } : { survives: true };
  });
}
