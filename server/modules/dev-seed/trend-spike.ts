import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../auth/passwords.js';
import type { AppDb } from '../../db/client.js';
import { accounts, documents, events, sources, stories, topics, users } from '../../db/schema/index.js';
import { createTopic } from '../user-topics/topics.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** What the browser test signs in with, and the topic whose dashboard has a spike. */
export interface SeededSpike {
  email: string;
  password: string;
  topic_id: number;
  /** The spike's articles, its story's first. */
  article_ids: number[];
}

/** A published article as the pipeline stores it: one cited document, a lead, a point, a section. */
function articleOf(title: string, lead: string, documentId: number, date: Date) {
  return {
    title,
    superhead: 'Refining',
    introduction: `${lead} [1]`,
    bullet_points: [`${lead} [1]`],
    sections: [{ heading: 'What happened', content: `${lead} [1]` }],
    references: [{ number: 1, title, source: 'Seed wire', date: date.toISOString().slice(0, 10), document_id: documentId }],
    actionable_takeaway: '',
    data_table: { columns: [], rows: [] },
    disclosure: 'Written by the browser tests’ seeding route, not by Herald.',
    language: 'en',
  };
}

/**
 * A reader (onboarded, signed in with the answered password) following one topic for 40 days: an
 * article a day for four weeks, then yesterday six, three of them one story naming its refinery.
 * The topic's dashboard then has one spike (yesterday), explained by that story. For the browser
 * journey only: the route exists with DEV_SEED_ROUTES=1 outside production.
 */
export async function seedTrendSpike(db: AppDb, now = new Date()): Promise<SeededSpike> {
  const password = randomBytes(12).toString('base64url');
  const email = `trend-spike-${randomUUID().slice(0, 8)}@test.herald.test`;
  const at = new Date(now.getTime() - 40 * DAY);
  const [account] = await db.insert(accounts).values({ name: 'Trend spike check', company: 'Trend spike check' }).returning({ id: accounts.id });
  const [user] = await db
    .insert(users)
    .values({ accountId: account!.id, email, firstName: 'Trend', lastName: 'Reader', passwordHash: await hashPassword(password), emailConfirmedAt: at, profileCompletedAt: at, suggestionsCompletedAt: at, onboardingCompletedAt: at })
    .returning({ id: users.id });
  const userId = user!.id;
  const topic = await createTopic(db, userId, { name: 'Refinery outages', description: 'Refinery outages and strikes.', query: 'refinery outages' });
  await db.update(topics).set({ createdAt: at }).where(eq(topics.id, topic.id));
  // The demo corpus's own source where there is one: a second "Demo corpus" row would stand in the Sources list of every other journey.
  const [demo] = await db.select({ id: sources.id }).from(sources).where(eq(sources.kind, 'demo')).orderBy(sources.id).limit(1);
  const [source] = demo ? [demo] : await db.insert(sources).values({ kind: 'demo', name: `trend spike ${randomUUID()}`, collectionId: 1, intervalMinutes: 60, enabled: false }).returning({ id: sources.id });
  const [story] = await db.insert(stories).values({ userId, key: randomUUID(), title: 'Strike shuts the Harbour Point refinery', firstSeenAt: now, lastSeenAt: now }).returning({ id: stories.id });
  const publish = async (title: string, lead: string, date: Date, options: { storyId?: number; names?: string[]; rank: number }) => {
    const [doc] = await db
      .insert(documents)
      .values({ sourceId: source!.id, externalId: randomUUID(), collectionId: 1, title, text: lead, publisher: 'Seed wire', contentType: 'text/plain', canonicalAt: date, contentHash: randomUUID(), simhashBands: [0, 0, 0, 0], tokenCount: 10, charCount: lead.length, wordCount: 10 })
      .returning({ id: documents.id });
    const [row] = await db
      .insert(events)
      .values({ userId, topicId: topic.id, documentId: doc!.id, status: 'detected', prefilterScore: 0.5, novel: true, storyId: options.storyId ?? null, article: articleOf(title, lead, doc!.id, date), articleGenerated: true, articleGeneratedAt: date, language: 'en', finalRank: options.rank, publishedAt: date, entityNames: options.names ?? [] })
      .returning({ id: events.id });
    return row!.id;
  };
  for (let k = 29; k >= 3; k--) await publish(`Refinery run rates, day ${30 - k}`, `Refinery run rates held steady on day ${30 - k} of the month.`, new Date(now.getTime() - k * DAY), { rank: 0.3 });
  const yesterday = Math.floor(now.getTime() / DAY) * DAY - DAY;
  const spike: number[] = [];
  for (let i = 0; i < 6; i++) {
    const inStory = i < 3;
    const title = inStory ? `Strike shuts the Harbour Point refinery, report ${i + 1}` : `Refinery maintenance note ${i}`;
    const lead = inStory ? `Workers at the Harbour Point refinery walked out, halting output, report ${i + 1} says.` : `A refinery scheduled maintenance, note ${i} says.`;
    spike.push(await publish(title, lead, new Date(yesterday + HOUR + i * 60_000), { rank: inStory ? 0.9 - i / 100 : 0.5, ...(inStory ? { storyId: story!.id, names: ['Harbour Point'] } : {}) }));
  }
  return { email, password, topic_id: topic.id, article_ids: spike };
}
