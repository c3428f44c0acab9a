import { and, eq, sql } from 'drizzle-orm';
import { publishedArticles } from '../../db/published-articles.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { events, topics } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { ArticleRow } from './presenter.js';

/** Where the feed's calls find a user's published articles (shared with the trends, below the modules). */
export { publishedArticles };

/**
 * What every reader query shares: a user's published articles (an event whose article was written
 * and published), newest first by (published_at, id), the order of the partial index
 * `events_published_idx (user_id, published_at, id) WHERE article_generated`.
 */
export const articleColumns = {
  id: events.id,
  /** The list-item fields of the article (presentSummary): lists never carry sections or references. */
  article: events.articleSummary,
  language: events.language,
  // An article written but not (yet) published still has a date to show.
  publishedAt: sql<Date>`coalesce(${events.publishedAt}, ${events.articleGeneratedAt}, ${events.createdAt})`.mapWith(events.publishedAt),
  finalRank: events.finalRank,
  alertedAt: events.alertedAt,
  /** The source's own date of a replayed document (the demo source): the card says when it was first published. */
  originalPublishedAt: sql<string | null>`(SELECT d.metadata->>'original_published_at' FROM documents d WHERE d.id = ${events.documentId})`,
  /** A new topic's catch-up article (from documents already in the store when it was added). */
  catchUp: events.initialization,
  /** When later reports of the happening were added to the published article. */
  updatedAt: events.articleUpdatedAt,
  topicId: events.topicId,
  topicName: topics.name,
  /**
   * The reader's "More like this" / "Less like this" on the article, for its topic and document:
   * one probe of the judgements' unique index per row the page returns, not a join the planner
   * could put ahead of events_published_idx.
   */
  judgement: sql<string | null>`(SELECT rj.judgement FROM relevance_judgements rj WHERE rj.user_id = ${events.userId} AND rj.topic_id = ${events.topicId} AND rj.document_id = ${events.documentId})`,
};

/** The exact sort key (microseconds, UTC) for the cursor: a JS Date would drop the microseconds. */
const publishedKey = sql<string>`to_char(${events.publishedAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Articles as list items: the summary fields of the article JSON. */
export function selectArticles(db: DbOrTx) {
  return db.select({ ...articleColumns, key: publishedKey }).from(events).innerJoin(topics, eq(topics.id, events.topicId));
}

/** Articles with the whole article JSON, for the article page (with whether one is still to come). */
export function selectFullArticles(db: DbOrTx) {
  return db
    .select({
      ...articleColumns,
      article: events.article,
      key: publishedKey,
      generated: events.articleGenerated,
      /** Whether an article can still come: detected, novel so far, not merged into another event. */
      pending: sql<boolean>`(${events.status} = 'detected' AND ${events.mergedIntoId} IS NULL AND ${events.novel} IS NOT FALSE)`,
    }).from(events).innerJoin(topics, eq(topics.id, events.topicId));
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

export type KeyedRow = ArticleRow & { key: string };

/**
 * The page query in its four shapes (one topic or all; after a cursor or at an offset), each
 * prepared once per database: a feed page then costs no query building in Node and no parsing or
 * planning in PostgreSQL.
 */
function pageStatement(db: DbOrTx, topic: boolean, cursor: boolean, retired: boolean) {
  let statements = prepared.get(db);
  if (!statements) prepared.set(db, (statements = new Map()));
  const name = `feed_page_${topic ? 'topic' : retired ? 'every' : 'all'}_${cursor ? 'cursor' : 'offset'}`;
  let statement = statements.get(name);
  if (!statement) {
    const where = publishedArticles(sql.placeholder('userId'), topic ? sql.placeholder('topicId') : undefined, { retired });
    const after = sql`(${events.publishedAt}, ${events.id}) < (${sql.placeholder('key')}::timestamptz, ${sql.placeholder('id')}::bigint)`;
    statement = selectArticles(db)
      .where(cursor ? and(where, after) : where)
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
    statements.set(name, statement);
  }
  return statement;
}
type PageStatement = ReturnType<ReturnType<typeof selectArticles>['prepare']>;
const prepared = new WeakMap<DbOrTx, Map<string, PageStatement>>();

/**
 * One page of a user's articles (of one topic; of retired topics too with `retired`), newest first. With a cursor the page is a keyset
 * seek; without one it is served by offset (a first page, or a client that jumps to a page number).
 */
export async function pageOfArticles(db: DbOrTx, userId: string, query: { page: number; perPage: number; cursor?: string; topicId?: number; retired?: boolean }) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const rows: KeyedRow[] = await pageStatement(db, query.topicId !== undefined, cursor !== undefined, query.retired === true).execute({
    userId,
    topicId: query.topicId,
    key: cursor?.key,
    id: cursor?.id,
    limit: query.perPage + 1,
    offset: cursor ? 0 : (query.page - 1) * query.perPage,
  });
  const items = rows.slice(0, query.perPage);
  const hasNext = rows.length > query.perPage;
  return { rows: items, hasNext, nextCursor: hasNext && items.length ? encodeCursor(items.at(-1)!) : null };
}
