import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { documents, documentSummaries, events, stories, storyTrackers } from '../db/schema/index.js';
import { createStoryTracker, type StoryAssignment, type TrackerState } from '../intelligence/builtin/stories.js';
import type { InteractionRecord } from '../intelligence/types.js';
import { builtinRecord } from '../intelligence/engine.js';
import type { StageContext } from './context.js';

/**
 * Story assignment for detected events with each user's story tracker: an event joins the story
 * of earlier events about the same happening, or starts one. Per user, in one transaction: the
 * tracker state is read under a row lock (one user's events are assigned one at a time, in any
 * process), all of that user's events in the batch are assigned in id order, and the state is
 * written once (it is the costly part: reading and writing it per event made the stage quadratic).
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
  for (const { userId } of owners) {
    const result = await assignForUser(context, userId, eventIds);
    assigned += result.assigned;
    newStories += result.started.length;
    started.push(...result.started);
  }
  return { assigned, newStories, started };
}

async function assignForUser(context: StageContext, userId: string, eventIds: number[]) {
  return context.database.db.transaction(async (tx) => {
    await tx.insert(storyTrackers).values({ userId, state: {} }).onConflictDoNothing();
    const [tracker] = await tx.select().from(storyTrackers).where(eq(storyTrackers.userId, userId)).for('update');
    // Read after the lock: another process may have assigned some of these meanwhile.
    const rows = await tx
      .select({ id: events.id, title: documents.title, text: documents.text, canonicalAt: documents.canonicalAt, summary: documentSummaries.summary })
      .from(events)
      .innerJoin(documents, eq(documents.id, events.documentId))
      .leftJoin(documentSummaries, eq(documentSummaries.documentId, events.documentId))
      .where(and(inArray(events.id, eventIds), eq(events.userId, userId), eq(events.status, 'detected'), sql`${events.storyId} IS NULL`))
      .orderBy(asc(events.id));
    if (rows.length === 0) return { assigned: 0, started: [] as number[] };
    const saved = tracker?.state as unknown as TrackerState | undefined;
    const engine = createStoryTracker(saved && saved.version ? { state: saved } : {});
    const started: number[] = [];
    for (const row of rows) {
      const t0 = performance.now();
      const input = { id: String(row.id), title: row.title, text: `${row.summary ?? ''}\n${row.text.slice(0, 4000)}`, publishedAt: row.canonicalAt };
      const assignment = engine.assign(input);
      const record = storyRecord(input, assignment, performance.now() - t0);
      if (assignment.isNew) started.push(row.id);
      const key = engine.resolve(assignment.storyId);
      const now = row.canonicalAt;
      const [story] = await tx
        .insert(stories)
        .values({ userId, key, title: row.title, eventCount: 1, firstSeenAt: now, lastSeenAt: now })
        .onConflictDoUpdate({
          target: [stories.userId, stories.key],
          set: { eventCount: sql`${stories.eventCount} + 1`, lastSeenAt: sql`GREATEST(${stories.lastSeenAt}, ${now.toISOString()}::timestamptz)` },
        })
        .returning({ id: stories.id });
      // Merged stories: events of the absorbed story move to the survivor.
      for (const alias of engine.aliasesOf(key)) {
        const [absorbed] = await tx.select({ id: stories.id }).from(stories).where(and(eq(stories.userId, userId), eq(stories.key, alias)));
        if (absorbed) {
          await tx.update(events).set({ storyId: story!.id }).where(eq(events.storyId, absorbed.id));
          await tx.update(stories).set({ eventCount: sql`${stories.eventCount} + (SELECT event_count FROM stories WHERE id = ${absorbed.id})` }).where(eq(stories.id, story!.id));
          await tx.delete(stories).where(eq(stories.id, absorbed.id));
        }
      }
      await tx
        .update(events)
        .set({ storyId: story!.id, llmInteractions: sql`${events.llmInteractions} || ${JSON.stringify({ story_assignment: record })}::jsonb`, updatedAt: new Date() })
        .where(eq(events.id, row.id));
    }
    await tx.update(storyTrackers).set({ state: engine.state() as unknown as Record<string, unknown>, updatedAt: new Date() }).where(eq(storyTrackers.userId, userId));
    return { assigned: rows.length, started };
  });
}

/**
 * The story stage's interaction record (spec 3 'Prompt record'): the tracker is the built-in
 * engine, stateful across a user's events, so it is not a capability call; the record says what it
 * read and what it decided.
 */
function storyRecord(input: { id: string; title: string; text: string; publishedAt: Date }, assignment: StoryAssignment, ms: number): InteractionRecord {
  const user = JSON.stringify({ event_id: input.id, title: input.title, published_at: input.publishedAt.toISOString(), text: input.text });
  const response = JSON.stringify({ story_id: assignment.storyId, is_new: assignment.isNew, similarity: Math.round(assignment.similarity * 1000) / 1000, matched_event_id: assignment.matchedEventId ?? null });
  return builtinRecord('story_assignment', 'story tracker: join the warm story most similar to this event, or start one', user, response, ms);
}
