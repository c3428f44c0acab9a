import { and, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { DbOrTx } from '../db/client.js';
import { sources } from '../db/schema/index.js';
import { COLLECTIONS } from '../../contract/collections.js';
import { connectorFor } from './registry.js';
import { SourceError } from './types.js';

export interface NewSource {
  kind: string;
  name: string;
  config?: Record<string, unknown>;
  collectionId?: number;
  intervalMinutes?: number;
}

/** Validates a source against its connector and stores it; the scheduler picks it up. */
export async function addSource(db: DbOrTx, input: NewSource) {
  const connector = connectorFor(input.kind);
  if (!connector) throw new SourceError(`unknown source kind "${input.kind}"`, 'config');
  const parsed = connector.config.safeParse(input.config ?? {});
  if (!parsed.success) {
    throw new SourceError(`invalid settings: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'config'} ${i.message}`).join('; ')}`, 'config');
  }
  const collectionId = input.collectionId ?? connector.defaultCollectionId;
  if (!COLLECTIONS.some((c) => c.id === collectionId)) throw new SourceError(`unknown collection ${collectionId}`, 'config');
  const intervalMinutes = input.intervalMinutes ?? connector.defaultIntervalMinutes;
  if (!Number.isInteger(intervalMinutes) || intervalMinutes < 1) throw new SourceError('interval must be a whole number of minutes, at least 1', 'config');
  const [row] = await db
    .insert(sources)
    .values({ kind: input.kind, name: input.name.trim(), config: input.config ?? {}, collectionId, intervalMinutes })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new SourceError(`a ${input.kind} source named "${input.name}" exists already`, 'config');
  return row;
}

export const DEMO_SOURCE_NAME = 'Demo corpus';

/**
 * The demo source is on when the setting allows it and no other source is configured; adding a
 * real source (or DEMO_SOURCE=off) switches it off at the next start.
 */
export async function reconcileDemoSource(db: DbOrTx, config: Pick<Config, 'demoSource'>): Promise<'on' | 'off'> {
  const [others] = await db.select({ n: sql<number>`count(*)::int` }).from(sources).where(ne(sources.kind, 'demo'));
  const wanted = config.demoSource.enabled && (others?.n ?? 0) === 0;
  const demoConfig = {
    ...(config.demoSource.limit ? { limit: config.demoSource.limit } : {}),
    ...(config.demoSource.rate !== undefined ? { rate: config.demoSource.rate } : {}),
  };
  const [demo] = await db.select().from(sources).where(and(eq(sources.kind, 'demo'), eq(sources.name, DEMO_SOURCE_NAME)));
  if (!demo) {
    if (wanted) await addSource(db, { kind: 'demo', name: DEMO_SOURCE_NAME, config: demoConfig });
  } else if (demo.enabled !== wanted || JSON.stringify(demo.config) !== JSON.stringify(demoConfig)) {
    await db
      .update(sources)
      .set({ enabled: wanted, config: demoConfig, disabledReason: wanted ? null : 'demo source off (DEMO_SOURCE=off or other sources configured)' })
      .where(eq(sources.id, demo.id));
  }
  return wanted ? 'on' : 'off';
}
