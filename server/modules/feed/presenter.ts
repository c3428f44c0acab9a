import { TAKEAWAY_BASES, ZArticleImpact, type TArticleSummary, type TDataTable, type TReaderArticle, type TReference, type TSupportingDocument } from '../../../contract/feed.js';
import { isJudgement } from '../../../contract/judgement-text.js';
import { num, parseJson, parseList, record, text } from '../../../contract/tolerant-json.js';

/** One published article as the feed queries select it (feed-query.ts). */
export interface ArticleRow {
  id: number;
  article: Record<string, unknown> | null;
  language: string | null;
  publishedAt: Date | null;
  finalRank: number | null;
  alertedAt: Date | null;
  catchUp?: boolean;
  updatedAt?: Date | null;
  originalPublishedAt?: string | null;
  topicId: number;
  topicName: string;
  /** The reader's judgement on the article ('more' | 'less'), null when none. */
  judgement?: string | null;
}

/*
 * The article JSON is written by the composition stage (built-in engine or a language model) and
 * may come from older or other writers: every field is read tolerantly, so a malformed record
 * shows what it can instead of failing the whole answer.
 */

const list = parseList;
const parsed = parseJson;

function strings(value: unknown): string[] {
  return list(value)
    .map((item) => (typeof item === 'string' ? item : text(record(item)?.text ?? record(item)?.point)))
    .filter((item) => item.trim() !== '');
}

function sections(value: unknown): TReaderArticle['sections'] {
  return list(value).flatMap((item) => {
    const r = record(item);
    if (!r) return typeof item === 'string' && item.trim() ? [{ heading: '', content: item }] : [];
    const content = text(r.content ?? r.text ?? r.body);
    const heading = text(r.heading ?? r.title);
    return content.trim() || heading.trim() ? [{ heading, content }] : [];
  });
}

function references(value: unknown): TReference[] {
  return list(value).flatMap((item, index) => {
    const r = record(item);
    if (!r) return [];
    const documentId = r.document_id ?? r.documentId ?? r.id;
    if (typeof documentId !== 'number' && typeof documentId !== 'string') return [];
    return [{ number: num(r.number) ?? index + 1, title: text(r.title ?? r.name, 'Untitled') || 'Untitled', source: text(r.source, 'Unknown') || 'Unknown', date: text(r.date ?? r.published_at), document_id: documentId }];
  });
}

function supportingDocuments(value: unknown): TSupportingDocument[] {
  return list(value).flatMap((item) => {
    const r = record(item);
    if (!r) return [];
    const documentId = r.document_id ?? r.id;
    if (typeof documentId !== 'number' && typeof documentId !== 'string') return [];
    const final = num(r.final_reference_number);
    return [
      {
        document_id: documentId,
        title: text(r.title ?? r.name, 'Untitled') || 'Untitled',
        source: text(r.source, 'Unknown') || 'Unknown',
        date: text(r.date ?? r.canonical_at ?? r.canonical_date ?? r.published_at) || null,
        initial_reference_number: num(r.initial_reference_number ?? r.number),
        final_reference_number: final,
        was_cited: typeof r.was_cited === 'boolean' ? r.was_cited : final !== null,
        score: num(r.score ?? r.vector_score ?? r.similarity),
        collection_id: num(r.collection_id),
      },
    ];
  });
}

function takeaway(value: unknown): TReaderArticle['actionable_takeaway'] {
  if (Array.isArray(value)) return value.map((item) => text(item)).filter(Boolean);
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

function dataTable(value: unknown): TDataTable | null {
  const r = record(parsed(value));
  if (!r || !Array.isArray(r.columns) || !Array.isArray(r.rows)) return null;
  const columns = r.columns.map((c) => text(c)).filter(Boolean);
  const rows = r.rows.filter((row): row is unknown[] | Record<string, unknown> => Array.isArray(row) || record(row) !== null);
  return columns.length && rows.length ? { columns, rows } : null;
}

/** A replayed document's original date as ISO text, when it reads as a date. */
function originalDateText(value: string | null | undefined): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** Two quoted sentences that say the same words, citations aside. */
export const sameSentence = (a: string, b: string) => {
  const bare = (s: string) => s.replace(/\s*\[\d+\]/g, '').trim().toLowerCase();
  return bare(a) === bare(b);
};

export function presentSummary(row: ArticleRow): TArticleSummary {
  const a = row.article ?? {};
  return {
    id: row.id,
    title: text(a.title, 'Untitled') || 'Untitled',
    theme: text(a.superhead ?? a.theme),
    introduction: text(a.introduction),
    // A one-sentence document's point is its introduction again: the reader sees it once.
    points: strings(a.bullet_points ?? a.points).filter((point) => !sameSentence(point, text(a.introduction))),
    published_at: (row.publishedAt ?? new Date(0)).toISOString(),
    language: row.language ?? text(a.language, 'en'),
    topic: { id: row.topicId, name: row.topicName },
    rank: row.finalRank,
    alerted: row.alertedAt !== null,
    catch_up: row.catchUp ?? false,
    original_published_at: originalDateText(row.originalPublishedAt),
    updated_at: row.updatedAt ? row.updatedAt.toISOString() : null,
    judgement: isJudgement(row.judgement) ? row.judgement : null,
  };
}

export function presentArticle(row: ArticleRow): TReaderArticle {
  const a = row.article ?? {};
  return {
    ...presentSummary(row),
    sections: sections(a.sections),
    disclosure: text(a.disclosure),
    references: references(a.references),
    documents: supportingDocuments(a.supporting_documents ?? a.documents),
    actionable_takeaway: takeaway(parsed(a.actionable_takeaway)),
    takeaway_basis: TAKEAWAY_BASES.find((basis) => basis === a.takeaway_basis) ?? null,
    data_table: dataTable(a.data_table),
    impact: impactOf(a.impact),
  };
}

/** The stored impact when it reads as one (an older or malformed article has none). */
function impactOf(value: unknown): TReaderArticle['impact'] {
  const result = ZArticleImpact.safeParse(parsed(value));
  return result.success ? result.data : null;
}
