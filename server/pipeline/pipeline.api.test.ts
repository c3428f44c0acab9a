import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAKEAWAY_BASES } from '../../contract/feed.js';
import { MODEL_FIELDS } from '../../contract/models.js';
import { documentSummaries, events, outboxEmails, sources, stories, storyTrackers, topics, users } from '../db/schema/index.js';
import { DEMO_TOPICS } from '../demo/topics.js';
import { ingestDocuments } from '../documents/ingest.js';
import { startFakeLlmServer, type FakeLlmServer } from '../intelligence/fake-llm-server.js';
import { CapabilityError } from '../intelligence/engine.js';
import { authKit } from '../modules/auth/auth-test-kit.js';
import { createTopic } from '../modules/user-topics/topics.js';
import { loadDemoCorpus } from '../sources/demo.js';
import type { RawDocument } from '../sources/types.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { detect, detectPairs } from './detect.js';
import { checkNovelty } from './novelty.js';
import { assignStories } from './story.js';
import { writeArticle } from './article.js';
import { sendAlert } from './alert.js';
import { localHour, sendBrief } from './brief.js';
import { maintainSearchIndex } from '../search/maintenance.js';
import { detectJob, prefilterJob } from './jobs.js';
import { DETECT_JOB, NOVELTY_JOB, startPipeline } from './pipeline.js';
import { prefilter } from './prefilter.js';
import { summariseDocuments } from './summarise.js';

