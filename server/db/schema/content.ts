import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A configured source: one connector kind with its settings, schedule and state. The cursor
 * and validators make runs incremental; failures are counted and a source that keeps failing
 * is disabled with the reason kept for the CLI and the inspection views.
 */
export const sources = pgTable(
  'sources',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    collectionId: smallint('collection_id').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull().default({}),
    enabled: boolean('enabled').notNull().default(true),
    intervalMinutes: integer('interval_minutes').notNull(),
    cursor: jsonb('cursor').$type<unknown>(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lastError: text('last_error'),
    disabledReason: text('disabled_reason'),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull().defaultNow(),
    documentsIngested: integer('documents_ingested').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Since when source_sentences counts the source's sentences (null: not yet; the
     * count-source-sentences job fills sources older than the table, migration 0037).
     */
    sentencesCountedAt: timestamp('sentences_counted_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [uniqueIndex('sources_kind_name_key').on(t.kind, t.name), index('sources_due_idx').on(t.nextRunAt).where(sql`enabled`)],
);

/**
 * One run of a source: when, what triggered it, what it fetched and stored, how many requests the
 * server answered 304 Not Modified, and the error of a failed run. A running run (finished_at
 * null) carries its progress, updated after each page, for the Sources page. Old runs are pruned.
 */
export const sourceRuns = pgTable(
  'source_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sourceId: bigint('source_id', { mode: 'number' })
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    trigger: text('trigger').$type<'schedule' | 'manual' | 'cli'>().notNull().default('schedule'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ok: boolean('ok'),
    pages: integer('pages').notNull().default(0),
    received: integer('received').notNull().default(0),
    inserted: integer('inserted').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    requests: integer('requests').notNull().default(0),
    notModified: integer('not_modified').notNull().default(0),
    error: text('error'),
    /** The process running it says it is alive (every 30 s and after each page); a run silent for 2 minutes was cut off. */
    beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('source_runs_source_started_idx').on(t.sourceId, t.startedAt),
    // The runs in progress (the Sources page, the vector index waiting for quiet sources).
    index('source_runs_running_idx').on(t.startedAt).where(sql`${t.finishedAt} IS NULL`),
  ],
);

/**
 * A normalised document. Unique by source + external id, by canonical URL and by content hash,
 * so ingesting the same response twice, or concurrently, adds nothing. Near-duplicates from
 * other sources are kept but point at the document they repeat.
 */
export const documents = pgTable(
  'documents',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sourceId: bigint('source_id', { mode: 'number' })
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    collectionId: smallint('collection_id').notNull(),
    title: text('title').notNull(),
    text: text('text').notNull(),
    url: text('url'),
    canonicalUrl: text('canonical_url'),
    publisher: text('publisher'),
    contentType: text('content_type').notNull(),
    language: text('language'),
    /** The time the document is about (published or updated at the source); ingest time if unknown. */
    canonicalAt: timestamp('canonical_at', { withTimezone: true }).notNull(),
    /** The source's own publication time, when it gave one. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    ingestedAt: timestamp('ingested_at', { withTimezone: true }).notNull().defaultNow(),
    contentHash: text('content_hash').notNull(),
    /** SimHash of the text split in four 16-bit bands: documents sharing a band are compared. */
    simhashBands: integer('simhash_bands').array().notNull(),
    nearDuplicateOf: bigint('near_duplicate_of', { mode: 'number' }),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    tokenCount: integer('token_count').notNull(),
    charCount: integer('char_count').notNull(),
    wordCount: integer('word_count').notNull(),
  },
  (t) => [
    uniqueIndex('documents_source_external_key').on(t.sourceId, t.externalId),
    uniqueIndex('documents_content_hash_key').on(t.contentHash),
    uniqueIndex('documents_canonical_url_key').on(t.canonicalUrl),
    index('documents_canonical_at_idx').on(t.canonicalAt),
    index('documents_collection_idx').on(t.collectionId, t.canonicalAt),
    // Without fastupdate: every ingest page looks up its bands here, and a pending list (which a
    // lookup reads whole until vacuum merges it; the embedded database never vacuums) made that
    // 50-80 ms at 10,000 documents instead of 1-2.
    index('documents_simhash_idx').using('gin', t.simhashBands).with({ fastupdate: false }),
  ],
);

export const CHUNK_TYPES = ['title', 'text'] as const;

/**
 * Search units: a title chunk, then ~300-token text chunks with overlap. The tsvector is a
 * generated column (title chunks weigh A, text D); the embedding lives in `chunk_vectors`,
 * created beside this table when pgvector exists (server/search/vector-index.ts).
 */
export const chunks = pgTable(
  'chunks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    documentId: bigint('document_id', { mode: 'number' })
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    chunkIndex: integer('chunk_index').notNull(),
    type: text('type', { enum: CHUNK_TYPES }).notNull(),
    text: text('text').notNull(),
    /** Where the chunk starts and ends in the document text (title chunks: 0, 0). */
    startChar: integer('start_char').notNull(),
    endChar: integer('end_char').notNull(),
    tokenLen: integer('token_len').notNull(),
    charSize: integer('char_size').notNull(),
    wordSize: integer('word_size').notNull(),
    /** Denormalised from the document for filtered search without a join. */
    collectionId: smallint('collection_id').notNull(),
    canonicalAt: timestamp('canonical_at', { withTimezone: true }).notNull(),
    tsv: tsvector('tsv')
      .notNull()
      .generatedAlwaysAs(
        sql`setweight(to_tsvector('english'::regconfig, "text"), CASE WHEN "type" = 'title' THEN 'A' ELSE 'D' END::"char")`,
      ),
  },
  (t) => [
    uniqueIndex('chunks_document_index_key').on(t.documentId, t.chunkIndex),
    index('chunks_tsv_idx').using('gin', t.tsv),
    index('chunks_canonical_at_idx').on(t.canonicalAt),
  ],
);

/** Which embedding model the vector index holds (one row): a change triggers a re-embed. */
export const searchIndexState = pgTable('search_index_state', {
  id: smallint('id').primaryKey().default(1),
  embeddingModel: text('embedding_model').notNull(),
  dimensions: integer('dimensions').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * How many documents of a source, per publisher (one source may carry many publishers: the
 * Federal Register's agencies, the demo's sets), hold each sentence: the source's template is
 * what recurs (intelligence/capabilities/repeated-sentences.ts). Keys are hashes of the
 * normalised sentences a lead is chosen from; ingest adds a document's in the transaction that
 * writes it (documents/source-sentences.ts), for sources whose sentences_counted_at is set.
 */
export const sourceSentences = pgTable(
  'source_sentences',
  {
    sourceId: bigint('source_id', { mode: 'number' })
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    publisher: text('publisher').notNull(),
    key: integer('key').notNull(),
    documents: integer('documents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sourceId, t.publisher, t.key] })],
);
