import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.js';
import { feedKit } from '../modules/feed/feed-test-kit.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { maintainSearchIndex } from './maintenance.js';

let herald: TestHerald;
beforeAll(async () => {
  herald = await createTestHerald();
});
afterAll(async () => herald?.close());

const allVisible = async () => Number(rowsOf<{ n: number }>(await herald.database.db.execute(sql`SELECT relallvisible AS n FROM pg_class WHERE relname = 'events'`))[0]!.n);

describe('maintenance of the embedded database', () => {
  // A server's autovacuum does it there (maintainSearchIndex does nothing on a server unless forced).
  it.skipIf(Boolean(process.env.TEST_DATABASE_URL))("vacuums events, so a topic's trends read its index alone", async () => {
    const kit = feedKit(herald);
    const user = await kit.reader({ topics: ['Grain markets'] });
    await kit.publishMany(user.userId, user.topics[0]!.id, 40);
    expect(await allVisible()).toBe(0);
    await maintainSearchIndex(herald.database);
    expect(await allVisible()).toBeGreaterThan(0);
  });
});
