import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TArticlePage, TArticleSummary } from '../../../contract/feed.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { events, topics } from '../../db/schema/index.js';
import { rowsOf } from '../../db/client.js';
import { newestFirst, publishedArticles, selectArticles } from './feed-query.js';
import { feedKit } from './feed-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof feedKit>;
beforeAll(async () => {
  herald = await createTestHerald();
  kit = feedKit(herald);
});
afterAll(async () => herald?.close());

const ids = (articles: TArticleSummary[]) => articles.map((a) => a.id);

/** Walks every page with the cursors the server gives out. */
async function walk(url: string, token: string, perPage: number) {
  const seen: number[] = [];
  let page = 1;
  let cursor: string | null = null;
  for (;;) {
    const response = await kit.get(`${url}${url.includes('?') ? '&' : '?'}page=${page}&per_page=${perPage}${cursor ? `&cursor=${cursor}` : ''}`, token);
    expect(response.statusCode).toBe(200);
    const body = response.json<TArticlePage>();
    expect(body.page).toBe(page);
    seen.push(...ids(body.articles));
    if (!body.has_next) {
      expect(body.next_cursor).toBeNull();
      return seen;
    }
    cursor = body.next_cursor;
    page++;
  }
}

describe('GET /for-you/latest/', () => {
  it('pages newest first, 25 a page by default, with has_next, a topic filter and an empty page past the end', async () => {
    const user = await kit.reader({ topics: ['Rates', 'Migration'] });
    const [rates, migration] = user.topics;
    const rateIds = await kit.publishMany(user.userId, rates!.id, 27);
    const migrationId = await kit.publish(user.userId, migration!.id, { title: 'Border reopened' });

    const first = (await kit.get('/api/for-you/latest/', user.access)).json<TArticlePage>();
    expect(first).toMatchObject({ page: 1, per_page: 25, has_next: true });
    expect(first.articles).toHaveLength(25);
    expect(first.articles[0]!.id).toBe(migrationId);
    expect(first.articles[1]!.id).toBe(rateIds.at(-1));
    expect(first.articles[0]).toMatchObject({ title: 'Border reopened', theme: 'Monetary policy', topic: { id: migration!.id, name: 'Migration' }, language: 'en', alerted: false });
    expect(first.articles[0]!.points).toHaveLength(2);

    const second = (await kit.get(`/api/for-you/latest/?page=2&cursor=${first.next_cursor}`, user.access)).json<TArticlePage>();
    expect(ids(second.articles)).toEqual([rateIds[2], rateIds[1], rateIds[0]]);
    expect(second).toMatchObject({ page: 2, has_next: false, next_cursor: null });
    // Page numbers alone work too (offset), and a page past the end is empty.
    expect(ids((await kit.get('/api/for-you/latest/?page=2', user.access)).json<TArticlePage>().articles)).toEqual(ids(second.articles));
    expect((await kit.get('/api/for-you/latest/?page=9', user.access)).json()).toMatchObject({ articles: [], has_next: false, next_cursor: null });

    const topic = (await kit.get(`/api/for-you/latest/?topic_id=${migration!.id}`, user.access)).json<TArticlePage>();
    expect(ids(topic.articles)).toEqual([migrationId]);
    expect(topic.has_next).toBe(false);
  });

  it('keeps cursor paging stable while new articles arrive: nothing repeats, nothing is skipped', async () => {
    const user = await kit.reader();
    const topicId = user.topics[0]!.id;
    const original = (await kit.publishMany(user.userId, topicId, 30)).reverse();
    const first = (await kit.get('/api/for-you/latest/?per_page=10', user.access)).json<TArticlePage>();
    expect(ids(first.articles)).toEqual(original.slice(0, 10));
    // Five newer articles arrive between page 1 and page 2.
    await kit.publishMany(user.userId, topicId, 5, Date.now() + 60_000);
    const second = (await kit.get(`/api/for-you/latest/?page=2&per_page=10&cursor=${first.next_cursor}`, user.access)).json<TArticlePage>();
    const third = (await kit.get(`/api/for-you/latest/?page=3&per_page=10&cursor=${second.next_cursor}`, user.access)).json<TArticlePage>();
    expect([...ids(first.articles), ...ids(second.articles), ...ids(third.articles)]).toEqual(original);
    expect(third.has_next).toBe(false);
  });

  it('orders articles published in the same millisecond exactly (microseconds, then id) across pages', async () => {
    for (const microseconds of [true, false]) {
      const user = await kit.reader();
      const all = await kit.publishMany(user.userId, user.topics[0]!.id, 12);
      await kit.squeezeTimes(user.userId, new Date(), microseconds);
      const seen = await walk('/api/for-you/latest/', user.access, 5);
      expect([...seen].sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
      expect(new Set(seen).size).toBe(12);
    }
  });

  it('validates its query: page size at most 100, a cursor it gave out, a signed-in caller', async () => {
    const user = await kit.reader();
    expect((await kit.get('/api/for-you/latest/?per_page=101', user.access)).statusCode).toBe(400);
    expect((await kit.get('/api/for-you/latest/?page=0', user.access)).statusCode).toBe(400);
    const bad = await kit.get('/api/for-you/latest/?page=2&cursor=bm90LWEtY3Vyc29y', user.access);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', fields: { cursor: ['Not a cursor this server gave out'] } });
    expect((await herald.app!.inject({ method: 'GET', url: '/api/for-you/latest/' })).statusCode).toBe(401);
  });

  it("never shows another user's articles, even with their topic id", async () => {
    const a = await kit.reader();
    const b = await kit.reader();
    await kit.publish(b.userId, b.topics[0]!.id);
    expect((await kit.get('/api/for-you/latest/', a.access)).json()).toMatchObject({ articles: [], has_next: false });
    expect((await kit.get(`/api/for-you/latest/?topic_id=${b.topics[0]!.id}`, a.access)).json()).toMatchObject({ articles: [] });
    expect((await kit.get('/api/articles/history/', a.access)).json()).toMatchObject({ articles: [] });
    expect((await kit.get('/api/for-you/', a.access)).json()).toEqual({ articles: [] });
    expect((await kit.get('/api/for-you/top/', a.access)).json()).toEqual({ articles: [] });
    expect((await kit.get('/api/for-you/timeline-search/?q=article', a.access)).json()).toEqual({ articles: [] });
  });

  it('lists only published articles, not events still waiting for theirs or dropped', async () => {
    const user = await kit.reader();
    const topicId = user.topics[0]!.id;
    const published = await kit.publish(user.userId, topicId);
    await kit.publish(user.userId, topicId, { state: 'pending' });
    await kit.publish(user.userId, topicId, { state: 'dropped' });
    expect(ids((await kit.get('/api/for-you/latest/', user.access)).json<TArticlePage>().articles)).toEqual([published]);
  });
});

describe('the list-item fields of an article (events.article_summary)', () => {
  it('follow the article when it is rewritten, and lists carry nothing else of it', async () => {
    const user = await kit.reader();
    const id = await kit.publish(user.userId, user.topics[0]!.id, { title: 'First draft' });
    await herald.database.db.execute(sql`UPDATE events SET article = article || '{"title": "Second draft", "superhead": "Rates"}'::jsonb WHERE id = ${id}`);
    const [item] = (await kit.get('/api/for-you/latest/', user.access)).json<TArticlePage>().articles;
    expect(item).toMatchObject({ id, title: 'Second draft', theme: 'Rates' });
    const [row] = await herald.database.db.select({ summary: events.articleSummary }).from(events).where(eq(events.id, id));
    expect(Object.keys(row!.summary!).sort()).toEqual(['bullet_points', 'introduction', 'language', 'points', 'superhead', 'theme', 'title']);
  });

  it('a feed page runs on its generic plan through the partial index, on both databases', async () => {
    const user = await kit.reader();
    await kit.publishMany(user.userId, user.topics[0]!.id, 3);
    const page = (await kit.get('/api/for-you/latest/?per_page=2', user.access)).json<TArticlePage>();
    expect(page.articles).toHaveLength(2);
    // The plan a prepared statement gets without its parameters' values: had `article_generated`
    // been a parameter, no partial index (WHERE article_generated) could serve it.
    const planOf = (statement: string) =>
      // One session (a transaction holds its connection) for PREPARE and EXPLAIN EXECUTE.
      herald.database.prepared.transaction(async (tx) => {
        await tx.execute(sql.raw('SET LOCAL plan_cache_mode = force_generic_plan'));
        await tx.execute(sql.raw(`PREPARE feed_plan_probe(uuid) AS ${statement}`));
        const rows = rowsOf<Record<string, string>>(await tx.execute(sql.raw(`EXPLAIN EXECUTE feed_plan_probe('${user.userId}')`)));
        await tx.execute(sql.raw('DEALLOCATE feed_plan_probe'));
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    // The reader's pages run there on their generic plans (PostgreSQL server: the pool's own setting).
    const [mode] = rowsOf<{ plan_cache_mode: string }>(await herald.database.prepared.execute(sql.raw('SHOW plan_cache_mode')));
    expect(mode!.plan_cache_mode).toBe(herald.database.kind === 'postgres' ? 'force_generic_plan' : 'auto');
    // ...and without JIT, which a generic plan's estimate of a large feed would otherwise start (~15 ms a page).
    if (herald.database.kind === 'postgres') expect(rowsOf<{ jit: string }>(await herald.database.prepared.execute(sql.raw('SHOW jit')))[0]!.jit).toBe('off');
    const query = selectArticles(herald.database.db).where(publishedArticles(sql.placeholder('userId'))).orderBy(...newestFirst).limit(26).toSQL();
    // $1 is the user; any other parameter becomes NULL (the limit: none).
    const plan = await planOf(query.sql.replace(/\$\d+/g, (match) => (match === '$1' ? '$1' : 'NULL')));
    expect(plan).toMatch(/events_published_idx/);
  });
});

describe('GET /for-you/ and GET /for-you/top/', () => {
  it('gives the newest 25 as the feed head, optionally for one topic', async () => {
    const user = await kit.reader({ topics: ['Rates', 'Migration'] });
    const rates = await kit.publishMany(user.userId, user.topics[0]!.id, 26);
    const migration = await kit.publish(user.userId, user.topics[1]!.id, { publishedAt: new Date(Date.now() - 3_600_000) });
    const head = (await kit.get('/api/for-you/?p=1', user.access)).json<{ articles: TArticleSummary[] }>();
    expect(ids(head.articles)).toEqual([...rates].reverse().slice(0, 25));
    expect(ids((await kit.get(`/api/for-you/?topic_id=${user.topics[1]!.id}`, user.access)).json<{ articles: TArticleSummary[] }>().articles)).toEqual([migration]);
  });

  it('ranks at most 5 Top News by QA rank among the newest 50', async () => {
    const user = await kit.reader({ topics: ['Rates', 'Migration'] });
    const topicId = user.topics[0]!.id;
    const start = Date.now() - 100_000;
    // Older than the newest 50: however high its rank, it is no longer news.
    await kit.publish(user.userId, topicId, { title: 'Old but great', finalRank: 0.99, publishedAt: new Date(start - 1000) });
    const ranked: number[] = [];
    for (let i = 0; i < 50; i++) {
      const rank = [3, 17, 25, 40, 44, 47].includes(i) ? 0.9 - i / 1000 : 0.3;
      const id = await kit.publish(user.userId, i === 47 ? user.topics[1]!.id : topicId, { finalRank: rank, publishedAt: new Date(start + i * 1000) });
      if (rank > 0.3) ranked.push(id);
    }
    const top = (await kit.get('/api/for-you/top/', user.access)).json<{ articles: TArticleSummary[] }>();
    expect(ids(top.articles)).toEqual(ranked.slice(0, 5));
    expect(top.articles.map((a) => a.rank)).toEqual([0.897, 0.883, 0.875, 0.86, 0.856]);
    const forTopic = (await kit.get(`/api/for-you/top/?topic_id=${user.topics[1]!.id}`, user.access)).json<{ articles: TArticleSummary[] }>();
    expect(ids(forTopic.articles)).toEqual([ranked[5]]);
  });
});

describe('GET /for-you/timeline-search/', () => {
  it('finds articles by words of the title, points and sections, best match first, within a topic', async () => {
    const user = await kit.reader({ topics: ['Rates', 'Migration'] });
    const [rates, migration] = user.topics;
    const title = await kit.publish(user.userId, rates!.id, { title: 'Discount rate cut announced' });
    const section = await kit.publish(user.userId, rates!.id, { title: 'Board meeting', sections: [{ heading: 'Decision', content: 'The discount rate was cut by half a point.' }] });
    const other = await kit.publish(user.userId, migration!.id, { title: 'Border reopened at Röszke', sections: [{ heading: 'Why', content: 'Hungary reopened the border.' }] });

    const found = (await kit.get('/api/for-you/timeline-search/?q=discount%20rate', user.access)).json<{ articles: TArticleSummary[] }>();
    expect(ids(found.articles)).toEqual([title, section]);
    expect(ids((await kit.get('/api/for-you/timeline-search/?q=hungary', user.access)).json<{ articles: TArticleSummary[] }>().articles)).toEqual([other]);
    expect(ids((await kit.get(`/api/for-you/timeline-search/?q=discount&topic_id=${migration!.id}`, user.access)).json<{ articles: TArticleSummary[] }>().articles)).toEqual([]);
    // Web search syntax: a quoted phrase and an excluded word.
    expect(ids((await kit.get(`/api/for-you/timeline-search/?q=${encodeURIComponent('"discount rate" -board')}`, user.access)).json<{ articles: TArticleSummary[] }>().articles)).toEqual([title]);
    // Stop words alone still match titles; LIKE wildcards are taken literally.
    const stop = await kit.publish(user.userId, rates!.id, { title: 'To be or not to be' });
    expect(ids((await kit.get('/api/for-you/timeline-search/?q=to%20be', user.access)).json<{ articles: TArticleSummary[] }>().articles)).toEqual([stop]);
    expect((await kit.get('/api/for-you/timeline-search/?q=%25', user.access)).json()).toEqual({ articles: [] });
  });

  it('refuses a blank query', async () => {
    const user = await kit.reader();
    const blank = await kit.get('/api/for-you/timeline-search/?q=%20%20', user.access);
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ code: 'validation_failed', fields: { q: ['Enter something to search for'] } });
    expect((await kit.get('/api/for-you/timeline-search/', user.access)).statusCode).toBe(400);
  });
});

describe('GET /articles/history/', () => {
  it('pages every topic newest first with has_next, by page number or cursor', async () => {
    const user = await kit.reader({ topics: ['Rates', 'Migration'] });
    const a = await kit.publishMany(user.userId, user.topics[0]!.id, 20, Date.now() - 100_000);
    const b = await kit.publishMany(user.userId, user.topics[1]!.id, 10, Date.now() - 50_000);
    const first = (await kit.get('/api/articles/history/?page=1', user.access)).json<TArticlePage>();
    expect(first).toMatchObject({ page: 1, per_page: 25, has_next: true });
    expect(ids(first.articles)).toEqual([...b.reverse(), ...a.slice().reverse()].slice(0, 25));
    const second = (await kit.get('/api/articles/history/?page=2', user.access)).json<TArticlePage>();
    expect(ids(second.articles)).toEqual(a.slice(0, 5).reverse());
    expect(second.has_next).toBe(false);
    expect(await walk('/api/articles/history/', user.access, 7)).toHaveLength(30);
  });
});

describe('a retired topic', () => {
  it("leaves the feed, Top News, search, related articles and the feeds out; Previous Articles keeps its articles, named by the topic", async () => {
    const user = await kit.reader({ topics: ['Rates', 'Migration'] });
    const [kept, gone] = [user.topics[0]!.id, user.topics[1]!.id];
    const keptIds = await kit.publishMany(user.userId, kept, 2, Date.now() - 100_000);
    const goneId = await kit.publish(user.userId, gone, { title: 'Migrants arrive in Vienna', finalRank: 0.99 });
    await herald.database.db.update(topics).set({ retiredAt: new Date() }).where(eq(topics.id, gone));
    const latest = (await kit.get('/api/for-you/latest/', user.access)).json<TArticlePage>();
    expect(ids(latest.articles).sort()).toEqual(keptIds.slice().sort());
    expect(ids((await kit.get('/api/for-you/', user.access)).json<{ articles: TArticleSummary[] }>().articles)).not.toContain(goneId);
    expect(ids((await kit.get('/api/for-you/top/', user.access)).json<{ articles: TArticleSummary[] }>().articles)).not.toContain(goneId);
    expect(ids((await kit.get('/api/for-you/timeline-search/?q=Vienna', user.access)).json<{ articles: TArticleSummary[] }>().articles)).toEqual([]);
    const history = (await kit.get('/api/articles/history/', user.access)).json<TArticlePage>();
    expect(history.articles.find((a) => a.id === goneId)?.topic).toEqual({ id: gone, name: 'Migration' });
  });
});

describe('dates of replayed documents', () => {
  it('gives a replayed document its original date beside the arrival that orders the feed', async () => {
    const user = await kit.reader();
    const replayed = await kit.publish(user.userId, user.topics[0]!.id, { title: 'FOMC statement' });
    const live = await kit.publish(user.userId, user.topics[0]!.id, { title: 'Fresh news' });
    const [event] = await herald.database.db.select({ documentId: events.documentId }).from(events).where(eq(events.id, replayed));
    await herald.database.db.execute(sql`UPDATE documents SET metadata = '{"original_published_at": "1996-01-31"}'::jsonb WHERE id = ${event!.documentId}`);
    const page = (await kit.get('/api/for-you/latest/', user.access)).json<TArticlePage>();
    expect(ids(page.articles)).toEqual([live, replayed]);
    expect(page.articles.find((a) => a.id === replayed)!.original_published_at).toBe('1996-01-31T00:00:00.000Z');
    expect(page.articles.find((a) => a.id === live)!.original_published_at).toBeNull();
    expect((await kit.get(`/api/for-you/article/${replayed}/`, user.access)).json().original_published_at).toBe('1996-01-31T00:00:00.000Z');
  });
});
