import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPIC_LIMITS, TOPIC_MESSAGES } from '../../../contract/topics.js';
import { conversationMessages, events, topics, users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { onboardingKit, seedCorpus, waitForJobs } from '../onboarding/onboarding-test-kit.js';
import { createTopic } from '../user-topics/topics.js';

let herald: TestHerald;
let kit: ReturnType<typeof onboardingKit>;
beforeAll(async () => {
  herald = await createTestHerald({ SUPERUSER_EMAILS: 'root@example.com' });
  kit = onboardingKit(herald);
  await seedCorpus(herald, [
    { set: 'fed_monetary', pattern: /federal funds rate/i, count: 12 },
    { set: 'arxiv_recent', pattern: /language model/i, count: 12 },
    { set: 'wcep_2015_09', pattern: /refugee|migrant/i, count: 10 },
  ]);
});
afterAll(async () => herald?.close());

const validate = (token: string, body: Record<string, unknown>, query = '') => kit.call('POST', `/api/topics/validate/${query}`, token, { existing_topics: [], sources: [], ...body });
const words = (s: string) => s.split(/\s+/).filter(Boolean).length;

describe('POST /topics/validate/ (built-in engine)', () => {
  it('validates a clear topic into a full profile drawn from the store, and starts its backfill', async () => {
    const user = await kit.onboardedUser();
    const response = await validate(user.access, { topic: 'federal reserve interest rate decisions' });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'validated', success: true, normalized_name: 'Federal Reserve interest rate decisions', question: null, error: null });
    const topic = body.topic;
    expect(topic.processing).toBe(false);
    expect(words(topic.description)).toBeGreaterThanOrEqual(25);
    expect(words(topic.query)).toBeGreaterThanOrEqual(12);
    expect(topic.key_events.length).toBeGreaterThanOrEqual(6);
    expect(topic.key_events.length).toBeLessThanOrEqual(12);
    expect(topic.key_entities).toContain('Federal Reserve');
    expect(topic.relevance_matrix.action_outcome).toEqual({ high: expect.any(String), medium: expect.any(String), low: expect.any(String) });
    expect(Object.keys(topic.sources).length).toBeGreaterThan(0);
    // The documents the store holds about it shape the profile (FOMC appears in their titles).
    expect(topic.query.toLowerCase()).toMatch(/fomc|committee|target/);
    await waitForJobs(herald, ['pipeline-backfill']);
    const backfilled = await herald.database.db.select().from(events).where(eq(events.topicId, topic.id));
    expect(backfilled.length).toBeGreaterThan(0);
    expect(backfilled.every((e) => e.initialization)).toBe(true);
    expect(backfilled.some((e) => e.status === 'detected')).toBe(true);
  });

  it('answers duplicate for a topic already tracked, in other words or order, and under double submit creates one', async () => {
    const user = await kit.onboardedUser();
    expect((await validate(user.access, { topic: 'Large language model research' })).json().status).toBe('validated');
    const again = (await validate(user.access, { topic: 'research on large language models' })).json();
    expect(again).toMatchObject({ status: 'duplicate', success: false, error: TOPIC_MESSAGES.alreadyTracked });

    const both = await Promise.all([validate(user.access, { topic: 'European migrant crisis' }), validate(user.access, { topic: 'European migrant crisis' })]);
    expect(both.map((r) => r.json().status).sort()).toEqual(['duplicate', 'validated']);
    const rows = await herald.database.db.select().from(topics).where(and(eq(topics.userId, user.id), isNull(topics.retiredAt)));
    expect(rows.filter((r) => r.name === 'European migrant crisis')).toHaveLength(1);
  });

  it('asks which one was meant for an ambiguous name and takes the chosen meaning', async () => {
    const user = await kit.onboardedUser();
    const first = (await validate(user.access, { topic: 'apple' })).json();
    expect(first.status).toBe('clarification_needed');
    expect(first.question).toContain(TOPIC_MESSAGES.whichOne);
    expect(first.options.map((o: { text: string }) => o.text)).toEqual(['Apple Inc., the technology company', 'Apples, the fruit crop and its trade']);
    expect(first.conversation_id).toMatch(/^[0-9a-f-]{36}$/);
    const second = (await validate(user.access, { topic: 'apple', answer: 'Apple Inc., the technology company', conversation_id: first.conversation_id })).json();
    expect(second).toMatchObject({ status: 'validated', normalized_name: 'Apple Inc.' });
    // The chain is recorded: the topic, the question, the answer, the outcome.
    const messages = await herald.database.db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, first.conversation_id)).orderBy(asc(conversationMessages.id));
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
    // The conversation has ended: answering again is refused.
    const late = await validate(user.access, { topic: 'apple', answer: '1', conversation_id: first.conversation_id });
    expect(late.statusCode).toBe(409);
  });

  it('chains clarifications for a broad subject and fails after three unhelpful answers', async () => {
    const user = await kit.onboardedUser();
    const first = (await validate(user.access, { topic: 'technology' })).json();
    expect(first.status).toBe('clarification_needed');
    expect(first.question).toMatch(/broad subject.*For example: Artificial intelligence regulation/);
    const narrowed = (await validate(user.access, { topic: 'technology', answer: 'semiconductor export controls', conversation_id: first.conversation_id })).json();
    expect(narrowed).toMatchObject({ status: 'validated', normalized_name: 'Semiconductor export controls' });

    let reply = (await validate(user.access, { topic: 'blorptastic zibbles' })).json();
    expect(reply.question).toMatch(/I don't recognise “blorptastic”, “zibbles”/);
    for (const answer of ['flurb', 'quonk', 'zzzt']) {
      expect(reply.status).toBe('clarification_needed');
      reply = (await validate(user.access, { topic: 'blorptastic zibbles', answer, conversation_id: reply.conversation_id })).json();
    }
    expect(reply).toMatchObject({ status: 'failed', success: false });
    expect(reply.error).toMatch(/could not pin down/);
  });

  it('fails text that names nothing', async () => {
    const user = await kit.onboardedUser();
    expect((await validate(user.access, { topic: '!!! ???' })).json()).toMatchObject({ status: 'failed', error: expect.stringContaining(TOPIC_MESSAGES.rephrase) });
  });

  it('refuses bad input with the spec’s messages and leaves nothing behind', async () => {
    const user = await kit.onboardedUser();
    const long = await validate(user.access, { topic: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.topic).toEqual([TOPIC_MESSAGES.tooLong]);
    expect((await validate(user.access, { topic: '   ' })).json().fields.topic).toEqual([TOPIC_MESSAGES.empty]);
    const first = (await validate(user.access, { topic: 'apple' })).json();
    expect((await validate(user.access, { topic: 'apple', answer: '  ', conversation_id: first.conversation_id })).json().fields.answer).toEqual([TOPIC_MESSAGES.answerRequired]);
    expect((await validate(user.access, { topic: 'apple', answer: 'the company' })).json().fields.conversation_id).toEqual([TOPIC_MESSAGES.conversationRequired]);
    const stranger = await kit.onboardedUser();
    expect((await validate(stranger.access, { topic: 'apple', answer: 'the company', conversation_id: first.conversation_id })).statusCode).toBe(404);
    expect(await herald.database.db.$count(topics, eq(topics.userId, user.id))).toBe(0);
    // Without a completed profile there is nothing to add topics to.
    const fresh = await kit.newUser();
    expect((await validate(fresh.access, { topic: 'Apple Inc.' })).json()).toMatchObject({ code: 'not_onboarded', error: TOPIC_MESSAGES.notOnboarded });
  });

  it('keeps at most TOPIC_LIMITS.perUser topics a user, and a batch past it adds nothing', async () => {
    const user = await kit.onboardedUser();
    for (let i = 0; i < TOPIC_LIMITS.perUser; i++) await createTopic(herald.database.db, user.id, { name: `Limit topic ${i}` });
    const over = await validate(user.access, { topic: 'Offshore wind permitting in the North Sea' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ code: 'topic_limit', error: TOPIC_MESSAGES.tooMany });
    const batch = await kit.call('POST', '/api/topics/add-suggestions/', user.access, { suggestions: ['Battery recycling rules'], step: 'suggestions' });
    expect(batch.json()).toMatchObject({ code: 'topic_limit', error: TOPIC_MESSAGES.tooManyInBatch(TOPIC_LIMITS.perUser, 1) });
    expect(await herald.database.db.$count(topics, eq(topics.userId, user.id))).toBe(TOPIC_LIMITS.perUser);
    // 47 topics and 5 chosen: the message says how many can still be added.
    const few = await kit.onboardedUser();
    for (let i = 0; i < 47; i++) await createTopic(herald.database.db, few.id, { name: `Few topic ${i}` });
    const many = await kit.call('POST', '/api/topics/add-suggestions/', few.access, { suggestions: Array.from({ length: 5 }, (_, i) => `Chosen topic ${i}`), step: 'suggestions' });
    expect(many.json()).toMatchObject({ code: 'topic_limit', error: 'You follow 47 topics and chose 5 more: Herald keeps at most 50 for one person, so you can add 3 more. Choose fewer.' });
  });

  it('acts for another user when a superuser passes user_id, and refuses anyone else', async () => {
    const target = await kit.onboardedUser();
    const root = await kit.newUser('root@example.com');
    const response = await validate(root.access, { topic: 'Banking regulation and capital rules' }, `?user_id=${target.id}`);
    expect(response.json().status).toBe('validated');
    expect(await herald.database.db.$count(topics, eq(topics.userId, target.id))).toBe(1);
    const other = await kit.onboardedUser();
    expect((await validate(other.access, { topic: 'Steel tariffs' }, `?user_id=${target.id}`)).statusCode).toBe(403);
  });
});

