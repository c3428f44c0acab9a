import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { sourceTemplates } from '../documents/source-sentences.js';
import { MODEL_DEFAULTS } from '../../contract/models.js';
import { documents, documentSummaries, events, topics } from '../db/schema/index.js';
import { ARTICLE_FAULTS, articleFaults, type CheckedArticle } from '../intelligence/capabilities/article-faults.js';
import { compose } from '../intelligence/capabilities/compose.js';
import { distinctTitle } from '../intelligence/capabilities/titles.js';
import { rank } from '../intelligence/capabilities/rank.js';
import { planResearch } from '../intelligence/capabilities/research.js';
import { usageMeter } from '../billing/meter.js';
import { runCapability } from '../intelligence/engine.js';
import { budgetFallbackOf, type InteractionRecord } from '../intelligence/types.js';
import { BILLING_TEXT } from '../../contract/billing-text.js';
import { searchChunks } from '../search/search.js';
import { originalDate, ownDate } from '../db/original-date.js';
import { extractEntitiesOffThread } from '../intelligence/builtin/entity-pool.js';
import type { StageContext } from './context.js';
import { assessArticleImpact, documentRecord, reportedSource } from './impact.js';
import { loadStageEvent } from './stage-rows.js';

/** Research keeps results scoring at least this, at most this many documents. */
export const RESEARCH_MIN_SCORE = 0.3;
export const RESEARCH_MAX_DOCUMENTS = 5;

/** A research result older or newer than the event by more than this is not its background, unless it is in the event's story. */
export const BACKGROUND_MAX_DAYS = 365;
/**
 * Background comes before the event: a result published more than this after it (by original
 * dates; a replayed 1996 article finds 2003 minutes in the store) is not its background, in its
 * story or not.
 */
export const BACKGROUND_AFTER_DAYS = 2;

/** Whether a result dated `candidate` can be background to an event dated `event` (not from after it). */
export function backgroundInTime(event: Date, candidate: Date): boolean {
  return candidate.getTime() <= event.getTime() + BACKGROUND_AFTER_DAYS * 86_400_000;
}

interface Relation {
  entities: Set<string>;
  date: Date;
}


/**
 * Whether a research result can be the event's background: it names one of the event document's
 * people, places or organisations, within BACKGROUND_MAX_DAYS of it (by original dates). Search
 * finds documents that share words with the event; a 1999 meeting schedule shares "Federal Open
 * Market Committee" with 2012 projections, but it is not their background. Results in the event's
 * own story always qualify.
 */
export function relatedToEvent(event: Relation, candidate: Relation): boolean {
  if (Math.abs(event.date.getTime() - candidate.date.getTime()) > BACKGROUND_MAX_DAYS * 86_400_000) return false;
  for (const entity of candidate.entities) if (event.entities.has(entity)) return true;
  return false;
}

/**
 * The QA decision on a composed article: the rank its QA gave it, unless the article has a fault a
 * professional would not forward (boilerplate or a fragment as a point, unrelated background, a
 * metric without a label...), whoever wrote and scored it: then it is not recommended (rank 0,
 * the faults in the reason). It stays in the feed but is neither a Top News pick nor an alert.
 */
export function qaVerdict(qa: { final_rank: number; reason: string }, article: CheckedArticle): { finalRank: number; reason: string } {
  const faults = articleFaults(article);
  if (faults.length === 0) return { finalRank: qa.final_rank, reason: qa.reason };
  return { finalRank: 0, reason: `${qa.reason} Not recommended: ${faults.map((f) => ARTICLE_FAULTS[f]).join('; ')}.` };
}

/**
 * An article any of whose stages the built-in engine answered because a monthly AI budget is
 * spent says so in its Disclosure (the member's budget named before the account's).
 */
