import type { TSearchDiagnostic } from '../../contract/search.js';
import { COLLECTIONS } from '../../contract/collections.js';
import type { Database } from '../db/client.js';
import { HNSW_EF_CONSTRUCTION, HNSW_M, type SearchIndex } from './index-state.js';

const count = (value: unknown) => Number(value ?? 0);

/**
 * GET /search/diagnostic/: what the index holds and whether search runs hybrid, so a superuser
 * can tell why a document is not found (not stored, not embedded yet, no pgvector).
 */
export async function searchDiagnostic(database: Database, search: SearchIndex): Promise<TSearchDiagnostic> {
  const { rows: [totals] } = await database.sql<Record<string, unknown>>(
    `SELECT (SELECT count(*) FROM documents) AS documents,
            (SELECT count(*) FROM documents WHERE near_duplicate_of IS NOT NULL) AS near_duplicates,
            (SELECT count(*) FROM chunks WHERE type = 'title') AS title_chunks,
            (SELECT count(*) FROM chunks WHERE type = 'text') AS text_chunks,
            (SELECT max(canonical_at) FROM documents) AS newest`,
    [],
  );
  const { rows: perCollection } = await database.sql<{ collection_id: number; n: unknown }>('SELECT collection_id, count(*) AS n FROM documents GROUP BY collection_id', []);
  let embedded = 0;
  let awaitingIndex = 0;
  if (search.vectors) {
    const { rows } = await database.sql<{ n: unknown; waiting: unknown }>(
      'SELECT (SELECT count(*) FROM chunk_vectors) AS n, (SELECT count(*) FROM chunk_vectors_pending) AS waiting',
      [],
    );
    awaitingIndex = count(rows[0]?.waiting);
    embedded = count(rows[0]?.n) + awaitingIndex;
  }
  const textChunks = count(totals?.text_chunks);
  const byCollection = new Map(perCollection.map((r) => [Number(r.collection_id), count(r.n)]));
  const newest = totals?.newest;
  return {
    mode: search.vectors ? 'hybrid' : 'full_text',
    pgvector: search.vectors,
    embedding: { model: search.embedder.model, dimensions: search.embedder.dimensions, provider: search.embedder.model.startsWith('builtin') ? 'builtin' : 'remote' },
    reembed_pending: search.reembedPending,
    documents: count(totals?.documents),
    near_duplicates: count(totals?.near_duplicates),
    // Documents without text embed their title chunk, so "unembedded" counts text chunks only.
    chunks: { title: count(totals?.title_chunks), text: textChunks, embedded, unembedded: search.vectors ? Math.max(0, textChunks - embedded) : textChunks, awaiting_index: awaitingIndex },
    collections: COLLECTIONS.map((c) => ({ id: c.id, name: c.name, documents: byCollection.get(c.id) ?? 0 })),
    newest_document_at: newest ? new Date(newest as string).toISOString() : null,
    hnsw: search.vectors ? { m: HNSW_M, ef_construction: HNSW_EF_CONSTRUCTION } : null,
    checked_at: new Date().toISOString(),
  };
}
