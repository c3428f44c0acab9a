import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TEvent, TEventList } from '../../../contract/events.js';
import type { TArticlesData } from '../../../contract/inspection.js';
import { auditLog, events, topics } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { feedKit } from '../feed/feed-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof feedKit>;
beforeAll(async () => {
  herald = await createTestHerald();
  kit = feedKit(herald);
});
afterAll(async () => herald?.close());

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
  herald.app!.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload: payload as object }) });

/** A superuser and a viewed user with a published article and a dropped event. */
async function scene() {
  const su = await kit.reader({ superuser: true, topics: [] });
  const user = await kit.reader();
  const topicId = user.topics[0]!.id;
  const published = await kit.publish(user.userId, topicId, { title: 'Rates rise' });
  const dropped = await kit.publish(user.userId, topicId, { state: 'dropped' });
  return { su, user, topicId, published, dropped, q: `?user_id=${user.userId}` };
}

describe('GET /events/ and /events/{id}/', () => {
  it("lists and reads the viewed user's events, for superusers only", async () => {
    const s = await scene();
    const list = (await kit.get(`/api/events/${s.q}`, s.su.access)).json<TEventList>();
    expect(list.events.map((e) => e.id)).toEqual([s.dropped, s.published]);
    const one = await kit.get(`/api/events/${s.published}/${s.q}`, s.su.access);
    expect(one.statusCode).toBe(200);
    expect(one.json<TEvent>()).toMatchObject({ id: s.published, status: 'detected', article_generated: true, topic: { id: s.topicId } });
    // Another user's event is not found; an ordinary user may not list.
    expect((await kit.get(`/api/events/${s.published}/`, s.su.access)).statusCode).toBe(404);
    expect((await kit.get(`/api/events/${s.q}`, s.user.access)).statusCode).toBe(403);
  });
});

describe('POST /events/', () => {
  it("files a document under the user's topic as a detected event, once", async () => {
    const s = await scene();
    const documentId = await kit.addDocument('Central bank holds rates');
    const created = await call('POST', `/api/events/${s.q}`, s.su.access, { topic_id: s.topicId, document_id: documentId, note: 'Missed by detection.' });
    expect(created.statusCode).toBe(201);
    const event = created.json<TEvent>();
    expect(event).toMatchObject({ user_id: s.user.userId, status: 'detected', novel: null, detection_decision: 'PASS', detection_rational: 'Missed by detection.', article_generated: false });
    expect(event.document.id).toBe(documentId);
    // Acting as the user is audited.
    const audits = await herald.database.db.select().from(auditLog).where(and(eq(auditLog.subjectUserId, s.user.userId), eq(auditLog.action, 'act_as_user')));
    expect(audits.length).toBeGreaterThan(0);

    const again = await call('POST', `/api/events/${s.q}`, s.su.access, { topic_id: s.topicId, document_id: documentId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'event_exists' });
    expect(await herald.database.db.select({ id: events.id }).from(events).where(eq(events.documentId, documentId))).toHaveLength(1);
  });

  it('refuses what it cannot file, with the reason', async () => {
    const s = await scene();
    const other = await kit.reader();
    const documentId = await kit.addDocument('Another document');
    const post = (body: unknown, token = s.su.access) => call('POST', `/api/events/${s.q}`, token, body);
    expect((await post({ topic_id: other.topics[0]!.id, document_id: documentId })).json()).toMatchObject({ code: 'not_found', error: 'Topic not found.' });
    expect((await post({ topic_id: s.topicId, document_id: 999_999_999 })).json()).toMatchObject({ code: 'not_found', error: 'Document not found.' });
    const invalid = await post({ topic_id: 'one', note: '' });
    expect(invalid.statusCode).toBe(400);
    expect(Object.keys(invalid.json<{ fields: Record<string, string[]> }>().fields).sort()).toEqual(['document_id', 'note', 'topic_id']);
    expect((await post({ topic_id: s.topicId, document_id: documentId }, s.user.access)).statusCode).toBe(403);
    await herald.database.db.update(topics).set({ retiredAt: new Date() }).where(eq(topics.id, s.topicId));
    expect((await post({ topic_id: s.topicId, document_id: documentId })).json()).toMatchObject({ code: 'topic_retired' });
    expect(await herald.database.db.select({ id: events.id }).from(events).where(eq(events.documentId, documentId))).toHaveLength(0);
  });
});

