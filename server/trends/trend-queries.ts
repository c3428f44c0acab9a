import { and, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client.js';
import { events } from '../db/schema/index.js';
import { publishedArticles } from '../db/published-articles.js';

/**
 * The SQL of a topic's trends, over the reader's published articles of the topic as the feed
 * lists them (its own, and those its events were merged into), each counted at its publication.
 */

export type BucketUnit = 'hour' | 'day';

export interface TrendArticleRow {
  id: number;
  title: string;
  lead: string;
  published_at: string;
  story_id: number | null;
  story_title: string | null;
  rank: number | null;
}

const articlesOf = (userId: string, topicId: number): SQL => publishedArticles(userId, topicId);

const isoAt = (column: SQL | typeof events.publishedAt) => sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** Articles per bucket and collection from `from` on: [bucket start (ms), collection id, count]. */
export async function bucketCounts(db: DbOrTx, userId: string, topicId: number, unit: BucketUnit, from: Date): Promise<{ at: number; collection: number; n: number }[]> {
  const rows = rowsOf<{ at: string; collection: number; n: number }>(
    await db.execute(sql`SELECT extract(epoch FROM date_trunc(${unit}, ${events.publishedAt} AT TIME ZONE 'UTC'))::bigint * 1000 AS at,
        d.collection_id AS collection, count(*)::int AS n
      FROM ${events} JOIN documents d ON d.id = ${events.documentId}
      WHERE ${and(articlesOf(userId, topicId), sql`${events.publishedAt} >= ${from.toISOString()}::timestamptz`)}
      GROUP BY 1, 2`),
  );
  return rows.map((r) => ({ at: Number(r.at), collection: Number(r.collection), n: Number(r.n) }));
}

/** The topic's articles published in [from, to), highest rank first, at most `limit`. */
export async function articlesBetween(db: DbOrTx, userId: string, topicId: number, from: Date, to: Date, limit: number): Promise<TrendArticleRow[]> {
  return rowsOf<TrendArticleRow>(
    await db.execute(sql`SELECT ${events.id} AS id, coalesce(${events.articleSummary}->>'title', '') AS title,
        coalesce(${events.articleSummary}->>'introduction', '') AS lead, ${isoAt(events.publishedAt)} AS published_at,
        ${events.storyId} AS story_id, s.title AS story_title, ${events.finalRank} AS rank
      FROM ${events} LEFT JOIN stories s ON s.id = ${events.storyId}
      WHERE ${and(articlesOf(userId, topicId), sql`${events.publishedAt} >= ${from.toISOString()}::timestamptz AND ${events.publishedAt} < ${to.toISOString()}::timestamptz`)}
      ORDER BY ${events.finalRank} DESC NULLS LAST, ${events.publishedAt} DESC, ${events.id} DESC
      LIMIT ${limit}`),
  ).map((r) => ({ ...r, id: Number(r.id), story_id: r.story_id === null ? null : Number(r.story_id) }));
}

export interface NameRow {
  key: string;
  name: string;
  recent: number;
  previous: number;
  ever: number;
}

/**
 * The names the topic's articles of [recentFrom, now) name, with how many articles named each
 * then, in [previousFrom, recentFrom), and before previousFrom. Names are one per lower-cased form.
 */
export async function nameCounts(db: DbOrTx, userId: string, topicId: number, recentFrom: Date, previousFrom: Date): Promise<NameRow[]> {
  const recent = recentFrom.toISOString();
  const previous = previousFrom.toISOString();
  return rowsOf<NameRow>(
    await db.execute(sql`WITH named AS (
        SELECT ${events.id} AS id, ${events.publishedAt} AS at, lower(n.name) AS key, n.name
        FROM ${events}, LATERAL unnest(${events.entityNames}) AS n(name)
        WHERE ${articlesOf(userId, topicId)} AND ${events.entityNames} IS NOT NULL)
      SELECT key, mode() WITHIN GROUP (ORDER BY name) AS name,
        count(DISTINCT id) FILTER (WHERE at >= ${recent}::timestamptz)::int AS recent,
        count(DISTINCT id) FILTER (WHERE at >= ${previous}::timestamptz AND at < ${recent}::timestamptz)::int AS previous,
        count(DISTINCT id) FILTER (WHERE at < ${previous}::timestamptz)::int AS ever
      FROM named WHERE key IN (SELECT key FROM named WHERE at >= ${recent}::timestamptz) GROUP BY key`),
  );
}

/** The topic's articles of [from, now) that name one of `keys` (lower-cased names), newest first. */
export async function articlesNaming(db: DbOrTx, userId: string, topicId: number, keys: string[], from: Date): Promise<(TrendArticleRow & { keys: string[] })[]> {
  if (keys.length === 0) return [];
  return rowsOf<TrendArticleRow & { keys: string[] }>(
    await db.execute(sql`SELECT ${events.id} AS id, coalesce(${events.articleSummary}->>'title', '') AS title, '' AS lead,
        ${isoAt(events.publishedAt)} AS published_at, NULL AS story_id, NULL AS story_title, ${events.finalRank} AS rank,
        ARRAY(SELECT DISTINCT lower(x) FROM unnest(${events.entityNames}) x) AS keys
      FROM ${events}
      WHERE ${and(articlesOf(userId, topicId), sql`${events.publishedAt} >= ${from.toISOString()}::timestamptz`)}
        AND EXISTS (SELECT 1 FROM unnest(${events.entityNames}) x WHERE lower(x) = ANY(${sql`ARRAY[${sql.join(keys.map((k) => sql`${k}`), sql`, `)}]::text[]`}))
      ORDER BY ${events.publishedAt} DESC, ${events.id} DESC`),
  ).map((r) => ({ ...r, id: Number(r.id) }));
}

/** The stories with most articles in [from, to), at most `limit`, each with those articles oldest first. */
export async function topStories(db: DbOrTx, userId: string, topicId: number, from: Date, to: Date, limit: number): Promise<{ id: number; title: string; articles: TrendArticleRow[] }[]> {
  const window = sql`${events.publishedAt} >= ${from.toISOString()}::timestamptz AND ${events.publishedAt} < ${to.toISOString()}::timestamptz`;
  const rows = rowsOf<TrendArticleRow>(
    await db.execute(sql`WITH top AS (
        SELECT ${events.storyId} AS story_id FROM ${events}
        WHERE ${and(articlesOf(userId, topicId), window)} AND ${events.storyId} IS NOT NULL
        GROUP BY 1 ORDER BY count(*) DESC, max(${events.finalRank}) DESC NULLS LAST, max(${events.publishedAt}) DESC LIMIT ${limit})
      SELECT ${events.id} AS id, coalesce(${events.articleSummary}->>'title', '') AS title,
        coalesce(${events.articleSummary}->>'introduction', '') AS lead, ${isoAt(events.publishedAt)} AS published_at,
        ${events.storyId} AS story_id, s.title AS story_title, ${events.finalRank} AS rank
      FROM ${events} JOIN top ON top.story_id = ${events.storyId} JOIN stories s ON s.id = ${events.storyId}
      WHERE ${and(articlesOf(userId, topicId), window)}
      ORDER BY ${events.publishedAt}, ${events.id}`),
  ).map((r) => ({ ...r, id: Number(r.id), story_id: Number(r.story_id) }));
  const byStory = new Map<number, { id: number; title: string; articles: TrendArticleRow[] }>();
  for (const row of rows) {
    const story = byStory.get(row.story_id!) ?? { id: row.story_id!, title: row.story_title ?? row.title, articles: [] };
    story.articles.push(row);
    byStory.set(story.id, story);
  }
  return [...byStory.values()].sort((a, b) => b.articles.length - a.articles.length || b.articles.at(-1)!.published_at.localeCompare(a.articles.at(-1)!.published_at));
}