let herald: TestHerald;
let fake: FakeLlmServer;
let userId: string;
let sourceId: number;
async function waitForIdlePipeline() {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const { rows } = await herald.database.sql<{ n: string }>("SELECT count(*)::text AS n FROM pgboss.job WHERE name LIKE 'pipeline-%' AND state IN ('created', 'retry', 'active')", []);
    if (Number(rows[0]!.n) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const { rows } = await herald.database.sql("SELECT name, state, retry_count, output FROM pgboss.job WHERE name LIKE 'pipeline-%' AND state IN ('created', 'retry', 'active')", []);
  throw new Error(`the pipeline did not settle in 20 s: ${JSON.stringify(rows).slice(0, 1500)}`);
}

const ALL_BUILTIN = Object.fromEntries(MODEL_FIELDS.map((field) => [field, 'builtin']));
const stage = () => ({ database: herald.database, search: herald.search, config: herald.config, logger: herald.logger });

async function pick(predicate: (r: { title: string; set: string; text: string }) => boolean, count: number): Promise<RawDocument[]> {
  const { records } = await loadDemoCorpus();
  return records
    .filter(predicate)
    .slice(0, count)
    .map((r) => ({ externalId: r.id, title: r.title, text: r.text, publisher: r.publisher ?? undefined, publishedAt: new Date(), contentType: r.content_type, collectionId: r.collection_id, canonicalUrl: null }));
}

beforeAll(async () => {
  fake = await startFakeLlmServer();
  herald = await createTestHerald({ SUPERUSER_EMAILS: 'ops@example.com', SUMMARY_MODEL: 'builtin', OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: fake.url, LLM_MAX_RETRIES: '0', LLM_TIMEOUT_SECONDS: '2' });
  const kit = authKit(herald);
  const { email } = await kit.signedIn();
  const [user] = await herald.database.db.select().from(users).where(eq(users.email, email));
  userId = user!.id;
  // The built-in engine for this user's stages; the failure test switches one to a model.
  await herald.database.db.update(users).set({ modelPreferences: ALL_BUILTIN }).where(eq(users.id, userId));
  for (const topic of DEMO_TOPICS.slice(0, 4)) await createTopic(herald.database.db, userId, topic);
  const [source] = await herald.database.db.insert(sources).values({ kind: 'demo', name: 'pipeline test', collectionId: 1, intervalMinutes: 60, enabled: false }).returning();
  sourceId = source!.id;
});
afterAll(async () => {
  await herald?.close();
  await fake?.close();
});

describe('summarization -> pre-filter -> detection (built-in engine)', () => {
  it('finds the Fed statements for the Fed topic and the migrant reports for the migrant topic, and drops unrelated pairs', async () => {
    const fed = await pick((r) => r.set === 'fed_monetary' && /FOMC statement/i.test(r.title) && /federal funds rate/i.test(r.text), 3);
    const migrants = await pick((r) => r.set === 'wcep_2015_09' && /migrant|refugee/i.test(r.text), 3);
    const papers = await pick((r) => r.set === 'arxiv_recent' && /language model/i.test(r.text), 3);
    const stored = await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: sourceId, collectionId: 1 }, [...fed, ...migrants, ...papers]);
    expect(stored.inserted).toBe(9);

    await summariseDocuments(stage(), stored.insertedIds);
    const summaries = await herald.database.db.select().from(documentSummaries);
    expect(summaries).toHaveLength(9);
    expect(summaries[0]!.interaction).toMatchObject({ stage: 'summarization', model_used: 'builtin' });

    const pairs = await prefilter(stage(), stored.insertedIds);
    // Selectivity: far fewer pairs than documents x topics.
    expect(pairs.length).toBeLessThan(9 * 4);
    const results = await detectPairs(stage(), pairs);
    expect(results.every((r) => r && ['detected', 'dropped'].includes(r.status))).toBe(true);

    const rows = await herald.database.db.select({ event: events, topic: topics.name }).from(events).innerJoin(topics, eq(topics.id, events.topicId));
    const detected = (name: string) => rows.filter((r) => r.topic === name && r.event.status === 'detected').map((r) => r.event.documentId);
    const ids = (docs: RawDocument[]) => stored.insertedIds.filter((_, i) => docs.some((d) => d.externalId === [...fed, ...migrants, ...papers][i]!.externalId));
    expect(detected('Federal Reserve monetary policy').sort()).toEqual(ids(fed).sort());
    expect(detected('European migrant crisis').length).toBeGreaterThanOrEqual(2);
    expect(detected('Large language model research').length).toBeGreaterThanOrEqual(1);
    // Nothing crosses over: no topic detects another topic's documents.
    const inside = (list: number[], allowed: number[]) => list.every((id) => allowed.includes(id));
    expect(inside(detected('Federal Reserve monetary policy'), ids(fed))).toBe(true);
    expect(inside(detected('European migrant crisis'), ids(migrants))).toBe(true);
    expect(inside(detected('Large language model research'), ids(papers))).toBe(true);

    const one = rows.find((r) => r.topic === 'Federal Reserve monetary policy' && r.event.status === 'detected')!.event;
    expect(one.detectionDecision).toBe('PASS');
    expect(one.detectionRational).toMatch(/^Relevant to "Federal Reserve monetary policy": the document holds the topic's words .*; names (Federal|FOMC)/);
    expect(one.detectionScores).toMatchObject({ weighted_total: expect.any(Number), entities: expect.any(Number) });
    expect(one.relevanceScore).toBe(one.detectionScores!.weighted_total);
    expect(Object.keys(one.llmInteractions).sort()).toEqual(['relevance', 'summarization']);
    expect(one.llmInteractions.relevance).toMatchObject({ model_used: 'builtin', stage: 'relevance' });
    expect((one.detectionDocuments as { document_id: number }[])[0]!.document_id).toBe(one.documentId);

    // Each pair's call is counted once (the batch sums its calls per topic and day).
    const relevanceCalls = async () => Number((await herald.database.sql<{ n: string }>("SELECT coalesce(sum(calls), 0)::text AS n FROM llm_usage WHERE stage = 'relevance'", [])).rows[0]!.n);
    expect(await relevanceCalls()).toBe(pairs.length);

    // Idempotent: detection again changes nothing, and answers the same events.
    const before = rows.length;
    expect(await detectPairs(stage(), pairs)).toEqual(results);
    for (const pair of pairs.slice(0, 2)) expect(await detect(stage(), pair)).toEqual(results[pairs.indexOf(pair)]);
    expect(await herald.database.db.$count(events)).toBe(before);
    expect(await relevanceCalls()).toBe(pairs.length);
  });

  it('records a model failure on the event, and a retry after recovery completes the same event', async () => {
    const [doc] = await pick((r) => r.set === 'fed_monetary' && /discount rate/i.test(r.title), 1);
    const stored = await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: sourceId, collectionId: 1 }, [doc!]);
    await summariseDocuments(stage(), stored.insertedIds);
    await herald.database.db.update(documentSummaries).set({ prefilteredAt: new Date() }).where(inArray(documentSummaries.documentId, stored.insertedIds));
    const [fedTopic] = await herald.database.db.select().from(topics).where(and(eq(topics.userId, userId), eq(topics.name, 'Federal Reserve monetary policy')));
    const pair = { userId, topicId: fedTopic!.id, documentId: stored.insertedIds[0]!, score: 0.5 };
    await herald.database.db.update(users).set({ modelPreferences: { ...ALL_BUILTIN, events_model: 'gpt-4.1-nano' } }).where(eq(users.id, userId));
    fake.queue({ kind: 'status', status: 500 });
    await expect(detect(stage(), pair)).rejects.toBeInstanceOf(CapabilityError);
    const [failed] = await herald.database.db.select().from(events).where(eq(events.documentId, pair.documentId));
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed!.error).toMatch(/score relevance via gpt-4.1-nano failed/);

    fake.queue({ kind: 'json', body: { decision: 'PASS', rationale: 'The Fed changed its discount rate.', scores: { action_outcome: 0.9, entities: 1, places: 1, weighted_total: 0.95 } } });
    const result = await detect(stage(), pair);
    expect(result).toEqual({ eventId: failed!.id, status: 'detected' });
    const [done] = await herald.database.db.select().from(events).where(eq(events.id, failed!.id));
    expect(done).toMatchObject({ detectionRational: 'The Fed changed its discount rate.', error: null });
    expect(done!.llmInteractions.relevance).toMatchObject({ model_used: 'gpt-4.1-nano', prompt_tokens: 120 });
    await herald.database.db.update(users).set({ modelPreferences: ALL_BUILTIN }).where(eq(users.id, userId));
  });

  it('runs as jobs: new documents flow through the queue into events', async () => {
    const docs = await pick((r) => r.set === 'wcep_2015_09' && /Hungary/.test(r.text), 2);
    const stored = await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: sourceId, collectionId: 1 }, docs);
    await startPipeline(herald.queue, stored.insertedIds);
    const deadline = Date.now() + 20_000;
    let found = 0;
    while (Date.now() < deadline) {
      found = (await herald.database.db.select().from(events).where(eq(events.documentId, stored.insertedIds[0]!))).length;
      if (found > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(found).toBeGreaterThan(0);
  }, 30_000);

  it('sends the work of users with breaking alerts on ahead of the others, at a higher priority', async () => {
    const kit = authKit(herald);
    const ids: string[] = [];
    for (const alerts of [false, true]) {
      const { email } = await kit.signedIn();
      const [user] = await herald.database.db.update(users).set({ alerts, modelPreferences: ALL_BUILTIN }).where(eq(users.email, email)).returning({ id: users.id });
      await createTopic(herald.database.db, user!.id, DEMO_TOPICS.find((t) => t.name === 'Federal Reserve monetary policy')!);
      ids.push(user!.id);
    }
    const [quiet, alerting] = ids as [string, string];
    const doc: RawDocument = { externalId: 'urgent-1', title: 'Federal Reserve raises the federal funds rate to 6 percent', text: 'The Federal Open Market Committee raised the target range for the federal funds rate to 6 percent, citing inflation.', publisher: 'Federal Reserve', publishedAt: new Date(), contentType: 'press_release', collectionId: 2, canonicalUrl: null };
    const stored = await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: sourceId, collectionId: 2 }, [doc]);
    await summariseDocuments(stage(), stored.insertedIds);
    // The jobs' handlers with a queue that records what they send.
    const sent: { job: string; payload: Record<string, unknown>; priority: number }[] = [];
    const queue = { boss: { send: async (job: string, payload: Record<string, unknown>, options?: { priority?: number }) => void sent.push({ job, payload, priority: options?.priority ?? 0 }) } };
    const context = { ...stage(), queue } as unknown as Parameters<typeof prefilterJob.handler>[1];
    const attempt = { id: 'test', retryCount: 0, retryLimit: 3 };
    await prefilterJob.handler({ documentIds: stored.insertedIds }, context, attempt);
    const detectJobs = sent.filter((s) => s.job === DETECT_JOB).map((s) => ({ users: [...new Set((s.payload.pairs as { userId: string }[]).map((p) => p.userId))].filter((u) => ids.includes(u)), priority: s.priority }));
    expect(detectJobs.find((j) => j.users.includes(alerting))).toEqual({ users: [alerting], priority: 10 });
    expect(detectJobs.find((j) => j.users.includes(quiet))?.priority).toBe(0);
    expect(detectJobs.findIndex((j) => j.users.includes(alerting))).toBeLessThan(detectJobs.findIndex((j) => j.users.includes(quiet)));

    for (const job of sent.filter((s) => s.job === DETECT_JOB)) await detectJob.handler(job.payload as Parameters<typeof detectJob.handler>[0], context, attempt);
    const noveltyJobs = sent.filter((s) => s.job === NOVELTY_JOB);
    const ownerOf = new Map((await herald.database.db.select({ id: events.id, userId: events.userId }).from(events).where(inArray(events.documentId, stored.insertedIds))).map((e) => [e.id, e.userId]));
    const urgent = noveltyJobs.filter((j) => j.priority === 10).flatMap((j) => j.payload.eventIds as number[]);
    // (The file's other user has alerts on too: only this test's two users are compared.)
    expect(urgent.map((id) => ownerOf.get(id)).filter((u) => ids.includes(u!))).toEqual([alerting]);
    expect(noveltyJobs.filter((j) => j.priority === 0).flatMap((j) => j.payload.eventIds as number[]).map((id) => ownerOf.get(id))).toContain(quiet);
  });

  it('novelty: the first report is new, a repeat is known, a new figure is news', async () => {
    const [fedTopic] = await herald.database.db.select().from(topics).where(and(eq(topics.userId, userId), eq(topics.name, 'Federal Reserve monetary policy')));
    const make = (id: string, title: string, text: string): RawDocument => ({ externalId: id, title, text, publisher: 'Federal Reserve', publishedAt: new Date(), contentType: 'press_release', collectionId: 2, canonicalUrl: null });
    const docs = [
      make('n1', 'Federal Reserve raises the federal funds rate', 'The Federal Open Market Committee raised the target for the federal funds rate to 5.25 percent. The FOMC said inflation remains elevated.'),
      make('n2', 'FOMC lifts federal funds rate, as expected', 'As expected, the Federal Open Market Committee raised the target for the federal funds rate to 5.25 percent on Wednesday.'),
      make('n3', 'Federal Reserve cuts the federal funds rate', 'The Federal Open Market Committee lowered the target for the federal funds rate to 4.75 percent. The FOMC cited weaker growth.'),
    ];
    const ids: number[] = [];
    for (const doc of docs) {
      const stored = await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: sourceId, collectionId: 2 }, [doc]);
      await summariseDocuments(stage(), stored.insertedIds);
      // As if the pre-filter had passed it on: else the minute sweep would send it down the
      // pipeline in the background, racing the stages this test runs by hand.
      await herald.database.db.update(documentSummaries).set({ prefilteredAt: new Date() }).where(inArray(documentSummaries.documentId, stored.insertedIds));
      const result = await detect(stage(), { userId, topicId: fedTopic!.id, documentId: stored.insertedIds[0]!, score: 0.5 });
      expect(result?.status).toBe('detected');
      ids.push(result!.eventId);
    }
    for (const id of ids) await checkNovelty(stage(), id);
    const rows = await herald.database.db.select().from(events).where(inArray(events.id, ids)).orderBy(events.id);
    expect(rows.map((r) => r.novel)).toEqual([true, false, true]);
    expect(rows[1]!.knownFacts![0]!.citations).toContain(rows[0]!.documentId);
    expect(rows[1]!.skipReason).toBe('no new facts');
    expect(rows[2]!.novelFacts!.some((f) => f.fact.includes('4.75'))).toBe(true);
    expect(rows[2]!.llmInteractions).toHaveProperty('novelty');
    // Again: nothing changes.
    expect(await checkNovelty(stage(), ids[1]!)).toEqual({ novel: false });

    // Stories: the first two report one happening.
    expect(await assignStories(stage(), [ids[0]!])).toEqual({ assigned: 1, newStories: 1, started: [ids[0]!] });
    expect(await assignStories(stage(), [ids[1]!])).toEqual({ assigned: 1, newStories: 0, started: [] });
    expect(await assignStories(stage(), [ids[1]!])).toEqual({ assigned: 0, newStories: 0, started: [] }); // once only
    await assignStories(stage(), [ids[2]!]);
    const storyOf = async (id: number) => (await herald.database.db.select({ storyId: events.storyId }).from(events).where(eq(events.id, id)))[0]!.storyId;
    expect(await storyOf(ids[1]!)).toBe(await storyOf(ids[0]!));
    const [joined] = await herald.database.db.select().from(events).where(eq(events.id, ids[1]!));
    // The names its lead names, for the topic's trends.
    expect(joined!.entityNames!.length).toBeGreaterThan(0);
    expect(joined!.llmInteractions.story_assignment).toMatchObject({ stage: 'story_assignment', model_used: 'builtin', total_tokens: expect.any(Number) });
    expect(JSON.parse((joined!.llmInteractions.story_assignment as { llm_response: string }).llm_response)).toMatchObject({ is_new: false, matched_event_id: String(ids[0]) });
    const [story] = await herald.database.db.select().from(stories).where(eq(stories.id, (await storyOf(ids[0]!))!));
    expect(story!.eventCount).toBeGreaterThanOrEqual(2);
    // A tracker another process wrote since (its updated_at moved) is read again, never this
    // process's own copy: from the empty state written here, the event starts a story of its own.
    await herald.database.db.update(storyTrackers).set({ state: {}, updatedAt: new Date(Date.now() + 60_000) }).where(eq(storyTrackers.userId, userId));
    await herald.database.db.update(events).set({ storyId: null }).where(eq(events.id, ids[1]!));
    expect(await assignStories(stage(), [ids[1]!])).toEqual({ assigned: 1, newStories: 1, started: [ids[1]!] });

    // Research, composition and QA: the novel events get articles, the repeat does not.
    await maintainSearchIndex(herald.database, true);
    const written = await writeArticle(stage(), ids[2]!);
    expect(written?.published).toBe(true);
    expect(await writeArticle(stage(), ids[1]!)).toBeUndefined();
    expect(await writeArticle(stage(), ids[2]!)).toBeUndefined(); // written once
    const [article] = await herald.database.db.select().from(events).where(eq(events.id, ids[2]!));
    expect(article).toMatchObject({ articleGenerated: true, researched: true, language: 'en' });
    expect(article!.publishedAt).toBeInstanceOf(Date);
    expect(article!.finalRank).toBeGreaterThan(0);
    const body = article!.article as { title: string; introduction: string; references: { number: number; document_id: number }[]; bullet_points: string[]; supporting_documents: { was_cited: boolean }[]; data_table: { rows: string[][] } };
    expect(body.title).toBe('Federal Reserve cuts the federal funds rate');
    expect(body.references[0]).toMatchObject({ number: 1, document_id: article!.documentId });
    // The new figure leads: the introduction says it, and no point says it again.
    expect(body.introduction).toMatch(/4\.75 percent/);
    expect(body.bullet_points.join(' ')).not.toMatch(/4\.75 percent/);
    expect(body.data_table.rows.some((r) => r[1] === '4.75')).toBe(true);
    expect(Object.keys(article!.llmInteractions)).toEqual(expect.arrayContaining(['summarization', 'relevance', 'novelty', 'research', 'article', 'qa', 'impact']));
    // Its impact on the reader: a severity with its basis; nothing claimed without a reference.
    const impact = (article!.article as { impact: { severity: number; severity_basis: string; entities: { references: number[] }[]; why_it_matters: { references: number[] } | null } }).impact;
    expect(impact.severity).toBeGreaterThanOrEqual(1);
    expect(impact.severity_basis).not.toBe('');
    for (const entity of impact.entities) expect(entity.references.length).toBeGreaterThan(0);
    // Its takeaway says what it was grounded in (the article page leaves a stand-in impact line to the impact card).
    expect(TAKEAWAY_BASES).toContain((article!.article as { takeaway_basis: string }).takeaway_basis);
    expect((article!.queries as unknown[]).length).toBeGreaterThan(0);

    // The alert decision is written once however many times the job runs, even at once (the
    // policy itself, the email and the brief's order: alert.api.test.ts). With a handful of
    // articles in the install there is nothing to compare with yet: not breaking.
    await herald.database.db.update(events).set({ finalRank: 0.9 }).where(eq(events.id, ids[2]!));
    const results = await Promise.all([sendAlert(stage(), ids[2]!), sendAlert(stage(), ids[2]!)]);
    expect(results.sort()).toEqual(['already', 'not_breaking']);
    expect(await sendAlert(stage(), ids[2]!)).toBe('already');
    const [decided] = await herald.database.db.select().from(events).where(eq(events.id, ids[2]!));
    expect(decided!.alertDecision).toMatchObject({ decision: 'not_breaking', reason: 'bar', basis: 'too_few' });
    const [me] = await herald.database.db.select().from(users).where(eq(users.id, userId));

    // The daily brief: the published, recommended articles, once; nothing to send, no email.
    const morning = new Date();
    expect(await sendBrief(stage(), userId, morning)).toBe('sent');
    const briefs = await herald.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, me!.email), eq(outboxEmails.template, 'daily-brief')));
    expect(briefs).toHaveLength(1);
    // Background jobs of the earlier test may have published more of this user's articles.
    expect(briefs[0]!.subject).toMatch(/^Your Herald brief for .*: \d+ articles?$/);
    expect(briefs[0]!.text).toContain(`/a/${ids[2]}`);
    expect(await sendBrief(stage(), userId, new Date(morning.getTime() + 3_600_000))).toBe('skipped');
    const quiet = await authKit(herald).signedIn();
    const [quietUser] = await herald.database.db.select().from(users).where(eq(users.email, quiet.email));
    expect(await sendBrief(stage(), quietUser!.id, morning)).toBe('empty');
    expect(await herald.database.db.$count(outboxEmails, eq(outboxEmails.to, quiet.email))).toBe(1); // only the confirmation
    expect(localHour(new Date('2026-11-22T12:30:00Z'), 'Asia/Tokyo')).toBe(21);
    expect(localHour(new Date('2026-11-22T12:30:00Z'), 'Not/AZone')).toBe(12);
  });

  it('shows events to superusers (user_id) and restarts a user\'s content', async () => {
    const kit = authKit(herald);
    const ops = await kit.signedIn('ops@example.com');
    const list = (await kit.get(`/api/events/?user_id=${userId}&status=detected&page_size=2`, ops.access)).json();
    expect(list.events).toHaveLength(2);
    expect(list).toMatchObject({ page: 1, has_next: true });
    expect(list.events[0]).toMatchObject({ user_id: userId, status: 'detected', detection_decision: 'PASS', topic: { name: expect.any(String) } });
    const one = await kit.get(`/api/events/${list.events[0].id}/?user_id=${userId}`, ops.access);
    expect(one.json().id).toBe(list.events[0].id);
    // Without user_id the superuser reads their own events: this one is not theirs.
    expect((await kit.get(`/api/events/${list.events[0].id}/`, ops.access)).statusCode).toBe(404);
    const member = await kit.signedIn();
    expect((await kit.get('/api/events/', member.access)).statusCode).toBe(403);

    // Let the jobs of the earlier test finish first: they would add events while we count.
    await waitForIdlePipeline();
    const total = await herald.database.db.$count(events, eq(events.userId, userId));
    const restart = await kit.post(`/api/articles/restart-content/?user_id=${userId}`, {}, ops.access);
    expect(restart.json()).toEqual({ detail: 'Content restarted.', deleted_counts: { events: total } });
    expect((await kit.get(`/api/events/?user_id=${userId}`, ops.access)).json().events).toHaveLength(0);
  }, 40_000);
});
