import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, ZErrorBody } from '../../../contract/errors.js';
import { ZEvent, ZEventCreate, ZEventList, ZEventListQuery, ZEventParams, ZEventPatch, ZRestartContentResponse } from '../../../contract/events.js';
import { ZViewedUserQuery } from '../../../contract/models.js';
import { requireSuperuser } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import { viewedUserId } from '../../auth/viewed-user.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { Queue } from '../../jobs/types.js';
import { NOVELTY_JOB } from '../../pipeline/pipeline.js';
import { createEvent, deleteEvent, getEvent, listEvents, restartContent, updateEvent } from './events.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody };
const tags = ['events'];

/**
 * Events for the inspection views (superusers; `user_id` picks the user): list, read, file a
 * document by hand, overrule detection, delete; and restart content. An event filed or restored
 * by hand goes on to novelty at once (without a queue, the pipeline's sweep sends it within minutes).
 */
export const eventRoutes =
  ({ database, keys, queue }: { database: Database; keys: AuthKeys; queue: Queue }): FastifyPluginAsyncZod =>
  async (app) => {
    const superuser = requireSuperuser(keys, database);
    const { db } = database;
    const sendOn = async (eventId: number) => {
      await queue.boss.send(NOVELTY_JOB, { eventIds: [eventId] });
    };

    app.get('/events/', { preHandler: superuser, schema: { tags, querystring: ZEventListQuery, response: { 200: ZEventList, ...errors } } }, async (request) => {
      const q = request.query;
      const userId = await viewedUserId(database, request, q.user_id);
      return listEvents(db, userId, { topicId: q.topic_id, status: q.status, page: q.page, pageSize: q.page_size });
    });

    app.post('/events/', { preHandler: superuser, schema: { tags, querystring: ZViewedUserQuery, body: ZEventCreate, response: { 201: ZEvent, ...errors } } }, async (request, reply) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      const event = await createEvent(db, userId, request.body);
      await sendOn(event.id);
      return reply.code(201).send(event);
    });

    app.get('/events/:id/', { preHandler: superuser, schema: { tags, params: ZEventParams, querystring: ZViewedUserQuery, response: { 200: ZEvent, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      const event = await getEvent(db, userId, request.params.id);
      if (!event) throw new AppError(404, ErrorCode.notFound, 'Event not found.');
      return event;
    });

    app.patch('/events/:id/', { preHandler: superuser, schema: { tags, params: ZEventParams, querystring: ZViewedUserQuery, body: ZEventPatch, response: { 200: ZEvent, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      const result = await updateEvent(db, userId, request.params.id, request.body);
      if (!result) throw new AppError(404, ErrorCode.notFound, 'Event not found.');
      if (result.restored) await sendOn(result.event.id);
      return result.event;
    });

    app.delete(
      '/events/:id/',
      { preHandler: superuser, schema: { tags, params: ZEventParams, querystring: ZViewedUserQuery, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        const userId = await viewedUserId(database, request, request.query.user_id);
        if (!(await deleteEvent(db, userId, request.params.id))) throw new AppError(404, ErrorCode.notFound, 'Event not found.');
        return reply.code(204).send(null);
      },
    );

    app.post('/articles/restart-content/', { preHandler: superuser, schema: { tags, querystring: ZViewedUserQuery, response: { 200: ZRestartContentResponse, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      const deleted = await restartContent(db, userId);
      return { detail: 'Content restarted.', deleted_counts: { events: deleted } };
    });
  };
