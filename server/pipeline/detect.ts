import { and, eq, inArray, sql } from 'drizzle-orm';
import { MODEL_DEFAULTS } from '../../contract/models.js';
import { documents, documentSummaries, events, topics, users } from '../db/schema/index.js';
import { DETECTION_THRESHOLD, relevance } from '../intelligence/capabilities/relevance.js';
import { CapabilityError, runCapability } from '../intelligence/engine.js';
import { usageMeter, UsageTally } from '../billing/meter.js';
import { cosine } from '../search/embeddings.js';
import type { StageContext } from './context.js';
import type { Pair } from './prefilter.js';
import { modelsOf } from './topic-models.js';

/** The document's and the topic's texts detection embeds for their similarity. */
export function detectionTexts(title: string, summary: string, topic: { name: string; description: string; query: string; keyEvents: string[] }): [string, string] {
  return [`${title}\n${summary}`, `${topic.name}. ${topic.description} ${topic.query} ${topic.keyEvents.join('. ')}`];
}

export interface Detected {
  eventId: number;
  status: string;
}

type EventRow = typeof events.$inferInsert;
const keyOf = (p: { userId: string; topicId: number; documentId: number }) => `${p.userId}|${p.topicId}|${p.documentId}`;

/** Detection for one (user, topic, document) pair: `detectPairs` of one. */
export async function detect(context: StageContext, pair: Pair): Promise<Detected | undefined> {
  return (await detectPairs(context, [pair]))[0];
}

/**
 * Detection for a batch of (user, topic, document) pairs: relevance with each user's events model,
 * then one event row per pair, PASS -> 'detected', DROP -> 'dropped'. What the batch judges is read
 * in three queries and its events written in one statement per 50 (a statement per pair cost the
 * built-in engine half its time on PGlite); a pair judged before is not judged again. A model
 * failure is recorded on a 'failed' row, after the rows judged before it, and thrown so the job
 * retries (a retry judges only what is left).
 */
export async function detectPairs(context: StageContext, pairs: Pair[]): Promise<(Detected | undefined)[]> {
  const read = await readPairs(context, pairs);
  const tally = new UsageTally();
  const judged: EventRow[] = [];
  const seen = new Set<string>();
  const settled: (Detected | undefined)[] = [];
  try {
    for (const [i, pair] of pairs.entries()) {
      const existing = read.existing.get(keyOf(pair));
      const topic = read.topics.get(pair.topicId);
      const doc = read.docs.get(pair.documentId);
      if (existing && existing.status !== 'failed') settled[i] = existing;
      else if (!doc || !topic || topic.topic.retiredAt || topic.topic.userId !== pair.userId) settled[i] = undefined;
      else if (!seen.has(keyOf(pair))) {
        seen.add(keyOf(pair));
        const row = await judge(context, pair, doc, topic, read.models.get(pair.topicId)!, tally);
        judged.push(row);
        // A language model's answers are written as they come (each took seconds).
        if (row.decisionAudit?.model_used !== 'builtin') await writeJudged(context, judged.splice(0), read.existing);
      }
    }
  } catch (error) {
    await writeJudged(context, judged, read.existing);
    await tally.flush(context.database.db);
    throw error;
  }
  await writeJudged(context, judged, read.existing);
  await tally.flush(context.database.db);
  return pairs.map((pair, i) => (i in settled ? settled[i] : read.existing.get(keyOf(pair))));
}

type PairReading = Awaited<ReturnType<typeof readPairs>>;
type DocRow = PairReading['docs'] extends Map<number, infer D> ? D : never;
type TopicJoin = PairReading['topics'] extends Map<number, infer T> ? T : never;

/** The batch's documents with their summaries, topics with their owners' models, and the events judged before. */
async function readPairs(context: StageContext, pairs: Pair[]) {
  const { db } = context.database;
  const documentIds = [...new Set(pairs.map((p) => p.documentId))];
  const topicIds = [...new Set(pairs.map((p) => p.topicId))];
  const docRows = await db.select({ doc: documents, summary: documentSummaries }).from(documents).leftJoin(documentSummaries, eq(documentSummaries.documentId, documents.id)).where(inArray(documents.id, documentIds));
  const topicRows = await db.select({ topic: topics, prefs: users.modelPreferences }).from(topics).innerJoin(users, eq(users.id, topics.userId)).where(inArray(topics.id, topicIds));
  const eventRows = await db
    .select({ id: events.id, status: events.status, userId: events.userId, topicId: events.topicId, documentId: events.documentId })
    .from(events)
    .where(and(inArray(events.topicId, topicIds), inArray(events.documentId, documentIds)));
  const live = topicRows.filter((r) => !r.topic.retiredAt).map((r) => r.topic);
  return {
    docs: new Map(docRows.map((r) => [r.doc.id, r])),
    topics: new Map(topicRows.map((r) => [r.topic.id, r])),
    existing: new Map(eventRows.map((e) => [keyOf(e), { eventId: e.id, status: e.status }])),
    models: await modelsOf(context, live),
  };
}

