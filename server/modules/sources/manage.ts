import { and, eq, ne, sql } from 'drizzle-orm';
import { COLLECTIONS } from '../../../contract/collections.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { TCreateSource, TSourceImpact, TUpdateSource } from '../../../contract/sources.js';
import type { Config } from '../../config.js';
import type { Database, DbOrTx } from '../../db/client.js';
import { sources } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Queue } from '../../jobs/types.js';
import { SOURCE_RUN_JOB } from '../../sources/jobs.js';
import { addressRefusal } from '../../sources/net-guard.js';
import { connectorFor } from '../../sources/registry.js';
import type { Connector } from '../../sources/types.js';
import { sourceUrl } from './presenter.js';

type SourceRow = typeof sources.$inferSelect;

/** The connector of an addable kind, or a clear refusal. */
export function addableConnector(kind: string): Connector {
  const connector = connectorFor(kind);
  if (!connector || kind === 'demo') throw new AppError(400, ErrorCode.sourceKindUnknown, `There is no source kind "${kind}".`, { kind: ['Unknown source kind'] });
  return connector;
}

/** Settings checked against the kind's schema; problems answered per field (settings.<name>). */
export function checkSettings(connector: Connector, settings: Record<string, unknown>): void {
  const parsed = connector.config.safeParse(settings);
  if (parsed.success) return;
  const fields: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (fields[['settings', ...issue.path.map(String)].join('.')] ??= []).push(issue.message);
  throw new AppError(400, ErrorCode.sourceSettingsInvalid, `The ${connector.label} settings are not valid: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'settings'}: ${i.message}`).join('; ')}.`, fields);
}

/** The addresses a source's settings fetch (a feed's url, an API's baseUrl), refused when added if they hold credentials or, unless allowed, reach the install's own network. */
export async function checkAddresses(settings: Record<string, unknown>, allowPrivate: boolean): Promise<void> {
  for (const field of ['url', 'baseUrl'] as const) {
    const value = settings[field];
    if (typeof value !== 'string') continue;
    const problem = await addressRefusal(value, allowPrivate);
    if (problem) throw new AppError(400, ErrorCode.sourceAddressRefused, problem, { [`settings.${field}`]: [problem] });
  }
}

/** What an install allows of its sources: private addresses, and how many it reads at most. */
export interface SourcePolicy {
  allowPrivate: boolean;
  max: number;
}
export const sourcePolicy = (config: Pick<Config, 'sourcesAllowPrivate' | 'sourcesMax'>): SourcePolicy => ({ allowPrivate: config.sourcesAllowPrivate, max: config.sourcesMax });

/** Refuses adding `adding` sources past the install's limit (the demo source does not count). */
export async function checkSourceLimit(db: DbOrTx, policy: SourcePolicy, adding: number): Promise<void> {
  const held = await db.$count(sources, ne(sources.kind, 'demo'));
  if (held + adding > policy.max) {
    const left = Math.max(0, policy.max - held);
    throw new AppError(409, ErrorCode.sourceLimit, `This install reads at most ${policy.max} sources and has ${held}: ${left === 0 ? 'none' : left} more can be added. The operator can raise SOURCES_MAX.`);
  }
}

function checkCollection(id: number): void {
  if (!COLLECTIONS.some((c) => c.id === id)) throw new AppError(400, ErrorCode.validationFailed, `There is no collection ${id}.`, { collection_id: ['Unknown collection'] });
}

/** One form of an address for comparing: scheme-less, host lower-cased, no fragment, no trailing slash. */
export function addressKey(url: string): string {
  try {
    const parsed = new URL(url.trim());
    parsed.hash = '';
    const path = parsed.pathname.replace(/\/+$/, '');
    return `${parsed.host.toLowerCase().replace(/^www\./, '')}${path}${parsed.search}`;
  } catch {
    return url.trim().toLowerCase();
  }
}

/** An existing source reading the same address (or, for kinds without one, with the same settings). */
export async function findDuplicate(db: DbOrTx, kind: string, settings: Record<string, unknown>, exceptId?: number): Promise<{ id: number; name: string } | null> {
  const rows = await db
    .select({ id: sources.id, name: sources.name, kind: sources.kind, config: sources.config })
    .from(sources)
    .where(exceptId ? ne(sources.id, exceptId) : undefined);
  const url = sourceUrl(settings);
  const key = url ? addressKey(url) : JSON.stringify(sortKeys(settings));
  const match = rows.find((row) => {
    const other = sourceUrl(row.config);
    if (url) return other !== null && addressKey(other) === key;
    return row.kind === kind && JSON.stringify(sortKeys(row.config)) === key;
  });
  return match ? { id: match.id, name: match.name } : null;
}

function sortKeys(value: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
}

async function nameTaken(db: DbOrTx, kind: string, name: string, exceptId?: number): Promise<void> {
  const [row] = await db
    .select({ id: sources.id })
    .from(sources)
    .where(and(eq(sources.kind, kind), sql`lower(${sources.name}) = lower(${name})`, exceptId ? ne(sources.id, exceptId) : undefined));
  if (row) throw new AppError(409, ErrorCode.sourceExists, `A source named "${name}" exists already.`, { name: ['This name is taken'] });
}

/** Queues a run of the source now (stately: nothing more when one is queued already). */
export async function queueRun(queue: Queue | undefined, sourceId: number, trigger: 'manual' | 'schedule'): Promise<boolean> {
  if (!queue) return false;
  const id = await queue.boss.send(SOURCE_RUN_JOB, { sourceId, trigger }, { singletonKey: `source-${sourceId}` });
  if (id !== null) queue.wake(SOURCE_RUN_JOB);
  return id !== null;
}


export async function createSource(database: Database, queue: Queue | undefined, body: TCreateSource, policy: SourcePolicy): Promise<SourceRow> {
  const connector = addableConnector(body.kind);
  const settings = body.settings ?? {};
  checkSettings(connector, settings);
  await checkAddresses(settings, policy.allowPrivate);
  await checkSourceLimit(database.db, policy, 1);
  const collectionId = body.collection_id ?? connector.defaultCollectionId;
  checkCollection(collectionId);
  await nameTaken(database.db, body.kind, body.name.trim());
  const duplicate = await findDuplicate(database.db, body.kind, settings);
  if (duplicate) throw new AppError(409, ErrorCode.sourceExists, `This is already added as "${duplicate.name}".`, { settings: [`Already added as "${duplicate.name}"`] });
  const enabled = body.enabled ?? true;
  const [row] = await database.db
    .insert(sources)
    .values({
      kind: body.kind,
      name: body.name.trim(),
      config: settings,
      collectionId,
      intervalMinutes: body.interval_minutes ?? connector.defaultIntervalMinutes,
      enabled,
      ...(enabled ? {} : { disabledReason: 'switched off by an operator' }),
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError(409, ErrorCode.sourceExists, `A source named "${body.name.trim()}" exists already.`, { name: ['This name is taken'] });
  // The first run now, not at the next minute's tick.
  if (enabled) await queueRun(queue, row.id, 'manual');
  return row;
}

export async function updateSource(database: Database, queue: Queue | undefined, id: number, body: TUpdateSource, policy: SourcePolicy): Promise<void> {
  const [current] = await database.db.select().from(sources).where(eq(sources.id, id));
  if (!current) throw notFound(id);
  const connector = connectorFor(current.kind);
  const changes: Partial<typeof sources.$inferInsert> = {};
  if (body.name !== undefined && body.name.trim() !== current.name) {
    await nameTaken(database.db, current.kind, body.name.trim(), id);
    changes.name = body.name.trim();
  }
  if (body.settings !== undefined) {
    if (connector) checkSettings(connector, body.settings);
    await checkAddresses(body.settings, policy.allowPrivate);
    const duplicate = await findDuplicate(database.db, current.kind, body.settings, id);
    if (duplicate) throw new AppError(409, ErrorCode.sourceExists, `This is already added as "${duplicate.name}".`, { settings: [`Already added as "${duplicate.name}"`] });
    if (JSON.stringify(sortKeys(body.settings)) !== JSON.stringify(sortKeys(current.config))) {
      changes.config = body.settings;
      // What the cursor remembers (validators, ids seen, dates) belongs to the old settings.
      changes.cursor = null;
    }
  }
  if (body.collection_id !== undefined) {
    checkCollection(body.collection_id);
    changes.collectionId = body.collection_id;
  }
  if (body.interval_minutes !== undefined) changes.intervalMinutes = body.interval_minutes;
  const enabling = body.enabled === true && !current.enabled;
  if (enabling) Object.assign(changes, { enabled: true, disabledReason: null, consecutiveFailures: 0, lastError: null, nextRunAt: new Date() });
  if (body.enabled === false && current.enabled) Object.assign(changes, { enabled: false, disabledReason: 'switched off by an operator' });
  // Fixed settings of a failing source: try again now rather than after its back-off.
  if (changes.config && current.enabled && current.lastError) Object.assign(changes, { nextRunAt: new Date() });
  if (Object.keys(changes).length > 0) await database.db.update(sources).set(changes).where(eq(sources.id, id));
  if (enabling || (changes.config && (current.enabled || enabling))) await queueRun(queue, id, 'manual');
}

/** What deleting the source removes with it: its documents and the articles written from them. */
export async function sourceImpact(database: Database, id: number): Promise<TSourceImpact> {
  const { rows } = await database.sql<{ documents: number; articles: number }>(
    `SELECT (SELECT count(*)::int FROM documents WHERE source_id = $1) AS documents,
            (SELECT count(*)::int FROM events e JOIN documents d ON d.id = e.document_id
              WHERE d.source_id = $1 AND e.article_generated) AS articles`,
    [id],
  );
  return rows[0] ?? { documents: 0, articles: 0 };
}

/** Deletes the source; its documents, their events and articles go with it (foreign keys cascade). */
export async function deleteSource(database: Database, id: number): Promise<TSourceImpact> {
  const [exists] = await database.db.select({ id: sources.id }).from(sources).where(eq(sources.id, id));
  if (!exists) throw notFound(id);
  const impact = await sourceImpact(database, id);
  await database.db.delete(sources).where(eq(sources.id, id));
  return impact;
}

export function notFound(id: number): AppError {
  return new AppError(404, ErrorCode.notFound, `There is no source ${id}.`);
}
