import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TExportData, TInspectionDetail, TInspectionList, TInterviewExport, TPromptData } from '../../../contract/inspection.js';
import { auditLog, conversationMessages, conversations, documentSummaries, events, users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { feedKit } from '../feed/feed-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof feedKit>;
beforeAll(async () => {
  herald = await createTestHerald();
  kit = feedKit(herald);
});
afterAll(async () => herald?.close());

const record = (stage: string, extra: Record<string, unknown> = {}) => ({
  stage,
  prompt_sent: { system_prompt: `System for ${stage}`, user_message: `User for ${stage}` },
  llm_response: `{"answer":"${stage}"}`,
  model_used: 'gpt-4.1-nano',
  processing_duration_seconds: 1.234,
  prompt_tokens: 1200,
  response_tokens: 34,
  total_tokens: 1234,
  system_prompt_tokens: 100,
  user_payload_tokens: 1100,
  ...extra,
});

/** A superuser, a viewed user with: a published article with QA, an unranked article, a dropped event. */
async function scene() {
  const su = await kit.reader({ superuser: true, topics: [] });
  const user = await kit.reader();
  const topicId = user.topics[0]!.id;
  const qa = await kit.publish(user.userId, topicId, { title: 'Rates rise', finalRank: 0.8, alerted: true });
  const unranked = await kit.publish(user.userId, topicId, { title: 'Unranked piece' });
  const dropped = await kit.publish(user.userId, topicId, { state: 'dropped' });
  const { db } = herald.database;
  const [row] = await db.select({ documentId: events.documentId }).from(events).where(eq(events.id, qa));
  await db.insert(documentSummaries).values({ documentId: row!.documentId, summary: 'The U.S. Fed raised rates by 25 basis points. Markets expected it.', keyFacts: ['Rates up 25 bp'], interaction: record('summarization') });
  await db
    .update(events)
    .set({
      qaAt: new Date(),
      researched: true,
      queries: [{ statement: 's', query: 'fed rates', sources: [1] }, { statement: 't', query: 'inflation', sources: [] }],
      detectionDecision: 'PASS',
      detectionRational: 'Matches the topic.',
      detectionScores: { action_outcome: 0.9, entities: 0.8, places: 0.5, weighted_total: 0.77 },
      detectionDocuments: [{ document_id: row!.documentId, title: 'Rates rise', source: 'Federal Reserve', text: 'Source: Fed\nTitle: Rates rise\nBody', score: 0.9 }],
      noveltyScore: 0.66,
      novelFacts: [{ fact: 'Rates up', citations: [1] }],
      initialization: true,
      llmInteractions: { summarization: record('summarization'), relevance: record('relevance'), novelty: record('novelty'), article: record('article'), qa: record('qa') },
    })
    .where(eq(events.id, qa));
  await db.update(events).set({ finalRank: 0, detectionDecision: 'PASS', detectionScores: { weighted_total: 0.4 } }).where(eq(events.id, unranked));
  await db.update(events).set({ detectionDecision: 'DROP', llmInteractions: { relevance: record('relevance', { prompt_sent: { system_prompt: 'S2', user_message: 'U2' } }) } }).where(eq(events.id, dropped));
  return { su, user, qa, unranked, dropped, topicId };
}

describe('GET /articles/ (internal timeline)', () => {
  it('lists each mode with the counts of all modes and the row fields', async () => {
    const s = await scene();
    const list = async (mode: string) => {
      const response = await kit.get(`/api/articles/?user_id=${s.user.userId}&mode=${mode}`, s.su.access);
      expect(response.statusCode).toBe(200);
      return response.json<TInspectionList>();
    };
    const articles = await list('articles');
    expect(articles.counts).toEqual({ events: 3, articles: 2, qa: 1 });
    expect(articles.articles.map((a) => a.id).sort()).toEqual([s.qa, s.unranked].sort());
    expect((await list('qa')).articles.map((a) => a.id)).toEqual([s.qa]);
    const all = await list('events');
    expect(all.articles.map((a) => a.id)).toEqual([s.dropped, s.unranked, s.qa]);
    expect(all.articles.map((a) => a.rank)).toEqual([1, 2, 3]);
    const item = all.articles.find((a) => a.id === s.qa)!;
    expect(item).toMatchObject({
      event_summary: 'The U.S. Fed raised rates by 25 basis points. Markets expected it.',
      article_title: 'Rates rise',
      article_generated: true,
      final_rank: 0.8,
      qa_rank: 1,
      relevance_score: 0.77,
      relevance_rank: 1,
      novelty_score: 0.66,
      novel: true,
      researched: true,
      query_count: 2,
      initialization: true,
      detection_decision: 'PASS',
      topic: { id: s.topicId },
    });
    expect(item.alerted_at).not.toBeNull();
    expect(item.qa_at).not.toBeNull();
    expect(all.articles.find((a) => a.id === s.unranked)).toMatchObject({ relevance_rank: 2, final_rank: 0, qa_rank: null });
    expect(all.articles.find((a) => a.id === s.dropped)).toMatchObject({ article_generated: false, article_title: null, detection_decision: 'DROP', relevance_rank: null });
  });

  it('defaults to Articles, pages by page_size, and polls with p=1', async () => {
    const s = await scene();
    const first = (await kit.get(`/api/articles/?user_id=${s.user.userId}&page_size=1&p=1`, s.su.access)).json<TInspectionList>();
    expect(first).toMatchObject({ mode: 'articles', page: 1, has_next: true });
    expect(first.articles).toHaveLength(1);
    const second = (await kit.get(`/api/articles/?user_id=${s.user.userId}&page_size=1&page=2`, s.su.access)).json<TInspectionList>();
    expect(second.has_next).toBe(false);
    expect(second.articles[0]!.id).not.toBe(first.articles[0]!.id);
  });

  it('answers 401 without a token, 403 to a non-superuser, 400 to a bad mode, 404 for an unknown user', async () => {
    const s = await scene();
    expect((await herald.app!.inject({ method: 'GET', url: '/api/articles/' })).statusCode).toBe(401);
    const forbidden = await kit.get('/api/articles/', s.user.access);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'forbidden' });
    expect((await kit.get('/api/articles/?mode=drafts', s.su.access)).json()).toMatchObject({ code: 'validation_failed' });
    expect((await kit.get('/api/articles/?user_id=00000000-0000-4000-8000-000000000000', s.su.access)).statusCode).toBe(404);
  });
});