/** One pair's relevance, as the event row to write (a model failure is written and thrown). */
async function judge(context: StageContext, pair: Pair, { doc, summary: summaryRow }: DocRow, { topic, prefs }: TopicJoin, topicModel: NonNullable<TopicJoin['topic']['relevanceModel']>, tally: UsageTally): Promise<EventRow> {
  const summary = summaryRow?.summary ?? '';
  const [docVector, topicVector] = await context.search.embedder.embed(detectionTexts(doc.title, summary, topic));
  const similarity = Math.max(0, cosine(docVector!, topicVector!));
  const model = prefs.events_model ?? MODEL_DEFAULTS.events_model;
  const detectionDocuments = [
    { document_id: doc.id, title: doc.title, source: doc.publisher ?? 'Unknown', canonical_at: doc.canonicalAt.toISOString(), text: summary || doc.text.slice(0, 600), score: Math.round(similarity * 1000) / 1000, number: 1 },
  ];
  const base = { userId: pair.userId, topicId: pair.topicId, documentId: pair.documentId, prefilterScore: pair.score, detectionDocuments };
  const interactions: Record<string, unknown> = summaryRow ? { summarization: summaryRow.interaction } : {};
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
      { llm: context.config.llm, logger: context.logger, meter: usageMeter({ db: context.database.db, logger: context.logger, publicUrl: context.config.publicUrl, tally }, { userId: pair.userId, topicId: pair.topicId }) },
    );
    // The built-in engine decides at the topic's bar (its weighted total is 0.5 there); a language
    // model's weighted total is held to the topic's bar for it, which the reader's judgements move.
    const byModel = record.model_used !== 'builtin';
    const threshold = byModel ? topicModel.llmBar : DETECTION_THRESHOLD;
    const decision = byModel ? (output.scores.weighted_total >= threshold ? 'PASS' : 'DROP') : output.decision;
    return {
      ...base,
      status: decision === 'PASS' ? 'detected' : 'dropped',
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
  } catch (error) {
    if (error instanceof CapabilityError) {
      const failed = { ...base, status: 'failed' as const, error: error.message, llmInteractions: { ...interactions, relevance: error.record }, updatedAt: new Date() };
      await context.database.db
        .insert(events)
        .values({ ...failed, attempts: 1 })
        .onConflictDoUpdate({ target: [events.userId, events.topicId, events.documentId], set: failed, where: eq(events.status, 'failed') });
    }
    throw error;
  }
}

/** The columns a judged row sets, each to the value the statement proposed (ON CONFLICT's `excluded`). */
const JUDGED_COLUMNS = ['status', 'prefilterScore', 'detectionDocuments', 'detectionDecision', 'detectionRational', 'detectionScores', 'relevanceScore', 'decisionAudit', 'llmInteractions', 'error', 'updatedAt'] as const;
const fromProposed = Object.fromEntries(JUDGED_COLUMNS.map((column) => [column, sql.raw(`excluded.${events[column].name}`)]));

/**
 * Writes judged rows (a failed row of the pair is replaced; a row another run wrote meanwhile is
 * kept) and notes each pair's event in `known`.
 */
async function writeJudged(context: StageContext, rows: EventRow[], known: Map<string, Detected>): Promise<void> {
  const { db } = context.database;
  for (let i = 0; i < rows.length; i += 50) {
    const chunk = rows.slice(i, i + 50);
    const saved = await db
      .insert(events)
      .values(chunk)
      .onConflictDoUpdate({ target: [events.userId, events.topicId, events.documentId], set: fromProposed, where: eq(events.status, 'failed') })
      .returning({ id: events.id, status: events.status, userId: events.userId, topicId: events.topicId, documentId: events.documentId });
    for (const e of saved) known.set(keyOf(e), { eventId: e.id, status: e.status });
    const lost = chunk.filter((r) => !saved.some((e) => keyOf(e) === keyOf(r)));
    if (lost.length === 0) continue;
    const winners = await db
      .select({ id: events.id, status: events.status, userId: events.userId, topicId: events.topicId, documentId: events.documentId })
      .from(events)
      .where(and(inArray(events.topicId, lost.map((r) => r.topicId)), inArray(events.documentId, lost.map((r) => r.documentId))));
    for (const e of winners) known.set(keyOf(e), { eventId: e.id, status: e.status });
  }
}
