import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { documents, documentSummaries, events, stories, storyTrackers } from '../db/schema/index.js';
import { namesOffThread } from '../intelligence/builtin/entity-pool.js';
import { displayNames, entitiesOfNames } from '../intelligence/builtin/text-features.js';
import { createStoryTracker, type StoryAssignment, type StoryTracker, type TrackerState } from '../intelligence/builtin/stories.js';
import type { InteractionRecord } from '../intelligence/types.js';
import { builtinRecord } from '../intelligence/engine.js';
import type { StageContext } from './context.js';
import type { DbOrTx } from '../db/client.js';
import { turnTaker } from '../db/priority.js';

/** Events assigned per transaction (each reads and writes the tracker state once). */
const EVENTS_PER_TRANSACTION = 25;

/** How much of a document's text the story tracker reads. */
const STORY_TEXT_CHARS = 4000;

/**
 * Story assignment for detected events with each user's story tracker: an event joins the story
 * of earlier events about the same happening, or starts one. Per user, in transactions of up to
 * 25 events: the tracker state is read under a row lock (one user's events are assigned one at a
 * time, in any process), the events are assigned in id order, and the state is written once (it
 * is the costly part: reading and writing it per event made the stage quadratic);
 * the batch's stories are upserted in one statement and its events updated in another.
 * An event's story is set only once, so a re-run changes nothing. Answers the events that started
 * a story (first reports).
 */
export async function assignStories(context: StageContext, eventIds: number[]): Promise<{ assigned: number; newStories: number; started: number[] }> {
  const owners = await context.database.db
    .selectDistinct({ userId: events.userId })
    .from(events)
    .where(and(inArray(events.id, eventIds), eq(events.status, 'detected'), sql`${events.storyId} IS NULL`));
  let assigned = 0;
  let newStories = 0;
  const started: number[] = [];
  // In id order, a few events per transaction: on the embedded database a transaction holds the
  // one connection, so a long one would keep every HTTP request waiting. Names are found on worker
  // threads (compromise, the costly part) one batch ahead: the next batch's while this one's
  // transaction runs.
  const ordered = [...eventIds].sort((a, b) => a - b);
  for (const { userId } of owners) {
    const rows = await unassigned(context.database.db, userId, ordered);
    const batches: (typeof rows)[] = [];
    for (let i = 0; i < rows.length; i += EVENTS_PER_TRANSACTION) batches.push(rows.slice(i, i + EVENTS_PER_TRANSACTION));
    let next = batches.length ? namesOffThread(batches[0]!) : undefined;
    for (const [i, batch] of batches.entries()) {
      const names = await next!;
      next = i + 1 < batches.length ? namesOffThread(batches[i + 1]!) : undefined;
      // A failure surfaces when that batch awaits it, not as an unhandled rejection meanwhile.
      void next?.catch(() => undefined);
      const result = await assignForUser(context, userId, batch, names);
      assigned += result.assigned;
      newStories += result.started.length;
      started.push(...result.started);
    }
  }
  return { assigned, newStories, started };
}

/** The events to assign with the text the tracker reads: a long document by its summary and first 4,000 characters. */
async function unassigned(db: DbOrTx, userId: string, eventIds: number[]) {
  const rows = await db
    .select({ id: events.id, title: documents.title, text: documents.text, url: documents.url, canonicalAt: documents.canonicalAt, summary: documentSummaries.summary })
    .from(events)
    .innerJoin(documents, eq(documents.id, events.documentId))
    .leftJoin(documentSummaries, eq(documentSummaries.documentId, events.documentId))
    .where(and(inArray(events.id, eventIds), eq(events.userId, userId), eq(events.status, 'detected'), sql`${events.storyId} IS NULL`))
    .orderBy(asc(events.id));
  // A short document is read as it is (its summary only repeats its sentences, counting them twice).
  return rows.map(({ summary, ...row }) => ({ ...row, text: row.text.length > STORY_TEXT_CHARS ? `${summary ?? ''}\n${row.text.slice(0, STORY_TEXT_CHARS)}` : row.text }));
}

type Unassigned = Awaited<ReturnType<typeof unassigned>>[number];

