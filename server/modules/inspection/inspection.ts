import { ZArticleImpact } from '../../../contract/feed.js';
import { and, desc, eq, getTableColumns, gt, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import { COLLECTIONS } from '../../../contract/collections.js';
import type { TInspectionArticle, TInspectionDetail, TInspectionDocument, TInspectionItem, TTimelineMode } from '../../../contract/inspection.js';
import type { DbOrTx } from '../../db/client.js';
import { documents, documentSummaries, events, relevanceJudgements, stories, topics } from '../../db/schema/index.js';
import { sentences } from '../../intelligence/capabilities/summarise.js';
import { describeAlertDecision } from '../../pipeline/alert-policy.js';
import { isJudgement } from '../../../contract/judgement-text.js';
import { num, parseJson, parseList, record, text } from '../../../contract/tolerant-json.js';

/*
 * The internal timeline's reads. One events row serves as event and
 * article; every JSON field is read tolerantly, since other writers (language models, older
 * versions) may have produced it.
 */

const parsed = parseJson;
const list = parseList;
const strings = (value: unknown): string[] => list(value).map((v) => (typeof v === 'string' ? v : text(record(v)?.text ?? record(v)?.name))).filter((v) => v.trim() !== '');
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The relevance score: the stored one, else detection's weighted total. */
const scoreSql = sql<number | null>`coalesce(${events.relevanceScore}, (${events.detectionScores} ->> 'weighted_total')::float8)`;

/** Order, relevance rank and QA rank over all the user's events, so they do not change with the mode. */
function rankedEvents(db: DbOrTx, userId: string) {
  return db.$with('ranked').as(
    db
      .select({
        id: sql<number>`${events.id}`.as('ranked_id'),
        position: sql<number>`row_number() over (order by ${events.createdAt} desc, ${events.id} desc)`.as('position'),
        relevancePosition: sql<number | null>`case when ${events.status} = 'detected' then rank() over (partition by ${events.status} = 'detected' order by ${scoreSql} desc nulls last) end`.as('relevance_position'),
        qaPosition: sql<number | null>`case when ${events.finalRank} > 0 then rank() over (partition by coalesce(${events.finalRank}, 0) > 0 order by ${events.finalRank} desc nulls last) end`.as('qa_position'),
      })
      .from(events)
      .where(eq(events.userId, userId)),
  );
}

const titleSql = sql`nullif(btrim(${events.article} ->> 'title'), '')`;

export function modeFilter(mode: TTimelineMode): SQL | undefined {
  if (mode === 'articles') return and(eq(events.articleGenerated, true), sql`${titleSql} is not null`);
  if (mode === 'qa') return and(gt(events.finalRank, 0), isNotNull(events.qaAt));
  return undefined;
}

export function modeOrder(mode: TTimelineMode): SQL[] {
  if (mode === 'articles') return [sql`${events.articleGeneratedAt} desc nulls last`, desc(events.id)];
  if (mode === 'qa') return [desc(events.qaAt), sql`${events.finalRank} desc nulls last`, desc(events.id)];
  return [desc(events.createdAt), desc(events.id)];
}

type EventRow = typeof events.$inferSelect;
interface Row {
  event: EventRow;
  /** The models named by the event's interaction records, when the select left the records out. */
  models?: string[] | null;
  topicName: string;
  doc: { id: number; title: string; publisher: string | null; canonicalAt: Date; url: string | null; collectionId: number };
  summary: { summary: string; keyFacts: string[] } | null;
  /** The reader's judgement on the event's document for its topic. */
  judgement: { judgement: string; at: Date } | null;
  position: number;
  relevancePosition: number | null;
  qaPosition: number | null;
}

/**
 * The items of a user with their document, summary and ranks. `interactions: false` leaves each
 * event's interaction records (every stage's prompt and answer, about 50 kB an article) in the
 * database, and reads only the names of the models that wrote them (`models`): the export needs no
 * more, and 200 articles' records were 10 MB to read and parse.
 */
export function select(db: DbOrTx, userId: string, options: { interactions?: boolean } = {}) {
  const ranked = rankedEvents(db, userId);
  const interactions = options.interactions !== false;
  return db
    .with(ranked)
    .select({
      event: interactions ? events : { ...getTableColumns(events), llmInteractions: sql<Record<string, unknown>>`'{}'::jsonb`.as('no_interactions') },
      models: interactions ? sql<string[] | null>`null` : sql<string[] | null>`(select array_agg(distinct m.model) from jsonb_each(${events.llmInteractions}) as s, lateral (select case jsonb_typeof(s.value) when 'object' then s.value ->> 'model_used' when 'string' then substring(s.value #>> '{}' from '"model_used"\s*:\s*"([^"]+)"') end as model) as m where m.model <> '')`,
      topicName: topics.name,
      doc: { id: documents.id, title: documents.title, publisher: documents.publisher, canonicalAt: documents.canonicalAt, url: documents.url, collectionId: documents.collectionId },
      summary: { summary: documentSummaries.summary, keyFacts: documentSummaries.keyFacts },
      judgement: { judgement: relevanceJudgements.judgement, at: relevanceJudgements.updatedAt },
      position: ranked.position,
      relevancePosition: ranked.relevancePosition,
      qaPosition: ranked.qaPosition,
    })
    .from(events)
    .innerJoin(ranked, eq(ranked.id, events.id))
    .innerJoin(topics, eq(topics.id, events.topicId))
    .innerJoin(documents, eq(documents.id, events.documentId))
    .leftJoin(documentSummaries, eq(documentSummaries.documentId, events.documentId))
    // One judgement per user, topic and document: the event's own, on the judgements' unique index.
    .leftJoin(relevanceJudgements, and(eq(relevanceJudgements.userId, events.userId), eq(relevanceJudgements.topicId, events.topicId), eq(relevanceJudgements.documentId, events.documentId)));
}

function topicAssignments(a: Record<string, unknown>, topicName: string, rationale: string | null) {
  const assigned = list(a.topic_assignments).flatMap((item) => {
    const r = record(item);
    const topic = r ? text(r.topicName ?? r.topic ?? r.topicId ?? r.topicNumber) : '';
    return topic ? [{ topic, reasoning: text(r!.reasoning) }] : [];
  });
  return assigned.length ? assigned : [{ topic: topicName, reasoning: rationale ?? '' }];
}

/** What an item is about: its document's summary, else its title. */
export const eventSummary = (summary: string | null | undefined, title: string | null | undefined) => summary?.trim() || title || 'Untitled';

export function presentItem(row: Row): TInspectionItem {
  const { event, doc } = row;
  const a = record(event.article) ?? {};
  const title = text(a.title).trim();
  const assignments = topicAssignments(a, row.topicName, event.detectionRational);
  const relevanceToTopics = text(a.relevance_to_topics) || assignments.map((t) => (t.reasoning ? `${t.topic}: ${t.reasoning}` : t.topic)).join('\n') || null;
  return {
    id: event.id,
    created_at: event.createdAt.toISOString(),
    updated_at: event.updatedAt.toISOString(),
    status: event.status,
    topic: { id: event.topicId, name: row.topicName },
    document: { id: doc.id, title: doc.title || 'Untitled', source: doc.publisher ?? 'Unknown', canonical_at: doc.canonicalAt.toISOString(), url: doc.url, collection_id: doc.collectionId },
    rank: Number(row.position),
    relevance_score: event.relevanceScore ?? num(event.detectionScores?.weighted_total),
    relevance_rank: event.relevanceRank ?? (row.relevancePosition === null ? null : Number(row.relevancePosition)),
    final_rank: event.finalRank,
    qa_rank: row.qaPosition === null ? null : Number(row.qaPosition),
    qa_at: iso(event.qaAt),
    alerted_at: iso(event.alertedAt),
    alert_decision: event.alertDecision ? describeAlertDecision(event.alertDecision) : null,
    published_at: iso(event.publishedAt),
    consolidated_at: iso(event.consolidatedAt),
    article_generated_at: iso(event.articleGeneratedAt ?? (event.articleGenerated ? event.publishedAt : null)),
    initialization: event.initialization,
    event_summary: eventSummary(row.summary?.summary, doc.title),
    detection_decision: event.detectionDecision,
    novel: event.novel,
    novelty_score: event.noveltyScore,
    researched: event.researched,
    research_error: event.researchError,
    query_count: list(event.queries).length,
    article_generated: event.articleGenerated,
    article_title: title || null,
    error: event.articleGenerationError ?? event.error,
    relevance_to_topics: relevanceToTopics,
    // About the user (their profile), not the topic's reasoning again: the article's impact says why it matters to them.
    relevance_to_user: text(a.relevance_to_user) || whyItMatters(a.impact) || null,
    language: event.language ?? (text(a.language) || null),
    reader_judgement: row.judgement && isJudgement(row.judgement.judgement) ? { judgement: row.judgement.judgement, at: row.judgement.at.toISOString() } : null,
  };
}

/** The article as Markdown (the detailed view's 'Full Article (Markdown)' and the export). */
export function articleMarkdown(a: Pick<TInspectionArticle, 'title' | 'superhead' | 'introduction' | 'bullet_points' | 'sections' | 'references' | 'disclosure'>): string {
  const parts: string[] = [`# ${a.title}`];
  if (a.superhead) parts.push(`*${a.superhead}*`);
  if (a.introduction) parts.push(a.introduction);
  if (a.bullet_points.length) parts.push(a.bullet_points.map((p) => `- ${p}`).join('\n'));
  for (const s of a.sections) parts.push(s.heading ? `## ${s.heading}\n\n${s.content}` : s.content);
  if (a.references.length) parts.push(`## References\n\n${a.references.map((r) => `${r.number}. ${r.title} (${r.source}${r.date ? `, ${r.date.slice(0, 10)}` : ''})`).join('\n')}`);
  if (a.disclosure) parts.push(`---\n\n${a.disclosure}`);
  return parts.join('\n\n');
}

type DocInfo = { id: number; title: string; publisher: string | null; url: string | null; canonicalAt: Date; text: string; metadata: Record<string, unknown>; tokenCount: number; wordCount: number; collectionId: number };

function sourceType(strategy: string, index: number): TInspectionDocument['source_type'] {
  if (strategy === 'event document' || (index === 0 && !strategy)) return 'Original Event';
  if (strategy === 'research') return 'Research Query Result';
  if (strategy === 'history' || strategy === 'historical') return 'Historical Document';
  return 'Supporting Document';
}

function supportingDocuments(value: unknown, docs: Map<number, DocInfo>): TInspectionDocument[] {
  return list(value).flatMap((item, index) => {
    const r = record(item);
    const id = r ? num(r.document_id ?? r.id) : null;
    if (!r || id === null) return [];
    const stored = docs.get(id);
    const final = num(r.final_reference_number);
    const strategy = text(r.strategy_used);
    const collectionId = num(r.collection_id) ?? stored?.collectionId ?? null;
    const metadata = parsed(r.metadata);
    return [
      {
        document_id: id,
        title: text(r.title ?? r.name) || stored?.title || 'Untitled',
        source: text(r.source) || stored?.publisher || 'Unknown',
        source_type: (['Original Event', 'Supporting Document', 'Historical Document', 'Research Query Result'] as const).find((t) => t === r.source_type) ?? sourceType(strategy, index),
        url: stored?.url ?? null,
        date: text(r.date ?? r.canonical_at ?? r.canonical_date ?? r.published_at) || iso(stored?.canonicalAt) || null,
        initial_reference_number: num(r.initial_reference_number ?? r.number),
        final_reference_number: final,
        was_cited: typeof r.was_cited === 'boolean' ? r.was_cited : final !== null,
        text_content: text(r.text_content) || stored?.text.slice(0, 20_000) || '',
        metadata: typeof r.metadata === 'string' ? r.metadata : JSON.stringify(record(metadata) ?? (stored ? { title: stored.title, publisher: stored.publisher, url: stored.url, canonical_at: iso(stored.canonicalAt), ...stored.metadata } : {}), null, 2),
        score: num(r.score ?? r.vector_score ?? r.similarity),
        token_count: num(r.token_count) ?? stored?.tokenCount ?? null,
        word_count: stored?.wordCount ?? null,
        strategy_used: strategy || null,
        collection_id: collectionId,
        collection: COLLECTIONS.find((c) => c.id === collectionId)?.name ?? null,
      },
    ];
  });
}

function presentArticle(a: Record<string, unknown>, row: Row, docs: Map<number, DocInfo>): TInspectionArticle {
  const sections = list(a.sections).flatMap((item) => {
    const r = record(item);
    if (!r) return typeof item === 'string' && item.trim() ? [{ heading: '', content: item }] : [];
    return [{ heading: text(r.heading ?? r.title), content: text(r.content ?? r.text ?? r.body) }];
  });
  const references = list(a.references).flatMap((item, index) => {
    const r = record(item);
    const documentId = r ? (r.document_id ?? r.documentId ?? r.id) : undefined;
    if (!r || (typeof documentId !== 'number' && typeof documentId !== 'string')) return [];
    return [{ number: num(r.number) ?? index + 1, title: text(r.title ?? r.name, 'Untitled') || 'Untitled', source: text(r.source, 'Unknown') || 'Unknown', date: text(r.date ?? r.published_at), document_id: documentId }];
  });
  const base = {
    title: text(a.title) || 'Untitled Article',
    superhead: text(a.superhead ?? a.theme),
    introduction: text(a.introduction),
    bullet_points: strings(a.clean_bullet_points ?? a.bullet_points),
    sections,
    references,
    disclosure: text(a.disclosure),
  };
  return {
    ...base,
    markdown: text(a.markdown) || articleMarkdown(base),
    topic_assignments: topicAssignments(a, row.topicName, row.event.detectionRational),
    suggested_new_topics: list(a.suggested_new_topics).flatMap((item) => {
      const r = record(item);
      const topic = r ? text(r.topic ?? r.name) : '';
      return topic ? [{ topic, reasoning: text(r!.reasoning) }] : [];
    }),
    supporting_documents: supportingDocuments(a.supporting_documents ?? a.documents, docs),
    qa_reason: text(a.qa_reason) || null,
  };
}

function dataTable(value: unknown): TInspectionDetail['data_table'] {
  const r = record(parsed(value));
  if (!r || !Array.isArray(r.columns) || !Array.isArray(r.rows)) return null;
  const columns = r.columns.map((c) => text(c)).filter(Boolean);
  const rows = r.rows.filter((row): row is unknown[] | Record<string, unknown> => Array.isArray(row) || record(row) !== null);
  return columns.length && rows.length ? { columns, rows } : null;
}

function presentDetail(row: Row, docs: Map<number, DocInfo>, storyTitle: string | null): TInspectionDetail {
  const { event, doc } = row;
  const a = record(event.article);
  const source = { source: doc.publisher ?? 'Unknown', source_id: doc.id, event_uuid: null };
  const facts = (row.summary?.keyFacts ?? []).map((fact) => ({ fact, sources: [source] }));
  const summary = row.summary?.summary?.trim() ?? '';
  const firstSentence = sentences(summary)[0] ?? summary;
  const takeaway = a ? parsed(a.actionable_takeaway) : null;
  const relevanceOutput = record(parsed(record(event.llmInteractions.relevance)?.llm_response));
  return {
    ...presentItem(row),
    short_summary: firstSentence || null,
    long_summary: summary || null,
    supporting_facts: facts,
    anchor_fact: facts[0] ?? null,
    actionable_takeaway: Array.isArray(takeaway) ? takeaway.map((t) => text(t)).filter(Boolean) : typeof takeaway === 'string' && takeaway.trim() ? takeaway : null,
    data_table: a ? dataTable(a.data_table) : null,
    entities: strings(a?.entities ?? relevanceOutput?.entities),
    places: strings(a?.places ?? relevanceOutput?.places),
    action_outcome: strings(a?.action_outcome ?? relevanceOutput?.action_outcome),
    assigned_questions_mapped: (a ? topicAssignments(a, row.topicName, null) : [{ topic: row.topicName }]).map((t) => t.topic),
    detection_documents: list(event.detectionDocuments),
    detection_rational: event.detectionRational,
    detection_scores: event.detectionScores ?? null,
    decision_audit: event.decisionAudit ?? null,
    novelty_summary: event.noveltySummary,
    novelty_reason: event.noveltyReason,
    novel_facts: event.novelFacts ?? null,
    known_facts: event.knownFacts ?? null,
    novelty_documents: event.noveltyDocuments ?? null,
    skip_reason: event.skipReason,
    phase_change: event.phaseChange,
    phase_change_explanation: event.phaseChangeExplanation,
    story: event.storyId && storyTitle !== null ? { id: event.storyId, title: storyTitle } : null,
    queries: list(event.queries),
    article: a && event.articleGenerated ? presentArticle(a, row, docs) : null,
    article_generation_error: event.articleGenerationError,
    llm_interactions: record(event.llmInteractions) ?? {},
  };
}

/** The internal timeline: one page of the mode's items and the count of every mode. */
export async function listInspection(db: DbOrTx, userId: string, query: { mode: TTimelineMode; topicId?: number; page: number; pageSize: number }) {
  const filters: SQL[] = [eq(events.userId, userId)];
  if (query.topicId) filters.push(eq(events.topicId, query.topicId));
  const mode = modeFilter(query.mode);
  const rows = await select(db, userId)
    .where(and(...filters, ...(mode ? [mode] : [])))
    .orderBy(...modeOrder(query.mode))
    .limit(query.pageSize + 1)
    .offset((query.page - 1) * query.pageSize);
  const [counts] = await db
    .select({
      events: sql<number>`count(*)::int`,
      articles: sql<number>`(count(*) filter (where ${modeFilter('articles')}))::int`,
      qa: sql<number>`(count(*) filter (where ${modeFilter('qa')}))::int`,
    })
    .from(events)
    .where(and(...filters));
  return {
    articles: rows.slice(0, query.pageSize).map(presentItem),
    page: query.page,
    has_next: rows.length > query.pageSize,
    counts: { events: counts?.events ?? 0, articles: counts?.articles ?? 0, qa: counts?.qa ?? 0 },
    mode: query.mode,
  };
}

/**
 * The items' details. `documents: false` leaves out what the supporting documents' store rows add
 * (their text, address, metadata): the export shows none of it.
 */
export async function details(db: DbOrTx, rows: Row[], options: { documents?: boolean } = {}): Promise<TInspectionDetail[]> {
  const ids = new Set<number>();
  if (options.documents !== false) for (const row of rows) for (const d of list(record(row.event.article)?.supporting_documents)) {
    const id = num(record(d)?.document_id ?? record(d)?.id);
    if (id !== null) ids.add(id);
  }
  const docs = new Map<number, DocInfo>();
  if (ids.size) {
    const found = await db
      .select({ id: documents.id, title: documents.title, publisher: documents.publisher, url: documents.url, canonicalAt: documents.canonicalAt, text: documents.text, metadata: documents.metadata, tokenCount: documents.tokenCount, wordCount: documents.wordCount, collectionId: documents.collectionId })
      .from(documents)
      .where(inArray(documents.id, [...ids]));
    for (const d of found) docs.set(d.id, d);
  }
  const storyIds = [...new Set(rows.map((r) => r.event.storyId).filter((id): id is number => id !== null))];
  const titles = new Map(storyIds.length ? (await db.select({ id: stories.id, title: stories.title }).from(stories).where(inArray(stories.id, storyIds))).map((s) => [s.id, s.title]) : []);
  return rows.map((row) => presentDetail(row, docs, row.event.storyId ? (titles.get(row.event.storyId) ?? null) : null));
}

/** One item's details, when it belongs to the user. */
export async function getInspectionDetail(db: DbOrTx, userId: string, eventId: number): Promise<TInspectionDetail | undefined> {
  const rows = await select(db, userId).where(and(eq(events.userId, userId), eq(events.id, eventId)));
  return rows.length ? (await details(db, rows))[0] : undefined;
}

/** The impact assessment's "why it matters to you", with its reference markers; '' when the article has none. */
function whyItMatters(impact: unknown): string {
  const parsed = ZArticleImpact.safeParse(impact);
  const why = parsed.success ? parsed.data.why_it_matters : null;
  return why ? `${why.text}${why.references.length ? ` ${why.references.map((n) => `[${n}]`).join('')}` : ''}` : '';
}
