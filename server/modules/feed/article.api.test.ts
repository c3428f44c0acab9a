import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TArticleSummary, TReaderArticle, TSourcePreview } from '../../../contract/feed.js';
import { sources, users } from '../../db/schema/index.js';
import { ingestDocuments } from '../../documents/ingest.js';
import { ZArticle } from '../../intelligence/capabilities/compose.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { articleJson, feedKit } from './feed-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof feedKit>;
beforeAll(async () => {
  herald = await createTestHerald();
  kit = feedKit(herald);
});
afterAll(async () => herald?.close());

const ids = (articles: TArticleSummary[]) => articles.map((a) => a.id);

describe('GET /for-you/article/{id}/', () => {
  it('gives the reader article with every field', async () => {
    const user = await kit.reader();
    const id = await kit.publish(user.userId, user.topics[0]!.id, { title: 'Rates rise', alerted: true, finalRank: 0.8 });
    const response = await kit.get(`/api/for-you/article/${id}/?email=1`, user.access);
    expect(response.statusCode).toBe(200);
    const article = response.json<TReaderArticle>();
    expect(article).toMatchObject({
      id,
      title: 'Rates rise',
      theme: 'Monetary policy',
      introduction: 'Rates rise: what was decided. [1]',
      language: 'en',
      rank: 0.8,
      alerted: true,
      topic: { id: user.topics[0]!.id, name: 'Federal Reserve monetary policy' },
      disclosure: 'Composed from 2 sources.',
      actionable_takeaway: 'Review variable-rate exposure before the next meeting. [1]',
      data_table: { columns: ['Metric', 'Value', 'Unit', 'Entity', 'Date', 'Confidence'], rows: [['Target range rise', '25', 'basis points', 'FOMC', '2024-03-20', 'high']] },
    });
    expect(article.sections.map((s) => s.heading)).toEqual(['What happened', 'Background']);
    expect(article.references).toHaveLength(2);
    expect(article.references[0]).toMatchObject({ number: 1, title: 'FOMC statement', source: 'Federal Reserve' });
    expect(article.documents[0]).toMatchObject({ initial_reference_number: 1, final_reference_number: 1, was_cited: true, score: 1 });
    expect(Date.parse(article.published_at)).not.toBeNaN();
  });

  it("shows a one-sentence document's sentence once: its point repeats the introduction", async () => {
    const user = await kit.reader();
    const id = await kit.publish(user.userId, user.topics[0]!.id, { title: 'Notice', article: articleJson('Notice', 1, { introduction: 'The Board approved a rate cut. [1]', bullet_points: ['The Board approved a rate cut. [1]'] }) });
    expect((await kit.get(`/api/for-you/article/${id}/`, user.access)).json<TReaderArticle>().points).toEqual([]);
  });

  it("answers 404 for another user's article and an unknown id, without the article", async () => {
    const a = await kit.reader();
    const b = await kit.reader();
    const bArticle = await kit.publish(b.userId, b.topics[0]!.id, { title: 'Secret of B' });
    for (const url of [`/api/for-you/article/${bArticle}/`, '/api/for-you/article/999999999/', `/api/for-you/article/${bArticle}/related/`]) {
      const response = await kit.get(url, a.access);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'Article not found.', code: 'not_found' });
      expect(response.body).not.toContain('Secret of B');
    }
    expect((await kit.get('/api/for-you/article/abc/', a.access)).statusCode).toBe(400);
    expect((await herald.app!.inject({ method: 'GET', url: `/api/for-you/article/${bArticle}/` })).statusCode).toBe(401);
  });

  it("says 'Article not yet generated' while it is being written, and not found for an event that will have none", async () => {
    const user = await kit.reader();
    const pending = await kit.publish(user.userId, user.topics[0]!.id, { state: 'pending' });
    const dropped = await kit.publish(user.userId, user.topics[0]!.id, { state: 'dropped' });
    const waiting = await kit.get(`/api/for-you/article/${pending}/`, user.access);
    expect(waiting.statusCode).toBe(404);
    expect(waiting.json()).toEqual({ error: 'Article not yet generated', code: 'article_not_generated' });
    expect((await kit.get(`/api/for-you/article/${dropped}/`, user.access)).json()).toMatchObject({ code: 'not_found' });
  });

  it('shows what it can of a malformed record instead of failing', async () => {
    const user = await kit.reader();
    const id = await kit.publish(user.userId, user.topics[0]!.id, {
      article: {
        title: 42,
        bullet_points: '["first point [1]", "second point"]',
        sections: 'not a list',
        references: [{ number: '2', title: 'Kept', document_id: 'doc-7-2' }, 'junk', { title: 'no id' }],
        supporting_documents: '{broken json',
        actionable_takeaway: '["Act now [1]", "Watch the next meeting"]',
        takeaway_basis: 'made up',
        data_table: '{"columns": ["Metric"], "rows": [}',
      },
    });
    const response = await kit.get(`/api/for-you/article/${id}/`, user.access);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      title: '42',
      theme: '',
      points: ['first point [1]', 'second point'],
      sections: [],
      references: [{ number: 2, title: 'Kept', source: 'Unknown', document_id: 'doc-7-2' }],
      documents: [],
      actionable_takeaway: ['Act now [1]', 'Watch the next meeting'],
      takeaway_basis: null,
      data_table: null,
      disclosure: '',
    });
    const empty = await kit.publish(user.userId, user.topics[0]!.id, { article: {} });
    expect((await kit.get(`/api/for-you/article/${empty}/`, user.access)).json()).toMatchObject({ title: 'Untitled', points: [], data_table: null, actionable_takeaway: null, takeaway_basis: null });
  });

  it('lets a superuser read any user (user_id) and an admin preview their account, read-only; others get 403', async () => {
    const member = await kit.reader();
    const id = await kit.publish(member.userId, member.topics[0]!.id, { title: 'Seen by the superuser' });
    const root = await kit.reader({ superuser: true });
    const asRoot = await kit.get(`/api/for-you/article/${id}/?user_id=${member.userId}`, root.access);
    expect(asRoot.statusCode).toBe(200);
    expect(asRoot.json()).toMatchObject({ id, title: 'Seen by the superuser' });
    expect((await kit.get(`/api/for-you/latest/?user_id=${member.userId}`, root.access)).json<{ articles: TArticleSummary[] }>().articles.map((a) => a.id)).toEqual([id]);
    // Without user_id the superuser reads their own feed: the member's article is not theirs.
    expect((await kit.get(`/api/for-you/article/${id}/`, root.access)).statusCode).toBe(404);

    const other = await kit.reader();
    expect((await kit.get(`/api/for-you/article/${id}/?user_id=${member.userId}`, other.access)).statusCode).toBe(403);
    expect((await kit.get(`/api/articles/history/?user_id=${member.userId}`, other.access)).statusCode).toBe(403);

    // An admin previews a member of their own account.
    const [memberRow] = await herald.database.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, member.userId));
    const admin = await kit.reader();
    await herald.database.db.update(users).set({ accountId: memberRow!.accountId, role: 'ADMIN' }).where(eq(users.id, admin.userId));
    expect((await kit.get(`/api/for-you/article/${id}/?user_id=${member.userId}`, admin.access)).statusCode).toBe(200);
    expect((await kit.get(`/api/for-you/article/${id}/?user_id=${other.userId}`, admin.access)).statusCode).toBe(404);
  });
});

