import { readFile } from 'node:fs/promises';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { MIGRATIONS_DIR } from '../paths.js';
import type { Database } from './client.js';

// Any constant: every process on a shared server takes this lock before migrating.
const MIGRATION_LOCK_ID = 74201;

export interface MigrationState {
  applied: number;
  latest: string | null;
}

export interface DatabaseFeatures {
  pgvector: boolean;
  pgvectorError?: string;
  serverVersion: string;
}

/**
 * pgvector is optional: Debian's PostgreSQL ships without it. We try to enable it before the
 * migrations (which never require it) and report what we found.
 */
export async function detectFeatures(database: Database): Promise<DatabaseFeatures> {
  const version = await database.sql<{ server_version: string }>('SHOW server_version', []);
  const serverVersion = version.rows[0]?.server_version ?? 'unknown';
  try {
    await database.sql('CREATE EXTENSION IF NOT EXISTS vector');
    return { pgvector: true, serverVersion };
  } catch (error) {
    return { pgvector: false, pgvectorError: (error as Error).message, serverVersion };
  }
}

export async function runMigrations(database: Database): Promise<MigrationState> {
  // A warm start has nothing to apply; the migrator's own check costs ~0.4 s on PGlite.
  const before = await migrationState(database).catch(() => undefined);
  if (before && before.applied === (await journalTags()).length) return before;
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === 'pglite') {
    await migratePglite(database.db as never, config);
  } else {
    // An advisory lock belongs to one session, so lock, migrate and unlock on one connection.
    const client = await database.pool!.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
      await migratePg(drizzlePg(client), config);
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
      client.release();
    }
  }
  return migrationState(database);
}

let journalCache: string[] | undefined;
async function journalTags(): Promise<string[]> {
  if (!journalCache) {
    const journal = JSON.parse(await readFile(`${MIGRATIONS_DIR}/meta/_journal.json`, 'utf8')) as { entries: { tag: string }[] };
    journalCache = journal.entries.map((entry) => entry.tag);
  }
  return journalCache;
}

export async function migrationState(database: Database): Promise<MigrationState> {
  const tags = await journalTags();
  const { rows } = await database.sql<{ count: string }>(
    'SELECT count(*)::text AS count FROM drizzle.__drizzle_migrations',
    [],
  );
  const applied = Number(rows[0]?.count ?? 0);
  return { applied, latest: tags[applied - 1] ?? null };
}
