import { sql, type SQL } from 'drizzle-orm';
import { originalDate } from '../db/original-date.js';
import { COLLECTIONS } from '../../contract/collections.js';
import type { TChunkMetadata, TSearchResponse, TSearchResult } from '../../contract/search.js';
import { rowsOf, type Database, type DbOrTx } from '../db/client.js';
import { vectorLiteral, type SearchIndex } from './index-state.js';

export interface SearchQuery {
  query: string;
  limit: number;
  offset: number;
  collections?: number[];
  from?: Date;
  to?: Date;
  minScore?: number;
}

/** Text rank r (ts_rank_cd) saturates as r / (r + K): a title hit ~0.9, one hit in a long text ~0.3. */
const TEXT_RANK_HALF = 0.1;
/** Candidates taken from each side before fusion. */
const POOL_MIN = 100;
const POOL_MAX = 1000;
const MAX_TERMS = 24;
/** HNSW candidate list size at query time: recall@10 >= 0.95 at 100k chunks (bench:search). */
export const HNSW_EF_SEARCH = 400;

function queryWords(query: string): string[] {
  return [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_TERMS);
}

function filters(q: SearchQuery, alias: string): SQL {
  const parts: SQL[] = [];
  const a = sql.raw(alias);
  if (q.collections?.length) parts.push(sql`${a}.collection_id IN (SELECT jsonb_array_elements_text(${JSON.stringify(q.collections)}::jsonb)::smallint)`);
  if (q.from) parts.push(sql`${a}.canonical_at >= ${q.from.toISOString()}::timestamptz`);
  if (q.to) parts.push(sql`${a}.canonical_at <= ${q.to.toISOString()}::timestamptz`);
  return parts.length ? sql.join([sql``, ...parts], sql` AND `) : sql``;
}

interface Scored {
  id: string;
  text_score: number;
  vector_score: number;
  total: string;
}

/**
 * Hybrid search over chunks.
 *
 * Candidates: chunks holding every query word (full text, best cover-density rank first), plus
 * with pgvector the nearest chunk vectors (HNSW, and those not yet in its graph), which bring the partial and related matches;
 * without pgvector, chunks holding any of the words when those holding all are too few. Each candidate is then scored on both sides:
 * - text: the share of query words it holds x (0.5 + 0.5 x saturated ts_rank_cd), so a title
 *   holding every word scores near 1 and a text sharing one common word of four stays low;
 * - vector: cosine similarity of the built-in (or configured) embedding.
 * The two are fused as 1 - (1-t)(1-v): strong on either side scores high, on both higher, and
 * the score stays in 0..1, so min_score and the topic threshold mean the same for every query.
 * Without pgvector the score is the text score alone. `total` counts the scored candidates
 * above min_score (at most POOL_MAX), not every chunk that shares a word.
 */