describe('GET /for-you/article/{id}/related/', () => {
  it('gives up to 5 articles about the same happening, leaving out this one and the Latest 5', async () => {
    const user = await kit.reader({ topics: ['Rates', 'Migration'] });
    const [rates, migration] = user.topics;
    const story = await kit.story(user.userId);
    const start = Date.now() - 1_000_000;
    let t = 0;
    const at = () => new Date(start + t++ * 1000);
    const current = await kit.publish(user.userId, rates!.id, { title: 'Discount rate raised by the Board', storyId: story, publishedAt: at() });
    const sameStory = await kit.publish(user.userId, rates!.id, { title: 'Markets react', storyId: story, publishedAt: at() });
    const similar = [];
    for (let i = 0; i < 5; i++) similar.push(await kit.publish(user.userId, rates!.id, { title: `Discount rate decision ${i}`, publishedAt: at() }));
    await kit.publish(user.userId, migration!.id, { title: 'Border reopened', publishedAt: at() });
    // The five newest: the Latest list beside the article, so not repeated as related.
    const latest = [];
    for (let i = 0; i < 5; i++) latest.push(await kit.publish(user.userId, rates!.id, { title: `Discount rate update ${i}`, publishedAt: at() }));

    const related = (await kit.get(`/api/for-you/article/${current}/related/`, user.access)).json<{ articles: TArticleSummary[] }>();
    expect(related.articles).toHaveLength(5);
    expect(related.articles[0]!.id).toBe(sameStory);
    expect(ids(related.articles).slice(1).sort()).toEqual(similar.slice(1).sort());
    expect(ids(related.articles)).not.toContain(current);
    for (const id of latest) expect(ids(related.articles)).not.toContain(id);

    // Unrelated: nothing in common with this article is not 'related'.
    const lonely = await kit.publish(user.userId, migration!.id, { title: 'Zebra crossings', superhead: 'Wildlife', publishedAt: new Date(start - 5000) });
    expect((await kit.get(`/api/for-you/article/${lonely}/related/`, user.access)).json()).toEqual({ articles: [] });
  });
});

