import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

/** One row of a topic's relevance matrix: what counts as high, medium and low relevance. */
export interface RelevanceLevels {
  high: string;
  medium: string;
  low: string;
}
export interface RelevanceMatrix {
  action_outcome: RelevanceLevels;
  entities: RelevanceLevels;
  places: RelevanceLevels;
}

/**
 * A topic a user follows. An empty description means the
 * topic is still being processed. Retired topics stay for the history of their events.
 */
export const topics = pgTable(
  'topics',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    informationSought: text('information_sought').notNull().default(''),
    query: text('query').notNull().default(''),
    aiQuery: text('ai_query').notNull().default(''),
    keyEvents: jsonb('key_events').$type<string[]>().notNull().default([]),
    keyEntities: jsonb('key_entities').$type<string[]>().notNull().default([]),
    keyPlaces: jsonb('key_places').$type<string[]>().notNull().default([]),
    /** Collection ids the topic draws from. */
    sources: jsonb('sources').$type<number[]>().notNull().default([]),
    relevanceMatrix: jsonb('relevance_matrix').$type<RelevanceMatrix | null>(),
    queriesData: jsonb('queries_data').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [
    index('topics_user_idx').on(t.userId).where(sql`retired_at IS NULL`),
    // A user never follows the same name twice, even when two requests race (double submit).
    uniqueIndex('topics_user_active_name_key').on(t.userId, sql`lower(${t.name})`).where(sql`retired_at IS NULL`),
  ],
);
