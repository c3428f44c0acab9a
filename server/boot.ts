import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/client.js';
import { lockDataDir } from './db/lock.js';
import { newOperatorToken, writeControlFile } from './auth/operator-token.js';
import { users } from './db/schema/index.js';
import { detectFeatures, runMigrations, type DatabaseFeatures } from './db/migrate.js';
import { JOBS } from './job-list.js';
import { startQueue } from './jobs/queue.js';
import type { Queue } from './jobs/types.js';
import { closeEntityPool } from './intelligence/builtin/entity-pool.js';
import { closePreparePool } from './documents/prepare-pool.js';
import { createEmbedder } from './search/embeddings.js';
import { openSearchIndex, type SearchIndex } from './search/index-state.js';
import { REEMBED_JOB } from './search/reembed.js';
import { FILL_TAKEAWAYS_JOB } from './pipeline/fill-takeaways.js';
import { COUNT_TOPIC_NAMES_JOB } from './trends/count-names.js';
import { COUNT_SOURCE_SENTENCES_JOB } from './documents/source-sentences.js';
import { SOURCES_TICK_JOB } from './sources/jobs.js';
import { reconcileDemoSource } from './sources/service.js';
import { seedDemo } from './demo/seed.js';

export interface Herald {
  app: FastifyInstance | undefined;
  database: Database;
  search: SearchIndex;
  features: DatabaseFeatures;
  queue: Queue;
  logger: Logger;
  /** The address the API listens on, when this process runs the api role. */
  url: string | undefined;
  stop(): Promise<void>;
}

export class PortInUseError extends Error {
  constructor(host: string, port: number) {
    super(`Port ${port} on ${host} is already in use. Stop what holds it, or set PORT to a free port.`);
    this.name = 'PortInUseError';
  }
}

export interface BootOptions {
  logger?: Logger;
  /** Seconds between job polls; tests shorten it. */
  pollingIntervalSeconds?: number;
  inMemory?: boolean;
  /** false builds the app without listening (in-process tests use `app.inject`). */
  listen?: boolean;
  /** Where one-time notices for the operator go (the demo password); stdout by default. */
  print?: (line: string) => void;
}

/** Opens the database, migrates, starts the queue and (for the api role) the HTTP server. */
export async function startHerald(config: Config, options: BootOptions = {}): Promise<Herald> {
  const logger = options.logger ?? pino({ level: config.logLevel, base: { app: 'herald', roles: config.roles.join(',') } });
  const cleanups: (() => Promise<unknown>)[] = [];
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error) => logger.warn({ err: error }, 'shutdown step failed'));
    cleanups.length = 0;
  };
  try {
    const embedded = !config.databaseUrl;
    if (embedded && !options.inMemory) cleanups.push(await lockDataDir(config.dataDir));

    // Load the HTTP stack while the database opens: both take a good part of a second.
    const httpModule = config.roles.includes('api') ? import('./http/app.js') : undefined;
    const started = Date.now();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, poolMax: config.databasePoolMax, dataDir: config.dataDir, inMemory: options.inMemory,
      onIdleError: (error) => logger.warn({ err: error }, 'an idle database connection failed; the pool replaces it'),
    });
    cleanups.push(() => database.close());
    const features = await detectFeatures(database);
    if (!features.pgvector) {
      logger.warn({ reason: features.pgvectorError }, 'pgvector is not available: search will use full text only');
    }
    const migrations = await runMigrations(database);
    logger.info(
      { database: database.kind, serverVersion: features.serverVersion, migrations, pgvector: features.pgvector, ms: Date.now() - started },
      'database ready',
    );

    if (config.superuserEmails.length) {
      await database.db.update(users).set({ isSuperuser: true }).where(inArray(users.email, config.superuserEmails));
    }
    const search = await openSearchIndex(database, features, createEmbedder(config), logger);
    const queue = await startQueue(database, { jobs: JOBS, config, roles: config.roles, logger, search, pollingIntervalSeconds: options.pollingIntervalSeconds });
    // Cleanups run backwards: the entity and prepare threads stop after the queue, when no job can ask them.
    cleanups.push(() => closeEntityPool());
    cleanups.push(() => closePreparePool());
    cleanups.push(() => queue.stop());
    if (config.roles.includes('scheduler')) {
      const demo = await reconcileDemoSource(database.db, config);
      logger.info({ demo }, 'sources ready');
      await seedDemo(database, config, logger, options.print);
      // Do not wait for the first cron minute: a new install starts fetching now.
      await queue.boss.send(SOURCES_TICK_JOB, {});
      if (search.reembedPending) await queue.boss.send(REEMBED_JOB, {});
      // Articles stored before takeaways were always filled get theirs in the background.
      await queue.boss.send(FILL_TAKEAWAYS_JOB, {});
      // Topics that had articles before topic_name_days get their names counted (trends read the articles until then).
      await queue.boss.send(COUNT_TOPIC_NAMES_JOB, {});
      // Sources that had documents before source_sentences get their sentences counted (their documents are ranked whole until then).
      await queue.boss.send(COUNT_SOURCE_SENTENCES_JOB, {});
    }

    let app: FastifyInstance | undefined;
    let url: string | undefined;
    if (config.roles.includes('api')) {
      const { buildApp } = await httpModule!;
      const operatorToken = embedded && !options.inMemory ? newOperatorToken() : undefined;
      app = await buildApp({ config, database, features, queue, search, roles: config.roles, siteUrl: config.siteUrl, logger, webDist: config.webDist, operatorToken });
      // Close HTTP first on shutdown (reverse order), so no request meets a closed database.
      cleanups.push(() => app!.close());
      if (options.listen !== false) try {
        url = await app.listen({ port: config.port, host: config.host });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new PortInUseError(config.host, config.port);
        throw error;
      }
      // `npm run sources` finds the running server here (the database is locked to this process).
      if (url && operatorToken) cleanups.push(await writeControlFile(config.dataDir, { url: localAddress(url), token: operatorToken, pid: process.pid }));
    }
    // Jobs last: a warm start answers before the waiting jobs run. Background work shares this
    // thread in small turns (db/priority.ts: turnTaker, statements of a few rows), so requests
    // are served while the pipeline runs.
    await queue.startWorkers();
    return { app, database, features, search, queue, logger, url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The listening address as this machine reaches it (a wildcard host becomes loopback). */
function localAddress(url: string): string {
  const parsed = new URL(url);
  if (parsed.hostname === '0.0.0.0' || parsed.hostname === '[::]') parsed.hostname = '127.0.0.1';
  return parsed.origin;
}