describe('GET /for-you/recent-abstracts/', () => {
  it("gives up to 12 recent documents matching the user's topics, newest first, else the newest summarised", async () => {
    const [source] = await herald.database.db.insert(sources).values({ kind: 'demo', name: 'abstracts', collectionId: 1, intervalMinutes: 60, enabled: false }).returning();
    const now = Date.now();
    const raws = Array.from({ length: 16 }, (_, i) => ({
      externalId: `fed-${i}`,
      title: `Federal Reserve holds the federal funds rate, statement ${i}`,
      text: `The Federal Open Market Committee decided to keep the target range for the federal funds rate. Statement number ${i} discusses inflation and employment in detail.`,
      publisher: 'Federal Reserve Board',
      publishedAt: new Date(now - i * 60_000),
      contentType: 'text/plain',
      collectionId: 1,
      canonicalUrl: null,
    }));
    raws.push({ ...raws[0]!, externalId: 'zoo', title: 'Zoo welcomes a baby giraffe', text: 'The city zoo welcomed a baby giraffe on Tuesday, keepers said, and visitors lined up to see it.', publishedAt: new Date(now) });
    await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: source!.id, collectionId: 1 }, raws);

    const user = await kit.reader({ topics: ['Federal funds rate'] });
    const response = await kit.get('/api/for-you/recent-abstracts/', user.access);
    expect(response.statusCode).toBe(200);
    const { results } = response.json<{ results: TSourcePreview[] }>();
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(12);
    expect(results.every((r) => /federal funds rate/i.test(r.title))).toBe(true);
    expect(results[0]).toMatchObject({ source_name: 'Federal Reserve Board' });
    expect(results[0]!.summary).toContain('Federal Open Market Committee');
    const times = results.map((r) => Date.parse(r.published_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    // No topics yet: the newest documents that have a summary (none here, so nothing to preview).
    const newcomer = await kit.reader({ topics: [] });
    expect((await kit.get('/api/for-you/recent-abstracts/', newcomer.access)).json()).toEqual({ results: [] });
  });
});

describe('the test articles', () => {
  it('have the shape the composition stage writes', () => {
    expect(ZArticle.safeParse(articleJson('T', 1)).success).toBe(true);
  });
});