describe('GET /articles/{id}/details/', () => {
  it('gives everything the expanded row and the detailed view show', async () => {
    const s = await scene();
    const response = await kit.get(`/api/articles/${s.qa}/details/?user_id=${s.user.userId}`, s.su.access);
    expect(response.statusCode).toBe(200);
    const d = response.json<TInspectionDetail>();
    expect(d).toMatchObject({
      id: s.qa,
      short_summary: 'The U.S. Fed raised rates by 25 basis points.',
      long_summary: 'The U.S. Fed raised rates by 25 basis points. Markets expected it.',
      supporting_facts: [{ fact: 'Rates up 25 bp', sources: [{ source: 'Federal Reserve' }] }],
      actionable_takeaway: 'Review variable-rate exposure before the next meeting. [1]',
      detection_scores: { weighted_total: 0.77 },
      detection_rational: 'Matches the topic.',
      novel_facts: [{ fact: 'Rates up', citations: [1] }],
      assigned_questions_mapped: ['Federal Reserve monetary policy'],
    });
    expect(d.data_table?.columns).toContain('Metric');
    // Relevance to the user is about the user: none here (the article has no impact assessment), never detection's reasoning again.
    expect(d.relevance_to_user).toBeNull();
    expect(d.relevance_to_topics).not.toBeNull();
    const impact = { why_it_matters: { text: 'It names Federal Reserve, which you follow.', references: [1] }, severity: 3, confidence: 'low', severity_basis: 'ranked above 40% of your recent articles.', entities: [], horizon: [] };
    await herald.database.db.update(events).set({ article: sql`${events.article} || ${JSON.stringify({ impact })}::jsonb` }).where(eq(events.id, s.qa));
    const assessed = (await kit.get(`/api/articles/${s.qa}/details/?user_id=${s.user.userId}`, s.su.access)).json<TInspectionDetail>();
    expect(assessed.relevance_to_user).toBe('It names Federal Reserve, which you follow. [1]');
    expect(d.detection_documents).toHaveLength(1);
    expect(d.queries).toHaveLength(2);
    expect(Object.keys(d.llm_interactions).sort()).toEqual(['article', 'novelty', 'qa', 'relevance', 'summarization']);
    expect(d.article).toMatchObject({ title: 'Rates rise', superhead: 'Monetary policy', disclosure: 'Composed from 2 sources.' });
    expect(d.article!.markdown).toContain('# Rates rise');
    expect(d.article!.markdown).toContain('## What happened');
    expect(d.article!.supporting_documents[0]).toMatchObject({ initial_reference_number: 1, final_reference_number: 1, was_cited: true, collection: 'News', source_type: 'Original Event', token_count: 5, word_count: 5 });
    expect(d.article!.supporting_documents[0]!.text_content).toContain('Body text');
    expect(JSON.parse(d.article!.supporting_documents[0]!.metadata)).toMatchObject({ title: 'Rates rise' });
  });

  it('answers a dropped event without an article', async () => {
    const s = await scene();
    const d = (await kit.get(`/api/articles/${s.dropped}/details/?user_id=${s.user.userId}`, s.su.access)).json<TInspectionDetail>();
    expect(d.article).toBeNull();
    expect(d.article_generated).toBe(false);
  });

  it("answers 404 for another user's item, 403 to a non-superuser, 401 without a token", async () => {
    const s = await scene();
    const other = await kit.reader();
    const theirs = await kit.publish(other.userId, other.topics[0]!.id);
    const cross = await kit.get(`/api/articles/${theirs}/details/?user_id=${s.user.userId}`, s.su.access);
    expect(cross.statusCode).toBe(404);
    expect(cross.json()).toMatchObject({ code: 'not_found' });
    expect(cross.json()).not.toHaveProperty('title');
    expect((await kit.get(`/api/articles/${s.qa}/details/`, s.su.access)).statusCode).toBe(404);
    expect((await kit.get(`/api/articles/${s.qa}/details/`, s.user.access)).statusCode).toBe(403);
    expect((await herald.app!.inject({ method: 'GET', url: `/api/articles/${s.qa}/details/` })).statusCode).toBe(401);
  });
});

