import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTopicTrends } from '../../../contract/trends.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';

let seeding: TestHerald;
let plain: TestHerald;
beforeAll(async () => {
  [seeding, plain] = await Promise.all([createTestHerald({ DEV_SEED_ROUTES: '1' }), createTestHerald()]);
});
afterAll(async () => Promise.all([seeding?.close(), plain?.close()]));

const seed = (herald: TestHerald) => herald.app!.inject({ method: 'POST', url: '/api/dev/seed/trend-spike/' });

describe('POST /api/dev/seed/trend-spike/', () => {
  it('does not exist without DEV_SEED_ROUTES=1', async () => {
    expect((await seed(plain)).statusCode).toBe(404);
  });

  it("seeds a reader whose topic's dashboard has one spike, explained by its story, linked to its articles", async () => {
    const response = await seed(seeding);
    expect(response.statusCode).toBe(200);
    const seeded = response.json<{ email: string; password: string; topic_id: number; article_ids: number[] }>();
    const login = await seeding.app!.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: seeded.email, password: seeded.password } });
    expect(login.statusCode).toBe(200);
    const { access } = login.json<{ access: string }>();
    const trends = (await seeding.app!.inject({ method: 'GET', url: `/api/topics/${seeded.topic_id}/trends/?range=30d`, headers: { authorization: `Bearer ${access}` } })).json<TTopicTrends>();
    expect(trends.spikes).toHaveLength(1);
    expect(trends.spikes[0]!.explanation).toContain('report "Strike shuts the Harbour Point refinery"');
    expect(trends.spikes[0]!.articles.slice(0, 3).map((a) => a.id)).toEqual(seeded.article_ids.slice(0, 3));
  });
});
