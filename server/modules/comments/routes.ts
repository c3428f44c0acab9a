import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { COMMENT_MESSAGES, COMMENTS_PER_MINUTE, ZComment, ZCommentBody, ZCommentThread, ZMentionables, ZMentionQuery } from '../../../contract/comments.js';
import { ErrorCode, ZErrorBody } from '../../../contract/errors.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import { deleteComment, editComment, listComments, postComment } from './comments.js';
import { mentionable } from './mentions.js';
import { dispatchNotifications } from '../../notifications/outbox.js';
import type { Queue } from '../../jobs/types.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody };
const tags = ['comments'];
const idOf = (message: string) => z.coerce.number({ message }).int(message).positive(message).max(Number.MAX_SAFE_INTEGER, message);
const ZArticleParams = z.object({ id: idOf(COMMENT_MESSAGES.articleNotFound) });
const ZCommentParams = z.object({ id: idOf(COMMENT_MESSAGES.articleNotFound), comment: idOf(COMMENT_MESSAGES.commentNotFound) });

/** Too many new mentions a minute (counted in the database): 429 with the wait, as the request limits answer. */
async function withMentionWait<T>(reply: FastifyReply, work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AppError && error.code === ErrorCode.rateLimited) reply.header('retry-after', '60');
    throw error;
  }
}

/**
 * Comments on articles (issue 39 item 5): the thread of an article the caller may read (GET/POST
 * /articles/{id}/comments/), editing or deleting one (PATCH/DELETE
 * /articles/{id}/comments/{comment}/), and the teammates to @mention
 * (GET /articles/{id}/comments/mentionable/). Always inside the caller's account.
 */
export const commentRoutes =
  ({ database, keys, queue }: { database: Database; keys: AuthKeys; queue?: Queue }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = database;
    const signedIn = requireAuth(keys, database);
    const writing = perUserRateLimit(app, 'article-comment', COMMENTS_PER_MINUTE);

    app.get('/articles/:id/comments/', { preHandler: signedIn, schema: { tags, params: ZArticleParams, response: { 200: ZCommentThread, ...errors } } }, async (request) =>
      listComments(db, request.auth!.userId, request.params.id),
    );

    app.get(
      '/articles/:id/comments/mentionable/',
      { preHandler: signedIn, schema: { tags, params: ZArticleParams, querystring: ZMentionQuery, response: { 200: ZMentionables, ...errors } } },
      async (request) => mentionable(db, request.auth!.userId, request.params.id, request.query.q),
    );

    app.post(
      '/articles/:id/comments/',
      { preHandler: [signedIn, writing], schema: { tags, params: ZArticleParams, body: ZCommentBody, response: { 201: ZComment, ...errors } } },
      async (request, reply) => {
        const comment = await withMentionWait(reply, postComment(db, request.auth!.userId, request.params.id, request.body.body));
        // The mentioned and the thread's readers get their pushes and emails now (after commit), per their preferences.
        await dispatchNotifications(queue);
        return reply.code(201).send(comment);
      },
    );

    app.patch(
      '/articles/:id/comments/:comment/',
      { preHandler: [signedIn, writing], schema: { tags, params: ZCommentParams, body: ZCommentBody, response: { 200: ZComment, ...errors } } },
      async (request, reply) => {
        const comment = await withMentionWait(reply, editComment(db, request.auth!.userId, request.params.id, request.params.comment, request.body.body));
        await dispatchNotifications(queue);
        return comment;
      },
    );

    app.delete(
      '/articles/:id/comments/:comment/',
      { preHandler: signedIn, schema: { tags, params: ZCommentParams, response: { 204: z.null(), ...errors } } },
      async (request, reply) => {
        await deleteComment(db, request.auth!.userId, request.params.id, request.params.comment);
        return reply.code(204).send(null);
      },
    );
  };
