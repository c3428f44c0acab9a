import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODEL_FIELDS } from '../../contract/models.js';
import { documentSummaries, events, sources, users } from '../db/schema/index.js';
import { DEMO_TOPICS } from '../demo/topics.js';
import { ingestDocuments } from '../documents/ingest.js';
import { authKit } from '../modules/auth/auth-test-kit.js';
import { createTopic } from '../modules/user-topics/topics.js';
import { maintainSearchIndex } from '../search/maintenance.js';
import type { RawDocument } from '../sources/types.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';
import { writeArticle } from './article.js';
import { consolidateEvent } from './consolidate.js';
import { summariseDocuments } from './summarise.js';

let herald: TestHerald;
let userId: string;
let access: string;
let topicIds: number[];
let sourceId: number;
const stage = () => ({ database: herald.database, search: herald.search, config: herald.config, logger: herald.logger });

beforeAll(async () => {
  herald = await createTestHerald({ SUMMARY_MODEL: 'builtin' });
  const kit = authKit(herald);
  const signed = await kit.signedIn();
  access = signed.access;
  const [user] = await herald.database.db.select().from(users).where(eq(users.email, signed.email));
  userId = user!.id;
  await herald.database.db.update(users).set({ modelPreferences: Object.fromEntries(MODEL_FIELDS.map((f) => [f, 'builtin'])) }).where(eq(users.id, userId));
  topicIds = [];
  for (const topic of DEMO_TOPICS.slice(0, 2)) topicIds.push((await createTopic(herald.database.db, userId, topic)).id);
  const [source] = await herald.database.db.insert(sources).values({ kind: 'demo', name: 'consolidation test', collectionId: 1, intervalMinutes: 60, enabled: false }).returning();
  sourceId = source!.id;
});
afterAll(async () => herald?.close());

async function store(doc: Omit<RawDocument, 'contentType' | 'collectionId' | 'canonicalUrl' | 'publisher'>): Promise<number> {
  const stored = await ingestDocuments({ database: herald.database, search: herald.search, logger: herald.logger }, { id: sourceId, collectionId: 1 }, [
    { ...doc, publisher: 'Wire', contentType: 'news', collectionId: 1, canonicalUrl: null },
  ]);
  await summariseDocuments(stage(), stored.insertedIds);
  // Passed on by the pre-filter, as far as the minute sweep knows: this test runs the stages itself.
  await herald.database.db.update(documentSummaries).set({ prefilteredAt: new Date() }).where(inArray(documentSummaries.documentId, stored.insertedIds));
  return stored.insertedIds[0]!;
}

/** A detected, novel event as the earlier stages leave it. */
async function novelEvent(topicId: number, documentId: number): Promise<number> {
  const [row] = await herald.database.db
    .insert(events)
    .values({ userId, topicId, documentId, status: 'detected', prefilterScore: 0.5, detectionDecision: 'PASS', detectionRational: 'Relevant.', detectionScores: { weighted_total: 0.8 }, novel: true, noveltyScore: 1 })
    .returning({ id: events.id });
  return row!.id;
}

