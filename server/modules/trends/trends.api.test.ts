import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTopicTrends, TTrendsOverview } from '../../../contract/trends.js';
import { events, inboxItems, outboxEmails, topics, users } from '../../db/schema/index.js';
import { sendBrief } from '../../pipeline/brief.js';
import { notifySpikes } from '../../trends/spike-alerts.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { feedKit } from '../feed/feed-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof feedKit>;
beforeAll(async () => {
  herald = await createTestHerald();
  kit = feedKit(herald);
});
afterAll(async () => herald?.close());

const DAY = 86_400_000;
const HOUR = 3_600_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
/** The start of yesterday (UTC): the spike's day, whatever the time the test runs. */
const yesterday = Math.floor(Date.now() / DAY) * DAY - DAY;

/**
 * A reader following a topic for 40 days: one article a day for four weeks, then yesterday six,
 * three of them one story that names OPEC and Vienna (new to the topic); Saudi Arabia was named
 * two weeks ago and once this week.
 */
async function followedTopic() {
  const user = await kit.reader({ topics: ['Crude oil prices'] });
  const topicId = user.topics[0]!.id;
  const { db } = herald.database;
  await db.update(topics).set({ createdAt: daysAgo(40) }).where(eq(topics.id, topicId));
  const daily: number[] = [];
  for (let k = 3; k <= 29; k++) daily.push(await kit.publish(user.userId, topicId, { title: `Daily report ${k}`, publishedAt: daysAgo(k), finalRank: 0.3 }));
  const storyId = await kit.story(user.userId);
  const spike: number[] = [];
  for (let i = 0; i < 6; i++) {
    spike.push(await kit.publish(user.userId, topicId, { title: i < 3 ? `OPEC cuts output, part ${i + 1}` : `Refinery news ${i}`, publishedAt: new Date(yesterday + HOUR + i * 60_000), storyId: i < 3 ? storyId : null, finalRank: i < 3 ? 0.9 - i / 100 : 0.5 }));
  }
  await db.update(events).set({ entityNames: ['OPEC', 'Vienna'] }).where(inArray(events.id, spike.slice(0, 3)));
  await db.update(events).set({ entityNames: ['Saudi Arabia'] }).where(inArray(events.id, [daily[10]!, daily[11]!, spike[4]!]));
  return { user, topicId, spike, storyId };
}