export async function searchChunks(database: Database, index: SearchIndex, q: SearchQuery): Promise<TSearchResponse> {
  const started = performance.now();
  const pool = Math.min(POOL_MAX, Math.max(POOL_MIN, (q.offset + q.limit) * 3));
  const words = queryWords(q.query);
  const minScore = q.minScore ?? 0;
  // A query with nothing to mean (only stop words: "the") embeds to a zero vector, whose distance
  // to anything is NaN: it searches by its text alone, which finds nothing, and answers empty.
  const [vector] = index.vectors ? await index.embedder.embed([q.query]) : [];
  const hybrid = Boolean(vector?.some((x) => x !== 0));
  // No word at all ("?!"): nothing to look for.
  if (words.length === 0) return { results: [], total: 0, query_time_ms: Math.round((performance.now() - started) * 10) / 10, mode: hybrid ? 'hybrid' : 'full_text' };
  const advanced = /["]|\bor\b|(^|\s)-\w/i.test(q.query);
  const allQuery = advanced ? sql`websearch_to_tsquery('english', ${q.query})` : sql`plainto_tsquery('english', ${words.join(' ')})`;
  const anyQuery = sql`to_tsquery('english', ${words.join(' | ') || "''"})`;
  const termQueries = words.map((w) => sql`to_tsquery('english', ${w})`);
  // Words the English configuration drops (stop words) do not count towards coverage.
  const matched = termQueries.length ? sql.join(termQueries.map((t) => sql`(c.tsv @@ ${t})::int`), sql` + `) : sql`0`;
  const counted = termQueries.length ? sql.join(termQueries.map((t) => sql`(numnode(${t}) > 0)::int`), sql` + `) : sql`0`;

  const run = async (db: DbOrTx) => {
    let vectorCte = sql``;
    let vectorJoin = sql``;
    let vectorScore = sql`0::float8`;
    if (hybrid) {
      await db.execute(sql.raw(`SET LOCAL hnsw.ef_search = ${Math.min(1000, Math.max(HNSW_EF_SEARCH, pool))}`));
      const filtered = Boolean(q.collections?.length || q.from || q.to);
      if (index.iterativeScan && filtered) await db.execute(sql`SET LOCAL hnsw.iterative_scan = relaxed_order`);
      const literal = vectorLiteral(vector!);
      // The nearest in the HNSW graph, and the nearest of the vectors still waiting for it
      // (an exact scan of a small table; vector-index.ts), the closest `pool` of both.
      const nearest = (table: string) => sql`(
          SELECT v.chunk_id AS id, v.embedding <=> ${literal}::vector AS d FROM ${sql.raw(table)} v
          ${filtered ? sql`JOIN chunks c ON c.id = v.chunk_id WHERE true ${filters(q, 'c')}` : sql``}
          ORDER BY v.embedding <=> ${literal}::vector LIMIT ${pool})`;
      vectorCte = sql`,
        vec AS (SELECT id FROM (${nearest('chunk_vectors')} UNION ALL ${nearest('chunk_vectors_pending')}) n ORDER BY d LIMIT ${pool})`;
      vectorJoin = sql`LEFT JOIN chunk_vectors v ON v.chunk_id = c.id LEFT JOIN chunk_vectors_pending p ON p.chunk_id = c.id`;
      vectorScore = sql`COALESCE(GREATEST(0, 1 - (COALESCE(v.embedding, p.embedding) <=> ${literal}::vector)), 0)`;
    }
    const explain = process.env.SEARCH_EXPLAIN ? sql`EXPLAIN ANALYZE ` : sql``;
    const out = rowsOf<Scored>(
      await db.execute(sql`${explain}
        WITH q AS (SELECT ${allQuery} AS q_all, ${anyQuery} AS q_any, GREATEST(1, ${counted}) AS n_terms),
        ft_all AS (
          SELECT c.id FROM chunks c, q WHERE c.tsv @@ q.q_all ${filters(q, 'c')}
          ORDER BY ts_rank_cd(c.tsv, q.q_all) DESC LIMIT ${pool}
        ),
        ${
          // Partial matches: the vectors find them in hybrid mode; full text alone has to rank them.
          hybrid
            ? sql`vec_only AS (SELECT 1)`
            : sql`ft_any AS (
          SELECT c.id FROM chunks c, q WHERE (SELECT count(*) FROM ft_all) < ${q.offset + q.limit} AND c.tsv @@ q.q_any ${filters(q, 'c')}
          ORDER BY ts_rank_cd(c.tsv, q.q_any) DESC LIMIT ${pool}
        )`
        } ${vectorCte},
        cand AS (SELECT id FROM ft_all UNION ${hybrid ? sql`SELECT id FROM vec` : sql`SELECT id FROM ft_any`}),
        scored AS (
          SELECT c.id,
            LEAST(1, (${matched})::float8 / q.n_terms) * CASE WHEN c.tsv @@ q.q_any
              THEN 0.5 + 0.5 * ts_rank_cd(c.tsv, q.q_any) / (ts_rank_cd(c.tsv, q.q_any) + ${TEXT_RANK_HALF}) ELSE 0 END AS text_score,
            ${vectorScore} AS vector_score
          FROM cand JOIN chunks c ON c.id = cand.id ${vectorJoin}, q
        ),
        fused AS (SELECT id, text_score, vector_score, 1 - (1 - text_score) * (1 - vector_score) AS score FROM scored)
        SELECT id::text, text_score, vector_score, count(*) OVER () AS total
        FROM fused WHERE score >= ${minScore}
        ORDER BY score DESC, id LIMIT ${q.limit} OFFSET ${q.offset}`),
    );
    if (process.env.SEARCH_EXPLAIN) console.log(out.map((r) => Object.values(r)[0]).join('\n'));
    return out;
  };

  const rows = hybrid ? await database.db.transaction(run) : await run(database.db);
  const total = Number(rows[0]?.total ?? 0);
  const scores = new Map(rows.map((r) => [Number(r.id), 1 - (1 - Number(r.text_score)) * (1 - Number(r.vector_score))]));
  const chunks = await loadChunks(database, [...scores.keys()]);
  const results: TSearchResult[] = rows.flatMap((r) => {
    const chunk = chunks.get(Number(r.id));
    if (!chunk) return [];
    return [{ id: chunk.id, title: chunk.title, text: chunk.text, score: Math.round(scores.get(chunk.id)! * 10000) / 10000, metadata: chunk.metadata }];
  });
  return { results, total, query_time_ms: Math.round((performance.now() - started) * 10) / 10, mode: hybrid ? 'hybrid' : 'full_text' };
}

export interface LoadedChunk {
  id: number;
  documentId: number;
  title: string;
  text: string;
  metadata: TChunkMetadata;
}

interface ChunkRow {
  id: string;
  document_id: string;
  chunk_index: number;
  type: 'title' | 'text';
  text: string;
  token_len: number;
  char_size: number;
  word_size: number;
  title: string;
  publisher: string | null;
  content_type: string;
  collection_id: number;
  canonical_at: string | Date;
  metadata: Record<string, unknown> | null;
  source_id: string;
  source_name: string;
  source_kind: string;
  total_chunks: string;
}

/** A replayed document's original date (ISO), null for a document that arrived when it was published. */
function replayedDate(row: Pick<ChunkRow, 'canonical_at' | 'metadata'>): string | null {
  const canonicalAt = new Date(row.canonical_at);
  const original = originalDate({ canonicalAt, metadata: row.metadata });
  return original.getTime() === canonicalAt.getTime() ? null : original.toISOString();
}

export function chunkMetadata(row: ChunkRow): TChunkMetadata {
  const collection = COLLECTIONS.find((c) => c.id === Number(row.collection_id));
  return {
    document_id: Number(row.document_id),
    source: row.publisher ?? row.source_name,
    collection: collection?.name ?? 'Unknown',
    collection_id: Number(row.collection_id),
    publisher: row.publisher,
    source_content_type: row.content_type,
    agent: row.source_kind,
    agent_category: collection?.key ?? 'unknown',
    namespace: `source-${row.source_id}`,
    canonical_at: new Date(row.canonical_at).toISOString(),
    original_published_at: replayedDate(row),
    chunk_index: Number(row.chunk_index),
    total_chunks: Number(row.total_chunks),
    type: row.type,
    chunk_char_size: Number(row.char_size),
    chunk_word_size: Number(row.word_size),
    token_len: Number(row.token_len),
  };
}

export const CHUNK_COLUMNS = sql`
  c.id::text, c.document_id::text, c.chunk_index, c.type, c.text, c.token_len, c.char_size, c.word_size,
  d.title, d.publisher, d.content_type, d.collection_id, d.canonical_at, d.metadata, d.source_id::text,
  s.name AS source_name, s.kind AS source_kind,
  (SELECT count(*) FROM chunks x WHERE x.document_id = c.document_id)::text AS total_chunks`;

async function loadChunks(database: Database, ids: number[]): Promise<Map<number, LoadedChunk>> {
  if (ids.length === 0) return new Map();
  const rows = rowsOf<ChunkRow>(
    await database.db.execute(sql`
      SELECT ${CHUNK_COLUMNS}
      FROM chunks c JOIN documents d ON d.id = c.document_id JOIN sources s ON s.id = d.source_id
      WHERE c.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::bigint)`),
  );
  return new Map(rows.map((row) => [Number(row.id), { id: Number(row.id), documentId: Number(row.document_id), title: row.title, text: row.text, metadata: chunkMetadata(row) }]));
}
