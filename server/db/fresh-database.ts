import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A new, empty database on a PostgreSQL server (tests, benchmarks), dropped by `drop()`. */
export async function createFreshServerDatabase(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `herald_test_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
