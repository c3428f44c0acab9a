import type { Database } from '../../db/client.js';
import { presentRun, presentSource, type SourceStatsRow, type SourceRunRow } from './presenter.js';
import type { TSource, TSourceDetail } from '../../../contract/sources.js';

/** A run still open after this long was cut off (the job's own expiry is 15 minutes). */
const STALE_RUN = "interval '20 minutes'";

/**
 * Every source with what the Sources page shows beside it: documents stored, the last finished
 * run's count, the last 24 hours' stored items and 304 share, and the run going on (if any).
 */
const STATS_SQL = `
  SELECT s.*,
    (SELECT count(*)::int FROM documents d WHERE d.source_id = s.id) AS documents,
    (SELECT r.inserted FROM source_runs r WHERE r.source_id = s.id AND r.finished_at IS NOT NULL
      ORDER BY r.started_at DESC LIMIT 1) AS stored_last_run,
    day.stored_24h, day.requests_24h, day.not_modified_24h,
    (SELECT json_build_object('started_at', r.started_at, 'pages', r.pages, 'received', r.received, 'inserted', r.inserted)
       FROM source_runs r WHERE r.source_id = s.id AND r.finished_at IS NULL AND r.started_at > now() - ${STALE_RUN}
      ORDER BY r.started_at DESC LIMIT 1) AS running
  FROM sources s
  CROSS JOIN LATERAL (
    SELECT coalesce(sum(r.inserted), 0)::int AS stored_24h, coalesce(sum(r.requests), 0)::int AS requests_24h,
           coalesce(sum(r.not_modified), 0)::int AS not_modified_24h
      FROM source_runs r WHERE r.source_id = s.id AND r.started_at > now() - interval '24 hours'
  ) day`;

export async function listSources(database: Database): Promise<TSource[]> {
  const { rows } = await database.sql<SourceStatsRow>(`${STATS_SQL} ORDER BY lower(s.name), s.id`);
  return rows.map(presentSource);
}

export async function findSource(database: Database, id: number): Promise<TSource | undefined> {
  const { rows } = await database.sql<SourceStatsRow>(`${STATS_SQL} WHERE s.id = $1`, [id]);
  return rows[0] ? presentSource(rows[0]) : undefined;
}

/** A source and its 20 latest runs. */
export async function sourceDetail(database: Database, id: number): Promise<TSourceDetail | undefined> {
  const source = await findSource(database, id);
  if (!source) return undefined;
  const { rows } = await database.sql<SourceRunRow>('SELECT * FROM source_runs WHERE source_id = $1 ORDER BY started_at DESC, id DESC LIMIT 20', [id]);
  return { source, runs: rows.map(presentRun) };
}
