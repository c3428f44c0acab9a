import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../db/client.js';

/**
 * The SQL of a topic's trends, over its published articles as the feed lists them (its own, and
 * those its events were merged into), each counted at its publication. The caller has checked
 * that the topic is the reader's: a topic's events are its user's, so the queries read the topic's
 * index (events_topic_published_idx) and never the user's, which holds all their topics.
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

export interface TopicWindow {
  topicId: number;
  from: Date;
  to?: Date;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

const windowOf = ({ from, to }: { from: Date; to?: Date }, only?: SQL) => sql`published_at >= ${at(from)}${to ? sql` AND published_at < ${at(to)}` : sql``}${only ? sql` AND ${only}` : sql``}`;

/** The topic's own published articles of [from, to) (the topic's index). */
const ownArticles = (topicId: number, window: { from: Date; to?: Date }, list: SQL, only?: SQL) =>
  sql`SELECT ${list} FROM events WHERE topic_id = ${topicId} AND article_generated AND ${windowOf(window, only)}`;

/** The few articles of other topics the topic's events were merged into, published in [from, to). */
const mergedArticles = (topicId: number, window: { from: Date; to?: Date }, list: SQL, only?: SQL) =>
  sql`SELECT ${list} FROM events WHERE id IN (SELECT merged_into_id FROM events WHERE topic_id = ${topicId} AND merged_into_id IS NOT NULL)
      AND topic_id <> ${topicId} AND article_generated AND ${windowOf(window, only)}`;

/**
 * The topic's published articles of [from, to) as the derived table `a`: its own by the topic's
 * index, then the few of other topics its events were merged into (UNION ALL of two index reads,
 * where an OR of the two would read the whole table).
 */
function topicArticles({ topicId, from, to }: TopicWindow, columns = FULL, only?: SQL): SQL {
  const list = sql.raw(columns.join(', '));
  return sql`(${ownArticles(topicId, { from, to }, list, only)}
    UNION ALL
    ${mergedArticles(topicId, { from, to }, list, only)}) a`;
}

/** What a list needs of each article; the counts read only what events_topic_trend_idx holds (an index-only scan). */
const FULL = ['id', 'published_at', 'entity_names', 'story_id', 'final_rank', 'article_summary'];
const IN_INDEX = ['published_at', 'collection_id', 'entity_names', 'story_id', 'final_rank'];

const articleColumns = sql.raw(
  `a.id, coalesce(a.article_summary->>'title', '') AS title, coalesce(a.article_summary->>'introduction', '') AS lead, to_char(a.published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS published_at, a.final_rank AS rank`,
);

const asArticle = <T extends { id: unknown; story_id?: unknown }>(r: T) => ({ ...r, id: Number(r.id), story_id: r.story_id === null || r.story_id === undefined ? null : Number(r.story_id) });

/**
 * Articles per bucket and collection in the window: [bucket start (ms), collection id, count]. Grouped
 * by the bucket's timestamp first, then made milliseconds: the epoch of every row cost more than its read.
 */
export async function bucketCounts(db: DbOrTx, window: TopicWindow, unit: BucketUnit): Promise<{ at: number; collection: number; n: number }[]> {
  const rows = rowsOf<{ at: string; collection: number; n: number }>(
    await db.execute(sql`SELECT extract(epoch FROM g.bucket)::bigint * 1000 AS at, coalesce(g.collection_id, 1) AS collection, sum(g.n)::int AS n
      FROM (SELECT date_trunc(${unit}, a.published_at AT TIME ZONE 'UTC') AS bucket, a.collection_id, count(*) AS n
        FROM ${topicArticles(window, ['published_at', 'collection_id'])} GROUP BY 1, 2) g GROUP BY 1, 2`),
  );
  return rows.map((r) => ({ at: Number(r.at), collection: Number(r.collection), n: Number(r.n) }));
}

/** The topic's articles of the window, highest rank first, at most `limit`, with their stories. */
export async function articlesBetween(db: DbOrTx, window: TopicWindow, limit: number): Promise<TrendArticleRow[]> {
  return rowsOf<TrendArticleRow>(
    await db.execute(sql`SELECT ${articleColumns}, a.story_id, s.title AS story_title
      FROM ${topicArticles(window)} LEFT JOIN stories s ON s.id = a.story_id
      ORDER BY a.final_rank DESC NULLS LAST, a.published_at DESC, a.id DESC LIMIT ${limit}`),
  ).map(asArticle);
}

export interface NameRow {
  name: string;
  recent: number;
  previous: number;
}

/**
 * The names at least `minRecent` of the topic's articles since `recentFrom` name, and every name of
 * more than one word of the window (what a shorter one may be cut from: trend-maths foldFragments),
 * with how many articles named each then and before it in the window (from its `from`).
 * `counted`: topic_name_days counts the topic's names (its names_counted_at is set), so whole
 * days are read from it and only the two days cut by `from` and `recentFrom`, and the articles of
 * other topics the topic's events were merged into, from the articles; the same figures.
 */
export async function nameCounts(db: DbOrTx, window: TopicWindow, recentFrom: Date, minRecent: number, counted = false): Promise<NameRow[]> {
  const counts = counted ? countedNames(window, recentFrom) : namesOf(topicArticles(window, ['published_at', 'entity_names']), recentFrom);
  return rowsOf<NameRow>(
    await db.execute(sql`SELECT c.name, coalesce(sum(c.n) FILTER (WHERE c.recent), 0)::int AS recent, coalesce(sum(c.n) FILTER (WHERE NOT c.recent), 0)::int AS previous
      FROM (${counts}) c
      GROUP BY c.name HAVING coalesce(sum(c.n) FILTER (WHERE c.recent), 0) >= ${minRecent} OR c.name LIKE '% %'`),
  ).map((r) => ({ name: r.name, recent: Number(r.recent), previous: Number(r.previous) }));
}

