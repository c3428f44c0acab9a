import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTopicTrends } from '../../contract/trends.js';
import { rowsOf } from '../db/client.js';
import { events, topics } from '../db/schema/index.js';
import type { JobContext } from '../jobs/types.js';
import { feedKit, jobHerald } from '../modules/feed/feed-test-kit.js';
import type { TestHerald } from '../test/harness.js';
import { countTopicNames, countTopicNamesJob } from './count-names.js';
import { nameCounts, type NameRow } from './trend-queries.js';

let herald: TestHerald;
let kit: ReturnType<typeof feedKit>;
let context: JobContext;
beforeAll(async () => ({ herald, kit, context } = await jobHerald()));
afterAll(async () => herald?.close());

const DAY = 86_400_000;
const HOUR = 3_600_000;
const attempt = { id: 'count', retryCount: 0, retryLimit: 0 };
/** The rising names' window is [now - 37 days, now), cut at now - 7 days: neither at midnight, so both days are cut short. */
const now = new Date(Date.now() - 60_000);
const recentFrom = new Date(now.getTime() - 7 * DAY);
const from = new Date(now.getTime() - 37 * DAY);
const sorted = (rows: NameRow[]) => [...rows].sort((a, b) => a.name.localeCompare(b.name));
const db = () => herald.database.db;

/** The figures read from the articles alone, and read with topic_name_days: they must be the same. */
async function bothWays(topicId: number) {
  const live = sorted(await nameCounts(db(), { topicId, from }, recentFrom, 1, false));
  const counted = sorted(await nameCounts(db(), { topicId, from }, recentFrom, 1, true));
  return { live, counted };
}

/** A name's figures over the API's own window (ending now), from the articles alone. */
async function liveOf(topicId: number, name: string) {
  const end = Date.now();
  const row = (await nameCounts(db(), { topicId, from: new Date(end - 37 * DAY) }, new Date(end - 7 * DAY), 1, false)).find((r) => r.name === name);
  return [row?.recent, row?.previous];
}

const rowsOfTopic = async (topicId: number) =>
  rowsOf<{ day: string; name: string; n: number }>(await db().execute(sql`SELECT day::text, name, n FROM topic_name_days WHERE topic_id = ${topicId} ORDER BY day, name`));

/**
 * A topic's articles around the window's edges: an hour either side of its start and of the
 * week's start, whole days inside it, one before it, and one article of another topic its event
 * was merged into.
 */
async function topicWithNames() {
  const user = await kit.reader({ topics: ['Crude oil prices', 'Refining'] });
  const [topic, other] = user.topics.map((t) => t.id) as [number, number];
  const at = (ms: number) => new Date(ms);
  const published = [
    [at(from.getTime() - HOUR), ['OPEC', 'Vienna']],
    [at(from.getTime() + HOUR), ['OPEC', 'Saudi Arabia']],
    [at(from.getTime() + 3 * DAY), ['Saudi Arabia']],
    [at(recentFrom.getTime() - HOUR), ['OPEC', 'Vienna']],
    [at(recentFrom.getTime() + HOUR), ['OPEC', 'Vienna']],
    [at(recentFrom.getTime() + 2 * DAY), ['Federal Open Market Committee', 'OPEC', 'OPEC']],
    [at(now.getTime() - HOUR), ['Market Committee', 'Vienna']],
  ] as const;
  const ids: number[] = [];
  for (const [publishedAt, names] of published) {
    const id = await kit.publish(user.userId, topic, { publishedAt });
    await db().update(events).set({ entityNames: [...names] }).where(eq(events.id, id));
    ids.push(id);
  }
  // An event of the topic merged into another topic's article: that article counts for the topic too.
  const into = await kit.publish(user.userId, other, { publishedAt: at(now.getTime() - 2 * DAY) });
  await db().update(events).set({ entityNames: ['Vienna', 'Rotterdam'] }).where(eq(events.id, into));
  const merged = await kit.publish(user.userId, topic, { state: 'dropped' });
  await db().update(events).set({ mergedIntoId: into }).where(eq(events.id, merged));
  return { user, topic, other, ids };
}

