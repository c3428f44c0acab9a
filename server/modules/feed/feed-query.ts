import { and, eq, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { events, topics } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { ArticleRow } from './presenter.js';

/**
 * What every reader query shares: a user's published articles (an event whose article was written
 * and published), newest first by (published_at, id), the order of the partial index
 * `events_published_idx (user_id, published_at, id) WHERE article_generated`.
 */
/** The article fields a list item shows (presentSummary): lists never carry sections or references. */
const SUMMARY_FIELDS = ['title', 'superhead', 'theme', 'introduction', 'bullet_points', 'points', 'language'];
const summaryOfArticle = sql<Record<string, unknown> | null>`CASE WHEN ${events.article} IS NOT NULL THEN jsonb_build_object(${sql.join(
  SUMMARY_FIELDS.map((field) => sql`${sql.raw(`'${field}'`)}, ${events.article} -> ${sql.raw(`'${field}'`)}`),
  sql`, `,
)}) END`;

export const articleColumns = {
  id: events.id,
  article: summaryOfArticle,
  language: events.language,
  // An article written but not (yet) published still has a date to show.
  publishedAt: sql<Date>`coalesce(${events.publishedAt}, ${events.articleGeneratedAt}, ${events.createdAt})`.mapWith(events.publishedAt),
  finalRank: events.finalRank,
  alertedAt: events.alertedAt,
  topicId: events.topicId,
  topicName: topics.name,
  generated: events.articleGenerated,
  /** Whether an article can still come: detected, novel so far, not merged into another event. */
  pending: sql<boolean>`(${events.status} = 'detected' AND ${events.mergedIntoId} IS NULL AND ${events.novel} IS NOT FALSE)`,
};

/** The exact sort key (microseconds, UTC) for the cursor: a JS Date would drop the microseconds. */
const publishedKey = sql<string>`to_char(${events.publishedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export function publishedArticles(userId: string, topicId?: number): SQL {
  const where = [eq(events.userId, userId), eq(events.articleGenerated, true), isNotNull(events.publishedAt)];
  // An article also belongs to the topics of the events consolidated into it.
  // The merged ids are few: one lookup in events_merged_idx, then a hashed test per row.
  if (topicId) where.push(or(eq(events.topicId, topicId), sql`${events.id} IN (SELECT merged.merged_into_id FROM events merged WHERE merged.topic_id = ${topicId} AND merged.merged_into_id IS NOT NULL)`)!);
  return and(...where)!;
}

/** Articles as list items: the summary fields of the article JSON. */
export function selectArticles(db: DbOrTx) {
  return db.select({ ...articleColumns, key: publishedKey }).from(events).innerJoin(topics, eq(topics.id, events.topicId));
}

/** Articles with the whole article JSON, for the article page. */
export function selectFullArticles(db: DbOrTx) {
  return db.select({ ...articleColumns, article: events.article, key: publishedKey }).from(events).innerJoin(topics, eq(topics.id, events.topicId));
}

export const newestFirst = [sql`${events.publishedAt} DESC`, sql`${events.id} DESC`];

interface Cursor {
  key: string;
  id: number;
}

const KEY = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

export function encodeCursor(row: { key: string; id: number }): string {
  return Buffer.from(JSON.stringify([row.key, row.id])).toString('base64url');
}

export function decodeCursor(cursor: string): Cursor {
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof key === 'string' && KEY.test(key) && Number.isSafeInteger(id) && (id as number) > 0) return { key, id: id as number };
  } catch {
    // Falls through to the error below.
  }
  throw new AppError(400, ErrorCode.validationFailed, 'The page cursor is not valid.', { cursor: ['Not a cursor this server gave out'] });
}

/** Rows strictly after the cursor in newest-first order: one index seek whatever the page. */
export function afterCursor(cursor: Cursor): SQL {
  return sql`(${events.publishedAt}, ${events.id}) < (${cursor.key}::timestamptz, ${cursor.id})`;
}

export type KeyedRow = ArticleRow & { key: string };

/**
 * One page, newest first. With a cursor the page is a keyset seek; without one it is served by
 * offset (a first page, or a client that jumps to a page number).
 */
export async function pageOfArticles(db: DbOrTx, where: SQL, query: { page: number; perPage: number; cursor?: string }) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows: KeyedRow[] = await selectArticles(db)
    .where(cursor ? and(where, afterCursor(cursor)) : where)
    .orderBy(...newestFirst)
    .limit(query.perPage + 1)
    .offset(cursor ? 0 : (query.page - 1) * query.perPage);
  const items = rows.slice(0, query.perPage);
  const hasNext = rows.length > query.perPage;
  return { rows: items, hasNext, nextCursor: hasNext && items.length ? encodeCursor(items.at(-1)!) : null };
}
