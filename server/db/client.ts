import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { gateClient } from './priority.js';
import * as schema from './schema/index.js';

export type AppDb = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';
/** A transaction handle from `db.transaction(...)`; operations that write take `DbOrTx`. */
export type AppTx = Parameters<Parameters<AppDb['transaction']>[0]>[0];
export type DbOrTx = AppDb | AppTx;

/** drizzle's execute answers `{ rows }` on both drivers. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

/** The one handle every part of the server uses, whichever PostgreSQL is behind it. */
export interface Database {
  kind: DatabaseKind;
  db: AppDb;
  /** Raw SQL. Without parameters the text may hold several statements (pg-boss needs that). */
  sql<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * For named prepared statements (the feed's pages, feed-query.ts). On a PostgreSQL server, a
   * pool of its own whose sessions run a statement on its generic plan (plan_cache_mode =
   * force_generic_plan), planned once per connection: left to choose, the server kept planning a
   * feed page afresh on every execution (~0.25 ms of its CPU, more than running it); and without
   * JIT compilation, which a generic plan's estimate would ask for on a large feed. Only
   * statements whose plan suits every parameter value belong here. On PGlite, the same as `db`.
   */
  prepared: AppDb;
  /** The connection pool when on a PostgreSQL server (for work that needs one session). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** Pool size on a PostgreSQL server (default 10). */
  poolMax?: number;
  dataDir: string;
  /** Keep the embedded database in memory only (tests). */
  inMemory?: boolean;
  /** Told about a pooled connection that failed while idle (server restart, dropped database). */
  onIdleError?: (error: Error) => void;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolMax ?? 10, options.onIdleError);
  return openPglite(options);
}

async function openPglite(options: OpenOptions): Promise<Database> {
  let dataDir: string | undefined;
  if (!options.inMemory) {
    dataDir = path.join(options.dataDir, 'pglite');
    await mkdir(dataDir, { recursive: true });
  }
  // HTTP requests go before background work on the one embedded connection (priority.ts).
  // shared_buffers 32MB instead of initdb's 128MB: the embedded server zeroes its buffer pool in
  // WebAssembly at every start (~0.25 s less to a warm start); its files sit in the OS page cache
  // anyway, and ingest ran as fast (10k documents: 111 docs/s against 100).
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=32MB`];
  const client = gateClient(await PGlite.create({ dataDir, extensions: { vector }, startParams }));
  const db = drizzlePglite(client, { schema }) as unknown as AppDb;
  return {
    kind: 'pglite',
    db,
    prepared: db,
    async sql(text, params) {
      if (params && params.length > 0) return client.query(text, params);
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as never[] };
    },
    close: () => client.close(),
  };
}

/**
 * A pool whose connections never end the process when the server ends them (a restart, a fast
 * shutdown, an administrator's command: 57P01). An idle connection's error reaches the pool's
 * listener and the pool replaces it; a checked-out one (a transaction between statements, the
 * migration lock) has no pool listener in node-postgres, so each connection gets its own as it
 * opens. The statements in flight fail with the error; the next ones get new connections.
 */
function listened(pool: pg.Pool, onError?: (error: Error) => void): pg.Pool {
  const tell = (error: Error) => onError?.(error);
  pool.on('error', tell);
  pool.on('connect', (client) => client.on('error', tell));
  return pool;
}

async function openPostgres(url: string, max: number, onIdleError?: (error: Error) => void): Promise<Database> {
  const pool = listened(new pg.Pool({ connectionString: url, max, application_name: 'herald' }), onIdleError);
  // Fail at start, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  // Connects on first use: a worker-only process never opens it.
  // Without JIT: a generic plan does not know the page's LIMIT, so it costs a page as a tenth of
  // the reader's articles; past jit_above_cost (100,000: a 100k-article feed with its per-row
  // subqueries) PostgreSQL spent ~15 ms compiling a page that runs in 0.3 ms.
  const generic = listened(new pg.Pool({ connectionString: url, max, application_name: 'herald', options: '-c plan_cache_mode=force_generic_plan -c jit=off' }), onIdleError);
  return {
    kind: 'postgres',
    db: drizzlePg(pool, { schema }) as unknown as AppDb,
    prepared: drizzlePg(generic, { schema }) as unknown as AppDb,
    sql: (text, params) => pool.query(text, params as unknown[]) as never,
    pool,
    close: async () => {
      await Promise.all([pool.end(), generic.end()]);
    },
  };
}
