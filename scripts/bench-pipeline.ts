/**
 * The pipeline's cost and speed with the built-in engine, on embedded PGlite:
 *  1. pre-filter + detection throughput for 100 users x 5 topics over a stream of demo documents
 *     (documents/s), and the pre-filter's selectivity: detection calls per ingested document;
 *  2. p50/p95 seconds from a relevant document's arrival (stored) to its breaking alert in a
 *     real SMTP receiver on loopback, through the job queue (target p95 <= 30 s), for the articles
 *     that do alert, and how rare alerts are: the alerted share of the alerting user's articles
 *     (their history from part 1 included) and emails per user per day (the alert policy,
 *     server/pipeline/alert-policy.ts: the top 5% of recent ranks, one per story, a daily cap);
 *     and p50/p95 seconds to a webhook receiver on loopback subscribed to the user's alerts and
 *     every new article: from an article's publication, and from an alert's decision (when its
 *     email is queued too); target p95 <= 5 s.
 *
 *   npm run bench:pipeline [-- --docs 1000 --users 100 --alerts 20]
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { MODEL_FIELDS } from '../contract/models.js';
import { startHerald } from '../server/boot.js';
import { loadConfig } from '../server/config.js';
import { accounts, events, sources, users } from '../server/db/schema/index.js';
import { DEMO_TOPICS } from '../server/demo/topics.js';
import { ingestDocuments } from '../server/documents/ingest.js';
import { createTopic } from '../server/modules/user-topics/topics.js';
import { writeArticle } from '../server/pipeline/article.js';
import { consolidateEvent } from '../server/pipeline/consolidate.js';
import { detectPairs } from '../server/pipeline/detect.js';
import { checkNovelty } from '../server/pipeline/novelty.js';
import { assignStories } from '../server/pipeline/story.js';
import { startPipeline } from '../server/pipeline/pipeline.js';
import { prefilter } from '../server/pipeline/prefilter.js';
import { summariseDocuments } from '../server/pipeline/summarise.js';
import { ALERT_POLICY } from '../server/pipeline/alert-policy.js';
import { loadDemoCorpus } from '../server/sources/demo.js';
import { createTarget } from '../server/modules/deliveries/targets.js';
import { topics } from '../server/db/schema/index.js';

const { values } = parseArgs({ options: { docs: { type: 'string', default: '1000' }, users: { type: 'string', default: '100' }, alerts: { type: 'string', default: '20' } } });
const docCount = Number(values.docs);
const userCount = Number(values.users);
const alertCount = Number(values.alerts);

const arrivals = new Map<string, number>();
const latencies: number[] = [];
const smtp = new SMTPServer({
  disabledCommands: ['STARTTLS', 'AUTH'],
  authOptional: true,
  logger: false,
  onData(stream, _session, callback) {
    let raw = '';
    stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    stream.on('end', () => {
      const subject = /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';
      for (const [title, at] of arrivals) {
        if (subject.includes(title.slice(0, 30))) {
          latencies.push((Date.now() - at) / 1000);
          arrivals.delete(title);
          break;
        }
      }
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));

/** Webhook deliveries: seconds from the article's publication to its arrival here, by type. */
const hookLatencies: Record<'alert' | 'article', number[]> = { alert: [], article: [] };
const hooks = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  request.on('end', () => {
    const payload = JSON.parse(body) as { type: 'alert' | 'article' | 'test'; created_at: string; article?: { published_at: string } };
    // A new article from its publication; an alert from its decision, when its email is queued too.
    if (payload.type === 'article' && payload.article) hookLatencies.article.push((Date.now() - Date.parse(payload.article.published_at)) / 1000);
    if (payload.type === 'alert') hookLatencies.alert.push((Date.now() - Date.parse(payload.created_at)) / 1000);
    response.writeHead(204).end();
  });
});
await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
const hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`;
const smtpPort = (smtp.server.address() as AddressInfo).port;

// No scheduler: its minute sweep would send part 1's hand-run documents and events down the
// queue as well (they look stuck to it), doubling the work measured and queueing ahead of part 2.
const config = loadConfig({ PORT: '0', LOG_LEVEL: 'warn', HERALD_ROLES: 'api,worker', DEMO: 'off', DEMO_SOURCE: 'off', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, WEB_DIST: '/nonexistent', SUMMARY_MODEL: 'builtin', DELIVERY_ALLOW_PRIVATE: '1' });
const herald = await startHerald(config, { logger: pino({ level: 'warn' }), inMemory: true, listen: false, pollingIntervalSeconds: 0.5 });
const { db } = herald.database;
const stage = { database: herald.database, search: herald.search, config, logger: herald.logger };
const builtin = Object.fromEntries(MODEL_FIELDS.map((f) => [f, 'builtin']));

try {
  // 100 users x 5 topics (the demo topics, each user with all five).
  const [account] = await db.insert(accounts).values({ name: 'Bench' }).returning();
  const userIds: string[] = [];
  for (let i = 0; i < userCount; i++) {
    const [u] = await db
      .insert(users)
      .values({ accountId: account!.id, email: `bench${i}@herald.test`, firstName: 'Bench', lastName: String(i), emailConfirmedAt: new Date(), modelPreferences: builtin, alerts: i === 0 })
      .returning({ id: users.id });
    userIds.push(u!.id);
    for (const topic of DEMO_TOPICS) await createTopic(db, u!.id, topic);
  }
  const [source] = await db.insert(sources).values({ kind: 'demo', name: 'bench', collectionId: 1, intervalMinutes: 60, enabled: false }).returning();
  const { records, sharedUrls } = await loadDemoCorpus();
  const raw = records.slice(0, docCount).map((r) => ({ externalId: r.id, title: r.title, text: r.text, publisher: r.publisher ?? undefined, publishedAt: new Date(), contentType: r.content_type, collectionId: r.collection_id, canonicalUrl: r.url && sharedUrls.has(r.url) ? null : undefined, url: r.url ?? undefined }));

  // 1. Throughput, stage by stage, in-process (no queue waits).
  const stored: number[] = [];
  for (let i = 0; i < raw.length; i += 200) stored.push(...(await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: source!.id, collectionId: 1 }, raw.slice(i, i + 200))).insertedIds);
  let t = performance.now();
  for (let i = 0; i < stored.length; i += 100) await summariseDocuments(stage, stored.slice(i, i + 100));
  const summariseSeconds = (performance.now() - t) / 1000;
  t = performance.now();
  let pairs = 0;
  let detected = 0;
  for (let i = 0; i < stored.length; i += 100) {
    const batch = await prefilter(stage, stored.slice(i, i + 100));
    pairs += batch.length;
    for (let j = 0; j < batch.length; j += 50) detected += (await detectPairs(stage, batch.slice(j, j + 50))).filter((r) => r?.status === 'detected').length;
  }
  const detectSeconds = (performance.now() - t) / 1000;
  console.log(`pipeline benchmark (built-in engine, PGlite): ${stored.length} documents, ${userCount} users x ${DEMO_TOPICS.length} topics; ${os.cpus()[0]?.model} x${os.cpus().length}, load ${os.loadavg()[0]!.toFixed(1)}`);
  console.log(`  summarization: ${(stored.length / summariseSeconds).toFixed(0)} documents/s`);
  console.log(`  pre-filter + detection: ${(stored.length / detectSeconds).toFixed(1)} documents/s (${(pairs / detectSeconds).toFixed(0)} detections/s)`);
  console.log(`  selectivity: ${(pairs / stored.length).toFixed(2)} detection calls per document (of ${userCount * DEMO_TOPICS.length} topics), ${detected} events detected`);

  // The alerting user's history: their events of part 1 through novelty, stories and articles,
  // so the alert bar has the ranks of a real feed to be calibrated on.
  const history = (await db.select({ id: events.id }).from(events).where(and(eq(events.userId, userIds[0]!), eq(events.status, 'detected'))).orderBy(events.id)).map((r) => r.id);
  for (const id of history) await checkNovelty(stage, id);
  await assignStories(stage, history);
  for (const id of history) if ((await consolidateEvent(stage, id))?.survives) await writeArticle(stage, id);
  const articlesBefore = await db.$count(events, and(eq(events.userId, userIds[0]!), eq(events.articleGenerated, true)));

  // 2. Arrival -> alert email, through the queue: fresh Fed statements for user 0 only.
  await db.update(users).set({ alerts: false });
  await db.update(users).set({ alerts: true }).where(eq(users.id, userIds[0]!));
  const ownTopics = (await db.select({ id: topics.id }).from(topics).where(eq(topics.userId, userIds[0]!))).map((t) => t.id);
  await createTarget(herald.database, config, { userId: userIds[0]! }, { name: 'bench hook', kind: 'webhook', url: hookUrl, events: ['alerts', 'articles'], topic_ids: ownTopics });
  const fresh = records.filter((r) => r.set === 'fed_monetary' && /statement|discount rate|federal funds/i.test(`${r.title} ${r.text.slice(0, 500)}`)).slice(0, alertCount);
  for (const [i, r] of fresh.entries()) {
    const title = `Bench ${i}: ${r.title}`;
    arrivals.set(title, Date.now());
    const result = await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: source!.id, collectionId: 2 }, [
      { externalId: `alert-${i}`, title, text: `${r.text} Figure ${i}: ${i + 1}.${i} percent.`, publisher: 'Federal Reserve', publishedAt: new Date(), contentType: 'press_release', collectionId: 2, canonicalUrl: null },
    ]);
    await startPipeline(herald.queue, result.insertedIds);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  // Until every alert is sent or the queue is idle (most articles are not breaking: no email to wait for).
  const deadline = Date.now() + 120_000;
  const pending = async () => Number((await herald.database.sql<{ n: string }>("SELECT count(*)::text AS n FROM pgboss.job WHERE name LIKE 'pipeline-%' AND state IN ('created', 'retry', 'active')", [])).rows[0]!.n);
  const waitFrom = Date.now();
  while (arrivals.size > 0 && Date.now() < deadline && (Date.now() - waitFrom < 5000 || (await pending()) > 0)) await new Promise((resolve) => setTimeout(resolve, 250));
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  console.log(
    `  arrival -> alert email: ${latencies.length} of ${fresh.length} alerted; p50 ${pct(50).toFixed(1)} s, p95 ${pct(95).toFixed(1)} s (target p95 <= 30 s: ${pct(95) <= 30 ? 'met' : 'NOT met'})` +
      (arrivals.size ? `; ${arrivals.size} not alerted (not relevant, not novel, not breaking, their story already alerted, or the daily cap reached)` : ''),
  );
  const mine = and(eq(events.userId, userIds[0]!), eq(events.articleGenerated, true));
  const articles = await db.$count(events, mine);
  const decisions = await db
    .select({ decision: sql<string>`${events.alertDecision}->>'decision'`, reason: sql<string>`${events.alertDecision}->>'reason'`, n: sql<number>`count(*)::int` })
    .from(events)
    .where(mine)
    .groupBy(sql`1`, sql`2`);
  const alerted = await db.$count(events, and(mine, sql`${events.alertedAt} IS NOT NULL`));
  const perDay = await herald.database.sql<{ n: number }>("SELECT coalesce(max(n), 0)::int AS n FROM (SELECT user_id, date_trunc('day', alerted_at) AS d, count(*) AS n FROM events WHERE alerted_at IS NOT NULL GROUP BY 1, 2) x", []);
  console.log(
    `  alerts: ${alerted} of ${articles} articles of the alerting user alerted (${((100 * alerted) / Math.max(1, articles)).toFixed(1)}%; ${articlesBefore} written in part 1, ${articles - articlesBefore} from the fresh documents); ` +
      `at most ${perDay.rows[0]!.n} alert emails per user per day (cap ${ALERT_POLICY.defaultDailyCap}); decisions: ${decisions.map((d) => `${d.decision ? `${d.decision} (${d.reason})` : 'none (part 1 runs no alert stage; ranks under the floor are not decided)'} ${d.n}`).join(', ')}`,
  );
  // Deliveries still queued finish within seconds: wait for them, then read the webhook latencies.
  const deliveriesPending = async () => Number((await herald.database.sql<{ n: string }>("SELECT count(*)::text AS n FROM outbox_deliveries WHERE status = 'pending'", [])).rows[0]!.n);
  for (const until = Date.now() + 30_000; Date.now() < until && (await deliveriesPending()) > 0; ) await new Promise((resolve) => setTimeout(resolve, 250));
  for (const type of ['article', 'alert'] as const) {
    const list = hookLatencies[type].sort((a, b) => a - b);
    const at = (p: number) => list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? NaN;
    console.log(
      `  ${type === 'alert' ? 'alert decision -> webhook (breaking alerts, beside the email)' : 'article -> webhook (every new article)'}: ${list.length} delivered; p50 ${at(50).toFixed(1)} s, p95 ${at(95).toFixed(1)} s` +
        ` (target p95 <= 5 s: ${list.length && at(95) <= 5 ? 'met' : 'NOT met'})`,
    );
  }
} finally {
  await herald.stop();
  smtp.close();
  hooks.close();
}
