import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPIC_MESSAGES } from '../../../contract/topics.js';
import { conversationMessages, topics, users } from '../../db/schema/index.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../intelligence/fake-llm-server.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { ALL_BUILTIN, onboardingKit, waitForJobs } from '../onboarding/onboarding-test-kit.js';

let herald: TestHerald;
let fake: FakeLlmServer;
let kit: ReturnType<typeof onboardingKit>;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  herald = await createTestHerald({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', LLM_TIMEOUT_SECONDS: '2', SUMMARY_MODEL: 'builtin' });
  kit = onboardingKit(herald);
});
afterAll(async () => {
  await herald?.close();
  await fake?.close();
});

/** An onboarded user whose onboarding model is an OpenAI model (answered by the fake server). */
async function llmUser() {
  const user = await kit.onboardedUser();
  await herald.database.db.update(users).set({ modelPreferences: { ...ALL_BUILTIN, onboarding_model: 'gpt-4.1' } }).where(eq(users.id, user.id));
  return user;
}

const validate = (token: string, body: Record<string, unknown>) => kit.call('POST', '/api/topics/validate/', token, { existing_topics: [], sources: [], ...body });
const levels = { high: 'h', medium: 'm', low: 'l' };

describe('topic validation through a language model', () => {
  it('sends the prompt, stores the model’s topic and tops up what falls short of the minimums', async () => {
    const user = await llmUser();
    fake.requests.length = 0;
    fake.queue({
      kind: 'json',
      body: {
        status: 'validated',
        normalized_name: 'Offshore wind in the North Sea',
        question: null,
        options: [],
        error: null,
        topic: {
          description: 'Offshore wind farms in the North Sea.',
          information_sought: 'Auctions, approvals and grid connections.',
          query: 'offshore wind North Sea',
          ai_query: '"offshore wind" AND "North Sea"',
          key_events: ['Auction held', 'Project approved'],
          key_entities: ['Ørsted', 'Vattenfall', 'offshore wind auctions', 'The companies that build wind farms in the region.'],
          key_places: ['North Sea', 'Denmark', 'offshore', 'Zone 3'],
          relevance_matrix: { action_outcome: levels, entities: levels, places: levels },
          sources: [1, 6, 99],
        },
      },
      usage: { prompt_tokens: 900, completion_tokens: 200 },
    });
    const body = (await validate(user.access, { topic: 'north sea offshore wind' })).json();
    expect(body).toMatchObject({ status: 'validated', normalized_name: 'Offshore wind in the North Sea' });
    const request = fake.requests[0]!;
    expect(request.body.model).toBe('gpt-4.1');
    const prompt = JSON.stringify(request.body.messages);
    expect(prompt).toContain('north sea offshore wind');
    expect(prompt).toContain('Which one did you mean?');
    expect(body.topic.description.startsWith('Offshore wind farms in the North Sea.')).toBe(true);
    expect(body.topic.description.split(' ').length).toBeGreaterThanOrEqual(25);
    expect(body.topic.query.split(' ').length).toBeGreaterThanOrEqual(12);
    expect(body.topic.key_events.length).toBeGreaterThanOrEqual(6);
    // Names only: a phrase of the topic or a sentence is no key entity, a common word or a zone number no place.
    expect(body.topic.key_entities).toEqual(['Ørsted', 'Vattenfall']);
    expect(body.topic.key_places).toEqual(['North Sea', 'Denmark']);
    expect(body.topic.sources).toEqual({ '1': 'News', '6': 'Regulations' });
    const [assistant] = await herald.database.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, body.conversation_id)).orderBy(conversationMessages.id).offset(1);
    expect(assistant!.interaction).toMatchObject({ model_used: 'gpt-4.1', prompt_tokens: 900, response_tokens: 200, stage: 'topic_validation' });
  });

  it('passes the model’s question and options through, and sends the answer back with the chain', async () => {
    const user = await llmUser();
    fake.queue({ kind: 'json', body: { status: 'clarification_needed', normalized_name: null, question: 'Which Mercury? Which one did you mean?', options: [{ id: 'a', text: 'The element' }, { id: 'b', text: 'The planet' }], error: null, topic: null } });
    const asked = (await validate(user.access, { topic: 'mercury' })).json();
    expect(asked).toMatchObject({ status: 'clarification_needed', question: 'Which Mercury? Which one did you mean?', options: [{ id: 'a', text: 'The element' }, { id: 'b', text: 'The planet' }] });
    fake.requests.length = 0;
    fake.queue({ kind: 'json', body: { status: 'failed', normalized_name: null, question: null, options: [], error: 'Not a topic we can follow.', topic: null } });
    const failed = (await validate(user.access, { topic: 'mercury', answer: 'The planet', conversation_id: asked.conversation_id })).json();
    expect(failed).toMatchObject({ status: 'failed', error: 'Not a topic we can follow.' });
    expect(JSON.stringify(fake.requests[0]!.body.messages)).toContain('The planet');
  });

  it('answers the spec’s message when the model fails, and creates nothing', async () => {
    const user = await llmUser();
    fake.queue({ kind: 'status', status: 500 });
    const body = (await validate(user.access, { topic: 'Offshore wind' })).json();
    expect(body).toMatchObject({ status: 'failed', success: false, error: TOPIC_MESSAGES.rephrase });
    fake.queue({ kind: 'text', content: 'not json at all' });
    expect((await validate(user.access, { topic: 'Offshore wind' })).json().error).toBe(TOPIC_MESSAGES.rephrase);
    expect(await herald.database.db.$count(topics, eq(topics.userId, user.id))).toBe(0);
  });

  it('adds a suggestion as processing and writes its profile with the model in the background', async () => {
    const user = await llmUser();
    fake.queue({
      kind: 'json',
      body: {
        status: 'validated',
        normalized_name: 'Carbon border adjustment',
        question: null,
        options: [],
        error: null,
        topic: {
          description: 'The EU carbon border adjustment mechanism: reporting duties, default values, the move to payments and how trading partners respond to it, including disputes at the WTO and retaliation.',
          information_sought: 'Rule changes and deadlines.',
          query: 'CBAM carbon border adjustment mechanism EU importers reporting certificates steel aluminium cement fertiliser',
          ai_query: '"CBAM"',
          key_events: ['Reporting deadline', 'Default values published', 'Scope extended', 'Certificate price set', 'Dispute filed', 'Exemption granted'],
          key_entities: ['European Commission'],
          key_places: ['European Union'],
          relevance_matrix: { action_outcome: levels, entities: levels, places: levels },
          sources: [6],
        },
      },
    });
    const added = (await kit.call('POST', '/api/topics/add-suggestion/', user.access, { suggestion: 'Carbon border adjustment' })).json();
    expect(added).toMatchObject({ status: 'processing', topic: { processing: true, description: '' } });
    await waitForJobs(herald, ['topic-enrich']);
    const [row] = await herald.database.db.select().from(topics).where(eq(topics.id, added.topic.id));
    expect(row!.description).toMatch(/^The EU carbon border adjustment mechanism/);
    expect(row!.keyEvents).toHaveLength(6);
  });

  it('runs the interview turn through the model', async () => {
    const user = await llmUser();
    await herald.database.db.update(users).set({ gptProfile: null }).where(eq(users.id, user.id));
    fake.queue({ kind: 'json', body: { message: 'What do you work on?', step: 'work', multiple_choice: { question: 'What do you work on?', options: [{ id: 'x', text: 'Banks' }, { id: 'y', text: 'Insurers' }], allow_other_text: true, max_selections: 2 }, done: false } });
    const state = (await kit.call('POST', '/api/conversation/start/', user.access)).json();
    expect(state.messages[0]).toMatchObject({ content: 'What do you work on?', has_multiple_choice: true, multiple_choice: { max_selections: 2, multiple_selections: true, options: [{ id: 'x', text: 'Banks', description: null }, expect.anything()] } });
    fake.queue({ kind: 'status', status: 503 });
    const failed = await kit.call('POST', '/api/conversation/chat/', user.access, { conversation_id: state.conversation_id, selected_options: ['x'] });
    expect(failed.statusCode).toBe(502);
    // A failed turn leaves the conversation as it was: the answer can be sent again.
    expect((await kit.get('/api/conversation/onboarding_status/', user.access)).json().messages).toHaveLength(1);
  });
});
