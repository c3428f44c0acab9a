import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { MODEL_DEFAULTS } from '../../contract/models.js';
import { documents, documentSummaries, events } from '../db/schema/index.js';
import { novelty } from '../intelligence/capabilities/novelty.js';
import { usageMeter } from '../billing/meter.js';
import { runCapability } from '../intelligence/engine.js';
import type { StageContext } from './context.js';
import { loadStageEvent } from './stage-rows.js';

/** Earlier events compared with: the same user and topic, detected, in this window. */
export const NOVELTY_WINDOW_DAYS = 30;
const MAX_EARLIER = 30;

/**
 * Novelty for one detected event against the user's earlier detected events on the topic (those
 * with a smaller id: the order events were detected in, so the answer does not depend on which
 * job runs first). Writes the novelty fields; a second run finds them and does nothing.
 */
export async function checkNovelty(context: StageContext, eventId: number): Promise<{ novel: boolean } | undefined> {
  const { db } = context.database;
  const row = await loadStageEvent(db, eventId);
  if (!row || row.event.status !== 'detected') return undefined;
  if (row.event.novel !== null) return { novel: row.event.novel };
  const earlier = await db
    .select({ documentId: events.documentId, title: documents.title, canonicalAt: documents.canonicalAt, keyFacts: documentSummaries.keyFacts })
    .from(events)
    .innerJoin(documents, eq(documents.id, events.documentId))
    .leftJoin(documentSummaries, eq(documentSummaries.documentId, events.documentId))
    .where(
      and(
        eq(events.userId, row.event.userId),
        eq(events.topicId, row.event.topicId),
        eq(events.status, 'detected'),
        lt(events.id, eventId),
        isNull(events.mergedIntoId),
        gt(events.createdAt, sql`now() - make_interval(days => ${NOVELTY_WINDOW_DAYS})`),
      ),
    )
    .orderBy(desc(events.id))
    .limit(MAX_EARLIER);
  const model = row.prefs.novelty_check_model ?? MODEL_DEFAULTS.novelty_check_model;
  const { output, record } = await runCapability(
    novelty,
    {
      document: { id: row.event.documentId, title: row.doc.title, summary: row.summary?.summary ?? '', keyFacts: row.summary?.keyFacts ?? [], date: row.doc.canonicalAt.toISOString() },
      earlier: earlier.map((e) => ({ documentId: e.documentId, title: e.title, date: e.canonicalAt.toISOString(), keyFacts: e.keyFacts ?? [] })),
    },
    model,
    { llm: context.config.llm, logger: context.logger, meter: usageMeter({ db: context.database.db, logger: context.logger, publicUrl: context.config.publicUrl }, { userId: row.event.userId, topicId: row.event.topicId }) },
  );
  await db
    .update(events)
    .set({
      novel: output.novel,
      noveltyScore: output.novelty_score,
      noveltySummary: output.novelty_summary,
      noveltyReason: output.novelty_reason,
      novelFacts: output.novel_facts,
      knownFacts: output.known_facts,
      noveltyDocuments: earlier.map((e) => ({ document_id: e.documentId, title: e.title, date: e.canonicalAt.toISOString() })),
      skipReason: output.novel ? null : 'no new facts',
      phaseChange: output.phase_change,
      phaseChangeExplanation: output.phase_change_explanation || null,
      llmInteractions: sql`${events.llmInteractions} || ${JSON.stringify({ novelty: record })}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(events.id, eventId), isNull(events.novel)));
  return { novel: output.novel };
}