export function discloseBudget(article: { disclosure: string }, records: InteractionRecord[]): void {
  const spent = records.map(budgetFallbackOf);
  const whose = spent.includes('member') ? 'member' : spent.includes('account') ? 'account' : undefined;
  if (!whose) return;
  const sentence = whose === 'member' ? BILLING_TEXT.memberBudgetReachedDisclosure : BILLING_TEXT.budgetReachedDisclosure;
  if (!article.disclosure.includes(sentence)) article.disclosure = `${article.disclosure.trim()} ${sentence}`.trim();
}

/**
 * Research -> composition -> QA rank for one novel event, then it is published to the user's
 * feed (published_at). Skips events that are not detected and novel, merged, or already written;
 * so a re-run after a crash writes nothing twice.
 *
 * `update`: a later report was merged into an event whose article is published (consolidation):
 * the article is composed again with it, in place. Its rank, publication time and alert stay as
 * they were (a story alerts once), and article_updated_at says when it changed.
 */
export async function writeArticle(context: StageContext, eventId: number, options: { update?: boolean } = {}): Promise<{ published: boolean; rank: number; updated?: boolean } | undefined> {
  const { db } = context.database;
  const row = await loadStageEvent(db, eventId);
  if (!row) return undefined;
  const { event, doc, topic } = row;
  if (event.status !== 'detected' || event.novel !== true || event.mergedIntoId || event.articleGenerated !== Boolean(options.update)) return undefined;
  const model = (field: keyof typeof MODEL_DEFAULTS) => row.prefs[field] ?? MODEL_DEFAULTS[field];
  // Events consolidated into this one: their topics are this article's too, their documents cite first.
  const merged = await db
    .select({ topicId: topics.id, topicName: topics.name, rationale: events.detectionRational, doc: documents, summary: documentSummaries.summary })
    .from(events)
    .innerJoin(topics, eq(topics.id, events.topicId))
    .innerJoin(documents, eq(documents.id, events.documentId))
    .leftJoin(documentSummaries, eq(documentSummaries.documentId, events.documentId))
    .where(eq(events.mergedIntoId, eventId));
  const engine = { llm: context.config.llm, logger: context.logger, meter: usageMeter({ db, logger: context.logger, publicUrl: context.config.publicUrl }, { userId: event.userId, topicId: event.topicId }) };
  const novelFacts = (event.novelFacts ?? []).map((f) => f.fact);

  // Research: the plan's queries against our own search.
  const plan = await runCapability(planResearch, { topic: { name: topic.name, keyEntities: topic.keyEntities }, event: { title: doc.title, summary: row.summary?.summary ?? '', novelFacts } }, model('article_research_model'), engine);
  const found = new Map<number, { score: number; query: number }>();
  const queries = [];
  for (const [i, q] of plan.output.queries.entries()) {
    const result = await searchChunks(context.database, context.search, { query: q.query, limit: 10, offset: 0, minScore: RESEARCH_MIN_SCORE });
    const ids = [...new Set(result.results.map((r) => r.metadata.document_id))].filter((id) => id !== doc.id);
    for (const r of result.results) {
      const id = r.metadata.document_id;
      if (id === doc.id) continue;
      if (!found.has(id) || found.get(id)!.score < r.score) found.set(id, { score: r.score, query: i });
    }
    queries.push({ statement: q.statement, query: q.query, sources: ids.slice(0, 5), strategy_used: result.mode });
  }
  const mergedDocs = new Map(merged.filter((m) => m.doc.id !== doc.id).map((m) => [m.doc.id, m]));
  for (const id of mergedDocs.keys()) found.delete(id);
  // The best results, read a few more than needed: those unrelated to the event leave (relatedToEvent).
  const ranked = [...found].sort((a, b) => b[1].score - a[1].score).slice(0, RESEARCH_MAX_DOCUMENTS * 2);
  const candidateRows = ranked.length
    ? await db
        .select({ doc: documents, summary: documentSummaries.summary })
        .from(documents)
        .leftJoin(documentSummaries, eq(documentSummaries.documentId, documents.id))
        .where(inArray(documents.id, ranked.map(([id]) => id)))
    : [];
  const sameStory = new Set(
    event.storyId && ranked.length
      ? (await db.select({ id: events.documentId }).from(events).where(and(eq(events.userId, event.userId), eq(events.storyId, event.storyId), inArray(events.documentId, ranked.map(([id]) => id))))).map((r) => r.id)
      : [],
  );
  // Names of the event and its candidates in one call to the entity pool's threads (compromise is
  // slow for the event loop), results of the event's own story need none.
  const unsure = candidateRows.filter((r) => !sameStory.has(r.doc.id));
  const names = await extractEntitiesOffThread([{ title: doc.title, text: row.summary?.summary || doc.text }, ...unsure.map((r) => ({ title: r.doc.title, text: r.summary || r.doc.text }))]);
  const mainRelation: Relation = { entities: new Set(names[0]), date: originalDate(doc) };
  const related = new Set([
    ...sameStory,
    ...unsure.filter((r, i) => relatedToEvent(mainRelation, { entities: new Set(names[i + 1]), date: originalDate(r.doc) })).map((r) => r.doc.id),
  ]);
  const earlier = new Set(candidateRows.filter((r) => backgroundInTime(originalDate(doc), originalDate(r.doc))).map((r) => r.doc.id));
  const chosen = ranked.filter(([id]) => related.has(id) && earlier.has(id)).slice(0, RESEARCH_MAX_DOCUMENTS);
  const byId = new Map(candidateRows.map((r) => [r.doc.id, r]));
  const asSupporting = (d: typeof doc, summary: string | null, score: number, strategy: string) => ({
    documentId: d.id,
    title: d.title,
    text: d.text,
    summary: summary ?? '',
    publisher: d.publisher,
    date: originalDate(d).toISOString(),
    published: ownDate(d)?.toISOString() ?? null,
    collectionId: d.collectionId,
    language: d.language,
    score,
    strategy,
  });
  const supportingRows = [
    ...[...mergedDocs.values()].map((m) => ({ ...m, score: 1, strategy: 'consolidated event' })),
    ...chosen.flatMap(([id, hit]) => {
      const r = byId.get(id);
      return r ? [{ ...r, score: hit.score, strategy: 'research' }] : [];
    }),
  ];
  // What each document's source repeats is its template: quoted nowhere in the article.
  const [mainTemplate, ...templates] = await sourceTemplates(db, [doc, ...supportingRows.map((r) => r.doc)]);
  const supporting = supportingRows.map((r, i) => ({ ...asSupporting(r.doc, r.summary, r.score, r.strategy), sourceTemplate: templates[i] }));

  const article = await runCapability(
    compose,
    {
      topic: { name: topic.name, keyEntities: topic.keyEntities },
      main: { documentId: doc.id, title: doc.title, text: doc.text, summary: row.summary?.summary ?? '', keyFacts: row.summary?.keyFacts ?? [], publisher: doc.publisher, date: originalDate(doc).toISOString(), published: ownDate(doc)?.toISOString() ?? null, collectionId: doc.collectionId, score: 1, sourceTemplate: mainTemplate, record: documentRecord(reportedSource(doc)) },
      supporting,
      novelFacts,
      knownFacts: (event.knownFacts ?? []).map((f) => f.fact),
      phaseChange: event.phaseChangeExplanation,
      language: doc.language,
    },
    model('article_composition_model'),
    engine,
  );
  const a = article.output;
  const impactSources: Parameters<typeof assessArticleImpact>[3] = [reportedSource(doc), ...supporting];
  // Fourteen 'FOMC statement's cannot be told apart: a title the reader already has leads with the date.
  const [taken] = await db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.userId, event.userId), eq(events.articleGenerated, true), ne(events.id, eventId), sql`${events.article}->>'title' = ${a.title}`))
    .limit(1);
  if (taken) a.title = distinctTitle(a.title, originalDate(doc).toISOString());
  const cited = new Set(a.references.map((r) => r.document_id));
  const initial = [doc.id, ...supporting.map((s) => s.documentId)];
  const supportingDocuments = [{ documentId: doc.id, title: doc.title, publisher: doc.publisher, date: originalDate(doc).toISOString(), collectionId: doc.collectionId, score: 1, strategy: 'event document' }, ...supporting].map((s, i) => ({
    document_id: s.documentId,
    title: s.title || 'Untitled',
    source: s.publisher ?? 'Unknown',
    date: s.date,
    initial_reference_number: i + 1,
    final_reference_number: a.references.find((r) => r.document_id === s.documentId)?.number ?? null,
    was_cited: cited.has(s.documentId),
    score: s.score,
    collection_id: s.collectionId,
    strategy_used: s.strategy,
  }));
  const topicAssignments = [
    { topicId: topic.id, topicName: topic.name, reasoning: event.detectionRational },
    ...merged.filter((m, i) => m.topicId !== topic.id && merged.findIndex((n) => n.topicId === m.topicId) === i).map((m) => ({ topicId: m.topicId, topicName: m.topicName, reasoning: m.rationale })),
  ];
  const now = new Date();
  if (options.update) {
    const previous = event.article ?? {};
    const assessed = await assessArticleImpact(context, row, a, impactSources, event.finalRank ?? 0);
    discloseBudget(a, [plan.record, article.record, assessed.record]);
    const updated = await db
      .update(events)
      .set({
        queries,
        article: { ...a, actionable_takeaway: assessed.takeaway, takeaway_basis: assessed.takeawayBasis, impact: assessed.impact, supporting_documents: supportingDocuments, initial_reference_order: initial, topic_assignments: topicAssignments, qa_reason: previous.qa_reason, ...(previous.catch_up ? { catch_up: true } : {}) },
        language: a.language,
        articleUpdatedAt: now,
        llmInteractions: sql`${events.llmInteractions} || ${JSON.stringify({ research_update: plan.record, article_update: article.record, impact_update: assessed.record })}::jsonb`,
        updatedAt: now,
      })
      .where(and(eq(events.id, eventId), eq(events.articleGenerated, true)))
      .returning({ rank: events.finalRank });
    return updated.length ? { published: true, rank: updated[0]!.rank ?? 0, updated: true } : undefined;
  }
  const qa = await runCapability(
    rank,
    {
      relevance: Number(event.detectionScores?.weighted_total ?? 0),
      novelty: event.noveltyScore ?? 0,
      phaseChange: Boolean(event.phaseChange),
      references: a.references.length,
      ageHours: (Date.now() - doc.canonicalAt.getTime()) / 3_600_000,
      title: a.title,
    },
    model('qa_model'),
    engine,
  );
  const { finalRank, reason: qaReason } = qaVerdict(qa.output, a);
  const assessed = await assessArticleImpact(context, row, a, impactSources, finalRank);
  discloseBudget(a, [plan.record, article.record, qa.record, assessed.record]);
  const updated = await db
    .update(events)
    .set({
      researched: true,
      queries,
      article: { ...a, actionable_takeaway: assessed.takeaway, takeaway_basis: assessed.takeawayBasis, impact: assessed.impact, supporting_documents: supportingDocuments, initial_reference_order: initial, topic_assignments: topicAssignments, qa_reason: qaReason, ...(event.initialization ? { catch_up: true } : {}) },
      articleGenerated: true,
      language: a.language,
      finalRank,
      qaAt: now,
      publishedAt: now,
      llmInteractions: sql`${events.llmInteractions} || ${JSON.stringify({ research: plan.record, article: article.record, qa: qa.record, impact: assessed.record })}::jsonb`,
      updatedAt: now,
    })
    .where(and(eq(events.id, eventId), eq(events.articleGenerated, false)))
    .returning({ id: events.id });
  return updated.length ? { published: true, rank: finalRank } : undefined;
}
