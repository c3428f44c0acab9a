import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sourceRuns } from '../db/schema/index.js';

export type RunTrigger = 'schedule' | 'manual' | 'cli';

/** The Sources page sums the last 24 hours' runs and lists the latest 20: runs older than two days go, but never a source's latest 20. */
const KEEP_HOURS = 48;
const KEEP_LATEST = 20;
/** A run's process says it is alive this often; a run silent for ABANDONED_AFTER was left by a process that stopped. */
const BEAT_MS = 30_000;
export const ABANDONED_AFTER = '2 minutes';
export const INTERRUPTED = 'interrupted (the process running it stopped)';

export interface RunFigures {
  pages: number;
  received: number;
  inserted: number;
  duplicates: number;
}

/**
 * The record of one run of a source (source_runs), for the Sources page: opened when the run
 * starts, its figures updated after each page (the live progress), closed with the outcome.
 */
export async function openRun(database: Database, sourceId: number, trigger: RunTrigger) {
  const { db } = database;
  // A run left open by a process that died is closed as cut off, so it does not look running
  // (in the same statement as the new run's row: a feed answering 304 makes few statements).
  const { rows } = await database.sql<{ id: string }>(
    `WITH cut AS (UPDATE source_runs SET finished_at = now(), ok = false, error = '${INTERRUPTED}'
                   WHERE source_id = $1 AND finished_at IS NULL)
     INSERT INTO source_runs (source_id, trigger) VALUES ($1, $2) RETURNING id::text AS id`,
    [sourceId, trigger],
  );
  const row = { id: Number(rows[0]!.id) };
  const id = row!.id;
  // While the run is open its process beats, even on a page that takes minutes; a kill stops it.
  const beat = setInterval(() => void db.update(sourceRuns).set({ beatAt: sql`now()` }).where(eq(sourceRuns.id, id)).catch(() => undefined), BEAT_MS);
  beat.unref();
  return {
    async progress(figures: RunFigures & { requests: number; notModified: number }) {
      await db.update(sourceRuns).set({ ...figures, beatAt: sql`now()` }).where(eq(sourceRuns.id, id));
    },
    async close(figures: RunFigures & { requests: number; notModified: number; ok: boolean; error?: string }) {
      clearInterval(beat);
      await db
        .update(sourceRuns)
        .set({ ...figures, error: figures.error ?? null, finishedAt: new Date() })
        .where(eq(sourceRuns.id, id));
      // Pruning every tenth run keeps the table small without a second statement on every run.
      if (id % 10 === 0) await pruneRuns(database, sourceId);
    },
  };
}

/**
 * Runs whose process stopped (killed, crashed, its machine gone) without closing them: silent for
 * two minutes. They are closed as interrupted; answers their sources, to be run again.
 */
export async function closeAbandonedRuns(database: Database): Promise<number[]> {
  const { rows } = await database.sql<{ source_id: string }>(
    `UPDATE source_runs SET finished_at = now(), ok = false, error = $1
     WHERE finished_at IS NULL AND beat_at < now() - interval '${ABANDONED_AFTER}' RETURNING source_id::text`,
    [INTERRUPTED],
  );
  return [...new Set(rows.map((r) => Number(r.source_id)))];
}

async function pruneRuns(database: Database, sourceId: number): Promise<void> {
  await database.sql(
    `DELETE FROM source_runs WHERE source_id = $1 AND started_at < now() - interval '${KEEP_HOURS} hours'
       AND id NOT IN (SELECT id FROM source_runs WHERE source_id = $1 ORDER BY started_at DESC LIMIT ${KEEP_LATEST})`,
    [sourceId],
  );
}
