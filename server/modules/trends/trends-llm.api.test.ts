import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TTopicTrends } from '../../../contract/trends.js';
import { users } from '../../db/schema/index.js';
import { startFakeLlmServer, type FakeLlmServer } from '../../intelligence/fake-llm-server.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { feedKit } from '../feed/feed-test-kit.js';

let fake: FakeLlmServer;
let herald: TestHerald;
beforeAll(async () => {
  fake = await startFakeLlmServer();
  herald = await createTestHerald({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', LLM_TIMEOUT_SECONDS: '2', SUMMARY_MODEL: 'builtin' });
});
afterAll(async () => {
  await herald?.close();
  await fake?.close();
});

describe("a topic's 'what changed' by a language model", () => {
  it('is not waited for: the built-in answer shows at once, the model\'s (uncited sentences dropped) from the next load', async () => {
    const kit = feedKit(herald);
    const user = await kit.reader({ topics: ['Crude oil prices'] });
    await herald.database.db.update(users).set({ modelPreferences: { article_composition_model: 'gpt-5-mini' } }).where(eq(users.id, user.userId));
    const story = await kit.story(user.userId);
    for (let i = 0; i < 3; i++) await kit.publish(user.userId, user.topics[0]!.id, { title: `OPEC cuts output, part ${i + 1}`, storyId: story, publishedAt: new Date(Date.now() - (3 - i) * 60_000) });
    fake.queue({ kind: 'json', body: { sentences: [{ text: 'OPEC cut output again.', references: [1] }, { text: 'Prices will double.', references: [] }] } });
    const url = `/api/topics/${user.topics[0]!.id}/trends/?range=7d`;
    const first = (await kit.get(url, user.access)).json<TTopicTrends>();
    expect(first.analysis?.model).toBe('builtin');
    const deadline = Date.now() + 10_000;
    let later = first;
    while (later.analysis?.model !== 'gpt-5-mini' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = (await kit.get(url, user.access)).json<TTopicTrends>();
    }
    expect(later.analysis).toMatchObject({ model: 'gpt-5-mini', text: 'OPEC cut output again. [1]' });
    expect(later.analysis!.references).toHaveLength(1);
  });
});