describe('PATCH /events/{id}/', () => {
  it('overrules detection: restores a dropped event for the pipeline, drops a pending one, keeps a published one', async () => {
    const s = await scene();
    // Detection's reasoning stays when a superuser overrules it; their note is added beside it.
    const reasoning = 'Scored 0.21 against a bar of 0.50: the document names none of the topic.';
    await herald.database.db.update(events).set({ detectionRational: reasoning }).where(eq(events.id, s.dropped));
    const restored = await call('PATCH', `/api/events/${s.dropped}/${s.q}`, s.su.access, { status: 'detected' });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<TEvent>()).toMatchObject({ status: 'detected', novel: null, story_id: null, detection_decision: 'PASS', detection_rational: reasoning });

    const droppedAgain = await call('PATCH', `/api/events/${s.dropped}/${s.q}`, s.su.access, { status: 'dropped', note: 'Off topic after all.' });
    expect(droppedAgain.json<TEvent>()).toMatchObject({ status: 'dropped', detection_decision: 'DROP', detection_rational: `${reasoning}\n\nSuperuser's note: Off topic after all.` });
    // Without any reasoning, a restored event says it was filed by hand.
    await herald.database.db.update(events).set({ detectionRational: null }).where(eq(events.id, s.dropped));
    expect((await call('PATCH', `/api/events/${s.dropped}/${s.q}`, s.su.access, { status: 'detected' })).json<TEvent>().detection_rational).toBe('Filed by hand by a superuser.');

    const refused = await call('PATCH', `/api/events/${s.published}/${s.q}`, s.su.access, { status: 'dropped' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'article_published' });
    const [still] = await herald.database.db.select({ status: events.status }).from(events).where(eq(events.id, s.published));
    expect(still!.status).toBe('detected');

    expect((await call('PATCH', `/api/events/${s.published}/${s.q}`, s.su.access, { note: 'Checked.' })).json<TEvent>().detection_rational).toBe('Checked.');
    expect((await call('PATCH', `/api/events/${s.published}/${s.q}`, s.su.access, {})).statusCode).toBe(400);
    expect((await call('PATCH', `/api/events/${s.published}/${s.q}`, s.su.access, { status: 'failed' })).statusCode).toBe(400);
    expect((await call('PATCH', `/api/events/${s.published}/`, s.su.access, { note: 'x' })).statusCode).toBe(404);
  });
});

describe('DELETE /events/{id}/', () => {
  it('deletes the event and its article leaves the feed', async () => {
    const s = await scene();
    const feed = async () => (await kit.get(`/api/for-you/latest/`, s.user.access)).json<{ articles: { id: number }[] }>().articles.map((a) => a.id);
    expect(await feed()).toContain(s.published);
    expect((await call('DELETE', `/api/events/${s.published}/${s.q}`, s.user.access)).statusCode).toBe(403);
    const deleted = await call('DELETE', `/api/events/${s.published}/${s.q}`, s.su.access);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect(await feed()).not.toContain(s.published);
    expect((await call('DELETE', `/api/events/${s.published}/${s.q}`, s.su.access)).statusCode).toBe(404);
  });
});

describe('GET /articles/{id}/ and /articles-data/', () => {
  it('answers the reader article under its catalogue path, with the same checks', async () => {
    const s = await scene();
    const byCatalogue = await kit.get(`/api/articles/${s.published}/?email=1`, s.user.access);
    expect(byCatalogue.statusCode).toBe(200);
    expect(byCatalogue.json()).toEqual((await kit.get(`/api/for-you/article/${s.published}/`, s.user.access)).json());
    const stranger = await kit.reader();
    expect((await kit.get(`/api/articles/${s.published}/`, stranger.access)).statusCode).toBe(404);
    expect((await kit.get(`/api/articles/${s.published}/${s.q}`, s.su.access)).statusCode).toBe(200);
  });

  it("gives a superuser the viewed user's article lists without the events", async () => {
    const s = await scene();
    const response = await kit.get(`/api/articles-data/${s.q}`, s.su.access);
    expect(response.statusCode).toBe(200);
    const data = response.json<TArticlesData & { events?: unknown }>();
    expect(data.events).toBeUndefined();
    expect(data.articles.map((a) => a.id)).toEqual([s.published]);
    expect(data.articles[0]!.article?.title).toBe('Rates rise');
    expect(data.qa_articles).toEqual([]);
    expect((await kit.get('/api/articles-data/', s.user.access)).statusCode).toBe(403);
  });
});
