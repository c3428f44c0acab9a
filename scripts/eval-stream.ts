/**
 * Relevance through the product, as a new user meets it: the newswire dev stream (../shared/data/
 * newswire, read in place) served as an RSS feed on loopback and read by a feed source while
 * Herald runs (embedded database, built-in engine, every role); one user who typed the topics of
 * fixtures/eval/newswire-topics.jsonl before the feed was added. The feed shows what was published
 * up to a clock that moves six hours a run, so the store grows as a live stream does and topic
 * models are rebuilt as it grows. Once the queue is idle: per topic, the stories that passed
 * detection (an event not dropped) and the articles written, judged against the wire editors'
 * labels, micro-averaged for the tune and held-out topics (ADR 007).
 *
 *   npm run eval:stream [-- --from 1987-03-09 --days 4 --set all|tune|held-out --step-hours 6]
 */
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { MODEL_FIELDS } from '../contract/models.js';
import { startHerald } from '../server/boot.js';
import { loadConfig } from '../server/config.js';
import { accounts, documents, events, sources, topics, users } from '../server/db/schema/index.js';
import { afterTopicCreated } from '../server/modules/user-topics/enrich.js';
import { createTopic } from '../server/modules/user-topics/topics.js';
import { ROOT } from '../server/paths.js';
import { startPipeline } from '../server/pipeline/pipeline.js';
import { runSource } from '../server/sources/runner.js';
import { prf, type Confusion } from './relevance-judge.js';

