import { and, desc, eq, lt, ne, sql } from 'drizzle-orm';
import { collectionKey } from '../../contract/collections.js';
import { ZArticleImpact, type TakeawayBasis } from '../../contract/feed.js';
import { MODEL_DEFAULTS } from '../../contract/models.js';
import { rowsOf, type DbOrTx } from '../db/client.js';
import { originalDate, originalDateSql, ownDate } from '../db/original-date.js';
import { documents, events, users } from '../db/schema/index.js';
import type { TArticle } from '../intelligence/capabilities/compose.js';
import { assessImpact, type TImpact } from '../intelligence/capabilities/impact.js';
import type { DocumentRecord } from '../intelligence/capabilities/document-record.js';
import { groundedTakeawayOf, type TakeawayContext } from '../intelligence/capabilities/takeaway.js';
import { shortDate } from '../intelligence/capabilities/titles.js';
import { usageMeter } from '../billing/meter.js';
import { runCapability } from '../intelligence/engine.js';
import type { InteractionRecord } from '../intelligence/types.js';
import type { ImpactLines } from '../mail/templates.js';
import type { StageContext } from './context.js';
import type { StageEvent } from './stage-rows.js';

/** A document the article may cite, by id: what the impact assessment reads of it. */
export interface ImpactSource {
  documentId: number;
  title: string;
  date: string;
  collectionId: number;
  text: string;
  /** ISO 639-1, null when not known: the language its next steps are read in. */
  language?: string | null;
}

/** The document the article reports: its record besides what the assessment reads. */
export interface ReportedSource extends ImpactSource {
  contentType: string;
  publisher: string | null;
  metadata: Record<string, unknown>;
  /** The date it gives itself (ISO; db/original-date.ts ownDate), the one its record shows; null when it gives none. */
  published: string | null;
}

/** A stored document as the article reports it: what it is about by date (originalDate), and the date it gives itself (ownDate). */
export function reportedSource(doc: Pick<typeof documents.$inferSelect, 'id' | 'title' | 'text' | 'collectionId' | 'language' | 'contentType' | 'publisher' | 'metadata' | 'canonicalAt' | 'publishedAt'>): ReportedSource {
  return {
    documentId: doc.id,
    title: doc.title,
    date: originalDate(doc).toISOString(),
    published: ownDate(doc)?.toISOString() ?? null,
    collectionId: doc.collectionId,
    text: doc.text,
    language: doc.language,
    contentType: doc.contentType,
    publisher: doc.publisher,
    metadata: doc.metadata,
  };
}


/**
 * The article's impact on its reader (the assess-impact capability, with the article model), and
 * its takeaway: the composed one, or when the documents gave nothing actionable the grounded line
 * of capabilities/takeaway.ts (a date ahead, why it matters, the topic's names, the severity line).
 */
export async function assessArticleImpact(
  context: StageContext,
  row: StageEvent,
  article: TArticle,
  sources: [ReportedSource, ...ImpactSource[]],
  rank: number,
): Promise<{ impact: TImpact; takeaway: string; takeawayBasis: TakeawayBasis; record: InteractionRecord }> {
  const [reader] = await context.database.db
    .select({ title: users.title, company: users.company, industry: users.industry, organizations: users.organizations, productsMarkets: users.productsMarkets, placesJurisdictions: users.placesJurisdictions })
    .from(users)
    .where(eq(users.id, row.event.userId));
  const byId = new Map(sources.map((s) => [s.documentId, s]));
  const references = article.references.flatMap((r) => {
    const source = byId.get(r.document_id);
    return source ? [{ number: r.number, title: source.title, date: source.date, kind: collectionKey(source.collectionId), text: source.text, language: source.language ?? null }] : [];
  });
  const model = row.prefs.article_composition_model ?? MODEL_DEFAULTS.article_composition_model;
  const { output: impact, record } = await runCapability(
    assessImpact,
    {
      reader: { title: reader?.title ?? null, company: reader?.company ?? null, industry: reader?.industry ?? null, organizations: reader?.organizations ?? [], productsMarkets: reader?.productsMarkets ?? [], placesJurisdictions: reader?.placesJurisdictions ?? [] },
      topic: { name: row.topic.name, keyEntities: row.topic.keyEntities },
      article: { title: article.title, introduction: article.introduction, points: article.bullet_points, sections: article.sections },
      references,
      reported: sources[0]?.date ?? new Date().toISOString(),
      rank,
      standing: await standingOf(context, row.event.userId, row.event.id, rank),
      phaseChange: Boolean(row.event.phaseChange),
    },
    model,
    { llm: context.config.llm, logger: context.logger, meter: usageMeter({ db: context.database.db, logger: context.logger, publicUrl: context.config.publicUrl }, { userId: row.event.userId, topicId: row.event.topicId }) },
  );
  // The writer's own takeaway is grounded in the documents (the model's is validated against them).
  const written = article.actionable_takeaway.trim();
  const grounded = written ? { text: written, basis: 'documents' as const } : groundedTakeawayOf(impact, { ...takeawayContext(row.topic, article, sources[0]), previous: await previousInStory(context.database.db, row.event, sources[0].date) });
  return { impact, takeaway: grounded.text, takeawayBasis: grounded.basis, record };
}