describe('export calls', () => {
  it('GET /events/data/ gives the three lists', async () => {
    const s = await scene();
    const response = await kit.get(`/api/events/data/?user_id=${s.user.userId}`, s.su.access);
    expect(response.statusCode).toBe(200);
    const data = response.json<TExportData>();
    expect(data.events).toHaveLength(3);
    expect(data.articles).toHaveLength(2);
    expect(data.qa_articles.map((a) => a.id)).toEqual([s.qa]);
    expect(data.events[0]).not.toHaveProperty('llm_interactions');
    expect(data.models).toEqual(['gpt-4.1-nano']);
    // A record another writer stored as a JSON string names its model too.
    await herald.database.db.update(events).set({ llmInteractions: { relevance: JSON.stringify({ model_used: 'claude-haiku', llm_response: '{}' }) } }).where(eq(events.id, s.dropped));
    expect((await kit.get(`/api/events/data/?user_id=${s.user.userId}`, s.su.access)).json<TExportData>().models).toEqual(['claude-haiku', 'gpt-4.1-nano']);
    expect((await kit.get('/api/events/data/', s.user.access)).statusCode).toBe(403);
    expect((await herald.app!.inject({ method: 'GET', url: '/api/events/data/' })).statusCode).toBe(401);
  });

  it('GET /prompt-data/ gives the records of the stage of each prompt type', async () => {
    const s = await scene();
    const get = async (type: string) => (await kit.get(`/api/prompt-data/?prompt_type=${type}&user_id=${s.user.userId}`, s.su.access)).json<TPromptData>();
    const detection = await get('DETECTION');
    expect(detection.stage).toBe('relevance');
    expect(detection.prompts.map((p) => p.event_id).sort()).toEqual([s.qa, s.dropped].sort());
    expect(detection.prompts.find((p) => p.event_id === s.dropped)).toMatchObject({ system_prompt: 'S2', user_message: 'U2', model_used: 'gpt-4.1-nano', total_tokens: 1234 });
    expect((await get('VALIDATION')).prompts.map((p) => p.event_id)).toEqual([s.qa]);
    const composition = await get('COMPOSITION');
    expect(composition.prompts[0]).toMatchObject({ stage: 'article', response: '{"answer":"article"}' });
    expect((await kit.get(`/api/prompt-data/?prompt_type=OTHER`, s.su.access)).statusCode).toBe(400);
    expect((await kit.get(`/api/prompt-data/?prompt_type=DETECTION`, s.user.access)).statusCode).toBe(403);
  });

  it('GET /conversation/onboarding_interview/ exports the interview with its metadata', async () => {
    const s = await scene();
    const { db } = herald.database;
    const empty = (await kit.get(`/api/conversation/onboarding_interview/?user_id=${s.user.userId}`, s.su.access)).json<TInterviewExport>();
    expect(empty).toEqual({ metadata: { total_messages: 0, user_messages: 0, assistant_messages: 0, conversation_id: null, interview_model: null, started_at: null, last_message_at: null, duration_seconds: null }, interview_messages: [] });
    const [c] = await db.insert(conversations).values({ userId: s.user.userId, kind: 'onboarding_interview', model: 'gpt-4.1' }).returning();
    const t0 = new Date('2026-01-01T10:00:00Z');
    await db.insert(conversationMessages).values([
      { conversationId: c!.id, role: 'system', content: 'hidden', createdAt: t0 },
      { conversationId: c!.id, role: 'assistant', content: 'What do you do?', options: [{ id: 'a', text: 'Law' }], createdAt: t0 },
      { conversationId: c!.id, role: 'user', content: 'Law', createdAt: new Date(t0.getTime() + 90_000) },
    ]);
    const done = (await kit.get(`/api/conversation/onboarding_interview/?user_id=${s.user.userId}`, s.su.access)).json<TInterviewExport>();
    expect(done.metadata).toEqual({ total_messages: 2, user_messages: 1, assistant_messages: 1, conversation_id: c!.id, interview_model: 'gpt-4.1', started_at: t0.toISOString(), last_message_at: '2026-01-01T10:01:30.000Z', duration_seconds: 90 });
    expect(done.interview_messages).toEqual([
      { role: 'assistant', content: 'What do you do?', timestamp: t0.toISOString(), options: [{ id: 'a', text: 'Law' }] },
      { role: 'user', content: 'Law', timestamp: '2026-01-01T10:01:30.000Z', options: null },
    ]);
    expect((await kit.get(`/api/conversation/onboarding_interview/`, s.user.access)).statusCode).toBe(403);
  });
});

