import { sql, type SQL } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, json, jsonb, pgTable, smallint, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { documents } from './content.js';
import { topics } from './topics.js';

/**
 * What the alert policy decided for a published article (server/pipeline/alert-policy.ts):
 * `sent`; `held` (breaking-class, kept for the daily brief) with `story` or `cap`; or `not_breaking`
 * with `bar`, `alerts_off` or `catch_up`. `bar` is the calibrated bar the rank was held to.
 */
export interface AlertDecisionRecord {
  decision: 'sent' | 'held' | 'not_breaking';
  reason: 'top_rank' | 'story' | 'cap' | 'bar' | 'alerts_off' | 'catch_up';
  rank: number;
  bar: number;
  /** Whose recent ranks the bar was found in: the user's, the install's, or too few yet. */
  basis: 'user' | 'install' | 'too_few';
  sample: number;
  /** The alerted article of the same story (reason `story`). */
  story_event_id?: number;
  at: string;
}

/** Summaries are per document, shared by every user (the summarization stage). */
export const documentSummaries = pgTable('document_summaries', {
  documentId: bigint('document_id', { mode: 'number' })
    .primaryKey()
    .references(() => documents.id, { onDelete: 'cascade' }),
  summary: text('summary').notNull(),
  keyFacts: jsonb('key_facts').$type<string[]>().notNull().default([]),
  /** The interaction record (prompt, answer, model, tokens, cost). */
  interaction: jsonb('interaction').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the pre-filter matched this document against the topics (null: still to do). */
  prefilteredAt: timestamp('prefiltered_at', { withTimezone: true }),
});

export const EVENT_STATUSES = ['detected', 'dropped', 'failed'] as const;

/** A story: events about one developing happening, for one user, grouped over time. */
export const stories = pgTable(
  'stories',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The story tracker's id for this story (unique per user). */
    key: text('key').notNull(),
    title: text('title').notNull(),
    /** Kept for the inspection views: the entities the story's members name. */
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    eventCount: integer('event_count').notNull().default(0),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stories_user_last_idx').on(t.userId, t.lastSeenAt), uniqueIndex('stories_user_key').on(t.userId, t.key)],
);

