import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody } from '../../../contract/errors.js';
import { ZModelPreferences, ZModelPreferencesPatch, ZViewedUserQuery } from '../../../contract/models.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import { viewedUserId } from '../../auth/viewed-user.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { updateModelPreferences } from '../user-topics/models.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** PATCH /me/models/: the eight per-stage model fields, checked against the registry. */
export const meRoutes =
  ({ database, keys }: { database: Database; keys: AuthKeys }): FastifyPluginAsyncZod =>
  async (app) => {
    app.patch(
      '/me/models/',
      { preHandler: requireAuth(keys, database), schema: { tags: ['me'], querystring: ZViewedUserQuery, body: ZModelPreferencesPatch, response: { 200: ZModelPreferences, ...errors } } },
      async (request) => {
        const userId = await viewedUserId(database, request, request.query.user_id);
        const updated = await updateModelPreferences(database.db, userId, request.body);
        if (!updated) throw new AppError(404, 'not_found', 'User not found.');
        return updated;
      },
    );
  };