describe('GET /api/topics/{id}/trends/', () => {
  it("gives the topic's volume, its spike explained by its articles, rising names, top stories and what changed", async () => {
    const { user, topicId, spike, storyId } = await followedTopic();
    const response = await kit.get(`/api/topics/${topicId}/trends/?range=30d`, user.access);
    expect(response.statusCode).toBe(200);
    const trends = response.json<TTopicTrends>();
    expect(trends).toMatchObject({ topic: { id: topicId, name: 'Crude oil prices' }, range: '30d', bucket: 'day', total: 33, previous_total: 0, change: null, by_kind: { news: 33 } });
    expect(trends.series).toHaveLength(30);
    expect(trends.series.reduce((a, b) => a + b.total, 0)).toBe(33);
    expect(trends.series.at(-2)).toMatchObject({ total: 6, by_kind: { news: 6 } });

    expect(trends.spikes).toHaveLength(1);
    const [found] = trends.spikes;
    expect(found).toMatchObject({ start: trends.series.at(-2)!.start, count: 6 });
    // Highest rank first, then newest.
    expect(found!.articles.map((a) => a.id)).toEqual([...spike.slice(0, 3), spike[5], spike[4]]);
    expect(found!.explanation).toMatch(/^6 articles against about 0\.9 a day in the 14 days before\. 3 of its top 5 articles report "A story" \[1\]\[2\]\[3\]\.$/);

    expect(trends.rising.map((r) => [r.name, r.kind, r.recent, r.is_new])).toEqual([
      ['OPEC', 'entity', 3, true],
      ['Vienna', 'place', 3, true],
    ]);
    expect(trends.rising[0]!.articles.map((a) => a.id).sort()).toEqual(spike.slice(0, 3).sort());

    expect(trends.stories[0]).toMatchObject({ id: storyId, title: 'A story' });
    expect(trends.stories[0]!.articles.map((a) => a.id)).toEqual(spike.slice(0, 3));

    expect(trends.analysis).not.toBeNull();
    expect(trends.analysis!.model).toBe('builtin');
    expect(trends.analysis!.text).toMatch(/\[1\]/);
    expect(trends.analysis!.text).toContain('Coverage peaked on');
    expect(trends.analysis!.text).toContain('New to the topic this week: OPEC (3 articles) and Vienna (3 articles).');
    const cited = trends.analysis!.references.map((r) => r.article_id);
    expect(cited.length).toBeGreaterThan(0);
    const own = await herald.database.db.select({ id: events.id }).from(events).where(inArray(events.id, cited));
    expect(own).toHaveLength(cited.length);
    for (const n of trends.analysis!.text.matchAll(/\[(\d+)\]/g)) expect(trends.analysis!.references.map((r) => r.number)).toContain(Number(n[1]));
  });

  it('counts against the period before, per hour for 24 hours, and finds no spike before the topic had 14 days', async () => {
    const user = await kit.reader({ topics: ['Grain markets'] });
    const topicId = user.topics[0]!.id;
    for (const k of [8, 9, 10, 2]) await kit.publish(user.userId, topicId, { publishedAt: daysAgo(k) });
    for (let i = 0; i < 5; i++) await kit.publish(user.userId, topicId, { publishedAt: new Date(Date.now() - i * 60_000) });
    const week = (await kit.get(`/api/topics/${topicId}/trends/?range=7d`, user.access)).json<TTopicTrends>();
    expect(week).toMatchObject({ total: 6, previous_total: 3, change: 1, spikes: [] });
    expect(Date.parse(week.spikes_from)).toBeGreaterThan(Date.now() + 13 * DAY);
    const day = (await kit.get(`/api/topics/${topicId}/trends/?range=24h`, user.access)).json<TTopicTrends>();
    expect(day).toMatchObject({ bucket: 'hour', total: 5 });
    expect(day.series).toHaveLength(24);
  });

  it('counts a name the NLP library cut short as the name it was cut from, not as a rising name of its own', async () => {
    const user = await kit.reader({ topics: ['Monetary policy'] });
    const topicId = user.topics[0]!.id;
    await herald.database.db.update(topics).set({ createdAt: daysAgo(40) }).where(eq(topics.id, topicId));
    const earlier: number[] = [];
    for (let k = 10; k <= 30; k += 2) earlier.push(await kit.publish(user.userId, topicId, { publishedAt: daysAgo(k) }));
    const week: number[] = [];
    for (let k = 1; k <= 3; k++) week.push(await kit.publish(user.userId, topicId, { publishedAt: daysAgo(k) }));
    const { db } = herald.database;
    await db.update(events).set({ entityNames: ['Federal Open Market Committee'] }).where(inArray(events.id, earlier));
    await db.update(events).set({ entityNames: ['Market Committee', 'Jerome Powell'] }).where(inArray(events.id, week));
    const trends = (await kit.get(`/api/topics/${topicId}/trends/?range=30d`, user.access)).json<TTopicTrends>();
    // The committee is at its usual rate once its short form is counted as it; Powell is new.
    expect(trends.rising.map((r) => r.name)).toEqual(['Jerome Powell']);
  });

  it('reads the rising names again once the topic publishes (they are kept between its publications)', async () => {
    const user = await kit.reader({ topics: ['Shipping'] });
    const topicId = user.topics[0]!.id;
    await herald.database.db.update(topics).set({ createdAt: daysAgo(40) }).where(eq(topics.id, topicId));
    await kit.publish(user.userId, topicId, { publishedAt: daysAgo(20) });
    const read = async () => (await kit.get(`/api/topics/${topicId}/trends/?range=7d`, user.access)).json<TTopicTrends>().rising.map((r) => r.name);
    expect(await read()).toEqual([]);
    const fresh = [];
    for (let i = 0; i < 2; i++) fresh.push(await kit.publish(user.userId, topicId, { publishedAt: new Date(Date.now() - i * 60_000) }));
    // The names are an article's from its publication on (the story stage keeps them before the article stage).
    await herald.database.db.update(events).set({ entityNames: ['Suez Canal'] }).where(inArray(events.id, fresh));
    expect(await read()).toEqual(['Suez Canal']);
  });

  it('answers an empty topic with empty figures and no analysis', async () => {
    const user = await kit.reader({ topics: ['Coffee and cocoa markets'] });
    const trends = (await kit.get(`/api/topics/${user.topics[0]!.id}/trends/?range=90d`, user.access)).json<TTopicTrends>();
    expect(trends).toMatchObject({ total: 0, previous_total: 0, change: null, spikes: [], rising: [], stories: [], analysis: null });
    expect(trends.series).toHaveLength(90);
  });

  it("is the reader's own: another user's topic is not found, a bad range is refused", async () => {
    const { topicId } = await followedTopic();
    const other = await kit.reader({ topics: ['Crude oil prices'] });
    const response = await kit.get(`/api/topics/${topicId}/trends/`, other.access);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'not_found' });
    const overview = (await kit.get('/api/trends/', other.access)).json<TTrendsOverview>();
    expect(overview.topics.map((t) => t.id)).toEqual([other.topics[0]!.id]);
    expect(overview.topics[0]).toMatchObject({ total: 0, spikes: [] });
    const bad = await kit.get(`/api/topics/${topicId}/trends/?range=1y`, other.access);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed' });
  });
});