/** One transaction: `before` (read outside it, with their entity names) assigned in id order. */
async function assignForUser(context: StageContext, userId: string, before: Unassigned[], names: string[][]) {
  const entityKeysOf = new Map(before.map((row, i) => [row.id, entitiesOfNames(names[i]!)]));
  const namesOf = new Map(before.map((row, i) => [row.id, displayNames(names[i]!)]));
  // The tracker this process last wrote is taken out of the cache for the transaction and put back
  // only once it commits: a rolled-back batch never leaves a tracker ahead of the database.
  const cached = trackers.get(userId);
  trackers.delete(userId);
  let written: { version: string; engine: StoryTracker } | undefined;
  const result = await context.database.db.transaction(async (tx) => {
    await tx.insert(storyTrackers).values({ userId, state: {} }).onConflictDoNothing();
    const [lock] = await tx.select({ version: trackerVersion }).from(storyTrackers).where(eq(storyTrackers.userId, userId)).for('update');
    // Checked after the lock: another process may have assigned some of these meanwhile.
    const still = new Set(
      (await tx.select({ id: events.id }).from(events).where(and(inArray(events.id, before.map((row) => row.id)), sql`${events.storyId} IS NULL`))).map((row) => row.id),
    );
    const rows = before.filter((row) => still.has(row.id));
    if (rows.length === 0) return { assigned: 0, started: [] as number[] };
    let engine = cached?.version === lock?.version ? cached?.engine : undefined;
    if (!engine) {
      const [tracker] = await tx.select({ state: storyTrackers.state }).from(storyTrackers).where(eq(storyTrackers.userId, userId));
      const saved = tracker?.state as unknown as TrackerState | undefined;
      engine = createStoryTracker(saved && saved.version ? { state: saved } : {});
    }
    const started: number[] = [];
    const assigned: { row: (typeof rows)[number]; storyId: string; record: InteractionRecord }[] = [];
    const takeTurn = turnTaker();
    for (const row of rows) {
      // The tracker is synchronous work: the event loop gets a turn every few milliseconds.
      await takeTurn();
      const t0 = performance.now();
      const input = { id: String(row.id), title: row.title, text: row.text, url: row.url, publishedAt: row.canonicalAt, entityKeys: entityKeysOf.get(row.id) };
      const assignment = engine.assign(input);
      if (assignment.isNew) started.push(row.id);
      assigned.push({ row, storyId: assignment.storyId, record: storyRecord(input, assignment, performance.now() - t0) });
    }

    // The batch's stories as they stand after it (a story merged during the batch counts as its
    // survivor): one upsert for all of them.
    const byKey = new Map<string, { title: string; count: number; first: Date; last: Date }>();
    for (const { row, storyId } of assigned) {
      const key = engine.resolve(storyId);
      const story = byKey.get(key);
      if (!story) byKey.set(key, { title: row.title, count: 1, first: row.canonicalAt, last: row.canonicalAt });
      else {
        story.count++;
        if (row.canonicalAt < story.first) story.first = row.canonicalAt;
        if (row.canonicalAt > story.last) story.last = row.canonicalAt;
      }
    }
    const upserted = await tx
      .insert(stories)
      .values([...byKey].map(([key, story]) => ({ userId, key, title: story.title, eventCount: story.count, firstSeenAt: story.first, lastSeenAt: story.last })))
      .onConflictDoUpdate({
        target: [stories.userId, stories.key],
        set: { eventCount: sql`${stories.eventCount} + excluded.event_count`, lastSeenAt: sql`GREATEST(${stories.lastSeenAt}, excluded.last_seen_at)` },
      })
      .returning({ id: stories.id, key: stories.key });
    const idOfKey = new Map(upserted.map((story) => [story.key, story.id]));

    // Stories of earlier batches that the tracker merged into one of these: their events move to the survivor.
    const aliases = new Map([...byKey.keys()].flatMap((key) => engine.aliasesOf(key).map((alias) => [alias, key] as const)));
    if (aliases.size) {
      const absorbed = await tx.select({ id: stories.id, key: stories.key, eventCount: stories.eventCount }).from(stories).where(and(eq(stories.userId, userId), inArray(stories.key, [...aliases.keys()])));
      for (const old of absorbed) {
        const survivor = idOfKey.get(aliases.get(old.key)!)!;
        await tx.update(events).set({ storyId: survivor }).where(eq(events.storyId, old.id));
        await tx.update(stories).set({ eventCount: sql`${stories.eventCount} + ${old.eventCount}` }).where(eq(stories.id, survivor));
        await tx.delete(stories).where(eq(stories.id, old.id));
      }
    }

    // Every event of the batch: its story, the names it names and its interaction record, in one statement.
    const values = sql.join(
      assigned.map(
        (item) =>
          sql`(${item.row.id}::bigint, ${idOfKey.get(engine.resolve(item.storyId))!}::bigint, ${JSON.stringify(namesOf.get(item.row.id) ?? [])}::jsonb, ${JSON.stringify({ story_assignment: item.record })}::jsonb)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`UPDATE events SET story_id = v.story_id, entity_names = ARRAY(SELECT jsonb_array_elements_text(v.names)), llm_interactions = events.llm_interactions || v.record, updated_at = now()
      FROM (VALUES ${values}) AS v(id, story_id, names, record) WHERE events.id = v.id`);
    const [saved] = await tx
      .update(storyTrackers)
      .set({ state: sql`${engine.serialised()}::jsonb`, updatedAt: sql`clock_timestamp()` })
      .where(eq(storyTrackers.userId, userId))
      .returning({ version: trackerVersion });
    written = { version: saved!.version, engine };
    return { assigned: rows.length, started };
  });
  if (written) trackers.set(userId, written);
  else if (cached) trackers.set(userId, cached);
  return result;
}

/**
 * Each user's story tracker as this process last wrote it, with the row's updated_at (to the
 * microsecond) as its version: a batch reuses it when the row still has that version (no other
 * process wrote since), instead of reading and parsing the whole state again (most of the stage's
 * time once a user has thousands of stories). Least recently used trackers are dropped.
 */
const trackers = new LRUCache<string, { version: string; engine: StoryTracker }>({ max: 200 });
const trackerVersion = sql<string>`${storyTrackers.updatedAt}::text`;

/**
 * The story stage's interaction record: the tracker is the built-in
 * engine, stateful across a user's events, so it is not a capability call; the record says what it
 * read and what it decided.
 */
function storyRecord(input: { id: string; title: string; text: string; publishedAt: Date }, assignment: StoryAssignment, ms: number): InteractionRecord {
  const user = JSON.stringify({ event_id: input.id, title: input.title, published_at: input.publishedAt.toISOString(), text: input.text });
  const response = JSON.stringify({ story_id: assignment.storyId, is_new: assignment.isNew, similarity: Math.round(assignment.similarity * 1000) / 1000, matched_event_id: assignment.matchedEventId ?? null });
  return builtinRecord('story_assignment', 'story tracker: join the warm story most similar to this event, or start one', user, response, ms);
}
