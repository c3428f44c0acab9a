import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, sources, topics } from '../db/schema/index.js';
import { buildTopicModel, sampleOf } from '../intelligence/builtin/topic-model.js';
import { authKit } from '../modules/auth/auth-test-kit.js';
import { createTopic } from '../modules/user-topics/topics.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { rescan } from './topic-models.js';

let herald: TestHerald;
beforeAll(async () => {
  herald = await createTestHerald();
});
afterAll(async () => herald?.close());

describe('the second look at what a topic model kept back', () => {
  it('passes a document by its words only after the reader judged; after the store grew, by the class alone', async () => {
    const { db } = herald.database;
    const { email } = await authKit(herald).signedIn();
    const [user] = await db.query.users.findMany({ where: (u, { eq: is }) => is(u.email, email) });
    const topic = await createTopic(db, user!.id, { name: 'Coffee prices', description: 'About coffee prices.', query: 'coffee prices' });
    const [source] = await db.insert(sources).values({ kind: 'demo', name: `rescan ${randomUUID()}`, collectionId: 1, intervalMinutes: 60, enabled: false }).returning({ id: sources.id });
    const texts = [['Coffee prices rise on Brazil frost', 'Coffee prices rose as traders feared frost in Brazil would cut the coffee crop.'], ['City wins the cup', 'City won the cup final in front of a full stadium.']];
    for (const [title, text] of texts) {
      const id = randomUUID();
      await db.insert(documents).values({ sourceId: source!.id, externalId: id, collectionId: 1, title: title!, text: text!, publisher: 'Wire', contentType: 'text/plain', canonicalAt: new Date(), contentHash: id, simhashBands: [0, 0, 0, 0], tokenCount: 20, charCount: 80, wordCount: 15 });
    }
    // A model of a young store: no class, so a coffee report passes by its words alone.
    const model = buildTopicModel({ name: 'Coffee prices' }, sampleOf(texts.map(([title, text], i) => ({ id: i + 1, title: title!, text: text! }))));
    expect(model.kind).toBeUndefined();
    const [row] = await db.select().from(topics).where(eq(topics.id, topic.id));
    const stage = { database: herald.database, search: herald.search, config: herald.config, logger: herald.logger };
    const sent: { pairs: { documentId: number }[] }[] = [];
    const send = async (_job: string, payload: object) => void sent.push(payload as (typeof sent)[number]);

    expect(await rescan({ ...stage, send }, row!, model)).toBe(0);
    expect(sent).toEqual([]);
    expect(await rescan({ ...stage, send }, row!, model, true)).toBe(1);
    expect(sent.flatMap((s) => s.pairs)).toHaveLength(1);
  });
});
