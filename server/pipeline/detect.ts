import { and, eq } from 'drizzle-orm';
import { MODEL_DEFAULTS } from '../../contract/models.js';
import { documents, documentSummaries, events, topics, users } from '../db/schema/index.js';
import { DETECTION_THRESHOLD, relevance } from '../intelligence/capabilities/relevance.js';
import { CapabilityError, runCapability } from '../intelligence/engine.js';
import { usageMeter } from '../billing/meter.js';
import { cosine } from '../search/embeddings.js';
import type { StageContext } from './context.js';
import type { Pair } from './prefilter.js';
import { modelsOf } from './topic-models.js';

/** The document's and the topic's texts detection embeds for their similarity. */
export function detectionTexts(title: string, summary: string, topic: { name: string; description: string; query: string; keyEvents: string[] }): [string, string] {
  return [`${title}\n${summary}`, `${topic.name}. ${topic.description} ${topic.query} ${topic.keyEvents.join('. ')}`];
}

/**
 * Detection for one (user, topic, document) pair: relevance with the user's events model, then
 * one event row, PASS -> 'detected', DROP -> 'dropped'. Re-running finds the row and does
 * nothing; a model failure is recorded on a 'failed' row and thrown so the job retries.
 */
export async function detect(context: StageContext, pair: Pair): Promise<{ eventId: number; status: string } | undefined> {
  const { db } = context.database;
  // The pair's event, if detection judged it before, comes with what it judges: one query.
  const [row] = await db
    .select({ doc: documents, summary: documentSummaries, topic: topics, prefs: users.modelPreferences, existing: { id: events.id, status: events.status } })
    .from(documents)
    .leftJoin(documentSummaries, eq(documentSummaries.documentId, documents.id))
    .innerJoin(topics, eq(topics.id, pair.topicId))
    .innerJoin(users, eq(users.id, topics.userId))
    .leftJoin(events, and(eq(events.userId, pair.userId), eq(events.topicId, pair.topicId), eq(events.documentId, documents.id)))
    .where(eq(documents.id, pair.documentId));
  const existing = row?.existing;
  if (existing && existing.status !== 'failed') return { eventId: existing.id, status: existing.status };
  if (!row || row.topic.retiredAt || row.topic.userId !== pair.userId) return undefined;
  const { doc, topic } = row;
  const topicModel = (await modelsOf(context, [topic])).get(topic.id)!;
  const summary = row.summary?.summary ?? '';
  const [docVector, topicVector] = await context.search.embedder.embed(detectionTexts(doc.title, summary, topic));
  const similarity = Math.max(0, cosine(docVector!, topicVector!));
  const model = row.prefs.events_model ?? MODEL_DEFAULTS.events_model;
  const detectionDocuments = [
    { document_id: doc.id, title: doc.title, source: doc.publisher ?? 'Unknown', canonical_at: doc.canonicalAt.toISOString(), text: summary || doc.text.slice(0, 600), score: Math.round(similarity * 1000) / 1000, number: 1 },
  ];
  const base = { userId: pair.userId, topicId: pair.topicId, documentId: pair.documentId, prefilterScore: pair.score, detectionDocuments };
  const interactions: Record<string, unknown> = row.summary ? { summarization: row.summary.interaction } : {};
  try {
    const { output, record } = await runCapability(
      relevance,
      {
        topic: { name: topic.name, description: topic.description, query: topic.query, keyEvents: topic.keyEvents, keyEntities: topic.keyEntities, keyPlaces: topic.keyPlaces, relevanceMatrix: topic.relevanceMatrix },
        document: { title: doc.title, summary, text: doc.text, publisher: doc.publisher, date: doc.canonicalAt.toISOString(), language: doc.language },
        similarity,
        model: topicModel,
      },
      model,
      { llm: context.config.llm, logger: context.logger, meter: usageMeter({ db: context.database.db, logger: context.logger, publicUrl: context.config.publicUrl }, { userId: pair.userId, topicId: pair.topicId }) },
    );
    // The built-in engine decides at the topic's bar (its weighted total is 0.5 there); a language
    // model's weighted total is held to the topic's bar for it, which the reader's judgements move.
    const byModel = record.model_used !== 'builtin';
    const threshold = byModel ? topicModel.llmBar : DETECTION_THRESHOLD;
    const decision = byModel ? (output.scores.weighted_total >= threshold ? 'PASS' : 'DROP') : output.decision;
    const values = {
      ...base,
      status: decision === 'PASS' ? ('detected' as const) : ('dropped' as const),
      detectionDecision: decision,
      detectionRational: output.rationale,
      detectionScores: output.scores,
      relevanceScore: output.scores.weighted_total,
      decisionAudit: {
        threshold_used: threshold,
        rule_applied: 'weighted_total >= threshold',
        prefilter_score: pair.score,
        model_used: record.model_used,
        topic_bar: topicModel.bar,
        topic_model: { basis: topicModel.basis, built_at: topicModel.builtAt, sample_size: topicModel.sampleSize, judgements: topicModel.judgements },
      },
      llmInteractions: { ...interactions, relevance: record },
      error: null,
      updatedAt: new Date(),
    };
    const [saved] = await db
      .insert(events)
      .values(values)
      .onConflictDoUpdate({ target: [events.userId, events.topicId, events.documentId], set: values, where: eq(events.status, 'failed') })
      .returning({ id: events.id, status: events.status });
    if (saved) return { eventId: saved.id, status: saved.status };
    const [winner] = await db.select({ id: events.id, status: events.status }).from(events).where(and(eq(events.userId, pair.userId), eq(events.topicId, pair.topicId), eq(events.documentId, pair.documentId)));
    return winner ? { eventId: winner.id, status: winner.status } : undefined;
  } catch (error) {
    if (error instanceof CapabilityError) {
      const failed = { ...base, status: 'failed' as const, error: error.message, llmInteractions: { ...interactions, relevance: error.record }, updatedAt: new Date() };
      await db
        .insert(events)
        .values({ ...failed, attempts: 1 })
        .onConflictDoUpdate({ target: [events.userId, events.topicId, events.documentId], set: failed, where: eq(events.status, 'failed') });
    }
    throw error;
  }
}