/** Each user's story tracker state (server/intelligence/builtin/stories.ts), one row per user. */
export const storyTrackers = pgTable('story_trackers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  state: jsonb('state').$type<Record<string, unknown>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A fact with the documents that support it (novelty). */
export interface CitedFact {
  fact: string;
  citations: number[];
}

/**
 * The searchable text of an article (timeline search): title (weight A); theme, introduction and
 * points (B); section headings and contents (C). Immutable, so a GIN index can hold it; queries
 * must use this same expression for the index to serve them.
 */
export function articleSearchVector(article: SQL | AnyPgColumn): SQL {
  const path = (p: string) => sql`coalesce(jsonb_path_query_array(${article}, ${sql.raw(`'${p}'`)})::text, '')`;
  return sql`(setweight(to_tsvector('english'::regconfig, coalesce(${article} ->> 'title', '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(${article} ->> 'superhead', '') || ' ' || coalesce(${article} ->> 'introduction', '') || ' ' || ${path('$.bullet_points[*]')}), 'B') || setweight(to_tsvector('english'::regconfig, ${path('$.sections[*].heading')} || ' ' || ${path('$.sections[*].content')}), 'C'))`;
}

/**
 * One detected event: a document judged against one of a user's topics. The
 * later stages (novelty, story, research, article, QA, alert) add their fields to this row.
 * Unique per user, topic and document, so re-running detection never makes a second event.
 */
export const events = pgTable(
  'events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: bigint('topic_id', { mode: 'number' })
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    status: text('status', { enum: EVENT_STATUSES }).notNull(),
    /** The document's collection (source kind), kept by a trigger at insert (migration 0026): the trends count by it without reading documents. */
    collectionId: smallint('collection_id'),
    /** Pre-filter score that let the pair through. */
    prefilterScore: doublePrecision('prefilter_score').notNull(),
    detectionDocuments: jsonb('detection_documents').$type<unknown[]>().notNull().default([]),
    detectionDecision: text('detection_decision'),
    detectionRational: text('detection_rational'),
    detectionScores: jsonb('detection_scores').$type<Record<string, number>>(),
    decisionAudit: jsonb('decision_audit').$type<Record<string, unknown>>(),
    /** Interaction records keyed by stage name. */
    llmInteractions: jsonb('llm_interactions').$type<Record<string, unknown>>().notNull().default({}),
    // Novelty.
    novel: boolean('novel'),
    noveltyScore: doublePrecision('novelty_score'),
    noveltySummary: text('novelty_summary'),
    noveltyReason: text('novelty_reason'),
    novelFacts: jsonb('novel_facts').$type<CitedFact[]>(),
    knownFacts: jsonb('known_facts').$type<CitedFact[]>(),
    noveltyDocuments: jsonb('novelty_documents').$type<unknown[]>(),
    skipReason: text('skip_reason'),
    phaseChange: boolean('phase_change'),
    phaseChangeExplanation: text('phase_change_explanation'),
    /** Relevance from detection: weighted total (0..1) and its rank among the user's events. */
    relevanceScore: doublePrecision('relevance_score'),
    relevanceRank: integer('relevance_rank'),
    /** Events made while a new topic is backfilled from recent documents. */
    initialization: boolean('initialization').notNull().default(false),
    // Story and consolidation.
    storyId: bigint('story_id', { mode: 'number' }).references(() => stories.id, { onDelete: 'set null' }),
    /** The names the document's lead names, as a reader reads them (story stage; the topic's trends count them). */
    entityNames: text('entity_names').array(),
    consolidatedAt: timestamp('consolidated_at', { withTimezone: true }),
    /** Set on an event merged into another (consolidation); it gets no article of its own. */
    mergedIntoId: bigint('merged_into_id', { mode: 'number' }),
    // Research.
    researched: boolean('researched'),
    researchError: text('research_error'),
    queries: jsonb('queries').$type<unknown[]>(),
    // Article (composition).
    article: jsonb('article').$type<Record<string, unknown>>(),
    /**
     * The article's list-item fields (title, superhead, theme, introduction, bullet_points, points,
     * language) as json text, kept by PostgreSQL from `article` (the IMMUTABLE function
     * article_summary of migration 0013): a feed page reads ~300 bytes a row instead of picking
     * seven fields out of the whole article jsonb and printing them (0.27 -> 0.08 ms a page).
     */
    articleSummary: json('article_summary')
      .$type<Record<string, unknown>>()
      .generatedAlwaysAs(sql`article_summary(article)`),
    articleGenerated: boolean('article_generated').notNull().default(false),
    articleGenerationError: text('article_generation_error'),
    articleGeneratedAt: timestamp('article_generated_at', { withTimezone: true }),
    /** When later reports merged into this event were added to its published article (it is re-composed, never re-alerted). */
    articleUpdatedAt: timestamp('article_updated_at', { withTimezone: true }),
    language: text('language'),
    // QA ranking and delivery.
    finalRank: doublePrecision('final_rank'),
    qaAt: timestamp('qa_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    /**
     * The alert policy's decision on a published article (server/pipeline/alert-policy.ts): sent,
     * held (a breaking-class article kept for the daily brief: its story already alerted, or the
     * daily cap reached) or not breaking (under the calibrated bar), with the bar it was held to.
     */
    alertDecision: jsonb('alert_decision').$type<AlertDecisionRecord>(),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('events_user_topic_document_key').on(t.userId, t.topicId, t.documentId),
    index('events_user_created_idx').on(t.userId, t.createdAt),
    index('events_detected_idx').on(t.userId, t.createdAt).where(sql`status = 'detected'`),
    index('events_published_idx').on(t.userId, t.publishedAt, t.id).where(sql`article_generated`),
    // A topic's feed: its own articles newest first, and the articles its events were merged into.
    index('events_topic_published_idx').on(t.topicId, t.publishedAt, t.id).where(sql`article_generated`),
    index('events_merged_idx').on(t.topicId, t.mergedIntoId).where(sql`merged_into_id IS NOT NULL`),
    // events_topic_trend_idx (topic_id, published_at) INCLUDE (collection_id, entity_names, story_id, final_rank)
    // WHERE article_generated, in migration 0026 (drizzle has no INCLUDE): a topic's trends of a period read it alone.
    // The trends' names: which articles of a topic name one of a few names (array overlap).
    index('events_entity_names_idx').using('gin', t.entityNames).where(sql`article_generated`),
    index('events_article_search_idx').using('gin', articleSearchVector(t.article)).where(sql`article_generated`),
  ],
);

/**
 * The reader's "More like this" / "Less like this" on an article: one judgement per user, topic and
 * document (the article's event), changed or removed by the reader. The topic's relevance model
 * reads them (Rocchio feedback and its bar).
 */
export const relevanceJudgements = pgTable(
  'relevance_judgements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topicId: bigint('topic_id', { mode: 'number' })
      .notNull()
      .references(() => topics.id, { onDelete: 'cascade' }),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** The article (event) the judgement was given on. */
    eventId: bigint('event_id', { mode: 'number' }).references(() => events.id, { onDelete: 'set null' }),
    judgement: text('judgement', { enum: ['more', 'less'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('relevance_judgements_user_topic_document_key').on(t.userId, t.topicId, t.documentId), index('relevance_judgements_topic_idx').on(t.topicId)],
);
