import { and, eq, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { sources } from '../db/schema/index.js';
import { ingestDocuments } from '../documents/ingest.js';
import type { SearchIndex } from '../search/index-state.js';
import type { Queue } from '../jobs/types.js';
import { startPipeline } from '../pipeline/jobs.js';
import { maintainSearchIndex } from '../search/maintenance.js';
import { createHttpClient, userAgentFor, type HttpClientOptions } from './http.js';
import { connectorFor } from './registry.js';
import { SourceError } from './types.js';

/** A source failing this many runs in a row is disabled, with the last error as the reason. */
export const MAX_CONSECUTIVE_FAILURES = 5;

export interface RunContext {
  database: Database;
  search: SearchIndex;
  logger: Logger;
  config: Config;
  /** Present in a worker: new documents go straight on to the pipeline. */
  queue?: Queue;
}

export interface RunSummary {
  sourceId: number;
  ok: boolean;
  pages: number;
  received: number;
  inserted: number;
  duplicates: number;
  nearDuplicates: number;
  rejected: number;
  ms: number;
  error?: string;
  disabled?: boolean;
}

export type SourceRow = typeof sources.$inferSelect;

/**
 * Runs one source now: fetch pages from its connector, ingest each, store the cursor after each
 * page (a crash resumes after the last stored page), then record success or failure. A failure
 * never throws: it is stored on the source, the next run backs off, and after
 * MAX_CONSECUTIVE_FAILURES the source is disabled with the reason.
 */
export async function runSource(
  context: RunContext,
  sourceId: number,
  options: { signal?: AbortSignal; progress?: (done: number, total?: number) => void; http?: Partial<HttpClientOptions> } = {},
): Promise<RunSummary> {
  const started = Date.now();
  const { db } = context.database;
  const summary: RunSummary = { sourceId, ok: false, pages: 0, received: 0, inserted: 0, duplicates: 0, nearDuplicates: 0, rejected: 0, ms: 0 };
  const [source] = await db.select().from(sources).where(eq(sources.id, sourceId));
  if (!source) throw new SourceError(`source ${sourceId} does not exist`, 'config');
  const logger = context.logger.child({ source: source.id, kind: source.kind });
  // Claim the next slot first, so the scheduler does not queue this source again while it runs.
  await db
    .update(sources)
    .set({ nextRunAt: new Date(Date.now() + source.intervalMinutes * 60_000) })
    .where(eq(sources.id, source.id));
  try {
    const connector = connectorFor(source.kind);
    if (!connector) throw new SourceError(`no connector for kind "${source.kind}"`, 'config');
    const parsed = connector.config.safeParse(source.config ?? {});
    if (!parsed.success) {
      throw new SourceError(`invalid settings: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'config'} ${i.message}`).join('; ')}`, 'config');
    }
    const signal = options.signal ?? new AbortController().signal;
    // One run at a time per worker process (pg-boss hands a worker one job at a time), so a
    // client per run keeps each API's rate; several worker processes multiply it.
    const keys = context.config.sourceKeys;
    const http = createHttpClient({
      userAgent: userAgentFor(keys),
      minRequestIntervalMs: connector.requestIntervalMs?.(keys) ?? connector.minRequestIntervalMs,
      signal,
      ...options.http,
    });
    let cursor = source.cursor ?? null;
    for await (const page of connector.fetch({ config: parsed.data, cursor, http, keys: context.config.sourceKeys, signal, now: new Date(), progress: options.progress })) {
      const result = await ingestDocuments(context, { id: source.id, collectionId: source.collectionId }, page.documents);
      await startPipeline(context.queue, result.insertedIds);
      cursor = page.cursor ?? cursor;
      summary.pages++;
      summary.received += result.received;
      summary.inserted += result.inserted;
      summary.duplicates += result.duplicates;
      summary.nearDuplicates += result.nearDuplicates;
      summary.rejected += result.rejected;
      await db
        .update(sources)
        .set({ cursor: cursor as never, documentsIngested: sql`${sources.documentsIngested} + ${result.inserted}` })
        .where(eq(sources.id, source.id));
    }
    const now = new Date();
    await db
      .update(sources)
      .set({
        lastRunAt: now,
        lastSuccessAt: now,
        lastError: null,
        consecutiveFailures: 0,
        nextRunAt: new Date(now.getTime() + source.intervalMinutes * 60_000),
      })
      .where(eq(sources.id, source.id));
    summary.ok = true;
    if (summary.inserted > 0) await maintainSearchIndex(context.database);
  } catch (error) {
    const message = describe(error);
    const failures = source.consecutiveFailures + 1;
    const disable = failures >= MAX_CONSECUTIVE_FAILURES || (error instanceof SourceError && error.code === 'config');
    // Back off: interval x 2^(failures-1), at most a day.
    const delayMinutes = Math.min(24 * 60, source.intervalMinutes * 2 ** (failures - 1));
    const now = new Date();
    await db
      .update(sources)
      .set({
        lastRunAt: now,
        lastError: message,
        consecutiveFailures: failures,
        nextRunAt: new Date(now.getTime() + delayMinutes * 60_000),
        ...(disable ? { enabled: false, disabledReason: `${failures} failed run(s); last: ${message}` } : {}),
      })
      .where(eq(sources.id, source.id));
    summary.error = message;
    summary.disabled = disable;
    logger.warn({ err: error, failures, disabled: disable }, 'source run failed');
  }
  summary.ms = Date.now() - started;
  logger.info({ ...summary }, 'source run finished');
  return summary;
}

function describe(error: unknown): string {
  if (error instanceof SourceError) return `${error.code}${error.status ? ` ${error.status}` : ''}: ${error.message}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** Enabled sources whose next run is due. */
export async function dueSources(database: Database, now = new Date()): Promise<SourceRow[]> {
  return database.db
    .select()
    .from(sources)
    .where(and(eq(sources.enabled, true), lte(sources.nextRunAt, now)));
}
