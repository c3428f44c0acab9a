/**
 * Reader API latency with many articles: `npm run bench:api` prints figures, asserts nothing.
 *
 *   npm run bench:api [-- --articles 100000 --connections 50 --seconds 8 --requests 100]
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:api   (a fresh database
 *   is created on that server and dropped afterwards; DATABASE_POOL_MAX sets the API's pool;
 *   `--keep` keeps it, as herald_bench_api_<articles> or `--db-name`, seeded once, for the next run)
 *
 * Seeds one reader with `--articles` published articles over three topics (plus other users'
 * articles, so the table is not the reader's alone; a judgement, More or Less like this, on one
 * of the reader's articles in ten), then starts the API as its own process
 * (`bin/herald.js --role api`, as a deployment runs it, so the load generator does not share its
 * event loop) and measures:
 *  - one client, `--requests` rounds of every call in turn: p50/p95 of Latest page 1, page 40 and page 400, each by
 *    cursor (keyset) and by page number alone (offset), of a topic's page 400, of Top News, the
 *    feed head, timeline search, an article, its related articles and history page 400;
 *  - the MCP server (POST /api/mcp with a personal API token, one JSON-RPC tools/call a request):
 *    p50/p95 of the search_articles and get_article tool calls, in turn, `--requests` rounds
 *    (`--only-mcp` measures these alone; `--only-trends` the topic trends and overview calls alone);
 *  - `--connections` concurrent keep-alive connections for `--seconds` (autocannon): requests/s
 *    and p95 of Latest page 1, 40 and 400 by cursor, and of the reader's RSS feed (its secret
 *    address): whole, and as a feed reader polls it, with If-None-Match (304).
 * Targets: p95 <= 50 ms on PostgreSQL under 50 connections; page 40 and page 400 no
 * slower than page 1 (keyset).
 */
import http from 'node:http';
import autocannon from 'autocannon';
import pg from 'pg';
import os from 'node:os';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { startHerald } from '../server/boot.js';
import { loadConfig } from '../server/config.js';
import { createFreshServerDatabase } from '../server/db/fresh-database.js';
import { accounts, articleSearchVector, events, sources, users } from '../server/db/schema/index.js';
import { hashPassword } from '../server/auth/passwords.js';
import { newApiToken } from '../server/auth/api-tokens.js';
import { apiTokens } from '../server/db/schema/index.js';
import { rowsOf } from '../server/db/client.js';
import { articleJson } from '../server/modules/feed/feed-test-kit.js';
import { createTopic } from '../server/modules/user-topics/topics.js';
import { encodeCursor } from '../server/modules/feed/feed-query.js';
import { ROOT } from '../server/paths.js';
import { startProcess } from '../server/test/process.js';
import { countWaitingTopics } from '../server/trends/count-names.js';

const { values } = parseArgs({
  options: {
    articles: { type: 'string', default: '100000' },
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '8' },
    requests: { type: 'string', default: '100' },
    keep: { type: 'boolean', default: false },
    'only-mcp': { type: 'boolean', default: false },
    'only-trends': { type: 'boolean', default: false },
    'db-name': { type: 'string' },
  },
});
const ARTICLES = Number(values.articles);
const OTHERS = Math.round(ARTICLES / 2);
const CONNECTIONS = Number(values.connections);
const SECONDS = Number(values.seconds);
const REQUESTS = Number(values.requests);
const PASSWORD = 'bench password for the reader';

const serverUrl = process.env.DATABASE_URL;
const fresh = serverUrl ? await (values.keep ? keptServerDatabase(serverUrl, values['db-name'] ?? `herald_bench_api_${ARTICLES}`) : createFreshServerDatabase(serverUrl)) : undefined;
const dataDir = path.join(ROOT, '.bench', `api-pglite-${ARTICLES}`);
const seeded = fresh ? 'seeded' in fresh && fresh.seeded : existsSync(path.join(dataDir, 'seeded'));

