import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES, SUGGESTION_MESSAGES } from '../../../contract/onboarding.js';
import { TOPIC_MESSAGES } from '../../../contract/topics.js';
import { notificationDeliveries, suggestions, topics, users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { onboardingKit, PROFILE_FORM, seedCorpus, waitForJobs } from './onboarding-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof onboardingKit>;
beforeAll(async () => {
  herald = await createTestHerald({ SUPERUSER_EMAILS: 'root@example.com' });
  kit = onboardingKit(herald);
  await seedCorpus(herald, [
    { set: 'fed_monetary', pattern: /federal funds rate/i, count: 10 },
    { set: 'arxiv_recent', pattern: /language model/i, count: 10 },
    { set: 'federal_register_2016_04_15', pattern: /bank|capital/i, count: 6 },
  ]);
});
afterAll(async () => herald?.close());

const complete = (token: string, body: Record<string, unknown> = {}) => kit.call('POST', '/api/auth/complete_profile/', token, { ...PROFILE_FORM, ...body });

describe('POST /auth/complete_profile/', () => {
  it('validates a profile: stores the form and the AI profile and suggests topics the store covers', async () => {
    const user = await kit.newUser();
    const response = await complete(user.access);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'validated', question: null, conversation_id: null, error: null, profile_completed: true, suggestions_completed: false });
    // Those that fit the person (fixtures/eval/SUGGESTIONS.md): three interests give a handful, not a padded dozen.
    expect(body.suggestions.length).toBeGreaterThanOrEqual(6);
    expect(body.suggestions.length).toBeLessThanOrEqual(36);
    const names = body.suggestions.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Federal Reserve monetary policy', 'Banking regulation', 'Large language model research']));
    expect(new Set(names.map((n: string) => n.toLowerCase())).size).toBe(names.length);
    expect(body.suggestions[0]).toMatchObject({ id: expect.any(Number), sources: expect.any(Array), reasoning: expect.stringMatching(/\S/) });
    const me = body.user;
    expect(me).toMatchObject({ profile_completed: true, onboarding_complete: false, job_title_function: 'Policy analyst', employer: 'Acme Capital', city: 'Washington', country: 'United States', location: 'Washington, United States', interests: PROFILE_FORM.interests });
    expect(me.gpt_profile).toMatch(/^Ada is a policy analyst at Acme Capital/);
    expect(me.places_jurisdictions).toContain('United States');
    expect(me.gpt_industries).toContain('Banking & Capital Markets');
    expect(me.gpt_responsibilities.length).toBeGreaterThan(0);
    expect(me.gpt_suggested_topics.length).toBe(body.suggestions.length);
  });

  it('asks for more when the interests are too broad, chains the answer, and validates', async () => {
    const user = await kit.newUser();
    const first = (await complete(user.access, { interests: 'technology' })).json();
    expect(first).toMatchObject({ status: 'clarification_needed', suggestions: [], user: null, profile_completed: false });
    expect(first.question).toMatch(/more specific.*Artificial intelligence regulation/);
    // Nothing is stored until the profile validates.
    const [before] = await herald.database.db.select().from(users).where(eq(users.id, user.id));
    expect(before!.interests).toBeNull();
    const second = (await complete(user.access, { interests: 'technology', answer: 'semiconductor export controls and chip supply chains', conversation_id: first.conversation_id })).json();
    expect(second.status).toBe('validated');
    expect(second.user.products_markets).toEqual(expect.arrayContaining(['Semiconductor export controls']));
  });

  it('fails interests that are not words after a question, naming the field', async () => {
    const user = await kit.newUser();
    const first = (await complete(user.access, { interests: 'asdfgh qwrtzp' })).json();
    expect(first.status).toBe('clarification_needed');
    const second = (await complete(user.access, { interests: 'asdfgh qwrtzp', answer: 'zxcvbq', conversation_id: first.conversation_id })).json();
    expect(second).toMatchObject({ status: 'failed', error: PROFILE_MESSAGES.failedCheck, user: null });
  });

  it('refuses bad input with the spec’s messages', async () => {
    const user = await kit.newUser();
    const missing = await complete(user.access, { interests: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.interests).toEqual([PROFILE_MESSAGES.interestsRequired]);
    expect((await complete(user.access, { answer: '' })).json().fields.answer).toEqual([PROFILE_MESSAGES.answerRequired]);
    expect((await complete(user.access, { answer: 'more' })).json().fields.conversation_id).toEqual([PROFILE_MESSAGES.conversationRequired]);
    expect((await complete(user.access, { language: 'fr' })).statusCode).toBe(400);
    expect((await complete(user.access, { answer: 'x', conversation_id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect((await kit.post('/api/auth/complete_profile/', PROFILE_FORM)).statusCode).toBe(401);
  });
});

describe('suggestions and the end of onboarding', () => {
  it('bulk-saves the chosen suggestions (step suggestions), ending onboarding; the topics are processed in the background', async () => {
    const user = await kit.newUser();
    const { suggestions: offered } = (await complete(user.access)).json();
    const chosen = offered.slice(0, 2).map((s: { name: string }) => s.name);
    const saved = await kit.call('POST', '/api/topics/add-suggestions/', user.access, { suggestions: chosen, step: 'suggestions' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ success: true, suggestions_completed: true, onboarding_complete: true });
    expect(saved.json().created.map((t: { name: string; processing: boolean }) => [t.name, t.processing])).toEqual(chosen.map((n: string) => [n, true]));
    await waitForJobs(herald, ['topic-enrich']);
    const me = (await kit.get('/api/me/', user.access)).json();
    expect(me).toMatchObject({ suggestions_completed: true, onboarding_complete: true });
    expect(me.topics).toHaveLength(2);
    expect(me.topics.every((t: { processing: boolean; description: string }) => !t.processing && t.description.split(' ').length >= 25)).toBe(true);
    expect(me.gpt_suggested_topics.map((s: { name: string }) => s.name)).not.toEqual(expect.arrayContaining(chosen));
    // Saving again (step onboarding, with a custom topic) adds only what is new.
    const again = (await kit.call('POST', '/api/topics/add-suggestions/', user.access, { suggestions: chosen, step: 'onboarding', topics: [{ name: 'Steel tariffs', sources: [1, 6, 99] }] })).json();
    expect(again.created.map((t: { name: string; sources: Record<string, string> }) => [t.name, t.sources])).toEqual([['Steel tariffs', { '1': 'News', '6': 'Regulations' }]]);
  });

  it('adds one suggestion (written at once by the built-in engine), refuses it twice, removes another, and expands the list', async () => {
    const user = await kit.newUser();
    const { suggestions: offered } = (await complete(user.access)).json();
    await kit.call('POST', '/api/topics/add-suggestions/', user.access, { suggestions: [], step: 'suggestions' });
    const [first, second] = offered as { name: string }[];
    const added = await kit.call('POST', '/api/topics/add-suggestion/', user.access, { suggestion: first!.name });
    expect(added.json()).toMatchObject({ success: true, status: 'created', topic: { name: first!.name, processing: false } });
    expect(added.json().topic.key_events.length).toBeGreaterThanOrEqual(6);
    const twice = await kit.call('POST', '/api/topics/add-suggestion/', user.access, { suggestion: first!.name });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe(TOPIC_MESSAGES.alreadyTracked);

    expect((await kit.call('POST', '/api/topics/delete-suggestion/', user.access, { suggestion: second!.name })).json()).toEqual({ success: true });
    expect((await kit.call('POST', '/api/topics/delete-suggestion/', user.access, { suggestion: second!.name })).json().error).toBe(SUGGESTION_MESSAGES.notFound);
    const listed = (await kit.get('/api/me/suggestions/', user.access)).json();
    expect(listed.suggestions.map((s: { name: string }) => s.name)).not.toContain(second!.name);
    expect(listed.total_suggestions).toBe(listed.suggestions.length);

    const expanded = (await kit.call('POST', '/api/topics/expand-suggestions/', user.access, { existing_suggestions: listed.suggestions.map((s: { name: string }) => s.name) })).json();
    expect(expanded.success).toBe(true);
    expect(expanded.total_suggestions).toBe(expanded.suggestions.length);
    // A removed suggestion is never offered again.
    expect(expanded.suggestions.map((s: { name: string }) => s.name)).not.toContain(second!.name);
    const [row] = await herald.database.db.select().from(suggestions).where(and(eq(suggestions.userId, user.id), eq(suggestions.name, second!.name)));
    expect(row!.status).toBe('removed');
    await waitForJobs(herald, ['topic-enrich']);
    const [topic] = await herald.database.db.select().from(topics).where(eq(topics.userId, user.id));
    expect(topic!.description.length).toBeGreaterThan(0);
  });
});

describe('PATCH /me/profile/', () => {
  const form = { first_name: 'Grace', last_name: 'Hopper', country: 'United Kingdom', city: 'London', job_title_function: 'General counsel', employer: 'Acme Bank', interests: 'Bank capital rules and SEC enforcement', alerts: false, alert_daily_cap: 5, newsletter: true, language: 'de' };

  it('saves a valid profile and rebuilds the AI profile', async () => {
    const user = await kit.profiledUser();
    const response = await kit.call('PATCH', '/api/me/profile/', user.access, form);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ status: 'validated', error: null, errors: null });
    expect(body.user).toMatchObject({ first_name: 'Grace', last_name: 'Hopper', country: 'United Kingdom', city: 'London', job_title_function: 'General counsel', employer: 'Acme Bank', alerts: false, alert_daily_cap: 5, language: 'de' });
    expect(body.user.gpt_profile).toMatch(/^Grace is a general counsel at Acme Bank, based in London, United Kingdom/);
    expect(body.user.gpt_responsibilities).toContain('Legal risk assessment');
  });

  it('answers failed with field errors under the server’s names, and chains clarifications', async () => {
    const user = await kit.profiledUser();
    const failed = (await kit.call('PATCH', '/api/me/profile/', user.access, { ...form, job_title_function: 'qwxzt vbnmq' })).json();
    expect(failed).toMatchObject({ status: 'failed', user: null, errors: { title: [expect.any(String)] } });
    const asked = (await kit.call('PATCH', '/api/me/profile/', user.access, { ...form, interests: 'news' })).json();
    expect(asked).toMatchObject({ status: 'clarification_needed', conversation_id: expect.any(String) });
    const answered = (await kit.call('PATCH', '/api/me/profile/', user.access, { ...form, interests: 'news', answer: 'Basel III capital rules', conversation_id: asked.conversation_id })).json();
    expect(answered.status).toBe('validated');
    const missing = await kit.call('PATCH', '/api/me/profile/', user.access, { ...form, first_name: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.first_name).toEqual([PROFILE_MESSAGES.firstNameRequired]);
    for (const cap of [0, 21, 2.5, '3']) {
      const wrong = await kit.call('PATCH', '/api/me/profile/', user.access, { ...form, alert_daily_cap: cap });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fields.alert_daily_cap).toEqual([PROFILE_MESSAGES.alertDailyCap]);
    }
  });

  it('lets a superuser edit another user’s profile but not their notification preferences', async () => {
    const target = await kit.profiledUser();
    const root = await kit.newUser('root@example.com');
    const response = (await kit.call('PATCH', `/api/me/profile/?user_id=${target.id}`, root.access, { ...form, alerts: false, newsletter: false })).json();
    expect(response.status).toBe('validated');
    expect(response.user).toMatchObject({ id: target.id, first_name: 'Grace', alerts: true, alert_daily_cap: 3, newsletter: true });
    const other = await kit.newUser();
    expect((await kit.call('PATCH', `/api/me/profile/?user_id=${target.id}`, other.access, form)).statusCode).toBe(403);
  });

  it('the Daily Brief turned off here releases what quiet hours held for the brief: it goes out as if waiting', async () => {
    const user = await kit.profiledUser();
    const statusOf = async () => (await herald.database.db.select({ status: notificationDeliveries.status }).from(notificationDeliveries).where(eq(notificationDeliveries.userId, user.id))).map((r) => r.status);
    await herald.database.db.insert(notificationDeliveries).values({ userId: user.id, channel: 'push', key: 'test:held-for-brief', payload: { title: 'Held', body: '', url: '/', tag: 'test' }, status: 'brief' });
    expect((await kit.call('PATCH', '/api/me/profile/', user.access, form)).json().status).toBe('validated');
    expect(await statusOf()).toEqual(['brief']);
    expect((await kit.call('PATCH', '/api/me/profile/', user.access, { ...form, newsletter: false })).json().status).toBe('validated');
    expect(await statusOf()).toEqual(['pending']);
  });
});
