import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_TOKEN_MESSAGES, ZApiTokenCreate, ZApiTokenCreated, ZApiTokenList } from '../../../contract/api-tokens.js';
import { ZErrorBody } from '../../../contract/errors.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Database } from '../../db/client.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import { createApiToken, listApiTokens, revokeApiToken } from './tokens.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };
const tags = ['me'];

/**
 * GET/POST /me/tokens/ and DELETE /me/tokens/{id}/: the signed-in user's personal API tokens.
 * Only a session manages tokens: a token presented here is refused (api-tokens.ts).
 */
export const apiTokenRoutes =
  ({ database, keys }: { database: Database; keys: AuthKeys }): FastifyPluginAsyncZod =>
  async (app) => {
    // A token presented here is refused by requireAuth itself (session_required).
    const sessionOnly = requireAuth(keys, database);
    const creating = perUserRateLimit(app, 'api-token-create', 30);

    app.get('/me/tokens/', { preHandler: sessionOnly, schema: { tags, response: { 200: ZApiTokenList, ...errors } } }, async (request) => ({
      tokens: await listApiTokens(database.db, request.auth!.userId),
    }));

    app.post('/me/tokens/', { preHandler: [sessionOnly, creating], schema: { tags, body: ZApiTokenCreate, response: { 201: ZApiTokenCreated, ...errors } } }, async (request, reply) =>
      reply.code(201).send(await createApiToken(database, request.auth!.userId, request.body)),
    );

    app.delete('/me/tokens/:id/', { preHandler: sessionOnly, schema: { tags, params: z.object({ id: z.uuid({ message: API_TOKEN_MESSAGES.notFound }) }), response: { 204: z.null(), ...errors } } }, async (request, reply) => {
      await revokeApiToken(database.db, request.auth!.userId, request.params.id);
      return reply.code(204).send(null);
    });
  };
