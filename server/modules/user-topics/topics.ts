import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { COLLECTIONS } from '../../../contract/collections.js';
import { TOPIC_LIMITS, TOPIC_MESSAGES, type TTopic } from '../../../contract/topics.js';
import { AppError } from '../../http/errors.js';
import type { AppDb, DbOrTx } from '../../db/client.js';
import { topics, type RelevanceMatrix } from '../../db/schema/index.js';
import { topicKey } from '../../intelligence/capabilities/suggest-topics.js';
import type { TTopicFields } from '../../intelligence/capabilities/topic-fields.js';

export type TopicRow = typeof topics.$inferSelect;

/** A topic's profile columns as the profile's fields (the inverse of profileColumns). */
export function profileFields(row: TopicRow) {
  return {
    description: row.description,
    information_sought: row.informationSought,
    query: row.query,
    ai_query: row.aiQuery,
    key_events: row.keyEvents,
    key_entities: row.keyEntities,
    key_places: row.keyPlaces,
  };
}

export function presentTopic(row: TopicRow): TTopic {
  return {
    id: row.id,
    name: row.name,
    ...profileFields(row),
    sources: Object.fromEntries(row.sources.map((id) => [String(id), COLLECTIONS.find((c) => c.id === id)?.name ?? String(id)])),
    relevance_matrix: row.relevanceMatrix ?? null,
    created_at: row.createdAt.toISOString(),
    processing: row.description.trim() === '',
  };
}

/** A topic profile (the validate-topic capability's fields) as the topic's columns; the caller picks the sources. */
export function profileColumns(fields: TTopicFields) {
  return {
    description: fields.description,
    informationSought: fields.information_sought,
    query: fields.query,
    aiQuery: fields.ai_query,
    keyEvents: fields.key_events,
    keyEntities: fields.key_entities,
    keyPlaces: fields.key_places,
    relevanceMatrix: fields.relevance_matrix,
  };
}

export async function activeTopics(db: DbOrTx, userId: string): Promise<TopicRow[]> {
  return db.select().from(topics).where(and(eq(topics.userId, userId), isNull(topics.retiredAt))).orderBy(asc(topics.createdAt), asc(topics.id));
}

export interface NewTopic {
  name: string;
  description?: string;
  informationSought?: string;
  query?: string;
  aiQuery?: string;
  keyEvents?: string[];
  keyEntities?: string[];
  keyPlaces?: string[];
  sources?: number[];
  relevanceMatrix?: RelevanceMatrix;
}

/**
 * Creates a topic for a user as given. Validation by the AI layer (POST /topics/validate/)
 * arrives with the onboarding issue and calls this once a topic is accepted; the demo seed
 * uses it directly.
 */
export async function createTopic(db: DbOrTx, userId: string, input: NewTopic): Promise<TopicRow> {
  const selectable = COLLECTIONS.filter((c) => c.topicSelectable).map((c) => c.id);
  const [row] = await db
    .insert(topics)
    .values({
      userId,
      name: input.name.trim(),
      description: input.description ?? '',
      informationSought: input.informationSought ?? '',
      query: input.query ?? '',
      aiQuery: input.aiQuery ?? '',
      keyEvents: input.keyEvents ?? [],
      keyEntities: input.keyEntities ?? [],
      keyPlaces: input.keyPlaces ?? [],
      sources: (input.sources ?? selectable).filter((id) => COLLECTIONS.some((c) => c.id === id)),
      relevanceMatrix: input.relevanceMatrix ?? null,
    })
    .returning();
  return row!;
}

/** The user's active topic that is the same as `name` (same words, any order or case), if any. */
export function sameTopic(rows: TopicRow[], name: string): TopicRow | undefined {
  const key = topicKey(name);
  const lower = name.trim().toLowerCase();
  return rows.find((row) => row.name.trim().toLowerCase() === lower || (key !== '' && topicKey(row.name) === key));
}

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown) => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === UNIQUE_VIOLATION) return true;
  return false;
};

/** The code of the answer when a user already follows TOPIC_LIMITS.perUser topics. */
export const TOPIC_LIMIT_CODE = 'topic_limit';

/**
 * Creates a topic unless the user already follows the same one. Requests for one user are
 * serialised by an advisory lock while the check and insert run, and the unique index on the
 * active name is the last guard, so a double submit creates one topic and the second request
 * gets the first one back with `created: false`.
 */
export async function createTopicOnce(db: AppDb, userId: string, input: NewTopic): Promise<{ row: TopicRow; created: boolean }> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`topics:${userId}`}))`);
      const active = await activeTopics(tx, userId);
      const existing = sameTopic(active, input.name);
      if (existing) return { row: existing, created: false };
      if (active.length >= TOPIC_LIMITS.perUser) throw new AppError(400, TOPIC_LIMIT_CODE, TOPIC_MESSAGES.tooMany);
      return { row: await createTopic(tx, userId, input), created: true };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const existing = sameTopic(await activeTopics(db, userId), input.name);
    if (!existing) throw error;
    return { row: existing, created: false };
  }
}

/** Retires one of the user's topics; false when it is not theirs or already retired. */
export async function retireTopic(db: DbOrTx, userId: string, topicId: number): Promise<boolean> {
  const rows = await db
    .update(topics)
    .set({ retiredAt: new Date() })
    .where(and(eq(topics.id, topicId), eq(topics.userId, userId), isNull(topics.retiredAt)))
    .returning({ id: topics.id });
  return rows.length > 0;
}
