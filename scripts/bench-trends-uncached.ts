/**
 * The trends overview read uncached, in process, on the PGlite data `npm run bench:api` seeded
 * (.bench/api-pglite-<articles>): each round a new minute, so the rising names are read again.
 *   npx tsx scripts/bench-trends-uncached.ts [--articles 100000 --rounds 30]
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../server/db/client.js';
import { ROOT } from '../server/paths.js';
import { trendsOverview } from '../server/trends/topic-trends.js';

const { values } = parseArgs({ options: { articles: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '30' }, explain: { type: 'boolean', default: false } } });
const database = await openDatabase({ dataDir: path.join(ROOT, '.bench', `api-pglite-${values.articles}`) });
const [reader] = rowsOf<{ id: string }>(await database.db.execute(sql`SELECT id::text FROM users WHERE email = 'reader@bench.test'`));
const times: number[] = [];
const start = Date.now();
for (let round = -1; round < Number(values.rounds); round++) {
  const now = new Date(start + (round + 1) * 61_000);
  const began = performance.now();
  await trendsOverview({ db: database.db } as never, reader!.id, '7d', now);
  if (round >= 0) times.push(performance.now() - began);
  else console.log(`first read in this process: ${(performance.now() - began).toFixed(1)} ms`);
}
times.sort((a, b) => a - b);
const at = (p: number) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)]!;
console.log(`Trends overview 7d, uncached (PGlite, ${values.articles} articles): p50 ${at(50).toFixed(1)} ms, p95 ${at(95).toFixed(1)} ms`);
await database.close();
