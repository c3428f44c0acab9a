import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { documents, events, sources, stories, users } from '../../db/schema/index.js';
import type { JobContext } from '../../jobs/types.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { authKit } from '../auth/auth-test-kit.js';
import { createTopic } from '../user-topics/topics.js';

export interface ArticleSeed {
  title?: string;
  superhead?: string;
  sections?: unknown;
  publishedAt?: Date;
  finalRank?: number;
  storyId?: number | null;
  alerted?: boolean;
  /** Replaces the article JSON entirely (malformed records). */
  article?: Record<string, unknown>;
  /** Status of the event when it is not a published article. */
  state?: 'published' | 'pending' | 'dropped';
}

/** The shape the composition stage writes (server/intelligence/capabilities/compose.ts). */
export function articleJson(title: string, documentId: number, extra: Partial<Record<string, unknown>> = {}): Record<string, unknown> {
  return {
    title,
    superhead: 'Monetary policy',
    introduction: `${title}: what was decided. [1]`,
    bullet_points: [`The committee raised the target range by 25 basis points. [1]`, `Markets expected the move. [2]`],
    sections: [
      { heading: 'What happened', content: `The Federal Open Market Committee decided to raise rates. [1]` },
      { heading: 'Background', content: `Inflation stayed above the 2 percent goal for a year. [2]` },
    ],
    references: [
      { number: 1, title: 'FOMC statement', source: 'Federal Reserve', date: '2024-03-20', document_id: documentId },
      { number: 2, title: 'Market wrap', source: 'Wire', date: '2024-03-19', document_id: documentId + 100_000 },
    ],
    actionable_takeaway: 'Review variable-rate exposure before the next meeting. [1]',
    data_table: { columns: ['Metric', 'Value', 'Unit', 'Entity', 'Date', 'Confidence'], rows: [['Target range rise', '25', 'basis points', 'FOMC', '2024-03-20', 'high']] },
    disclosure: 'Composed from 2 sources.',
    language: 'en',
    supporting_documents: [
      { document_id: documentId, title: 'FOMC statement', source: 'Federal Reserve', date: '2024-03-20T18:00:00Z', initial_reference_number: 1, final_reference_number: 1, was_cited: true, score: 1, collection_id: 1 },
    ],
    ...extra,
  };
}

/** Users, topics, documents and published articles for the feed API tests (straight into the tables). */
export function feedKit(herald: TestHerald) {
  const kit = authKit(herald);
  const { db } = herald.database;
  let sourceId: number | undefined;

  async function source(): Promise<number> {
    if (sourceId) return sourceId;
    const [row] = await db.insert(sources).values({ kind: 'demo', name: `feed test ${randomUUID()}`, collectionId: 1, intervalMinutes: 60, enabled: false }).returning({ id: sources.id });
    sourceId = row!.id;
    return sourceId;
  }

  async function addDocument(title: string): Promise<number> {
    const id = randomUUID();
    const [row] = await db
      .insert(documents)
      .values({ sourceId: await source(), externalId: id, collectionId: 1, title, text: `${title}. Body text.`, publisher: 'Federal Reserve', contentType: 'text/plain', canonicalAt: new Date(), contentHash: id, simhashBands: [0, 0, 0, 0], tokenCount: 5, charCount: 30, wordCount: 5 })
      .returning({ id: documents.id });
    return row!.id;
  }

  /** A signed-in user with topics; `superuser` flags them in the database. */
  async function reader(options: { topics?: string[]; superuser?: boolean } = {}) {
    const { email, access } = await kit.signedIn();
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (options.superuser) await db.update(users).set({ isSuperuser: true }).where(eq(users.id, user!.id));
    const topics = [];
    for (const name of options.topics ?? ['Federal Reserve monetary policy']) topics.push(await createTopic(db, user!.id, { name, description: `About ${name}.`, query: name }));
    return { email, access, userId: user!.id, topics };
  }

  async function story(userId: string): Promise<number> {
    const now = new Date();
    const [row] = await db.insert(stories).values({ userId, key: randomUUID(), title: 'A story', firstSeenAt: now, lastSeenAt: now }).returning({ id: stories.id });
    return row!.id;
  }

  /** One article (or a pending/dropped event) for the user and topic; returns the event id. */
  async function publish(userId: string, topicId: number, seed: ArticleSeed = {}): Promise<number> {
    const title = seed.title ?? `Article ${randomUUID().slice(0, 8)}`;
    const documentId = await addDocument(title);
    const state = seed.state ?? 'published';
    const published = state === 'published';
    const at = seed.publishedAt ?? new Date();
    const [row] = await db
      .insert(events)
      .values({
        userId,
        topicId,
        documentId,
        status: state === 'dropped' ? 'dropped' : 'detected',
        prefilterScore: 0.5,
        novel: state === 'dropped' ? null : true,
        storyId: seed.storyId ?? null,
        article: published ? (seed.article ?? articleJson(title, documentId, { ...(seed.superhead ? { superhead: seed.superhead } : {}), ...(seed.sections ? { sections: seed.sections } : {}) })) : null,
        articleGenerated: published,
        articleGeneratedAt: published ? at : null,
        language: published ? 'en' : null,
        finalRank: published ? (seed.finalRank ?? 0.5) : null,
        publishedAt: published ? at : null,
        alertedAt: seed.alerted ? at : null,
      })
      .returning({ id: events.id });
    return row!.id;
  }

  /** One published article for the user on a topic of its own, made for it; returns the event id. */
  async function articleOnNewTopic(userId: string, title: string): Promise<number> {
    const topic = await createTopic(db, userId, { name: `Policy ${randomUUID().slice(0, 5)}`, description: 'About rates.', query: 'rates' });
    return publish(userId, topic.id, { title });
  }

  /** `count` articles, one a second apart ending now (newest last); ids oldest first. */
  async function publishMany(userId: string, topicId: number, count: number, start = Date.now() - count * 1000): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push(await publish(userId, topicId, { title: `Article ${i + 1}`, publishedAt: new Date(start + i * 1000) }));
    return ids;
  }

  /** Gives the user's articles published times that differ only in microseconds (or not at all). */
  async function squeezeTimes(userId: string, at: Date, microsecondSteps: boolean) {
    await db
      .update(events)
      .set({ publishedAt: microsecondSteps ? sql`${at.toISOString()}::timestamptz + (${events.id} % 3) * interval '1 microsecond'` : at })
      .where(eq(events.userId, userId));
  }

  const get = (url: string, token: string) => herald.app!.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  return { ...kit, reader, publish, publishMany, articleOnNewTopic, story, squeezeTimes, addDocument, get };
}

/**
 * A Herald for a background job's API test, with the feed kit and the job's context: API and
 * worker roles, no scheduler (the runs it sends at start would race the test's own).
 */
export async function jobHerald(): Promise<{ herald: TestHerald; kit: ReturnType<typeof feedKit>; context: JobContext }> {
  const herald = await createTestHerald({ HERALD_ROLES: 'api,worker' });
  return { herald, kit: feedKit(herald), context: { database: herald.database, logger: herald.logger, config: herald.config, queue: herald.queue, search: herald.search } };
}