describe('POST /topics/{id}/modify/', () => {
  it('keeps the user’s edits, completes a short description, and refuses a name already tracked', async () => {
    const user = await kit.onboardedUser();
    const a = (await validate(user.access, { topic: 'Federal Reserve monetary policy' })).json().topic;
    await validate(user.access, { topic: 'European migrant crisis' });
    const edited = await kit.call('POST', `/api/topics/${a.id}/modify/`, user.access, { changes: { description: 'Rate moves by the Fed.', key_events: ['Rate cut', 'Rate hike'] } });
    expect(edited.statusCode).toBe(200);
    const body = edited.json();
    expect(body.status).toBe('updated');
    expect(body.topic.description.startsWith('Rate moves by the Fed.')).toBe(true);
    expect(words(body.topic.description)).toBeGreaterThanOrEqual(25);
    expect(body.topic.key_events.slice(0, 2)).toEqual(['Rate cut', 'Rate hike']);
    expect(body.topic.key_events.length).toBeGreaterThanOrEqual(6);

    const clash = (await kit.call('POST', `/api/topics/${a.id}/modify/`, user.access, { changes: { name: 'european migrant crisis' } })).json();
    expect(clash).toMatchObject({ status: 'failed', error: TOPIC_MESSAGES.alreadyTracked });
  });

  it('asks about an ambiguous new name and rewrites the topic for the chosen meaning', async () => {
    const user = await kit.onboardedUser();
    const topic = (await validate(user.access, { topic: 'Oil and gas prices' })).json().topic;
    const asked = (await kit.call('POST', `/api/topics/${topic.id}/modify/`, user.access, { changes: { name: 'Shell' } })).json();
    expect(asked).toMatchObject({ status: 'clarification_needed', options: [{ id: '1', text: 'Shell plc, the energy company' }, expect.anything()] });
    const done = (await kit.call('POST', `/api/topics/${topic.id}/modify/`, user.access, { changes: { name: 'Shell' }, answer: '1', conversation_id: asked.conversation_id })).json();
    expect(done.status).toBe('updated');
    expect(done.topic.name).toBe('Shell plc');
    expect(done.topic.description).toMatch(/Shell plc/);
  });

  it('answers 404 for another user’s topic and 400 for nothing to change', async () => {
    const owner = await kit.onboardedUser();
    const topic = (await validate(owner.access, { topic: 'Semiconductor supply chain' })).json().topic;
    const stranger = await kit.onboardedUser();
    expect((await kit.call('POST', `/api/topics/${topic.id}/modify/`, stranger.access, { changes: { name: 'Chips' } })).statusCode).toBe(404);
    expect((await kit.call('POST', `/api/topics/${topic.id}/modify/`, owner.access, { changes: {} })).statusCode).toBe(400);
    expect((await kit.call('POST', `/api/topics/${topic.id}/modify/`, owner.access, { changes: { description: '' } })).json().fields['changes.description']).toEqual(['Description is required']);
  });
});

