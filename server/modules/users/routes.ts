import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody } from '../../../contract/errors.js';
import { ZUserList, ZUserListQuery } from '../../../contract/users.js';
import { requireSuperuser } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Database } from '../../db/client.js';
import { listUsers } from './list-users.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody };

/** GET /users/ (superusers): everyone, for the impersonation selector. */
export const userRoutes =
  ({ database, keys }: { database: Database; keys: AuthKeys }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/users/', { preHandler: requireSuperuser(keys, database), schema: { tags: ['users'], querystring: ZUserListQuery, response: { 200: ZUserList, ...errors } } }, async (request) =>
      listUsers(database.db, request.query),
    );
  };
