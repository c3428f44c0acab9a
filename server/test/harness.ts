import pino from 'pino';
import { startHerald, type BootOptions, type Herald } from '../boot.js';
import { loadConfig, type Config } from '../config.js';
import { createFreshServerDatabase } from '../db/fresh-database.js';

export { createFreshServerDatabase };

/**
 * Boots Herald for an API test: in-memory PGlite by default, or, when TEST_DATABASE_URL is set,
 * a fresh database created on that PostgreSQL server and dropped afterwards.
 */
export interface TestHerald extends Herald {
  config: Config;
  /** The database kind under test, for test names. */
  label: string;
  close(): Promise<void>;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export async function createTestHerald(env: Record<string, string> = {}, options: BootOptions = {}): Promise<TestHerald> {
  let dropDatabase: (() => Promise<void>) | undefined;
  // The demo source and demo accounts stay off unless a test turns them on; sources are served on loopback.
  const testEnv: Record<string, string> = { PORT: '0', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DEMO_SOURCE: 'off', DEMO: 'off', SOURCES_ALLOW_PRIVATE: '1', ...env };
  if (TEST_DATABASE_URL) {
    const fresh = await createFreshServerDatabase(TEST_DATABASE_URL);
    testEnv.DATABASE_URL = fresh.url;
    dropDatabase = fresh.drop;
  }
  const config = loadConfig(testEnv);
  const herald = await startHerald(config, {
    logger: pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' }),
    inMemory: !TEST_DATABASE_URL,
    listen: false,
    pollingIntervalSeconds: 0.5,
    ...options,
  });
  return {
    ...herald,
    config,
    label: TEST_DATABASE_URL ? 'postgres' : 'pglite',
    async close() {
      await herald.stop();
      await dropDatabase?.();
    },
  };
}