/**
 * (name, recent, n) of the articles `a`: names unnested in the select list (a set-returning
 * projection, not a lateral call per article), counted once per name and side of recentFrom.
 */
const namesOf = (articles: SQL, recentFrom: Date) =>
  sql`SELECT u.name, u.recent, count(*) AS n
    FROM (SELECT unnest(a.entity_names) AS name, a.published_at >= ${at(recentFrom)} AS recent FROM ${articles}) u
    WHERE u.name IS NOT NULL GROUP BY 1, 2`;

const DAY_MS = 86_400_000;
const dayStart = (date: Date) => new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The same (name, recent, n) of an open window from topic_name_days: its whole UTC days after the
 * day of `from` (but the day of `recentFrom`), plus the articles of those two days cut short and
 * the articles merged in from other topics, counted from the articles.
 */
function countedNames({ topicId, from }: TopicWindow, recentFrom: Date): SQL {
  const cut = [from, recentFrom].map((d) => ({ from: d === from ? from : dayStart(d), to: new Date(dayStart(d).getTime() + DAY_MS) }));
  // The days cut short, one range when they are the same day or touch.
  const ranges = cut[1]!.from.getTime() <= cut[0]!.to.getTime() ? [{ from, to: cut[1]!.to }] : cut;
  const list = sql.raw('published_at, entity_names');
  const live = sql.join([...ranges.map((r) => ownArticles(topicId, r, list)), mergedArticles(topicId, { from }, list)], sql` UNION ALL `);
  return sql`SELECT name, day > ${dayOf(recentFrom)}::date AS recent, sum(n) AS n FROM topic_name_days
      WHERE topic_id = ${topicId} AND day > ${dayOf(from)}::date AND day <> ${dayOf(recentFrom)}::date GROUP BY 1, 2
    UNION ALL
    ${namesOf(sql`(${live}) a`, recentFrom)}`;
}

const nameList = (names: string[]) =>
  sql`ARRAY[${sql.join(
    names.map((n) => sql`${n}`),
    sql`, `,
  )}]::text[]`;

/** Which of `names` an article of the topic published before `before` named (the index on entity_names finds them). */
export async function namedBefore(db: DbOrTx, topicId: number, names: string[], before: Date): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = rowsOf<{ name: string }>(
    await db.execute(sql`SELECT DISTINCT n.name FROM ${topicArticles({ topicId, from: new Date(0), to: before }, ['published_at', 'entity_names'])}, LATERAL unnest(a.entity_names) AS n(name)
      WHERE a.entity_names && ${nameList(names)} AND n.name = ANY(${nameList(names)})`),
  );
  return new Set(rows.map((r) => r.name));
}

/** The topic's articles of the window that name one of `names`, newest first, with the names they name. */
export async function articlesNaming(db: DbOrTx, window: TopicWindow, names: string[]): Promise<(TrendArticleRow & { names: string[] })[]> {
  if (names.length === 0) return [];
  return rowsOf<TrendArticleRow & { names: string[] }>(
    await db.execute(sql`SELECT ${articleColumns}, a.entity_names AS names
      FROM ${topicArticles(window)} WHERE a.entity_names && ${nameList(names)} ORDER BY a.published_at DESC, a.id DESC`),
  ).map(asArticle);
}

/**
 * The stories with most articles in the window, at most `limit`, each with those articles oldest
 * first: the stories counted from the index, then only their articles read.
 */
export async function topStories(db: DbOrTx, window: TopicWindow, limit: number): Promise<{ id: number; title: string; articles: TrendArticleRow[] }[]> {
  const top = rowsOf<{ story_id: string }>(
    await db.execute(sql`SELECT a.story_id FROM ${topicArticles(window, IN_INDEX)} WHERE a.story_id IS NOT NULL
      GROUP BY 1 ORDER BY count(*) DESC, max(a.final_rank) DESC NULLS LAST, max(a.published_at) DESC LIMIT ${limit}`),
  ).map((r) => Number(r.story_id));
  if (top.length === 0) return [];
  const rows = rowsOf<TrendArticleRow>(
    await db.execute(sql`SELECT ${articleColumns}, a.story_id, s.title AS story_title
      FROM ${topicArticles(window, FULL, sql`story_id = ANY(${sql`ARRAY[${sql.join(
        top.map((id) => sql`${id}`),
        sql`, `,
      )}]::bigint[]`})`)} JOIN stories s ON s.id = a.story_id
      ORDER BY a.published_at, a.id`),
  ).map(asArticle);
  const byStory = new Map<number, { id: number; title: string; articles: TrendArticleRow[] }>();
  for (const row of rows) {
    const story = byStory.get(row.story_id!) ?? { id: row.story_id!, title: row.story_title ?? row.title, articles: [] };
    story.articles.push(row);
    byStory.set(story.id, story);
  }
  return top.flatMap((id) => (byStory.has(id) ? [byStory.get(id)!] : []));
}

/** When the topic last published an article (its index's last entry): what its rising names are read again after. */
export async function latestPublished(db: DbOrTx, topicId: number): Promise<string> {
  const [row] = rowsOf<{ at: string | null }>(
    await db.execute(sql`SELECT max(published_at)::text AS at FROM events WHERE topic_id = ${topicId} AND article_generated`),
  );
  return row?.at ?? '';
}
