import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../test/harness.js';
import { openDatabase, type Database } from './client.js';
import { createFreshServerDatabase } from './fresh-database.js';

// A PostgreSQL server that ends Herald's connections (a restart, a fast shutdown, an administrator's
// pg_terminate_backend) must cost the statements in flight, never the process. Only on a server.
const onServer = TEST_DATABASE_URL ? describe : describe.skip;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

onServer('a PostgreSQL server that ends its connections', () => {
  let fresh: Awaited<ReturnType<typeof createFreshServerDatabase>>;
  let database: Database;
  const told: Error[] = [];
  beforeAll(async () => {
    fresh = await createFreshServerDatabase(TEST_DATABASE_URL!);
    database = await openDatabase({ databaseUrl: fresh.url, dataDir: '', onIdleError: (error) => told.push(error) });
  });
  afterAll(async () => {
    await database?.close();
    await fresh?.drop();
  });

  /** Ends every connection to the test database but the caller's, as a restart does (57P01). */
  async function terminateAll(): Promise<number> {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    try {
      const { rows } = await admin.query('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [new URL(fresh.url).pathname.slice(1)]);
      return rows.length;
    } finally {
      await admin.end();
    }
  }

  it('fails a transaction holding a connection between statements, tells the logger, and serves the next statement', async () => {
    // Both pools hold a connection: a transaction on one, a statement on the other.
    await database.prepared!.execute(sql`SELECT 1`);
    let between!: () => void;
    const paused = new Promise<void>((resolve) => (between = resolve));
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1`);
      between();
      // The connection is checked out and idle here: node-postgres has no pool listener on it.
      await sleep(500);
      await tx.execute(sql`SELECT 2`);
    });
    await paused;
    expect(await terminateAll()).toBeGreaterThanOrEqual(1);
    await expect(transaction).rejects.toThrow();
    await sleep(100);
    expect(told.some((e) => /terminat/i.test(e.message))).toBe(true);
    // The pools open new connections: the next statements work, on both.
    expect((await database.sql<{ n: number }>('SELECT 1 AS n', [])).rows[0]!.n).toBe(1);
    expect(await database.prepared!.execute(sql`SELECT 1`)).toBeDefined();
  });

  it('fails a statement in flight when its connection ends, and the process goes on', async () => {
    const running = expect(database.sql('SELECT pg_sleep(2)', [])).rejects.toThrow(/terminat/i);
    await sleep(200);
    await terminateAll();
    await running;
    expect((await database.sql<{ n: number }>('SELECT 2 AS n', [])).rows[0]!.n).toBe(2);
  });
});
