import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '../../../contract/errors.js';
import { ZTopicTrends, ZTrendQuery, ZTrendsOverview } from '../../../contract/trends.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import { viewedUserId } from '../../auth/viewed-user.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Logger } from 'pino';
import { topicTrends, trendsOverview } from '../../trends/topic-trends.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const ZTopicParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tags = ['trends'];

/**
 * The topic dashboard and the trends overview: volumes, spikes, rising names, top stories and
 * "what changed", from the caller's articles (or the viewed user's: `user_id`, as the feed).
 */
export const trendRoutes =
  ({ database, keys, config, logger }: { database: Database; keys: AuthKeys; config: Config; logger: Logger }): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = requireAuth(keys, database);
    const context = { db: database.db, llm: config.llm, logger };

    app.get('/topics/:id/trends/', { preHandler: signedIn, schema: { tags, params: ZTopicParams, querystring: ZTrendQuery, response: { 200: ZTopicTrends, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      return topicTrends(context, userId, request.params.id, request.query.range);
    });

    app.get('/trends/', { preHandler: signedIn, schema: { tags, querystring: ZTrendQuery, response: { 200: ZTrendsOverview, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      return trendsOverview(context, userId, request.query.range);
    });
  };
