import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode, ZErrorBody } from '../../../contract/errors.js';
import { ZViewedUserQuery } from '../../../contract/models.js';
import { ZFeedbackRequest, ZFeedbackResponse } from '../../../contract/users.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import { viewedUserId } from '../../auth/viewed-user.js';
import type { Database } from '../../db/client.js';
import { events, feedback, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/**
 * POST /feedback/: stored for the team with the article it is about, if any.
 * POST /me/activity/: the activity ping (at most once a minute from the web).
 */
export const feedbackRoutes =
  ({ database, keys }: { database: Database; keys: AuthKeys }): FastifyPluginAsyncZod =>
  async (app) => {
    const authenticated = requireAuth(keys, database);
    app.post(
      '/feedback/',
      { preHandler: authenticated, schema: { tags: ['feedback'], querystring: ZViewedUserQuery, body: ZFeedbackRequest, response: { 201: ZFeedbackResponse, ...errors } } },
      async (request, reply) => {
        // Posting is a change: a superuser acting as the reader may (audited), an admin's preview may not.
        const userId = await viewedUserId(database, request, request.query.user_id, 'write');
        const caller = request.auth!.userId;
        // Feedback is about one of the reader's own articles, or about nothing in particular.
        const articleId = request.body.article_id;
        if (articleId !== undefined && articleId !== null) {
          const [own] = await database.db.select({ id: events.id }).from(events).where(and(eq(events.id, articleId), eq(events.userId, userId), eq(events.articleGenerated, true)));
          if (!own) throw new AppError(404, ErrorCode.notFound, 'There is no such article in your feed.', { article_id: ['There is no such article in your feed.'] });
        }
        const [row] = await database.db
          .insert(feedback)
          .values({ userId, actorId: caller === userId ? null : caller, articleId: request.body.article_id ?? null, text: request.body.text })
          .returning({ id: feedback.id });
        return reply.code(201).send({ id: row!.id, detail: 'Thank you for your feedback!' });
      },
    );
    app.post('/me/activity/', { preHandler: authenticated, schema: { tags: ['me'], response: { 204: z.null(), ...errors } } }, async (request, reply) => {
      await database.db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, request.auth!.userId));
      return reply.code(204).send(null);
    });
  };
