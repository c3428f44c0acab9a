import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TArticleJudgement, TArticlePage, TArticleSummary, TReaderArticle } from '../../../contract/feed.js';
import type { TInspectionList } from '../../../contract/inspection.js';
import { auditLog, relevanceJudgements, users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { feedKit } from './feed-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof feedKit>;
beforeAll(async () => {
  herald = await createTestHerald();
  kit = feedKit(herald);
});
afterAll(async () => herald?.close());

const judge = (id: number | string, token: string, payload?: unknown, query = '') =>
  herald.app!.inject({ method: payload === undefined ? 'DELETE' : 'PUT', url: `/api/articles/${id}/judgement/${query}`, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
const stored = (userId: string) => herald.database.db.select().from(relevanceJudgements).where(eq(relevanceJudgements.userId, userId));
const judgementOf = (articles: TArticleSummary[], id: number) => articles.find((a) => a.id === id)?.judgement;

describe('PUT and DELETE /articles/{id}/judgement/', () => {
  it("sets, changes and undoes the reader's judgement, one row per topic and document", async () => {
    const user = await kit.reader();
    const topic = user.topics[0]!;
    const id = await kit.publish(user.userId, topic.id, { title: 'Rates rise' });

    const more = await judge(id, user.access, { judgement: 'more' });
    expect(more.statusCode).toBe(200);
    expect(more.json<TArticleJudgement>()).toEqual({ article_id: id, topic: { id: topic.id, name: topic.name }, judgement: 'more' });
    const [first] = await stored(user.userId);
    expect(first).toMatchObject({ topicId: topic.id, eventId: id, judgement: 'more' });

    // Saying it again changes nothing, not even when it was said.
    expect((await judge(id, user.access, { judgement: 'more' })).statusCode).toBe(200);
    expect((await stored(user.userId))[0]!.updatedAt).toEqual(first!.updatedAt);

    expect((await judge(id, user.access, { judgement: 'less' })).json<TArticleJudgement>().judgement).toBe('less');
    const changed = await stored(user.userId);
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ id: first!.id, judgement: 'less', documentId: first!.documentId });

    const undone = await judge(id, user.access);
    expect(undone.statusCode).toBe(200);
    expect(undone.json<TArticleJudgement>().judgement).toBeNull();
    expect(await stored(user.userId)).toEqual([]);
    // Undoing what is not there is no error: the state asked for is the state.
    expect((await judge(id, user.access)).json<TArticleJudgement>().judgement).toBeNull();
  });

  it('shows the judgement in the feed head, Latest, Top News, Previous Articles, search and the article', async () => {
    const user = await kit.reader();
    const judged = await kit.publish(user.userId, user.topics[0]!.id, { title: 'Discount rate raised', finalRank: 0.9 });
    const other = await kit.publish(user.userId, user.topics[0]!.id, { title: 'Discount window steady' });
    await judge(judged, user.access, { judgement: 'less' });

    for (const url of ['/api/for-you/', '/api/for-you/top/', '/api/for-you/latest/', '/api/articles/history/', '/api/for-you/timeline-search/?q=discount']) {
      const articles = (await kit.get(url, user.access)).json<TArticlePage>().articles;
      expect([url, judgementOf(articles, judged), judgementOf(articles, other)]).toEqual([url, 'less', null]);
    }
    for (const url of [`/api/for-you/article/${judged}/`, `/api/articles/${judged}/`]) expect((await kit.get(url, user.access)).json<TReaderArticle>().judgement).toBe('less');
    expect((await kit.get(`/api/articles/${other}/`, user.access)).json<TReaderArticle>().judgement).toBeNull();

    // The superuser's timeline shows it beside detection's decision.
    const root = await kit.reader({ superuser: true });
    const timeline = (await kit.get(`/api/articles/?mode=articles&user_id=${user.userId}`, root.access)).json<TInspectionList>();
    const item = timeline.articles.find((a) => a.id === judged)!;
    expect(item.reader_judgement).toMatchObject({ judgement: 'less' });
    expect(Date.parse(item.reader_judgement!.at)).not.toBeNaN();
    expect(timeline.articles.find((a) => a.id === other)!.reader_judgement).toBeNull();
  });

  it("answers 404 for another user's article, an unknown one and an event without an article, writing nothing", async () => {
    const a = await kit.reader();
    const b = await kit.reader();
    const bArticle = await kit.publish(b.userId, b.topics[0]!.id, { title: 'Secret of B' });
    const pending = await kit.publish(a.userId, a.topics[0]!.id, { state: 'pending' });
    for (const id of [bArticle, 999_999_999, pending]) {
      for (const response of [await judge(id, a.access, { judgement: 'more' }), await judge(id, a.access)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ error: 'Article not found.', code: 'not_found' });
        expect(response.body).not.toContain('Secret of B');
      }
    }
    expect(await stored(a.userId)).toEqual([]);
    expect(await stored(b.userId)).toEqual([]);
    expect((await herald.app!.inject({ method: 'PUT', url: `/api/articles/${bArticle}/judgement/`, payload: { judgement: 'more' } })).statusCode).toBe(401);
  });

  it('refuses a body that is not a judgement with a field message, and a bad id, writing nothing', async () => {
    const user = await kit.reader();
    const id = await kit.publish(user.userId, user.topics[0]!.id);
    for (const payload of [{ judgement: 'maybe' }, {}, { judgement: null }, { judgement: ['more'] }]) {
      const response = await judge(id, user.access, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', fields: { judgement: [expect.any(String)] } });
    }
    expect((await judge(id, user.access, { judgement: 'maybe' })).json().fields.judgement).toEqual(['Choose more or less']);
    const broken = await herald.app!.inject({ method: 'PUT', url: `/api/articles/${id}/judgement/`, headers: { authorization: `Bearer ${user.access}`, 'content-type': 'application/json' }, payload: '{"judgement":' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ code: 'invalid_json' });
    for (const bad of ['abc', '0', '-1', '1.5']) expect((await judge(bad, user.access, { judgement: 'more' })).json()).toMatchObject({ code: 'validation_failed' });
    expect(await stored(user.userId)).toEqual([]);
  });

  it("lets a superuser judge as the reader (audited), and refuses an admin's read-only preview", async () => {
    const member = await kit.reader();
    const id = await kit.publish(member.userId, member.topics[0]!.id);
    const root = await kit.reader({ superuser: true });
    const asRoot = await judge(id, root.access, { judgement: 'more' }, `?user_id=${member.userId}`);
    expect(asRoot.statusCode).toBe(200);
    expect(await stored(member.userId)).toMatchObject([{ judgement: 'more' }]);
    const audits = await herald.database.db.select().from(auditLog).where(and(eq(auditLog.actorId, root.userId), eq(auditLog.subjectUserId, member.userId)));
    expect(audits.map((row) => [row.action, row.method])).toEqual([['act_as_user', 'PUT']]);
    // Without user_id the superuser judges their own feed, where the member's article is not.
    expect((await judge(id, root.access, { judgement: 'less' })).statusCode).toBe(404);

    const [memberRow] = await herald.database.db.select({ accountId: users.accountId }).from(users).where(eq(users.id, member.userId));
    const admin = await kit.reader();
    await herald.database.db.update(users).set({ accountId: memberRow!.accountId, role: 'ADMIN' }).where(eq(users.id, admin.userId));
    for (const response of [await judge(id, admin.access, { judgement: 'less' }, `?user_id=${member.userId}`), await judge(id, admin.access, undefined, `?user_id=${member.userId}`)]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Previewing is read-only.', code: 'forbidden' });
    }
    expect(await stored(member.userId)).toMatchObject([{ judgement: 'more' }]);
  });
});