describe('POST /events/restart-insights/', () => {
  it("clears the viewed user's insights time and audits the superuser acting for them", async () => {
    const s = await scene();
    const { db } = herald.database;
    await db.update(users).set({ lastInsightsUpdatedAt: new Date() }).where(eq(users.id, s.user.userId));
    const response = await herald.app!.inject({ method: 'POST', url: `/api/events/restart-insights/?user_id=${s.user.userId}`, headers: { authorization: `Bearer ${s.su.access}` } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ detail: 'Insights restarted.', last_insights_updated_at: null });
    const [u] = await db.select({ at: users.lastInsightsUpdatedAt }).from(users).where(eq(users.id, s.user.userId));
    expect(u!.at).toBeNull();
    const audits = await db.select().from(auditLog).where(eq(auditLog.subjectUserId, s.user.userId));
    expect(audits.map((a) => a.action)).toContain('act_as_user');
    const other = await kit.reader();
    await db.update(users).set({ lastInsightsUpdatedAt: new Date() }).where(eq(users.id, other.userId));
    const forbidden = await herald.app!.inject({ method: 'POST', url: `/api/events/restart-insights/`, headers: { authorization: `Bearer ${other.access}` } });
    expect(forbidden.statusCode).toBe(403);
    const [o] = await db.select({ at: users.lastInsightsUpdatedAt }).from(users).where(eq(users.id, other.userId));
    expect(o!.at).not.toBeNull();
    expect((await herald.app!.inject({ method: 'POST', url: `/api/events/restart-insights/` })).statusCode).toBe(401);
  });
});