const { values } = parseArgs({ options: { from: { type: 'string', default: '1987-03-09' }, days: { type: 'string', default: '4' }, set: { type: 'string', default: 'all' }, 'step-hours': { type: 'string', default: '6' } } });
const NEWSWIRE = process.env.HERALD_NEWSWIRE ?? path.join(ROOT, '..', 'shared', 'data', 'newswire', 'reuters_1987_03_09-20.jsonl');
if (!existsSync(NEWSWIRE)) {
  console.log(`eval:stream: ${NEWSWIRE} not found (set HERALD_NEWSWIRE)`);
  process.exit(0);
}
interface Story {
  doc_id: string;
  title: string;
  text: string;
  published: string;
  labels: string[];
}
interface WireTopic {
  name: string;
  labels: string[];
  set: 'tune' | 'held-out';
}
const readJsonl = <T>(file: string): T[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
const start = Date.parse(`${values.from}T00:00:00Z`);
const end = start + Number(values.days) * 86_400_000;
const stories = readJsonl<Story>(NEWSWIRE)
  .filter((s) => Date.parse(s.published) >= start && Date.parse(s.published) < end)
  .sort((a, b) => a.published.localeCompare(b.published));
const wanted = readJsonl<WireTopic>(path.join(ROOT, 'fixtures', 'eval', 'newswire-topics.jsonl')).filter((t) => values.set === 'all' || t.set === values.set);

// The feed: what was published up to the clock, newest first (the connector takes at most 500).
let clock = start;
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const server = http.createServer((_request, response) => {
  const items = stories
    .filter((s) => Date.parse(s.published) <= clock)
    .reverse()
    .slice(0, 400)
    .map((s) => `<item><title>${escapeXml(s.title)}</title><link>http://wire.example/${s.doc_id}</link><guid isPermaLink="false">${s.doc_id}</guid><pubDate>${new Date(s.published).toUTCString()}</pubDate><description>${escapeXml(s.text)}</description></item>`);
  response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(`<?xml version="1.0"?><rss version="2.0"><channel><title>Newswire</title><link>http://wire.example/</link><description>dev stream</description>${items.join('')}</channel></rss>`);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.xml`;

const config = loadConfig({ PORT: '0', LOG_LEVEL: 'silent', HERALD_ROLES: 'api,worker,scheduler', DEMO: 'off', DEMO_SOURCE: 'off', WEB_DIST: '/nonexistent', SUMMARY_MODEL: 'builtin', SOURCES_ALLOW_PRIVATE: '1' });
const herald = await startHerald(config, { logger: pino({ level: 'silent' }), inMemory: true, listen: false, pollingIntervalSeconds: 0.5 });
const { db } = herald.database;
const context = { database: herald.database, search: herald.search, config, logger: herald.logger, queue: herald.queue };
const pending = async () => Number((await herald.database.sql<{ n: string }>("SELECT count(*)::text AS n FROM pgboss.job WHERE name NOT IN ('sources-tick', 'daily-brief-tick', 'cleanup-expired') AND state IN ('created', 'retry', 'active')", [])).rows[0]!.n);
async function idle(): Promise<void> {
  // Quiet for three looks in a row: a stage's job sends the next one before it completes.
  for (let quiet = 0; quiet < 3; ) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    quiet = (await pending()) === 0 ? quiet + 1 : 0;
  }
}

try {
  const started = performance.now();
  const [account] = await db.insert(accounts).values({ name: 'Stream' }).returning();
  const builtin = Object.fromEntries(MODEL_FIELDS.map((f) => [f, 'builtin']));
  const [user] = await db.insert(users).values({ accountId: account!.id, email: 'analyst@herald.test', firstName: 'Ana', lastName: 'Lyst', emailConfirmedAt: new Date(), modelPreferences: builtin, alerts: false }).returning({ id: users.id });
  // Topics typed by name, as a suggestion or a bulk save adds them: profiled in the background.
  for (const topic of wanted) await afterTopicCreated(context, await createTopic(db, user!.id, { name: topic.name }));
  await idle();
  const [source] = await db.insert(sources).values({ kind: 'feed', name: 'Newswire', collectionId: 1, intervalMinutes: 24 * 60, enabled: false, config: { url: feedUrl } }).returning({ id: sources.id });
  const step = Number(values['step-hours']) * 3_600_000;
  for (clock = start + step; clock < end + step; clock += step) {
    const summary = await runSource({ ...context, onStored: (ids) => startPipeline(herald.queue, ids) }, source!.id, { trigger: 'manual' });
    process.stderr.write(`\r${new Date(Math.min(clock, end)).toISOString().slice(0, 13)}h: ${summary.inserted} new stories`);
    await idle();
  }
  process.stderr.write('\n');

  const labelsOf = new Map(stories.map((s) => [s.doc_id, s.labels]));
  const stored = await db.select({ id: documents.id, externalId: documents.externalId }).from(documents);
  const storyOf = new Map(stored.map((d) => [d.id, d.externalId]));
  const rows = await db.select({ id: topics.id, name: topics.name }).from(topics).where(eq(topics.userId, user!.id));
  const byName = new Map(rows.map((r) => [r.name, r.id]));
  const passedRows = await db
    .select({ topicId: events.topicId, documentId: events.documentId, article: events.articleGenerated, audit: events.decisionAudit, initialization: events.initialization })
    .from(events)
    .where(sql`${events.userId} = ${user!.id} AND ${events.status} = 'detected'`);
  const empty = (): Confusion => ({ tp: 0, fp: 0, fn: 0, tn: 0 });
  const totals: Record<string, Confusion> = { tune: empty(), 'held-out': empty(), all: empty() };
  const articlesBySet: Record<string, number> = { tune: 0, 'held-out': 0, all: 0 };
  console.log(`\nstream: ${stored.length} of ${stories.length} stories stored (${values.from}, ${values.days} days, ${values['step-hours']} h a run), ${wanted.length} topics typed by name, built-in engine; ${((performance.now() - started) / 1000).toFixed(0)} s`);
  console.log(`${'topic'.padEnd(48)} ${'stories passed (detection)'.padEnd(30)} articles  relevant`);
  for (const topic of wanted) {
    const id = byName.get(topic.name);
    const relevant = (docId: string | null | undefined) => (labelsOf.get(docId ?? '') ?? []).some((l) => topic.labels.includes(l));
    const passed = new Set(passedRows.filter((r) => r.topicId === id).map((r) => storyOf.get(r.documentId)));
    const articles = passedRows.filter((r) => r.topicId === id && r.article).length;
    const c = empty();
    for (const [, docId] of storyOf) {
      const p = passed.has(docId);
      const r = relevant(docId);
      c[p ? (r ? 'tp' : 'fp') : r ? 'fn' : 'tn'] += 1;
    }
    for (const set of [topic.set, 'all']) {
      for (const k of ['tp', 'fp', 'fn', 'tn'] as const) totals[set]![k] += c[k];
      articlesBySet[set]! += articles;
    }
    console.log(`${`${topic.name} [${topic.set}]`.padEnd(48)} ${prf(c).replace(/ {2}/g, ' ').padEnd(30)} ${String(articles).padStart(8)}  ${c.tp + c.fn}`);
  }
  // Where the wrong passes come from: the model that judged them (its basis and the store it was built on) and the catch-up.
  const why = new Map<string, { right: number; wrong: number }>();
  const topicOf = new Map(wanted.map((t) => [byName.get(t.name), t]));
  for (const row of passedRows) {
    const topic = topicOf.get(row.topicId);
    if (!topic) continue;
    const model = (row.audit as { topic_model?: { basis?: string; sample_size?: number } } | null)?.topic_model;
    const size = model?.sample_size ?? -1;
    const key = `${row.initialization ? 'catch-up' : 'stream'}, ${model?.basis ?? '?'}, sample ${size < 0 ? '?' : size < 200 ? '<200' : size < 500 ? '<500' : size < 1000 ? '<1000' : '>=1000'}`;
    const entry = why.get(key) ?? { right: 0, wrong: 0 };
    entry[(labelsOf.get(storyOf.get(row.documentId) ?? '') ?? []).some((l) => topic.labels.includes(l)) ? 'right' : 'wrong']++;
    why.set(key, entry);
  }
  console.log('\npassed stories by the model that judged them:');
  for (const [key, c] of [...why].sort()) console.log(`  ${key.padEnd(36)} right ${String(c.right).padStart(4)}  wrong ${String(c.wrong).padStart(4)}`);
  for (const set of ['tune', 'held-out', 'all']) console.log(`micro, ${set.padEnd(9)} ${prf(totals[set]!).replace(/ {2}/g, ' ')}  (${articlesBySet[set]} articles for ${totals[set]!.tp + totals[set]!.fn} relevant stories)`);
} finally {
  await herald.stop();
  server.close();
}
