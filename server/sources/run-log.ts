import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { sourceRuns } from '../db/schema/index.js';

export type RunTrigger = 'schedule' | 'manual' | 'cli';

/** The Sources page sums the last 24 hours' runs and lists the latest 20: runs older than two days go, but never a source's latest 20. */
const KEEP_HOURS = 48;
const KEEP_LATEST = 20;

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
    `WITH cut AS (UPDATE source_runs SET finished_at = now(), ok = false, error = 'interrupted (the process running it stopped)'
                   WHERE source_id = $1 AND finished_at IS NULL)
     INSERT INTO source_runs (source_id, trigger) VALUES ($1, $2) RETURNING id::text AS id`,
    [sourceId, trigger],
  );
  const row = { id: Number(rows[0]!.id) };
  const id = row!.id;
  return {
    async progress(figures: RunFigures & { requests: number; notModified: number }) {
      await db.update(sourceRuns).set(figures).where(eq(sourceRuns.id, id));
    },
    async close(figures: RunFigures & { requests: number; notModified: number; ok: boolean; error?: string }) {
      await db
        .update(sourceRuns)
        .set({ ...figures, error: figures.error ?? null, finishedAt: new Date() })
        .where(eq(sourceRuns.id, id));
      // Pruning every tenth run keeps the table small without a second statement on every run.
      if (id % 10 === 0) await pruneRuns(database, sourceId);
    },
  };
}

async function pruneRuns(database: Database, sourceId: number): Promise<void> {
  await database.sql(
    `DELETE FROM source_runs WHERE source_id = $1 AND started_at < now() - interval '${KEEP_HOURS} hours'
       AND id NOT IN (SELECT id FROM source_runs WHERE source_id = $1 ORDER BY started_at DESC LIMIT ${KEEP_LATEST})`,
    [sourceId],
  );
}