/**
 * The document of the story's article before this one: the reader's published article of the same
 * story whose document is about the latest time before `about` (the reported document's date; a
 * replayed story arrives out of order), with the date it gives itself (ownDate: null when none, never
 * the time it arrived). Undefined outside a story or for its first article.
 */
export async function previousInStory(db: DbOrTx, event: { id: number; userId: string; storyId: number | null }, about: string): Promise<TakeawayContext['previous']> {
  if (!event.storyId) return undefined;
  const [row] = await db
    .select({ doc: documents })
    .from(events)
    .innerJoin(documents, eq(documents.id, events.documentId))
    .where(and(eq(events.userId, event.userId), eq(events.storyId, event.storyId), eq(events.articleGenerated, true), ne(events.id, event.id), lt(originalDateSql, new Date(about))))
    .orderBy(desc(originalDateSql), desc(events.id))
    .limit(1);
  return row ? { date: ownDate(row.doc)?.toISOString() ?? null, text: row.doc.text, language: row.doc.language } : undefined;
}

/** A document as its source records it (capabilities/document-record.ts): its kind, its own date and its record's fields. */
export function documentRecord(reported: Pick<ReportedSource, 'collectionId' | 'contentType' | 'publisher' | 'published' | 'metadata'>): DocumentRecord {
  return { kind: collectionKey(reported.collectionId), contentType: reported.contentType, publisher: reported.publisher, date: reported.published, metadata: reported.metadata };
}

/** What the grounded takeaway is tied to: the reader's topic, the article's lead and points, the document it reports. */
export function takeawayContext(topic: { name: string; keyEntities: string[] }, article: Pick<TArticle, 'introduction' | 'bullet_points'> & { sections?: TArticle['sections']; references: readonly { number: number; document_id: number }[] }, reported: ReportedSource): TakeawayContext {
  const record = documentRecord(reported);
  const reference = article.references.find((r) => r.document_id === reported.documentId)?.number;
  return {
    topic: { name: topic.name, keyEntities: topic.keyEntities },
    article: { introduction: article.introduction, points: article.bullet_points, sections: (article.sections ?? []).map((s) => s.content) },
    document: { record, text: reported.text, language: reported.language ?? null, ...(reference ? { reference } : {}) },
  };
}

/** The reader's recent articles a rank is compared with, and how many it takes to compare. */
const STANDING_SAMPLE = 200;
const STANDING_MIN = 20;

/** Share of the reader's latest 200 ranked articles (this one aside) ranked below `rank`; null with fewer than 20. */
export async function standingOf(context: Pick<StageContext, 'database'>, userId: string, eventId: number, rank: number): Promise<number | null> {
  const [row] = rowsOf<{ below: number; n: number }>(
    await context.database.db.execute(sql`SELECT count(*) FILTER (WHERE final_rank < ${rank})::int AS below, count(*)::int AS n FROM (
      SELECT final_rank FROM events WHERE user_id = ${userId} AND article_generated AND final_rank IS NOT NULL AND id <> ${eventId}
      ORDER BY published_at DESC NULLS LAST LIMIT ${STANDING_SAMPLE}) recent`),
  );
  return row && Number(row.n) >= STANDING_MIN ? Number(row.below) / Number(row.n) : null;
}

const bare = (text: string) => text.replace(/\s*\[\d+\]/g, '').trim();

/** A stored article's impact as the alert and the brief say it; undefined for an article without one. */
export function impactLines(article: Record<string, unknown> | null | undefined): ImpactLines | undefined {
  const parsed = ZArticleImpact.safeParse(article?.impact);
  if (!parsed.success) return undefined;
  const { severity, confidence, why_it_matters: why, horizon } = parsed.data;
  const next = horizon[0];
  return { severity, confidence, ...(why ? { whyItMatters: bare(why.text) } : {}), ...(next ? { next: `${shortDate(next.date) || next.date}: ${bare(next.what)}` } : {}) };
}
