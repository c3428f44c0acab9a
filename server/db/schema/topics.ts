import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
 * A topic's relevance model (server/intelligence/builtin/topic-model.ts): the weighted words the
 * pre-filter and built-in detection score a document by, built from the topic's words expanded
 * with what the store's documents about it say and with the reader's judgements, and the bars
 * calibrated on the store's scores for it.
 */
export interface TopicModelRecord {
  version: number;
  /** The language the topic's words are read in (ISO 639-1). */
  language: string;
  /** Feature -> weight (inverse document frequency included): a stem, `=word` (the word as written, plurals folded) or `word_word` (two words in a row). */
  terms: Record<string, number>;
  /** Average length (in weighted words) of the store's documents, for BM25's length normalisation. */
  avgLength: number;
  /** The raw score that maps to 1: the mean of the store's ten best documents for the topic. */
  reference: number;
  /** Normalised score detection passes at (built-in engine), and the pre-filter's (lower: recall first). */
  bar: number;
  prefilterBar: number;
  /** What a language model's weighted total is held to (0.5 until the reader's judgements move it). */
  llmBar: number;
  /** `store`: expanded from the documents about it; `words`: the store holds nothing about it yet (generous until it does). */
  basis: 'store' | 'words';
  /** Documents of the sample at or above the bar, the sample's size, and the newest document id it held. */
  evidence: number;
  sampleSize: number;
  lastDocumentId: number;
  judgements: { more: number; less: number };
  /** The topic's class in the store (builtin/topic-class.ts): prior and stem log-odds; absent while the store knows nothing of the topic. */
  kind?: { prior: number; logOdds: Record<string, number> };
  /** The parts of the topic's name, each word's weight and the stems that say it: a document of the class must name one part. */
  concept?: { weight: number; forms: string[]; scope?: true }[][];
  /** Pairs of words (`word_word`) in which a word of the name has another sense, and that word's features they hide (builtin/topic-senses.ts). */
  senses?: Record<string, string[]>;
  builtAt: string;
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
    /** The relevance model (null until first built: the pre-filter then reads the topic's words alone). */
    relevanceModel: jsonb('relevance_model').$type<TopicModelRecord | null>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The start of the last spike the reader was told of (server/trends/spike-alerts.ts): one email a spike. */
    spikeNotifiedFor: timestamp('spike_notified_for', { withTimezone: true }),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /**
     * Since when topic_name_days counts the topic's names (null: not yet, its trends read the
     * articles; the count-topic-names job fills it for topics older than the table).
     */
    namesCountedAt: timestamp('names_counted_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [
    index('topics_user_idx').on(t.userId).where(sql`retired_at IS NULL`),
    // A user never follows the same name twice, even when two requests race (double submit).
    uniqueIndex('topics_user_active_name_key').on(t.userId, sql`lower(${t.name})`).where(sql`retired_at IS NULL`),
  ],
);

/**
 * How many of a topic's published articles named each name, per UTC day of publication: what the
 * trends' rising names read instead of unnesting every article's names (server/trends). Kept by
 * the trigger events_topic_names of migration 0036 on every insert, update and delete of an
 * article, for topics whose names_counted_at is set; count-topic-names fills older topics.
 */
export const topicNameDays = pgTable(
  'topic_name_days',
  {
    topicId: bigint('topic_id', { mode: 'number' })
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.topicId, t.day, t.name] })],
);