describe('topic_name_days: the rising names read from daily counts are the articles\' figures', () => {
  it('counts a new topic from its first article, and keeps the figures through renames, unpublishing, moves and deletes', async () => {
    const { topic, ids } = await topicWithNames();
    const first = await bothWays(topic);
    expect(first.live.find((r) => r.name === 'OPEC')).toEqual({ name: 'OPEC', recent: 3, previous: 2 });
    expect(first.live.find((r) => r.name === 'Rotterdam')).toEqual({ name: 'Rotterdam', recent: 1, previous: 0 });
    expect(first.counted).toEqual(first.live);

    await db().update(events).set({ entityNames: ['Iraq'] }).where(eq(events.id, ids[2]!));
    await db().update(events).set({ articleGenerated: false }).where(eq(events.id, ids[5]!));
    await db().update(events).set({ publishedAt: new Date(now.getTime() - 20 * DAY) }).where(eq(events.id, ids[6]!));
    await db().delete(events).where(eq(events.id, ids[4]!));
    const second = await bothWays(topic);
    expect(second.live.find((r) => r.name === 'Saudi Arabia')).toEqual({ name: 'Saudi Arabia', recent: 0, previous: 1 });
    expect(second.live.find((r) => r.name === 'Federal Open Market Committee')).toBeUndefined();
    expect(second.counted).toEqual(second.live);
    // No day keeps a name no article names any more.
    expect((await rowsOfTopic(topic)).filter((r) => r.n <= 0 || r.name === 'Federal Open Market Committee')).toEqual([]);
  });

  it('counts the topics older than the table in the background, once, with the same trends before and after', async () => {
    const { user, topic } = await topicWithNames();
    // As an install upgraded to migration 0036 holds a topic that had articles: not counted yet.
    await db().update(topics).set({ namesCountedAt: null }).where(eq(topics.id, topic));
    await db().execute(sql`DELETE FROM topic_name_days WHERE topic_id = ${topic}`);
    const before = await kit.get(`/api/topics/${topic}/trends/?range=7d`, user.access);
    expect(before.statusCode).toBe(200);
    // An article written while the topic waits is left to the job: the trigger counts only counted topics.
    const late = await kit.publish(user.userId, topic, { publishedAt: new Date() });
    await db().update(events).set({ entityNames: ['OPEC'] }).where(eq(events.id, late));
    expect(await rowsOfTopic(topic)).toEqual([]);

    expect(await countTopicNamesJob.handler({}, context, attempt)).toMatchObject({ counted: expect.any(Number) });
    const [row] = await db().select({ at: topics.namesCountedAt }).from(topics).where(eq(topics.id, topic));
    expect(row!.at).not.toBeNull();
    const counted = await bothWays(topic);
    expect(counted.counted).toEqual(counted.live);
    // The names are written again as displayNames writes them: the article that named OPEC twice names it once.
    expect(counted.live.find((r) => r.name === 'OPEC')).toEqual({ name: 'OPEC', recent: 3, previous: 2 });
    expect(await countTopicNames(db(), topic)).toBe(false);
    expect(await countTopicNamesJob.handler({}, context, attempt)).toEqual({ counted: 0 });

    const after = await kit.get(`/api/topics/${topic}/trends/?range=7d`, user.access);
    expect(after.statusCode).toBe(200);
    // Read with the counts now (its cache key moved with the late article): OPEC as the articles count it.
    const opec = after.json<TTopicTrends>().rising.find((r) => r.name === 'OPEC');
    if (opec) expect([opec.recent, opec.previous]).toEqual(await liveOf(topic, 'OPEC'));
  });

  it('an upgrade writes names stored with their legal forms again and counts "Apple Inc" and "Apple" as one name', async () => {
    const user = await kit.reader({ topics: ['Smartphones'] });
    const topic = user.topics[0]!.id;
    const stored = [['Apple Inc', 'Cupertino'], ['Apple'], ['Acme Corp.', 'Inc'], ['Apple, Inc.', 'Acme']];
    const ids: number[] = [];
    for (const [i, names] of stored.entries()) {
      const id = await kit.publish(user.userId, topic, { publishedAt: new Date(Date.now() - (i + 1) * HOUR) });
      // As an older version stored them: the names as the library found them.
      await db().update(events).set({ entityNames: names }).where(eq(events.id, id));
      ids.push(id);
    }
    // What migration 0038 does to a topic whose events hold names: counted again by the job.
    await db().execute(sql`UPDATE topics SET names_counted_at = NULL WHERE id = ${topic}`);
    await countTopicNamesJob.handler({}, context, attempt);

    const names = await db().select({ names: events.entityNames }).from(events).where(inArray(events.id, ids)).orderBy(events.id);
    expect(names.map((r) => r.names)).toEqual([['Apple', 'Cupertino'], ['Apple'], ['Acme'], ['Apple', 'Acme']]);
    const totals = new Map<string, number>();
    for (const r of await rowsOfTopic(topic)) totals.set(r.name, (totals.get(r.name) ?? 0) + r.n);
    expect(Object.fromEntries(totals)).toEqual({ Apple: 3, Acme: 2, Cupertino: 1 });
    const counted = await bothWays(topic);
    expect(counted.counted).toEqual(counted.live);

    const trends = await kit.get(`/api/topics/${topic}/trends/?range=7d`, user.access);
    expect(trends.statusCode).toBe(200);
    const rising = trends.json<TTopicTrends>().rising.map((r) => [r.name, r.recent]);
    expect(rising).toEqual(expect.arrayContaining([['Apple', 3], ['Acme', 2]]));
    expect(rising.map(([name]) => name).filter((name) => /\b(?:Inc|Corp)\b/.test(String(name)))).toEqual([]);
  });

  it("deleting a counted topic, or its user, takes its counts with it and fails nothing", async () => {
    const { user, topic, other } = await topicWithNames();
    expect((await rowsOfTopic(topic)).length).toBeGreaterThan(0);
    await db().delete(topics).where(eq(topics.id, topic));
    expect(await rowsOfTopic(topic)).toEqual([]);
    expect((await rowsOfTopic(other)).length).toBeGreaterThan(0);
    await db().execute(sql`DELETE FROM users WHERE id = ${user.userId}`);
    expect(await rowsOfTopic(other)).toEqual([]);
  });
});
