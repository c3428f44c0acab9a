import type { Database } from '../db/client.js';

/**
 * What autovacuum does on a server, done by hand: PGlite has no background workers. Merges the
 * GIN index's pending list (every query scans it until then) and refreshes planner statistics.
 * Called after each source run that stored documents; a server's autovacuum does this itself
 * unless `force` (benchmarks).
 */
export async function maintainSearchIndex(database: Database, force = false): Promise<void> {
  if (database.kind !== 'pglite' && !force) return;
  await database.sql(`SELECT gin_clean_pending_list('chunks_tsv_idx'::regclass)`);
  await database.sql('ANALYZE documents; ANALYZE chunks;');
  const vectors = await database.sql<{ t: string | null }>(`SELECT to_regclass('chunk_vectors')::text AS t`, []);
  if (vectors.rows[0]?.t) await database.sql('ANALYZE chunk_vectors');
}