describe('POST /topics/add/chat/', () => {
  it('checks the transcript with the spec’s messages', async () => {
    const user = await kit.onboardedUser();
    const chat = (transcript: unknown) => kit.call('POST', '/api/topics/add/chat/', user.access, { transcript });
    const cases: [unknown, string][] = [
      [[], 'Messages must be a non-empty array'],
      ['hello', 'Messages must be a non-empty array'],
      [[{ content: 'hi' }], "Message at position 0 is missing 'role'"],
      [[{ role: 'user', content: 'hi' }, { role: 'bot', content: 'x' }], 'Message at position 1 has invalid role'],
      [[{ role: 'user' }], "Message at position 0 is missing 'content'"],
      [[{ role: 'user', content: '   ' }], 'Message at position 0 has empty content'],
      [[{ role: 'system', content: 'You are helpful' }], 'At least one message must have role "user" or "assistant"'],
    ];
    for (const [transcript, message] of cases) {
      const response = await chat(transcript);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });

  it('adds the topics a message names and asks about an unclear one, resolved by the next message', async () => {
    const user = await kit.onboardedUser();
    const first = (await kit.call('POST', '/api/topics/add/chat/', user.access, { transcript: [{ role: 'user', content: 'I want to track Federal Reserve monetary policy, lithium prices' }] })).json();
    expect(first.created_topics.map((t: { name: string }) => t.name)).toEqual(['Federal Reserve monetary policy', 'Lithium prices']);
    expect(first.failure_reason).toBeNull();
    expect(first.messages.at(-1)).toMatchObject({ role: 'assistant', content: expect.stringContaining('Added “Federal Reserve monetary policy”') });

    const transcript = [...first.messages, { role: 'user', content: 'amazon' }];
    const asked = (await kit.call('POST', '/api/topics/add/chat/', user.access, { transcript })).json();
    expect(asked.created_topics).toEqual([]);
    expect(asked.messages.at(-1).content).toMatch(/Which one did you mean\?\n1\. Amazon\.com, the company\n2\. The Amazon rainforest/);
    const answered = (await kit.call('POST', '/api/topics/add/chat/', user.access, { transcript: [...asked.messages, { role: 'user', content: '2' }] })).json();
    expect(answered.created_topics.map((t: { name: string }) => t.name)).toEqual(['Amazon rainforest']);

    const duplicate = (await kit.call('POST', '/api/topics/add/chat/', user.access, { transcript: [{ role: 'user', content: 'lithium prices' }] })).json();
    expect(duplicate.messages.at(-1).content).toBe('You\'re already tracking “Lithium prices”.');
  });
});

describe('the topic list', () => {
  it('is what GET /me/topics/ and GET /me/ show; a retired topic can be validated again', async () => {
    const user = await kit.onboardedUser();
    const topic = (await validate(user.access, { topic: 'Drug pricing policy' })).json().topic;
    expect((await kit.get('/api/me/topics/', user.access)).json().topics.map((t: { id: number }) => t.id)).toEqual([topic.id]);
    expect((await kit.get('/api/me/', user.access)).json().topics[0].name).toBe('Drug pricing policy');
    await kit.post(`/api/topics/${topic.id}/retire/`, {}, user.access);
    expect((await validate(user.access, { topic: 'Drug pricing policy' })).json().status).toBe('validated');
    const [row] = await herald.database.db.select({ n: users.id }).from(users).where(eq(users.id, user.id));
    expect(row).toBeDefined();
  });
});
