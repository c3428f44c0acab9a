import type { Logger } from 'pino';
import type { Database } from '../db/client.js';
import type { DatabaseFeatures } from '../db/migrate.js';
import type { Embedder } from './embeddings.js';

/**
 * What search can use in this process: the embedder, and whether chunk vectors are indexed
 * (pgvector present). Shared by ingest (writes vectors) and search (reads them).
 */
export interface SearchIndex {
  embedder: Embedder;
  /** True when pgvector exists and `chunk_vectors` matches the embedder. */
  vectors: boolean;
  /** True when the embedding model changed and chunks wait for the re-embed job. */
  reembedPending: boolean;
  /** pgvector >= 0.8: filtered vector queries keep scanning the index until enough rows match. */
  iterativeScan?: boolean;
}

const VECTOR_TABLE = 'chunk_vectors';
/**
 * Vectors stored with their chunks and not yet in the HNSW graph: ingest writes here, search scans
 * them exactly beside the graph, and the `index-vectors` job moves them in (vector-index.ts).
 */
const PENDING_TABLE = 'chunk_vectors_pending';

const pendingTable = (dims: number, ifNotExists = '') => `CREATE TABLE ${ifNotExists}${PENDING_TABLE} (
       chunk_id bigint PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
       embedding vector(${dims}) NOT NULL
     )`;
/**
 * HNSW graph settings: smaller than pgvector's defaults (16, 64) because inserts dominate ingest
 * time on embedded PGlite; search widens ef_search instead. bench:search checks recall@10 >= 0.95.
 */
export const HNSW_M = 12;
export const HNSW_EF_CONSTRUCTION = 48;

/**
 * Makes the vector table fit the embedder. The table lives outside the migrations because
 * pgvector is optional; its dimension is fixed per model. A different model (or dimension)
 * than the one recorded drops the vectors and leaves a re-embed to the `reembed-chunks` job,
 * so changing the embedding model never stops the server.
 */
export async function openSearchIndex(database: Database, features: DatabaseFeatures, embedder: Embedder, logger: Logger): Promise<SearchIndex> {
  if (!features.pgvector) return { embedder, vectors: false, reembedPending: false };
  const dims = embedder.dimensions;
  if (!Number.isInteger(dims) || dims < 1 || dims > 2000) throw new Error(`embedding dimensions must be 1..2000 (HNSW), got ${dims}`);
  const { rows } = await database.sql<{ embedding_model: string; dimensions: number }>(
    'SELECT embedding_model, dimensions FROM search_index_state WHERE id = 1',
    [],
  );
  const state = rows[0];
  const exists = (await database.sql<{ t: string | null }>(`SELECT to_regclass('${VECTOR_TABLE}')::text AS t`, [])).rows[0]?.t;
  const version = (await database.sql<{ v: string }>("SELECT extversion AS v FROM pg_extension WHERE extname = 'vector'", [])).rows[0]?.v ?? '0';
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const iterativeScan = major > 0 || minor >= 8;
  if (state && exists && state.embedding_model === embedder.model && Number(state.dimensions) === dims) {
    // Installs from before the waiting table: it joins the index on its first start.
    await database.sql(pendingTable(dims, 'IF NOT EXISTS '));
    return { embedder, vectors: true, reembedPending: await hasUnembedded(database), iterativeScan };
  }
  if (state && exists) {
    logger.warn({ from: state.embedding_model, to: embedder.model }, 'embedding model changed: rebuilding the vector index in the background');
  }
  await database.sql(
    `DROP TABLE IF EXISTS ${PENDING_TABLE};
     DROP TABLE IF EXISTS ${VECTOR_TABLE};
     ${pendingTable(dims)};
     CREATE TABLE ${VECTOR_TABLE} (
       chunk_id bigint PRIMARY KEY REFERENCES chunks(id) ON DELETE CASCADE,
       embedding vector(${dims}) NOT NULL
     );
     CREATE INDEX ${VECTOR_TABLE}_hnsw ON ${VECTOR_TABLE} USING hnsw (embedding vector_cosine_ops) WITH (m = ${HNSW_M}, ef_construction = ${HNSW_EF_CONSTRUCTION});
     INSERT INTO search_index_state (id, embedding_model, dimensions, updated_at)
       VALUES (1, '${embedder.model.replace(/'/g, "''")}', ${dims}, now())
       ON CONFLICT (id) DO UPDATE SET embedding_model = excluded.embedding_model, dimensions = excluded.dimensions, updated_at = now();`,
  );
  return { embedder, vectors: true, reembedPending: await hasUnembedded(database), iterativeScan };
}

async function hasUnembedded(database: Database): Promise<boolean> {
  const { rows } = await database.sql<{ missing: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM chunks c WHERE c.type = 'text' AND NOT EXISTS (SELECT 1 FROM ${VECTOR_TABLE} v WHERE v.chunk_id = c.id)
       AND NOT EXISTS (SELECT 1 FROM ${PENDING_TABLE} p WHERE p.chunk_id = c.id)) AS missing`,
    [],
  );
  return rows[0]?.missing === true;
}

/** Formats a vector as pgvector's text input. */
export function vectorLiteral(vector: number[]): string {
  // pgvector keeps single precision: 9 significant digits read back as the very same float, in
  // about half the characters of a double's (less to send, and to parse, for every chunk).
  return `[${vector.map((x) => (x === 0 ? '0' : Math.fround(x).toPrecision(9))).join(',')}]`;
}
