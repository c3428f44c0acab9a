import { z } from 'zod';
import { COLLECTIONS } from './collections.js';

export const SEARCH_MESSAGES = {
  emptyQuery: 'Enter something to search for.',
  unknownCollection: 'Unknown collection',
  failed: 'Search failed: {detail}',
  failedFallback: 'An error occurred while searching',
} as const;

export const SEARCH_LIMITS = { defaultLimit: 10, maxLimit: 100, maxOffset: 10_000, maxQueryLength: 500 } as const;

/** min_score: a number in 0..1; anything else (missing, NaN, out of range, text) means no minimum. */
const ZMinScore = z.unknown().transform((value) => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 && n <= 1 ? n : undefined;
});

/** An epoch-seconds bound; an invalid one is ignored. */
const ZEpoch = z.unknown().transform((value) => {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) < 1e11 ? n : undefined;
});

const collectionIds = COLLECTIONS.map((c) => c.id);

export const ZSearchRequest = z.object({
  query: z
    .string()
    .max(SEARCH_LIMITS.maxQueryLength)
    .refine((q) => q.trim().length > 0, SEARCH_MESSAGES.emptyQuery),
  limit: z.coerce.number().int().min(1).max(SEARCH_LIMITS.maxLimit).default(SEARCH_LIMITS.defaultLimit),
  offset: z.coerce.number().int().min(0).max(SEARCH_LIMITS.maxOffset).default(0),
  filters: z
    .object({
      collections: z
        .array(z.coerce.number().int().refine((id) => collectionIds.includes(id), SEARCH_MESSAGES.unknownCollection))
        .optional(),
      date_range: z
        .object({ canonical_at_timestamp: z.object({ $gte: ZEpoch.optional(), $lte: ZEpoch.optional() }).partial().optional() })
        .partial()
        .optional(),
    })
    .partial()
    .optional(),
  min_score: ZMinScore.optional(),
});
export type TSearchRequest = z.input<typeof ZSearchRequest>;

export const ZChunkMetadata = z.object({
  document_id: z.number(),
  source: z.string(),
  collection: z.string(),
  collection_id: z.number(),
  publisher: z.string().nullable(),
  source_content_type: z.string(),
  agent: z.string(),
  agent_category: z.string(),
  namespace: z.string(),
  canonical_at: z.string(),
  /** When the document is a replay (the demo source): its original publication date; canonical_at is its arrival. */
  original_published_at: z.string().nullable().optional(),
  chunk_index: z.number(),
  total_chunks: z.number(),
  type: z.enum(['title', 'text']),
  chunk_char_size: z.number(),
  chunk_word_size: z.number(),
  token_len: z.number(),
});
export type TChunkMetadata = z.infer<typeof ZChunkMetadata>;

export const ZSearchResult = z.object({
  id: z.number(),
  title: z.string(),
  text: z.string(),
  score: z.number(),
  metadata: ZChunkMetadata,
});
export type TSearchResult = z.infer<typeof ZSearchResult>;

export const ZSearchResponse = z.object({
  results: z.array(ZSearchResult),
  total: z.number(),
  query_time_ms: z.number(),
  /** 'hybrid' (full text + vectors) or 'full_text' (no pgvector on this server). */
  mode: z.enum(['hybrid', 'full_text']),
});
export type TSearchResponse = z.infer<typeof ZSearchResponse>;

const ZViewMetrics = z.object({ token_count: z.number(), char_count: z.number(), word_count: z.number() });
const ZView = z.object({
  text: z.string(),
  /** True when the view holds the matched chunk. */
  is_selected: z.boolean(),
  segments: z.array(z.object({ chunk_id: z.number(), chunk_index: z.number(), text: z.string(), is_selected: z.boolean() })),
});

export const ZDocumentChunksResponse = z.object({
  chunks: z.array(z.object({ id: z.number(), text: z.string(), metadata: ZChunkMetadata, metadata_len: z.number(), metadata_token_len: z.number() })),
  documentInfo: z.object({
    title: z.string(),
    collection: z.string(),
    date: z.string(),
    source: z.string(),
    publisher: z.string().nullable(),
    namespace: z.string(),
    totalChunks: z.number(),
    documentId: z.number(),
    url: z.string().nullable(),
  }),
  matched_chunk_id: z.number().nullable(),
  reconstituted: z.object({
    chunk_view: ZView,
    full_document: z.string(),
    context_document: ZView,
    extended_context: ZView,
    bookend_context: ZView,
  }),
  metrics: z.object({
    chunk_view: ZViewMetrics,
    full_document: ZViewMetrics,
    context_document: ZViewMetrics,
    extended_context: ZViewMetrics,
    bookend_context: ZViewMetrics,
  }),
});
export type TDocumentChunksResponse = z.infer<typeof ZDocumentChunksResponse>;

export const ZDocumentUrlResponse = z.object({ id: z.number(), url: z.string().nullable(), title: z.string() });

/** GET /search/diagnostic/ (superusers): the state of the index and the embeddings. */
export const ZSearchDiagnostic = z.object({
  mode: z.enum(['hybrid', 'full_text']),
  pgvector: z.boolean(),
  embedding: z.object({ model: z.string(), dimensions: z.number(), provider: z.enum(['builtin', 'remote']) }),
  reembed_pending: z.boolean(),
  documents: z.number(),
  near_duplicates: z.number(),
  /** awaiting_index: embedded chunks not yet in the HNSW graph (searched exactly meanwhile). */
  chunks: z.object({ title: z.number(), text: z.number(), embedded: z.number(), unembedded: z.number(), awaiting_index: z.number() }),
  collections: z.array(z.object({ id: z.number(), name: z.string(), documents: z.number() })),
  newest_document_at: z.string().nullable(),
  hnsw: z.object({ m: z.number(), ef_construction: z.number() }).nullable(),
  checked_at: z.string(),
});
export type TSearchDiagnostic = z.infer<typeof ZSearchDiagnostic>;
