import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppServices } from '../../http/services.js';
import { seedTrendSpike } from './trend-spike.js';

const ZSeededSpike = z.object({ email: z.string(), password: z.string(), topic_id: z.number(), article_ids: z.array(z.number()) });

/**
 * Seeding for the browser tests, where the server's database is out of their reach: what the
 * product cannot make happen in a test's minutes (a topic followed for weeks, with a spike). The
 * routes exist only with DEV_SEED_ROUTES=1 outside production (playwright.config.ts sets it).
 */
export const devSeedRoutes =
  (services: AppServices): FastifyPluginAsyncZod =>
  async (app) => {
    if (!services.config.devSeedRoutes) return;

    app.post('/api/dev/seed/trend-spike/', { schema: { hide: true, response: { 200: ZSeededSpike } } }, async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return seedTrendSpike(services.database.db);
    });
  };
