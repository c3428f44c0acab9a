import { and, eq, lte, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { sources } from '../db/schema/index.js';
import { ingestDocuments } from '../documents/ingest.js';
import { notifySourceDisabled } from '../inbox/write.js';
import type { SearchIndex } from '../search/index-state.js';
import { maintainSearchIndexSoon } from '../search/maintenance.js';
import { createHttpClient, redactUrl, userAgentFor, type HttpClientOptions } from './http.js';
import { connectorFor } from './registry.js';
import { hostOf, takeTurn } from './host-turns.js';
import { openRun, type RunTrigger } from './run-log.js';
import { SourceError, type HttpClient } from './types.js';

/** A source failing this many runs in a row is disabled, with the last error as the reason. */
export const MAX_CONSECUTIVE_FAILURES = 5;

export interface RunContext {
  database: Database;
  search: SearchIndex;
  logger: Logger;
  config: Config;
  /**
   * Told of each page's newly stored documents: in a worker, the source-run job sends them on to
   * the pipeline (job-list.ts wires it); the CLI without a server leaves them to the sweep.
   */
  onStored?: (documentIds: number[]) => Promise<void>;
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
  /** A scheduled run that found its source no longer due (run meanwhile, or switched off). */
  skipped?: boolean;
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
  options: RunOptions = {},
): Promise<RunSummary> {
  const { db } = context.database;
  const [source] = await db.select().from(sources).where(eq(sources.id, sourceId));
  if (!source) throw new SourceError(`source ${sourceId} does not exist`, 'config');
  // Claim the next slot first, so the scheduler does not queue this source again while it runs.
  // A scheduled run claims it only while it is due: a tick that queued the source just before
  // another run took it finds it claimed, and does not fetch it a second time.
  const claimed = await db
    .update(sources)
    .set({ nextRunAt: new Date(Date.now() + source.intervalMinutes * 60_000) })
    .where(options.trigger === 'schedule' ? and(eq(sources.id, source.id), eq(sources.enabled, true), lte(sources.nextRunAt, new Date())) : eq(sources.id, source.id))
    .returning({ id: sources.id });
  if (claimed.length === 0) return { sourceId, ok: true, skipped: true, pages: 0, received: 0, inserted: 0, duplicates: 0, nearDuplicates: 0, rejected: 0, ms: 0 };
  const withDefaults = connectorFor(source.kind)?.config.safeParse(source.config ?? {});
  return takeTurn(hostOf(withDefaults?.success ? withDefaults.data : source.config), () => runNow(context, source, options));
}

export interface RunOptions {
  signal?: AbortSignal;
  progress?: (done: number, total?: number) => void;
  http?: Partial<HttpClientOptions>;
  /** What started the run, kept in its record (the Sources page). */
  trigger?: RunTrigger;
}

async function runNow(context: RunContext, source: SourceRow, options: RunOptions): Promise<RunSummary> {
  const started = Date.now();
  const { db } = context.database;
  const summary: RunSummary = { sourceId: source.id, ok: false, pages: 0, received: 0, inserted: 0, duplicates: 0, nearDuplicates: 0, rejected: 0, ms: 0 };
  const logger = context.logger.child({ source: source.id, kind: source.kind });
  const record = await openRun(context.database, source.id, options.trigger ?? 'schedule');
  let http: HttpClient | undefined;
  const figures = () => {
    const stats = http?.stats() ?? { requests: 0, notModified: 0 };
    return { pages: summary.pages, received: summary.received, inserted: summary.inserted, duplicates: summary.duplicates, requests: stats.requests, notModified: stats.notModified };
  };
  try {
    const connector = connectorFor(source.kind);
    if (!connector) throw new SourceError(`no connector for kind "${source.kind}"`, 'config');
    const parsed = connector.config.safeParse(source.config ?? {});
    if (!parsed.success) {
      throw new SourceError(`invalid settings: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'config'} ${i.message}`).join('; ')}`, 'config');
    }
    const signal = options.signal ?? new AbortController().signal;
    // One run at a time per host in a process (host-turns.ts), so a client per run keeps each
    // API's rate; several worker processes multiply it.
    const keys = context.config.sourceKeys;
    http = createHttpClient({
      userAgent: userAgentFor(keys),
      minRequestIntervalMs: connector.requestIntervalMs?.(keys) ?? connector.minRequestIntervalMs,
      signal,
      allowPrivate: context.config.sourcesAllowPrivate,
      ...options.http,
    });
    const log = (level: 'info' | 'warn', message: string, details?: Record<string, unknown>) => logger[level](details ?? {}, message);
    let cursor = source.cursor ?? null;
    let settings = source.config ?? {};
    for await (const page of connector.fetch({ config: parsed.data, cursor, http, keys: context.config.sourceKeys, signal, now: new Date(), progress: options.progress, log })) {
      const result = await ingestDocuments(context, { id: source.id, collectionId: source.collectionId }, page.documents);
      if (result.insertedIds.length) await context.onStored?.(result.insertedIds);
      settings = await updateSettings(context, source, settings, page.settingsUpdate);
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
      await record.progress(figures());
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
    await record.close({ ...figures(), ok: true });
    if (summary.inserted > 0) await maintainSearchIndexSoon(context.database);
  } catch (error) {
    const message = describe(error);
    const failures = source.consecutiveFailures + 1;
    const gone = goneReason(error, source.config);
    const disable = Boolean(gone) || failures >= MAX_CONSECUTIVE_FAILURES || (error instanceof SourceError && (error.code === 'config' || error.code === 'forbidden_address'));
    // Back off: interval x 2^(failures-1), at most a day.
    const delayMinutes = Math.min(24 * 60, source.intervalMinutes * 2 ** (failures - 1));
    const now = new Date();
    const reason = gone ?? `${failures} failed run(s); last: ${message}`;
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(sources)
        .set({
          lastRunAt: now,
          lastError: message,
          consecutiveFailures: failures,
          nextRunAt: new Date(now.getTime() + delayMinutes * 60_000),
          ...(disable ? { enabled: false, disabledReason: reason } : {}),
        })
        .where(eq(sources.id, source.id))
        .returning({ id: sources.id });
      // Superusers hear of it in their inbox, in the same transaction.
      if (disable && updated && source.enabled) await notifySourceDisabled(tx, { id: source.id, name: source.name }, reason, now);
    });
    summary.error = message;
    summary.disabled = disable;
    await record.close({ ...figures(), ok: false, error: message });
    logger.warn({ err: error, failures, disabled: disable }, 'source run failed');
  }
  summary.ms = Date.now() - started;
  logger.info({ ...summary }, 'source run finished');
  return summary;
}

/** A 410 Gone: the source is disabled at once, saying where it went away. */
function goneReason(error: unknown, settings: unknown): string | undefined {
  if (!(error instanceof SourceError) || error.status !== 410) return undefined;
  const url = (settings as { url?: unknown } | null)?.url;
  return `the feed is gone (HTTP 410) at ${typeof url === 'string' ? redactUrl(url) : (/ from (\S+)$/.exec(error.message)?.[1] ?? 'its address')}`;
}

/**
 * Merges a page's settings update (a feed's new URL after a permanent redirect) into the stored
 * settings, when the result still passes the connector's schema.
 */
async function updateSettings(context: RunContext, source: SourceRow, settings: Record<string, unknown>, update: Record<string, unknown> | undefined): Promise<Record<string, unknown>> {
  if (!update || Object.keys(update).length === 0) return settings;
  const next = { ...settings, ...update };
  if (!connectorFor(source.kind)?.config.safeParse(next).success) return settings;
  await context.database.db.update(sources).set({ config: next }).where(eq(sources.id, source.id));
  const shown = Object.fromEntries(Object.entries(update).map(([name, value]) => [name, typeof value === 'string' ? redactUrl(value) : value]));
  context.logger.info({ source: source.id, update: shown }, 'source settings updated');
  return next;
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
