import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '../../../contract/errors.js';
import { ZEvent, ZEventList, ZEventListQuery, ZRestartContentResponse } from '../../../contract/events.js';
import { ZViewedUserQuery } from '../../../contract/models.js';
import { requireSuperuser } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import { viewedUserId } from '../../auth/viewed-user.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { getEvent, listEvents, restartContent } from './events.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** Events for the inspection views (superusers; `user_id` picks the user), and restart content. */
export const eventRoutes =
  ({ database, keys }: { database: Database; keys: AuthKeys }): FastifyPluginAsyncZod =>
  async (app) => {
    const superuser = requireSuperuser(keys, database);
    app.get('/events/', { preHandler: superuser, schema: { tags: ['events'], querystring: ZEventListQuery, response: { 200: ZEventList, ...errors } } }, async (request) => {
      const q = request.query;
      const userId = await viewedUserId(database, request, q.user_id);
      return listEvents(database.db, userId, { topicId: q.topic_id, status: q.status, page: q.page, pageSize: q.page_size });
    });
    app.get(
      '/events/:id/',
      { preHandler: superuser, schema: { tags: ['events'], params: z.object({ id: z.coerce.number().int().positive() }), querystring: ZViewedUserQuery, response: { 200: ZEvent, ...errors } } },
      async (request) => {
        const userId = await viewedUserId(database, request, request.query.user_id);
        const event = await getEvent(database.db, userId, request.params.id);
        if (!event) throw new AppError(404, 'not_found', 'Event not found.');
        return event;
      },
    );
    app.post(
      '/articles/restart-content/',
      { preHandler: superuser, schema: { tags: ['events'], querystring: ZViewedUserQuery, response: { 200: ZRestartContentResponse, ...errors } } },
      async (request) => {
        const userId = await viewedUserId(database, request, request.query.user_id);
        const deleted = await restartContent(database.db, userId);
        return { detail: 'Content restarted.', deleted_counts: { events: deleted } };
      },
    );
  };
