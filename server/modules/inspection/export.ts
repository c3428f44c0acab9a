import { and, desc, eq, sql } from 'drizzle-orm';
import type { TArticlesData, TExportArticle, TExportData, TExportEvent, TInspectionDetail, TTimelineMode } from '../../../contract/inspection.js';
import type { DbOrTx } from '../../db/client.js';
import { documents, documentSummaries, events } from '../../db/schema/index.js';
import { num, parseJson as parsed, record, text } from '../../../contract/tolerant-json.js';
import { details, eventSummary, modeFilter, modeOrder, select } from './inspection.js';

/*
 * The Export Data modal's reads: the timeline's three lists with the fields
 * their Markdown shows, and the interaction records of one stage. The interview lives in
 * interview-export.ts.
 */

/** The export's three lists (newest first, at most `limit` each): the fields their Markdown shows. */
export async function exportData(db: DbOrTx, userId: string, limit: number): Promise<TExportData>;
/** Without the events: the article lists alone (GET /articles-data/). */
export async function exportData(db: DbOrTx, userId: string, limit: number, options: { events: false }): Promise<TArticlesData>;
export async function exportData(db: DbOrTx, userId: string, limit: number, options: { events: boolean } = { events: true }): Promise<TExportData | TArticlesData> {
  const models = new Set<string>();
  const page = async (mode: TTimelineMode) => {
    const filter = modeFilter(mode);
    const rows = await select(db, userId, { interactions: false })
      .where(and(eq(events.userId, userId), ...(filter ? [filter] : [])))
      .orderBy(...modeOrder(mode))
      .limit(limit);
    // The models that actually produced the data: the export's footer names them.
    for (const row of rows) for (const model of row.models ?? []) if (model) models.add(model);
    return details(db, rows, { documents: false });
  };
  const base = (d: TInspectionDetail) => ({ id: d.id, created_at: d.created_at, status: d.status, topic: d.topic, document: d.document, event_summary: d.event_summary });
  const article = (d: TInspectionDetail): TExportArticle => ({
    ...base(d),
    article_title: d.article_title,
    article_generated_at: d.article_generated_at,
    final_rank: d.final_rank,
    qa_at: d.qa_at,
    alerted_at: d.alerted_at,
    article_generation_error: d.article_generation_error,
    article: d.article ? { title: d.article.title, markdown: d.article.markdown, qa_reason: d.article.qa_reason } : null,
  });
  const events_ = options.events
    ? (await page('events')).map((d): TExportEvent => ({
      ...base(d),
      detection_decision: d.detection_decision,
      relevance_score: d.relevance_score,
      novel: d.novel,
      novelty_score: d.novelty_score,
      supporting_facts: d.supporting_facts,
      novel_facts: d.novel_facts,
      known_facts: d.known_facts,
    }))
    : undefined;
  const result = {
    ...(events_ ? { events: events_ } : {}),
    articles: (await page('articles')).map(article),
    qa_articles: (await page('qa')).map(article),
    limit,
  };
  return { ...result, models: [...models].sort() };
}

/**
 * The interaction records of one stage, newest first. Reads the one record, not whole events
 * (their articles and every stage's prompts): the Export modal asks for three stages at once.
 */
export async function promptRecords(db: DbOrTx, userId: string, stage: string, limit: number) {
  const rows = await db
    .select({
      id: events.id,
      createdAt: events.createdAt,
      interaction: sql<unknown>`${events.llmInteractions} -> ${stage}`,
      summary: documentSummaries.summary,
      title: documents.title,
    })
    .from(events)
    .innerJoin(documents, eq(documents.id, events.documentId))
    .leftJoin(documentSummaries, eq(documentSummaries.documentId, events.documentId))
    .where(and(eq(events.userId, userId), sql`${events.llmInteractions} ? ${stage}`))
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(limit);
  return rows.flatMap((row) => {
    const r = record(parsed(row.interaction));
    if (!r) return [];
    const prompt = record(parsed(r.prompt_sent)) ?? {};
    return [
      {
        event_id: row.id,
        event_summary: eventSummary(row.summary, row.title),
        created_at: row.createdAt.toISOString(),
        stage,
        model_used: text(r.model_used) || 'GPT',
        system_prompt: text(prompt.system_prompt),
        user_message: text(prompt.user_message),
        response: typeof r.llm_response === 'string' ? r.llm_response : JSON.stringify(r.llm_response ?? ''),
        prompt_tokens: num(r.prompt_tokens) ?? 0,
        response_tokens: num(r.response_tokens) ?? 0,
        total_tokens: num(r.total_tokens) ?? 0,
        processing_duration_seconds: num(r.processing_duration_seconds) ?? 0,
      },
    ];
  });
}
