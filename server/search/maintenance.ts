import type { Database } from '../db/client.js';

/**
 * What autovacuum does on a server, done by hand: PGlite has no background workers. Merges the
 * GIN index's pending list (every query scans it until then), refreshes planner statistics, and
 * vacuums events: a page the visibility map does not call all-visible sends an index-only scan to
 * the table, so without it a topic's trends read every article's row instead of
 * events_topic_trend_idx alone (a 90-day dashboard of 100,000 articles: ~1 s instead of ~0.25 s).
 * Vacuum only visits the pages changed since the last one (tens of ms); ANALYZE of events, whose
 * articles make it long, is left out.
 * Called after source runs that stored documents (maintainSearchIndexSoon); a server's autovacuum
 * does this itself unless `force` (benchmarks).
 */
export async function maintainSearchIndex(database: Database, force = false): Promise<void> {
  if (database.kind !== 'pglite' && !force) return;
  await database.sql(`SELECT gin_clean_pending_list('chunks_tsv_idx'::regclass)`);
  await database.sql('ANALYZE documents; ANALYZE chunks;');
  await database.sql('VACUUM events');
  const vectors = await database.sql<{ t: string | null }>(`SELECT to_regclass('chunk_vectors')::text AS t`, []);
  if (vectors.rows[0]?.t) await database.sql('ANALYZE chunk_vectors');
}

/** At most one maintenance per this many milliseconds after source runs (ANALYZE grows with the store). */
const MAINTENANCE_GAP_MS = 30_000;
const state = new WeakMap<Database, { last: number; dirty: boolean }>();

/**
 * After a source run stored documents: maintenance now, unless one ran in the last 30 seconds
 * (two hundred feeds finishing within a minute need one ANALYZE, not two hundred); what is left
 * dirty is done by `maintainSearchIndexIfDirty` at the next sources tick.
 */
export async function maintainSearchIndexSoon(database: Database, now = Date.now()): Promise<void> {
  const current = state.get(database) ?? { last: 0, dirty: false };
  state.set(database, current);
  if (now - current.last < MAINTENANCE_GAP_MS) {
    current.dirty = true;
    return;
  }
  current.last = now;
  current.dirty = false;
  await maintainSearchIndex(database);
}

export async function maintainSearchIndexIfDirty(database: Database): Promise<void> {
  const current = state.get(database);
  if (!current?.dirty) return;
  current.dirty = false;
  current.last = Date.now();
  await maintainSearchIndex(database);
}
