import { and, count, eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOPIC_SEARCH } from '../../../contract/tools.js';
import { auditLog, sources, users } from '../../db/schema/index.js';
import { ingestDocuments } from '../../documents/ingest.js';
import type { InteractionRecord } from '../../intelligence/types.js';
import { maintainSearchIndex } from '../../search/maintenance.js';
import type { RawDocument } from '../../sources/types.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { authKit } from '../auth/auth-test-kit.js';
import { addMessage, startConversation } from '../user-topics/conversations.js';
import { createTopic } from '../user-topics/topics.js';

let herald: TestHerald;
let kit: ReturnType<typeof authKit>;
let root: { email: string; access: string };
let owner: { email: string; access: string };
let other: { email: string; access: string };
let ownerId: string;
let topicId: number;
const HOUR = 3_600_000;

const idOf = async (email: string) => (await herald.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const call = (method: 'GET' | 'POST' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  herald.app!.inject({ method, url, headers: token ? { authorization: `Bearer ${token}` } : {}, ...(payload === undefined ? {} : { payload: payload as object }), remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` });

const doc = (externalId: string, title: string, text: string, hoursAgo: number, collectionId = 1): RawDocument => ({
  externalId,
  title,
  text,
  url: `https://example.org/${externalId}`,
  publisher: 'Example Wire',
  publishedAt: new Date(Date.now() - hoursAgo * HOUR),
  contentType: 'article',
  collectionId,
});

beforeAll(async () => {
  herald = await createTestHerald({ SUPERUSER_EMAILS: 'root-tools@example.com' });
  kit = authKit(herald);
  root = await kit.signedIn('root-tools@example.com');
  owner = await kit.signedIn();
  other = await kit.signedIn();
  ownerId = await idOf(owner.email);
  const [source] = await herald.database.db.insert(sources).values({ kind: 'demo', name: 'tools test', collectionId: 1, intervalMinutes: 60, enabled: false }).returning();
  const corpus = [
    doc('lithium-new', 'Lithium battery recycling plant opens in Nevada', 'A lithium battery recycling plant opened in Nevada to recover cobalt and nickel from used electric vehicle batteries. '.repeat(3), 2),
    doc('lithium-old', 'Lithium battery recycling plant expands in Nevada', 'The lithium battery recycling plant in Nevada expanded its capacity to recover cobalt from used batteries. '.repeat(3), 72),
    doc('bees-new', 'Honey bee colonies recover after mild winter', 'Beekeepers report that honey bee colonies recovered after a mild winter in the orchards. '.repeat(3), 1),
  ];
  await ingestDocuments({ database: herald.database, search: herald.search, logger: pino({ level: 'silent' }) }, { id: source!.id, collectionId: 1 }, corpus);
  await maintainSearchIndex(herald.database, true);
  const topic = await createTopic(herald.database.db, ownerId, {
    name: 'Lithium battery recycling',
    description: 'Recycling of lithium batteries.',
    query: 'lithium battery recycling plant',
    sources: [1],
    relevanceMatrix: {
      action_outcome: { high: 'A plant opens or closes', medium: 'Capacity changes', low: 'Commentary' },
      entities: { high: 'Recyclers', medium: 'Carmakers', low: 'Others' },
      places: { high: 'Nevada', medium: 'United States', low: 'Elsewhere' },
    },
  });
  topicId = topic.id;
});
afterAll(async () => herald?.close());

describe('GET /topics/{id}/search/', () => {
  it('finds the topic’s documents of the last 24 hours with score 0.42 or more, for the owner', async () => {
    const response = await call('GET', `/api/topics/${topicId}/search/`, owner.access);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.documents.map((d: { name: string }) => d.name)).toEqual(['Lithium battery recycling plant opens in Nevada']);
    expect(body.count).toBe(1);
    const [d] = body.documents;
    expect(d.score).toBeGreaterThanOrEqual(TOPIC_SEARCH.minScore);
    expect(d).toMatchObject({ source: 'Example Wire', url: 'https://example.org/lithium-new' });
    expect(Date.parse(d.canonical_at)).toBeGreaterThan(Date.now() - 24 * HOUR);
    expect(body.search_metrics.score_avg).toBeCloseTo(d.score, 3);
    expect(Date.parse(body.time_range.to) - Date.parse(body.time_range.from)).toBe(24 * HOUR);
  });

  it('lets a superuser search a user’s topic with user_id, and no one else', async () => {
    const rootView = await call('GET', `/api/topics/${topicId}/search/?user_id=${ownerId}`, root.access);
    expect(rootView.statusCode).toBe(200);
    expect(rootView.json().count).toBe(1);
    // The superuser's own topics do not include it.
    expect((await call('GET', `/api/topics/${topicId}/search/`, root.access)).statusCode).toBe(404);
    const forbidden = await call('GET', `/api/topics/${topicId}/search/?user_id=${ownerId}`, other.access);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('forbidden');
    expect((await call('GET', `/api/topics/${topicId}/search/`, other.access)).statusCode).toBe(404);
    expect((await call('GET', `/api/topics/${topicId}/search/`)).statusCode).toBe(401);
  });

  it('answers an empty result when nothing new matches', async () => {
    const quiet = await createTopic(herald.database.db, ownerId, { name: 'Glacier surveys', query: 'glacier ice survey expedition', sources: [1] });
    const body = (await call('GET', `/api/topics/${quiet.id}/search/`, owner.access)).json();
    expect(body).toMatchObject({ count: 0, documents: [], search_metrics: { score_avg: null, threshold: 0.42 } });
  });
});

describe('the relevance matrix', () => {
  it('is part of the topic a superuser reads for a user', async () => {
    const response = await call('GET', `/api/me/topics/?user_id=${ownerId}`, root.access);
    expect(response.statusCode).toBe(200);
    const topic = response.json().topics.find((t: { id: number }) => t.id === topicId);
    expect(topic.relevance_matrix).toEqual({
      action_outcome: { high: 'A plant opens or closes', medium: 'Capacity changes', low: 'Commentary' },
      entities: { high: 'Recyclers', medium: 'Carmakers', low: 'Others' },
      places: { high: 'Nevada', medium: 'United States', low: 'Elsewhere' },
    });
  });
});

describe('POST /me/create_test_user/', () => {
  const form = { first_name: 'Priya', last_name: 'Patel', title: 'Head of Regulatory Affairs', organization: 'Roche', location: 'Basel, Switzerland', interests: 'FDA drug approvals, EMA guidance on clinical trials, oncology trial results' };

  it('creates a confirmed user with a built profile who can sign in with the answered password', async () => {
    const response = await call('POST', '/api/me/create_test_user/', root.access, form);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, user_b: null, account: { name: 'Roche (test)' } });
    expect(body.user.email).toMatch(/^priya\.patel\.[0-9a-f]{6}@test\.herald\.test$/);
    const login = await kit.post('/api/auth/login/', { email: body.user.email, password: body.user.password });
    expect(login.statusCode).toBe(200);
    const me = (await call('GET', '/api/me/', login.json().access)).json();
    expect(me).toMatchObject({ first_name: 'Priya', last_name: 'Patel', is_superuser: false, profile_completed: true });
    expect(me.gpt_profile).toContain('Priya');
    expect(me.organizations.length + me.places_jurisdictions.length).toBeGreaterThan(0);
    const [row] = await herald.database.db.select().from(users).where(eq(users.email, body.user.email));
    expect(row!.createdBy).toBe(await idOf(root.email));
    expect(row!.emailConfirmedAt).not.toBeNull();
    const audits = await herald.database.db.select().from(auditLog).where(and(eq(auditLog.action, 'create_test_user'), eq(auditLog.subjectUserId, row!.id)));
    expect(audits).toHaveLength(1);
  });

  it('creates an A/B pair in one account with ab_test', async () => {
    const body = (await call('POST', '/api/me/create_test_user/', root.access, { ...form, ab_test: true })).json();
    expect(body.user_b.email).toMatch(/\.b@test\.herald\.test$/);
    const rows = await herald.database.db.select().from(users).where(eq(users.accountId, body.account.id));
    expect(rows.map((r) => r.abGroup).sort()).toEqual(['A', 'B']);
    expect((await kit.post('/api/auth/login/', { email: body.user_b.email, password: body.user_b.password })).statusCode).toBe(200);
  });

  it('requires first and last names, refuses a profile it cannot build, and writes nothing then', async () => {
    const [before] = await herald.database.db.select({ n: count() }).from(users);
    const missing = await call('POST', '/api/me/create_test_user/', root.access, { first_name: ' ', last_name: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'validation_failed', fields: { first_name: ['First name is required'], last_name: ['Last name is required'] } });
    const bad = await call('POST', '/api/me/create_test_user/', root.access, { ...form, title: 'xqzvt blorfk' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('profile_invalid');
    expect(bad.json().fields.title.length).toBe(1);
    const [after] = await herald.database.db.select({ n: count() }).from(users);
    expect(after!.n).toBe(before!.n);
  });

  it('is for superusers only', async () => {
    const response = await call('POST', '/api/me/create_test_user/', other.access, form);
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('forbidden');
    expect((await call('POST', '/api/me/create_test_user/', undefined, form)).statusCode).toBe(401);
  });
});

describe('POST /me/generate_test_profile/', () => {
  it('answers a plausible profile, the same one for the same seed', async () => {
    const a = (await call('POST', '/api/me/generate_test_profile/', root.access, { seed: 42 })).json();
    const b = (await call('POST', '/api/me/generate_test_profile/', root.access, { seed: 42 })).json();
    expect(a).toEqual(b);
    for (const field of ['first_name', 'last_name', 'title', 'organization', 'location', 'interests']) expect(a[field].length).toBeGreaterThan(1);
    expect(a.interests.split(', ')).toHaveLength(3);
    const unseeded = await call('POST', '/api/me/generate_test_profile/', root.access);
    expect(unseeded.statusCode).toBe(200);
    // The generated profile is one the test-user form accepts.
    expect((await call('POST', '/api/me/create_test_user/', root.access, unseeded.json())).statusCode).toBe(200);
  });

  it('is for superusers only', async () => {
    expect((await call('POST', '/api/me/generate_test_profile/', other.access, {})).statusCode).toBe(403);
    expect((await call('POST', '/api/me/generate_test_profile/', undefined, {})).statusCode).toBe(401);
  });
});

describe('conversation logs', () => {
  const record = (model: string): InteractionRecord => ({
    stage: 'interview',
    prompt_sent: { system_prompt: 'You interview.', user_message: 'Hello' },
    llm_response: '{"message":"What do you follow?"}',
    model_used: model,
    processing_duration_seconds: 1.25,
    prompt_tokens: 120,
    response_tokens: 30,
    total_tokens: 150,
    system_prompt_tokens: 100,
    user_payload_tokens: 20,
    cost_usd: 0.0001,
    attempts: 1,
  });

  it('lists AI calls of conversations newest first, honours since and limit, and starts again when cleared', async () => {
    const conversation = await startConversation(herald.database.db, ownerId, 'onboarding_interview', {}, 'gpt-4.1');
    await addMessage(herald.database.db, conversation.id, 'user', 'I follow batteries');
    await addMessage(herald.database.db, conversation.id, 'assistant', 'What do you follow?', { interaction: record('gpt-4.1') });
    await addMessage(herald.database.db, conversation.id, 'assistant', 'Which markets?', { interaction: record('builtin') });
    const response = await call('GET', '/api/conversation/logs/', root.access);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const mine = body.logs.filter((l: { conversation_id: string }) => l.conversation_id === conversation.id);
    expect(mine.map((l: { model: string }) => l.model)).toEqual(['builtin', 'gpt-4.1']);
    expect(mine[1]).toMatchObject({ kind: 'onboarding_interview', stage: 'interview', user: { id: ownerId, email: owner.email }, prompt_tokens: 120, response_tokens: 30, total_tokens: 150, duration_seconds: 1.25, prompt: { user_message: 'Hello' } });
    expect((await call('GET', '/api/conversation/logs/?limit=1', root.access)).json().logs).toHaveLength(1);
    expect((await call('GET', `/api/conversation/logs/?since=${new Date(Date.now() + HOUR).toISOString()}`, root.access)).json().logs).toEqual([]);
    expect((await call('GET', '/api/conversation/logs/?since=yesterday', root.access)).statusCode).toBe(400);

    const cleared = await call('DELETE', '/api/conversation/clear_logs/', root.access);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().cleared).toBeGreaterThanOrEqual(2);
    const after = (await call('GET', '/api/conversation/logs/', root.access)).json();
    expect(after.logs).toEqual([]);
    expect(after.cleared_at).toBe(cleared.json().cleared_at);
    await addMessage(herald.database.db, conversation.id, 'assistant', 'Anything else?', { interaction: record('builtin') });
    expect((await call('GET', '/api/conversation/logs/', root.access)).json().logs.map((l: { response: string }) => l.response)).toEqual(['{"message":"What do you follow?"}']);
  });

  it('is for superusers only', async () => {
    expect((await call('GET', '/api/conversation/logs/', other.access)).statusCode).toBe(403);
    expect((await call('DELETE', '/api/conversation/clear_logs/', other.access)).statusCode).toBe(403);
    expect((await call('GET', '/api/conversation/logs/')).statusCode).toBe(401);
    expect((await call('DELETE', '/api/conversation/clear_logs/')).statusCode).toBe(401);
  });
});

describe('GET /document/{id}/', () => {
  it('answers the original address to any signed-in user, 404 for an unknown id', async () => {
    const [found] = (await call('GET', `/api/topics/${topicId}/search/`, owner.access)).json().documents;
    const response = await call('GET', `/api/document/${found.id}/`, other.access);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: found.id, url: 'https://example.org/lithium-new' });
    expect((await call('GET', '/api/document/999999/', other.access)).statusCode).toBe(404);
    expect((await call('GET', `/api/document/${found.id}/`)).statusCode).toBe(401);
  });
});