describe('consolidation', () => {
  it('merges one happening reported twice into one article that names both topics; other happenings stand alone', async () => {
    const at = new Date();
    const fed = await store({ externalId: 'c1', title: 'Federal Reserve raises the federal funds rate to 5.5 percent', text: 'The Federal Open Market Committee raised the target range for the federal funds rate to 5.5 percent on Wednesday, citing persistent inflation.', publishedAt: at });
    const again = await store({ externalId: 'c2', title: 'Federal Reserve raises federal funds rate to 5.5 percent', text: 'The Federal Reserve raised the federal funds rate to 5.5 percent on Wednesday; the Federal Open Market Committee cited persistent inflation.', publishedAt: new Date(at.getTime() + 3_600_000) });
    const other = await store({ externalId: 'c3', title: 'Hungary closes its border with Serbia to migrants', text: 'Hungary closed its southern border with Serbia, stranding thousands of migrants and refugees heading for Germany.', publishedAt: at });

    const first = await novelEvent(topicIds[0]!, fed);
    const sameDocOtherTopic = await novelEvent(topicIds[1]!, fed);
    const secondReport = await novelEvent(topicIds[0]!, again);
    const unrelated = await novelEvent(topicIds[1]!, other);

    expect(await consolidateEvent(stage(), first)).toEqual({ survives: true });
    expect(await consolidateEvent(stage(), sameDocOtherTopic)).toEqual({ survives: false, mergedInto: first });
    expect(await consolidateEvent(stage(), secondReport)).toEqual({ survives: false, mergedInto: first });
    expect(await consolidateEvent(stage(), unrelated)).toEqual({ survives: true });
    // A second run answers what the first decided and changes nothing.
    expect(await consolidateEvent(stage(), secondReport)).toEqual({ survives: false, mergedInto: first });

    const [merged] = await herald.database.db.select().from(events).where(eq(events.id, sameDocOtherTopic));
    expect(merged!.consolidatedAt).toBeInstanceOf(Date);
    expect(merged!.skipReason).toBe(`merged into event ${first}`);
    expect(merged!.llmInteractions.consolidation).toMatchObject({ stage: 'consolidation', model_used: 'builtin' });
    expect(JSON.parse((merged!.llmInteractions.consolidation as { llm_response: string }).llm_response)).toMatchObject({ merge_into: first, similarity: 1 });

    // The survivor's article names both topics and cites the second report; merged events get none.
    await maintainSearchIndex(herald.database, true);
    expect((await writeArticle(stage(), first))?.published).toBe(true);
    expect(await writeArticle(stage(), secondReport)).toBeUndefined();
    const [article] = await herald.database.db.select().from(events).where(eq(events.id, first));
    const body = article!.article as { topic_assignments: { topicId: number }[]; supporting_documents: { document_id: number; strategy_used: string }[] };
    expect(body.topic_assignments.map((t) => t.topicId).sort()).toEqual([...topicIds].sort());
    expect(body.supporting_documents).toContainEqual(expect.objectContaining({ document_id: again, strategy_used: 'consolidated event' }));

    // The article shows in the feed of either topic.
    const kit = authKit(herald);
    for (const topicId of topicIds) {
      const feed = (await kit.get(`/api/for-you/latest/?topic_id=${topicId}`, access)).json() as { articles: { id: number }[] };
      expect(feed.articles.map((a) => a.id)).toContain(first);
    }

    // A later report of it, after the article is out, updates that article in place: cited, marked
    // updated, same rank, publication time and alert state (the job sends no alert for an update).
    const before = article!;
    const later = await store({ externalId: 'c4', title: 'The Federal Reserve raises the federal funds rate to 5.5 percent', text: 'On Wednesday the Federal Open Market Committee raised the target range for the federal funds rate to 5.5 percent, citing persistent inflation, its highest level in 22 years.', publishedAt: new Date(at.getTime() + 7_200_000) });
    const laterReport = await novelEvent(topicIds[0]!, later);
    expect(await consolidateEvent(stage(), laterReport)).toEqual({ survives: false, mergedInto: first });
    expect(await writeArticle(stage(), first)).toBeUndefined();
    expect(await writeArticle(stage(), first, { update: true })).toMatchObject({ published: true, updated: true, rank: before.finalRank });
    const [after] = await herald.database.db.select().from(events).where(eq(events.id, first));
    expect((after!.article as typeof body).supporting_documents).toContainEqual(expect.objectContaining({ document_id: later, strategy_used: 'consolidated event' }));
    expect(after!.articleUpdatedAt).toBeInstanceOf(Date);
    expect(after).toMatchObject({ publishedAt: before.publishedAt, finalRank: before.finalRank, alertedAt: before.alertedAt });
    const latest = (await kit.get(`/api/for-you/latest/?topic_id=${topicIds[0]}`, access)).json() as { articles: { id: number; updated_at: string | null }[] };
    expect(latest.articles.find((a) => a.id === first)?.updated_at).toBe(after!.articleUpdatedAt!.toISOString());
    // An event without a published article has nothing to update.
    expect(await writeArticle(stage(), unrelated, { update: true })).toBeUndefined();

    // A year later, another document under the same title: its article leads with its date.
    const nextYear = new Date(at.getTime() + 400 * 86_400_000);
    const sameTitle = await store({ externalId: 'c5', title: 'Federal Reserve raises the federal funds rate to 5.5 percent', text: 'A year on, the Federal Open Market Committee again set the federal funds rate at 5.5 percent after a review of bank lending.', publishedAt: nextYear });
    const yearLater = await novelEvent(topicIds[0]!, sameTitle);
    expect(await consolidateEvent(stage(), yearLater)).toEqual({ survives: true });
    await writeArticle(stage(), yearLater);
    const [distinct] = await herald.database.db.select().from(events).where(eq(events.id, yearLater));
    const day = nextYear.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    expect((distinct!.article as { title: string }).title).toBe(`${day}: Federal Reserve raises the federal funds rate to 5.5 percent`);
  });
});
