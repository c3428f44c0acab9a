import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_DEFAULTS, MODEL_MESSAGES } from '../../../contract/models.js';
import { users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { authKit } from '../auth/auth-test-kit.js';
import { createTopic } from '../user-topics/topics.js';

let herald: TestHerald;
let kit: ReturnType<typeof authKit>;
beforeAll(async () => {
  herald = await createTestHerald({ SUPERUSER_EMAILS: 'root@example.com' });
  kit = authKit(herald);
});
afterAll(async () => herald?.close());

const patch = (body: unknown, token: string, query = '') =>
  herald.app!.inject({ method: 'PATCH', url: `/api/me/models/${query}`, payload: body as object, headers: { authorization: `Bearer ${token}` } });

describe('PATCH /me/models/', () => {
  it('starts from the spec defaults, stores a choice from the registry, and GET /me/ shows it', async () => {
    const { access } = await kit.signedIn();
    expect((await kit.get('/api/me/', access)).json()).toMatchObject(MODEL_DEFAULTS);
    const response = await patch({ events_model: 'builtin', qa_model: 'claude-3-7-sonnet' }, access);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ...MODEL_DEFAULTS, events_model: 'builtin', qa_model: 'claude-3-7-sonnet' });
    expect((await kit.get('/api/me/', access)).json()).toMatchObject({ events_model: 'builtin', qa_model: 'claude-3-7-sonnet', onboarding_model: 'gpt-4.1' });
  });

  it('refuses a model not in the registry and an unknown field, changing nothing', async () => {
    const { access } = await kit.signedIn();
    const bad = await patch({ events_model: 'gpt-9000', qa_model: 'builtin' }, access);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'validation_failed', fields: { events_model: [MODEL_MESSAGES.unknownModel] } });
    expect((await patch({ favourite_model: 'builtin' }, access)).statusCode).toBe(400);
    expect((await kit.get('/api/me/', access)).json().qa_model).toBe(MODEL_DEFAULTS.qa_model);
  });

  it('lets a superuser set another user’s models with user_id; others get 403', async () => {
    const member = await kit.signedIn();
    const root = await kit.signedIn('root@example.com');
    const [target] = await herald.database.db.select().from(users).where(eq(users.email, member.email));
    const asRoot = await patch({ novelty_check_model: 'gpt-5-nano' }, root.access, `?user_id=${target!.id}`);
    expect(asRoot.statusCode).toBe(200);
    expect((await kit.get('/api/me/', member.access)).json().novelty_check_model).toBe('gpt-5-nano');
    const other = await kit.signedIn();
    const [rootRow] = await herald.database.db.select().from(users).where(eq(users.email, 'root@example.com'));
    expect((await patch({ qa_model: 'builtin' }, other.access, `?user_id=${rootRow!.id}`)).statusCode).toBe(403);
    expect((await patch({ qa_model: 'builtin' }, root.access, '?user_id=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('topics', () => {
  it('lists the user’s active topics and retires one; another user’s topic answers 404', async () => {
    const owner = await kit.signedIn();
    const [user] = await herald.database.db.select().from(users).where(eq(users.email, owner.email));
    const topic = await createTopic(herald.database.db, user!.id, { name: 'Monetary policy', description: '', sources: [1, 2, 99] });
    const listed = (await kit.get('/api/me/topics/', owner.access)).json();
    expect(listed.topics).toHaveLength(1);
    expect(listed.topics[0]).toMatchObject({ id: topic.id, name: 'Monetary policy', processing: true, sources: { '1': 'News', '2': 'Press releases' } });

    const stranger = await kit.signedIn();
    expect((await kit.post(`/api/topics/${topic.id}/retire/`, {}, stranger.access)).statusCode).toBe(404);
    expect((await kit.post(`/api/topics/${topic.id}/retire/`, {}, owner.access)).statusCode).toBe(200);
    expect((await kit.get('/api/me/topics/', owner.access)).json().topics).toHaveLength(0);
    expect((await kit.post(`/api/topics/${topic.id}/retire/`, {}, owner.access)).statusCode).toBe(404);
  });
});