describe('GET /api/trends/', () => {
  it("lays every topic side by side, readable with a feed:read token", async () => {
    const { user, topicId } = await followedTopic();
    const made = await herald.app!.inject({ method: 'POST', url: '/api/me/tokens/', headers: { authorization: `Bearer ${user.access}` }, payload: { name: 'Dashboard script', scopes: ['feed:read'] } });
    expect(made.statusCode).toBe(201);
    const token = made.json<{ token: string }>().token;
    const overview = (await kit.get('/api/trends/?range=30d', token)).json<TTrendsOverview>();
    expect(overview.topics).toHaveLength(1);
    expect(overview.topics[0]).toMatchObject({ id: topicId, total: 33, rising: ['OPEC', 'Vienna'] });
    expect(overview.topics[0]!.series).toHaveLength(30);
    expect(overview.topics[0]!.spikes).toHaveLength(1);
  });
});

describe('the daily brief', () => {
  it("carries the day's spikes and rising names under 'Trending in your topics', linked to the dashboard", async () => {
    const { user, topicId } = await followedTopic();
    const { db } = herald.database;
    await db.update(users).set({ newsletter: true }).where(eq(users.id, user.userId));
    const latest = await kit.publish(user.userId, topicId, { title: 'OPEC meets again', finalRank: 0.8 });
    await db.update(events).set({ entityNames: ['OPEC'] }).where(eq(events.id, latest));
    const stage = { database: herald.database, search: herald.search, config: herald.config, logger: herald.logger };
    expect(await sendBrief(stage, user.userId)).toBe('sent');
    const [brief] = await db.select().from(outboxEmails).where(and(eq(outboxEmails.to, user.email), eq(outboxEmails.template, 'daily-brief')));
    const text = brief!.text;
    expect(text).toContain('Trending in your topics');
    expect(text).toMatch(/Crude oil prices: 6 articles on \d+ \w+, against about 0\.9 a day before, led by "OPEC cuts output, part 1"\./);
    expect(text).toContain('Crude oil prices: Rising this week: OPEC (new, 4 articles)');
    expect(text).toContain(`See the trend: ${herald.config.publicUrl}/topics/${topicId}`);
  });
});

describe('spike notices', () => {
  it("email a reader with alerts on once per spike, with its leading article and the topic's dashboard", async () => {
    const { user, topicId, spike } = await followedTopic();
    const { db } = herald.database;
    const mine = () => db.select().from(outboxEmails).where(and(eq(outboxEmails.to, user.email), eq(outboxEmails.template, 'trend-spike')));
    const context = { database: herald.database, config: herald.config };
    // Others' topics may spike too; this reader's one spike is told once, however often it runs.
    await Promise.all([notifySpikes(context), notifySpikes(context)]);
    await notifySpikes(context);
    const sent = await mine();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Herald: a spike in Crude oil prices');
    expect(sent[0]!.text).toMatch(/6 articles on Crude oil prices since \d+ \w+ \d{4}, against about 0\.9 a day in the 14 days before\./);
    expect(sent[0]!.text).toContain('Leading them: OPEC cuts output, part 1');
    expect(sent[0]!.text).toContain(`${herald.config.publicUrl}/a/${spike[0]}`);
    expect(sent[0]!.text).toContain(`See the trend: ${herald.config.publicUrl}/topics/${topicId}`);
    // The same notice in the reader's inbox, once, opening the article that leads the spike.
    const told = await db.select().from(inboxItems).where(and(eq(inboxItems.userId, user.userId), eq(inboxItems.kind, 'spike')));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ topicId, eventId: spike[0], body: 'Leading: OPEC cuts output, part 1' });
    expect(told[0]!.title).toMatch(/^Crude oil prices: 6 articles on \d+ \w+ \d{4}$/);
    // Alerts off: no notice for a reader who turned them off.
    const quiet = await followedTopic();
    await db.update(users).set({ alerts: false }).where(eq(users.id, quiet.user.userId));
    await notifySpikes(context);
    expect(await db.select().from(outboxEmails).where(and(eq(outboxEmails.to, quiet.user.email), eq(outboxEmails.template, 'trend-spike')))).toHaveLength(0);
  });
});