/** A database on the server kept between runs (`--keep`): created when missing, never dropped. */
async function keptServerDatabase(baseUrl: string, name: string) {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  if (!exists) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  let seeded = false;
  if (exists) {
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    seeded = (await client.query("SELECT 1 FROM pg_tables WHERE tablename = 'bench_seeded'")).rowCount === 1;
    await client.end();
  }
  return { url: url.toString(), seeded, drop: async () => undefined };
}
const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  HERALD_ROLES: 'api',
  DEMO: 'off',
  DEMO_SOURCE: 'off',
  WEB_DIST: '/nonexistent',
  ...(fresh ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir }),
});
const herald = await startHerald(config, { logger: pino({ level: 'warn' }) });
const { db } = herald.database;
const label = fresh ? 'PostgreSQL' : 'PGlite';

async function seed(): Promise<void> {
  const started = performance.now();
  const [account] = await db.insert(accounts).values({ name: 'Bench', company: 'Bench' }).returning({ id: accounts.id });
  const passwordHash = await hashPassword(PASSWORD);
  const people = await db
    .insert(users)
    .values(['reader', 'other-1', 'other-2'].map((name) => ({ accountId: account!.id, email: `${name}@bench.test`, firstName: name, lastName: 'Bench', passwordHash, emailConfirmedAt: new Date() })))
    .returning({ id: users.id });
  const [source] = await db.insert(sources).values({ kind: 'demo', name: 'bench feed', collectionId: 1, intervalMinutes: 60, enabled: false }).returning({ id: sources.id });
  const template = JSON.stringify(articleJson('Bench article', 1));
  const batch = 10_000;
  for (const [index, person] of people.entries()) {
    const topicIds = [];
    for (const name of ['Rates', 'Migration', 'Medicines']) topicIds.push((await createTopic(db, person.id, { name, description: `About ${name}.` })).id);
    const count = index === 0 ? ARTICLES : OTHERS / 2;
    for (let from = 0; from < count; from += batch) {
      const to = Math.min(count, from + batch) - 1;
      const prefix = `${index}-`;
      await db.execute(sql`
        INSERT INTO documents (source_id, external_id, collection_id, title, text, publisher, content_type, canonical_at, content_hash, simhash_bands, token_count, char_count, word_count)
        SELECT ${source!.id}, ${prefix} || g, 1, 'Bench document ' || g, 'Bench text ' || g, 'Bench', 'text/plain', now() - g * interval '1 minute',
               md5(${prefix} || g), ARRAY[0, 0, 0, 0], 3, 12, 3
        FROM generate_series(${from}::int, ${to}::int) g`);
      await db.execute(sql`
        INSERT INTO events (user_id, topic_id, document_id, status, prefilter_score, novel, article, article_generated, article_generated_at, language, final_rank, published_at, entity_names)
        SELECT ${person.id}, (${JSON.stringify(topicIds)}::jsonb ->> (g % 3))::bigint, d.id, 'detected', 0.5, true,
               ${template}::jsonb || jsonb_build_object('title', CASE WHEN g % 97 = 0 THEN 'Discount rate decision ' ELSE 'Bench article ' END || g),
               true, now() - g * interval '1 minute', 'en', (g * 7919 % 1000) / 1000.0, now() - g * interval '1 minute',
               ARRAY['Agency ' || (g % 40), 'Company ' || (g * 31 % 500), 'Place ' || (g % 12)]
        FROM generate_series(${from}::int, ${to}::int) g
        JOIN documents d ON d.source_id = ${source!.id} AND d.external_id = ${prefix} || g`);
      process.stdout.write(`\rseeding ${label}: user ${index + 1}/3, ${to + 1}/${count} articles`);
    }
  }
  // The reader said "More like this" or "Less like this" on one article in ten: every list reads them.
  await db.execute(sql`
    INSERT INTO relevance_judgements (user_id, topic_id, document_id, event_id, judgement)
    SELECT user_id, topic_id, document_id, id, CASE WHEN id % 20 = 0 THEN 'more' ELSE 'less' END
    FROM events WHERE user_id = ${people[0]!.id} AND id % 10 = 0`);
  // As a server's autovacuum (or the embedded database's maintenance, search/maintenance.ts) leaves the tables: without
  // the visibility map an index-only scan (the trends' events_topic_trend_idx) reads every row it finds in the table.
  await db.execute(sql`VACUUM (ANALYZE)`);
  console.log(`\nseeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (!fresh) await import('node:fs/promises').then((fs) => fs.writeFile(path.join(dataDir, 'seeded'), new Date().toISOString()));
  else if (values.keep) await db.execute(sql`CREATE TABLE bench_seeded (at timestamptz DEFAULT now())`);
}

if (!seeded) await seed();
// What the scheduler's count-topic-names job does after an upgrade (the bench runs no scheduler):
// a database seeded before migration 0036 gets its topics' names counted.
const namesCounted = await countWaitingTopics(db);
if (namesCounted) console.log(`counted the names of ${namesCounted} topics seeded before topic_name_days`);

const [reader] = await db.select({ id: users.id }).from(users).where(sql`${users.email} = 'reader@bench.test'`);

/** The cursor a client holds after `page - 1` pages: the key of the last article before that page. */
async function cursorFor(page: number, topicId?: number): Promise<string> {
  const [row] = rowsOf<{ key: string; id: string }>(
    await db.execute(sql`SELECT to_char(published_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS key, id::text FROM events
      WHERE user_id = ${reader!.id} AND article_generated AND published_at IS NOT NULL ${topicId ? sql`AND topic_id = ${topicId}` : sql``}
      ORDER BY published_at DESC, id DESC OFFSET ${(page - 1) * 25 - 1} LIMIT 1`),
  );
  return encodeCursor({ key: row!.key, id: Number(row!.id) });
}

const topics = rowsOf<{ id: string }>(await db.execute(sql`SELECT id::text FROM topics WHERE user_id = ${reader!.id} ORDER BY id`));
const topicId = Number(topics[0]!.id);
const latest = (page: number, cursor?: string, topic?: number) => `/for-you/latest/?page=${page}&per_page=25${cursor ? `&cursor=${cursor}` : ''}${topic ? `&topic_id=${topic}` : ''}`;
const [someArticle] = rowsOf<{ id: string }>(await db.execute(sql`SELECT id::text FROM events WHERE user_id = ${reader!.id} AND article_generated ORDER BY published_at DESC LIMIT 1 OFFSET 500`));

const plan: [string, string][] = [
  ['Latest page 1', latest(1)],
  ['Latest page 40 (cursor)', latest(40, await cursorFor(40))],
  ['Latest page 40 (offset)', latest(40)],
  ['Latest page 400 (cursor)', latest(400, await cursorFor(400))],
  ['Latest page 400 (offset)', latest(400)],
  ['Latest topic page 1', latest(1, undefined, topicId)],
  ['Latest topic page 400 (cursor)', latest(400, await cursorFor(400, topicId), topicId)],
  ['History page 400 (cursor)', `/articles/history/?page=400&cursor=${await cursorFor(400)}`],
  ['Feed head (GET /for-you/)', '/for-you/'],
  ['Top News', '/for-you/top/'],
  ['Timeline search "discount rate"', '/for-you/timeline-search/?q=discount%20rate'],
  ['Article', `/for-you/article/${someArticle!.id}/`],
  ['Related', `/for-you/article/${someArticle!.id}/related/`],
  ['Topic trends 24h', `/topics/${topicId}/trends/?range=24h`],
  ['Topic trends 30d', `/topics/${topicId}/trends/?range=30d`],
  ['Topic trends 90d', `/topics/${topicId}/trends/?range=90d`],
  ['Trends overview 7d', '/trends/?range=7d'],
];

// A personal API token of the reader, for the MCP server's tool calls.
const mcpToken = newApiToken();
await db.insert(apiTokens).values({ userId: reader!.id, name: `bench ${Date.now()}`, tokenHash: mcpToken.hash, prefix: mcpToken.prefix, scopes: ['feed:read'] });

const explain = async (query: ReturnType<typeof sql>) => rowsOf<Record<string, string>>(await db.execute(query)).map((r) => `  ${Object.values(r)[0]}`).join('\n');
const cursorPlan = await explain(sql`EXPLAIN SELECT id FROM events WHERE user_id = ${reader!.id} AND article_generated AND published_at IS NOT NULL
    AND (published_at, id) < (now() - interval '1 day', 9223372036854775807) ORDER BY published_at DESC, id DESC LIMIT 26`);
const searchPlan = await explain(sql`EXPLAIN SELECT id FROM events WHERE user_id = ${reader!.id} AND article_generated AND published_at IS NOT NULL
    AND ${articleSearchVector(events.article)} @@ websearch_to_tsquery('english'::regconfig, 'discount rate') ORDER BY published_at DESC, id DESC LIMIT 500`);

// The API in its own process, on the database just seeded.
await herald.stop();
const api = startProcess({ PORT: '0', HOST: '127.0.0.1', HERALD_ROLES: 'api', API_TOKEN_RATE_LIMIT: '1000000', ...(process.env.DATABASE_POOL_MAX ? { DATABASE_POOL_MAX: process.env.DATABASE_POOL_MAX } : {}), ...(fresh ? { DATABASE_URL: fresh.url } : { DATA_DIR: dataDir }) }, [], process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean));
const base = new URL(await api.running);
const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

function request(pathname: string, token?: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: `/api${pathname}`,
        method: payload ? 'POST' : 'GET',
        agent,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}), ...extraHeaders },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const login = await request('/auth/login/', undefined, { email: 'reader@bench.test', password: PASSWORD });
const token = (JSON.parse(login.text) as { access: string }).access;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

/**
 * One client: the calls take turns (one request of each, `REQUESTS` rounds), so a burst of other
 * work on the machine falls on all of them alike instead of on whichever ran at that moment.
 */
async function interleaved(paths: string[]) {
  const times = paths.map((): number[] => []);
  const first: number[] = [];
  for (let round = -1; round < REQUESTS; round++) {
    for (const [i, pathname] of paths.entries()) {
      const started = performance.now();
      const response = await request(pathname, token);
      // Round -1 warms up (plans, caches) and is not counted: it is the call's first in this API process.
      if (round >= 0) times[i]!.push(performance.now() - started);
      else first.push(performance.now() - started);
      if (response.status !== 200) throw new Error(`${pathname}: ${response.status} ${response.text.slice(0, 200)}`);
    }
  }
  return times.map((list, i) => {
    list.sort((x, y) => x - y);
    return { p50: percentile(list, 50), p95: percentile(list, 95), first: first[i]! };
  });
}

/**
 * `CONNECTIONS` keep-alive connections for `SECONDS` with autocannon; p95 from every response's
 * time. A response of another status than `expect` counts as a failure.
 */
async function load(pathname: string, seconds = SECONDS, options: { headers?: Record<string, string>; expect?: number } = {}) {
  const times: number[] = [];
  let unexpected = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `${base.origin}/api${pathname}`, connections: CONNECTIONS, duration: seconds, headers: options.headers ?? { authorization: `Bearer ${token}` } },
      (error, outcome) => (error ? reject(error) : resolve(outcome)),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      times.push(responseTime);
      if (status !== (options.expect ?? 200)) unexpected++;
    });
  });
  times.sort((a, b) => a - b);
  return { rps: result.requests.average, p95: percentile(times, 95), failures: result.errors + result.timeouts + unexpected };
}

/**
 * The MCP server's tool calls as an assistant makes them over Streamable HTTP: one POST to /api/mcp
 * a call (stateless: no session to open first), answered as JSON; the calls take turns as above.
 */
async function mcpCalls(calls: [string, Record<string, unknown>][]) {
  const times = calls.map((): number[] => []);
  const headers = { accept: 'application/json, text/event-stream' };
  for (let round = -1; round < REQUESTS; round++) {
    for (const [i, [name, args]] of calls.entries()) {
      const started = performance.now();
      const response = await request('/mcp', mcpToken.token, { jsonrpc: '2.0', id: round * calls.length + i, method: 'tools/call', params: { name, arguments: args } }, headers);
      if (round >= 0) times[i]!.push(performance.now() - started);
      const answer = response.status === 200 ? (JSON.parse(response.text) as { result?: { isError?: boolean } }) : undefined;
      if (!answer?.result || answer.result.isError) throw new Error(`MCP ${name}: ${response.status} ${response.text.slice(0, 200)}`);
    }
  }
  return times.map((list) => {
    list.sort((x, y) => x - y);
    return { p50: percentile(list, 50), p95: percentile(list, 95) };
  });
}

console.log(`\n${label}: ${ARTICLES} articles for the reader, ${OTHERS} for two other users; one client, ${REQUESTS} rounds of every call in turn`);
console.log('call'.padEnd(36), 'p50 ms'.padStart(8), 'p95 ms'.padStart(8));
if (values['only-trends']) {
  // The overview first, as a reader opens it: its first call is the first read of trends in this API process.
  const trends = plan.filter(([name]) => /^(?:Topic trends|Trends overview)/.test(name)).sort(([a], [b]) => Number(b.startsWith('Trends overview')) - Number(a.startsWith('Trends overview')));
  const figures = await interleaved(trends.map(([, pathname]) => pathname));
  console.log(''.padEnd(36), ''.padStart(8), ''.padStart(8), 'first ms'.padStart(9));
  for (const [i, [name]] of trends.entries()) console.log(name.padEnd(36), figures[i]!.p50.toFixed(1).padStart(8), figures[i]!.p95.toFixed(1).padStart(8), figures[i]!.first.toFixed(1).padStart(9));
  console.log(`(load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} on ${os.cpus().length} cores: other work on the machine shows in these figures)`);
  agent.destroy();
  api.child.kill('SIGTERM');
  await api.exited;
  await fresh?.drop();
  process.exit(0);
}
if (!values['only-mcp']) {
  const figures = await interleaved(plan.map(([, pathname]) => pathname));
  for (const [i, [name]] of plan.entries()) console.log(name.padEnd(36), figures[i]!.p50.toFixed(1).padStart(8), figures[i]!.p95.toFixed(1).padStart(8));
}
const mcpPlan: [string, [string, Record<string, unknown>]][] = [
  ['MCP search_articles "discount rate"', ['search_articles', { query: 'discount rate' }]],
  ['MCP get_article', ['get_article', { article_id: Number(someArticle!.id) }]],
];
const mcpFigures = await mcpCalls(mcpPlan.map(([, call]) => call));
for (const [i, [name]] of mcpPlan.entries()) console.log(name.padEnd(36), mcpFigures[i]!.p50.toFixed(1).padStart(8), mcpFigures[i]!.p95.toFixed(1).padStart(8));
if (values['only-mcp']) {
  agent.destroy();
  api.child.kill('SIGTERM');
  await api.exited;
  await fresh?.drop();
  process.exit(0);
}

console.log(`\n${label}: ${CONNECTIONS} concurrent connections (autocannon), ${SECONDS} s each`);
console.log('call'.padEnd(36), 'req/s'.padStart(8), 'p95 ms'.padStart(8), 'errors'.padStart(8));
// Untimed: the first seconds under concurrency (JIT, pool connections) belong to no page.
await load(plan[0]![1], 2);
for (const [name, pathname] of plan.filter(([name]) => /^Latest page (1|40 \(cursor\)|400 \(cursor\))$/.test(name))) {
  const { rps, p95, failures } = await load(pathname);
  console.log(name.padEnd(36), rps.toFixed(0).padStart(8), p95.toFixed(1).padStart(8), String(failures).padStart(8));
}

// The feed a feed reader polls (its secret address, no sign-in): the whole document, then the
// conditional GET a reader sends with the ETag it has (answered 304 before any article is read).
const urls = JSON.parse((await request('/me/feed-urls/', token)).text) as { rss: string };
const feedPath = new URL(urls.rss).pathname.replace(/^\/api/, '');
const feedEtag = await new Promise<string>((resolve, reject) =>
  http.get({ host: base.hostname, port: base.port, path: `/api${feedPath}`, agent }, (res) => (res.resume(), resolve(String(res.headers.etag)))).on('error', reject),
);
for (const [name, options] of [
  ['RSS feed (50 newest articles)', { headers: {} }],
  ['RSS feed, If-None-Match (304)', { headers: { 'if-none-match': feedEtag }, expect: 304 }],
] as const) {
  const { rps, p95, failures } = await load(feedPath, SECONDS, options);
  console.log(name.padEnd(36), rps.toFixed(0).padStart(8), p95.toFixed(1).padStart(8), String(failures).padStart(8));
}

console.log(`(load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} on ${os.cpus().length} cores: other work on the machine shows in these figures)`);
console.log(`\nplan of a cursor page:\n${cursorPlan}`);
console.log(`\nplan of a timeline search:\n${searchPlan}`);

agent.destroy();
api.child.kill('SIGTERM');
await api.exited;
await fresh?.drop();
