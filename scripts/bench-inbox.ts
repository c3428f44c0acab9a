/**
 * Arrival-to-inbox latency of a breaking alert (issue 39: p95 <= 2 s after the alert decision).
 * A reader with 25 ranked articles; then, ROUNDS times, a top-ranked article of a new story is
 * decided by the alert stage (sendAlert, decision stamped at t0) and the reader's
 * GET /api/inbox/counts/ is asked at once: the time from t0 until that answer shows the new item
 * is the server's part (the item is written in the decision's transaction). The app asks every
 * INBOX_POLL_MS, so what a reader waits is that plus up to one poll interval; both are printed.
 * In-memory PGlite, or the PostgreSQL server at TEST_DATABASE_URL.
 *
 *   npx tsx scripts/bench-inbox.ts [--rounds 50]
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { INBOX_POLL_MS } from '../contract/inbox.js';
import { users } from '../server/db/schema/index.js';
import { feedKit } from '../server/modules/feed/feed-test-kit.js';
import { sendAlert } from '../server/pipeline/alert.js';
import { createTestHerald, TEST_DATABASE_URL } from '../server/test/harness.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '50' } } });
const rounds = Number(values.rounds);

const herald = await createTestHerald();
try {
  const kit = feedKit(herald);
  const reader = await kit.reader();
  const topicId = reader.topics[0]!.id;
  await herald.database.db.update(users).set({ alertDailyCap: rounds + 10 }).where(eq(users.id, reader.userId));
  for (let i = 0; i < 25; i++) await kit.publish(reader.userId, topicId, { finalRank: 0.6 + i * 0.01, publishedAt: new Date(Date.now() - 86_400_000 + i * 1000) });
  const stage = { database: herald.database, search: herald.search, config: herald.config, logger: herald.logger };
  const counts = async () => (await kit.get('/api/inbox/counts/', reader.access)).json() as { latest_id: number; unread: number };

  const serverMs: number[] = [];
  const askMs: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const story = await kit.story(reader.userId);
    const id = await kit.publish(reader.userId, topicId, { title: `Breaking ${i}`, finalRank: 0.99, storyId: story });
    const before = (await counts()).unread;
    const t0 = Date.now();
    const result = await sendAlert(stage, id, new Date(t0));
    if (result !== 'sent') throw new Error(`round ${i}: ${result}`);
    const asked = Date.now();
    const seen = await counts();
    if (seen.unread !== before + 1) throw new Error(`round ${i}: the item is not in the inbox`);
    serverMs.push(Date.now() - t0);
    askMs.push(Date.now() - asked);
  }
  const pct = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)]!;
  const database = TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  console.log(`${database}, ${rounds} breaking alerts`);
  console.log(`decision -> item readable by GET /api/inbox/counts/: p50 ${pct(serverMs, 50)} ms, p95 ${pct(serverMs, 95)} ms, max ${Math.max(...serverMs)} ms`);
  console.log(`the counts call alone: p50 ${pct(askMs, 50)} ms, p95 ${pct(askMs, 95)} ms`);
  console.log(`a reader's app polls every ${INBOX_POLL_MS} ms: the bell shows it within p95 ${pct(serverMs, 95) + Math.round(0.95 * INBOX_POLL_MS)} ms (uniform wait for the next poll)`);
} finally {
  await herald.close();
}
