import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TArticlePage } from '../../contract/feed.js';
import { documents, events, outboxEmails, topics } from '../db/schema/index.js';
import { onboardingKit, seedCorpus, waitForJobs } from '../modules/onboarding/onboarding-test-kit.js';
import { maintainSearchIndex } from '../search/maintenance.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { CATCH_UP_DETECTED } from './backfill.js';
import { detect } from './detect.js';
import { checkNovelty } from './novelty.js';
import { ingestDocuments } from '../documents/ingest.js';
import { summariseDocuments } from './summarise.js';

let herald: TestHerald;
let kit: ReturnType<typeof onboardingKit>;
beforeAll(async () => {
  herald = await createTestHerald();
  kit = onboardingKit(herald);
  // The store before the user arrives: the demo replay has come and gone.
  await seedCorpus(herald, [{ set: 'fed_monetary', pattern: /federal funds|discount rate|FOMC|Committee/i, count: 24 }]);
  await maintainSearchIndex(herald.database, true);
});
afterAll(async () => {
  await herald?.close();
});

const stage = () => ({ database: herald.database, search: herald.search, config: herald.config, logger: herald.logger });

describe("a new user's first feed: the catch-up of a new topic", () => {
  it('writes the best documents in the store as catch-up articles, never alerted, and they guard novelty for later ones', async () => {
    const user = await kit.profiledUser();
    const finished = await kit.call('POST', '/api/topics/add-suggestions/', user.access, { suggestions: ['Federal Open Market Committee'], step: 'suggestions' });
    expect(finished.statusCode).toBe(200);
    await waitForJobs(herald, ['topic-enrich', 'pipeline-'], 60_000);

    const feed = (await kit.call('GET', '/api/for-you/latest/?per_page=50', user.access)).json<TArticlePage>();
    expect(feed.articles.length).toBeGreaterThanOrEqual(6);
    expect(feed.articles.length).toBeLessThanOrEqual(CATCH_UP_DETECTED);
    expect(feed.articles.every((a) => a.catch_up && !a.alerted)).toBe(true);
    // Distinct meetings stay distinct articles: replayed together, they are months apart.
    expect(new Set(feed.articles.map((a) => a.title)).size).toBe(feed.articles.length);
    const [topic] = await herald.database.db.select().from(topics).where(eq(topics.userId, user.id));
    const rows = await herald.database.db.select().from(events).where(and(eq(events.topicId, topic!.id), eq(events.articleGenerated, true)));
    expect(rows.every((e) => e.initialization && (e.article as { catch_up?: boolean }).catch_up === true)).toBe(true);
    expect(rows.every((e) => e.alertDecision === null || e.alertDecision.reason === 'catch_up')).toBe(true);
    expect(await herald.database.db.$count(outboxEmails, and(eq(outboxEmails.to, user.email), eq(outboxEmails.template, 'breaking-alert')))).toBe(0);
    // Novelty and consolidation ran in the catch-up's own job, not behind other users' batches.
    const queued = await herald.database.sql<{ name: string; output: { articles?: number } | null }>(`SELECT name, output FROM pgboss.job WHERE name IN ('pipeline-backfill', 'pipeline-novelty', 'pipeline-consolidate')`, []);
    expect(queued.rows.map((r) => r.name)).toEqual(['pipeline-backfill']);
    expect(queued.rows[0]!.output?.articles).toBe(feed.articles.length);

    // A later report that repeats a catch-up article's document says nothing new: not novel.
    const [first] = await herald.database.db.select().from(documents).where(eq(documents.id, rows[0]!.documentId));
    const [source] = await herald.database.db.select({ id: documents.sourceId }).from(documents).where(eq(documents.id, first!.id));
    const again = await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: source!.id, collectionId: 1 }, [
      { externalId: `repeat-${first!.id}`, title: `Repeated: ${first!.title}`, text: `${first!.text}\n\nReported again.`, publishedAt: new Date(), contentType: first!.contentType, collectionId: 1, canonicalUrl: null },
    ]);
    await summariseDocuments(stage(), again.insertedIds);
    const result = await detect(stage(), { userId: user.id, topicId: topic!.id, documentId: again.insertedIds[0]!, score: 0.9 });
    expect(result?.status).toBe('detected');
    expect(await checkNovelty(stage(), result!.eventId)).toEqual({ novel: false });
  }, 90_000);

  it('says so when the store has nothing for the topic', async () => {
    const user = await kit.profiledUser();
    await kit.call('POST', '/api/topics/add-suggestions/', user.access, { suggestions: ['Antarctic krill fisheries'], step: 'suggestions' });
    await waitForJobs(herald, ['topic-enrich', 'pipeline-'], 60_000);
    expect((await kit.call('GET', '/api/for-you/latest/?per_page=50', user.access)).json<TArticlePage>().articles).toEqual([]);
  }, 90_000);
});
