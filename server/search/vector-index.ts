import { z } from 'zod';
import type { Database } from '../db/client.js';
import type { JobDefinition, Queue } from '../jobs/types.js';

/**
 * The HNSW graph is built behind ingest, not in its path.
 *
 * Inserting a vector into the graph is most of what storing a document costs on the embedded
 * database (bench:feeds, 4,000 items of ~1,500 characters on PGlite: 34 s with the graph inserts
 * in the ingest transaction, 15 s without): a burst of new items waited for it, and so did every
 * request on the one connection. So ingest writes each chunk's vector to `chunk_vectors_pending`
 * (a plain table) and this job moves them into `chunk_vectors` (the graph) in small batches once
 * the sources are quiet. Nothing is unsearchable meanwhile: search scans the waiting vectors
 * exactly beside the graph (search.ts), about 1 ms per thousand on PGlite. Past PENDING_CAP
 * waiting vectors the job indexes even while sources run, so that scan stays cheap.
 */
export const INDEX_VECTORS_JOB = 'index-vectors';

/** Vectors moved per statement: 64 graph inserts hold the embedded connection ~0.1-0.2 s. */
const BATCH = 64;
/** Waiting vectors beyond which indexing no longer waits for the sources (~25 ms of exact scan a search on PGlite). */
export const PENDING_CAP = 20_000;
/** While sources run, the job looks again this much later. */
const DEFER_SECONDS = 10;

/** Vectors waiting for the graph (counted up to `limit`). */
export async function pendingVectors(database: Database, limit = PENDING_CAP + 1): Promise<number> {
  const { rows } = await database.sql<{ n: number }>(`SELECT count(*)::int AS n FROM (SELECT 1 FROM chunk_vectors_pending LIMIT $1) p`, [limit]);
  return rows[0]?.n ?? 0;
}

async function sourcesRunning(database: Database): Promise<boolean> {
  // A run cut by a crash keeps no finished_at until the next start closes it: look at recent ones only.
  const { rows } = await database.sql<{ running: boolean }>(
    // A run that still beats: one its process left open (killed) does not hold the index back.
    `SELECT EXISTS (SELECT 1 FROM source_runs WHERE finished_at IS NULL AND beat_at > now() - interval '2 minutes') AS running`,
    [],
  );
  return rows[0]?.running === true;
}

/**
 * Moves waiting vectors into the graph, a batch per statement (each batch leaves the two tables
 * consistent: a vector is in one or the other). With `yieldToSources`, stops while a source run
 * is in progress and no more than `cap` (PENDING_CAP) wait, and says so (`deferred`).
 */
export async function indexPendingVectors(database: Database, options: { yieldToSources?: boolean; cap?: number } = {}): Promise<{ indexed: number; deferred: boolean }> {
  const cap = options.cap ?? PENDING_CAP;
  let indexed = 0;
  // Counted once, when a run is first seen, then lowered by what is moved: not a count per batch.
  let waiting: number | undefined;
  for (;;) {
    if (options.yieldToSources && (await sourcesRunning(database))) {
      waiting ??= await pendingVectors(database);
      if (waiting <= cap) return { indexed, deferred: true };
    }
    const { rows } = await database.sql<{ n: number }>(
      `WITH batch AS (
         DELETE FROM chunk_vectors_pending WHERE chunk_id IN (SELECT chunk_id FROM chunk_vectors_pending ORDER BY chunk_id LIMIT $1)
         RETURNING chunk_id, embedding
       ), moved AS (
         INSERT INTO chunk_vectors (chunk_id, embedding) SELECT chunk_id, embedding FROM batch ON CONFLICT (chunk_id) DO NOTHING
       )
       SELECT count(*)::int AS n FROM batch`,
      [BATCH],
    );
    const n = rows[0]?.n ?? 0;
    if (n === 0) return { indexed, deferred: false };
    indexed += n;
    if (waiting !== undefined) waiting -= n;
  }
}

/** Queues the job (one waiting at most); `afterSeconds` to look again later. */
export async function sendIndexVectors(queue: Pick<Queue, 'boss'>, afterSeconds = 0): Promise<void> {
  await queue.boss.send(INDEX_VECTORS_JOB, {}, { startAfter: afterSeconds, singletonKey: INDEX_VECTORS_JOB });
}

/** Queues the job when vectors wait (start, the sources tick): work a crash or an offline import left. */
export async function sendIndexVectorsIfPending(database: Database, queue: Pick<Queue, 'boss'>): Promise<void> {
  if ((await pendingVectors(database, 1)) > 0) await sendIndexVectors(queue);
}

const ZPayload = z.object({});

export const indexVectorsJob: JobDefinition<typeof ZPayload> = {
  name: INDEX_VECTORS_JOB,
  payload: ZPayload,
  // stately: one running and one waiting; a run that defers queues the next look itself.
  queue: { policy: 'stately', retryLimit: 3, retryDelay: 30, expireInSeconds: 3600 },
  async handler(_payload, { database, search, queue }) {
    if (!search.vectors) return { indexed: 0, skipped: 'no vector index' };
    const result = await indexPendingVectors(database, { yieldToSources: true });
    if (result.deferred) await sendIndexVectors(queue, DEFER_SECONDS);
    return result;
  },
};
