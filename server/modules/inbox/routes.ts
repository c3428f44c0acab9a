import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '../../../contract/errors.js';
import {
  INBOX_MESSAGES,
  SHARES_PER_MINUTE,
  ZArticleShare,
  ZArticleShares,
  ZInboxCounts,
  ZInboxItem,
  ZInboxItemUpdate,
  ZInboxMarkAll,
  ZInboxPage,
  ZInboxQuery,
  ZShareCreate,
  ZTeammates,
} from '../../../contract/inbox.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Database } from '../../db/client.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import type { Queue } from '../../jobs/types.js';
import { dispatchNotifications } from '../../notifications/outbox.js';
import { inboxCounts, listInbox, markAllRead, updateInboxItem } from './inbox.js';
import { articleSharesFor, listTeammates, shareArticle } from './shares.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody };
const tags = ['inbox'];
const ZItemParams = z.object({ id: z.coerce.number({ message: INBOX_MESSAGES.itemNotFound }).int(INBOX_MESSAGES.itemNotFound).positive(INBOX_MESSAGES.itemNotFound).max(Number.MAX_SAFE_INTEGER, INBOX_MESSAGES.itemNotFound) });
const ZArticleParams = z.object({ id: z.coerce.number({ message: INBOX_MESSAGES.articleNotFound }).int(INBOX_MESSAGES.articleNotFound).positive(INBOX_MESSAGES.articleNotFound).max(Number.MAX_SAFE_INTEGER, INBOX_MESSAGES.articleNotFound) });

/**
 * The signed-in user's inbox (GET /inbox/, /inbox/counts/, PATCH /inbox/{id}/, POST
 * /inbox/read-all/) and sharing an article with teammates (GET /me/teammates/, GET/POST
 * /articles/{id}/shares/). Always the caller's own rows, inside the caller's account.
 */
export const inboxRoutes =
  ({ database, keys, queue }: { database: Database; keys: AuthKeys; queue?: Queue }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = database;
    const signedIn = requireAuth(keys, database);
    const sharing = perUserRateLimit(app, 'article-share', SHARES_PER_MINUTE);

    app.get('/inbox/', { preHandler: signedIn, schema: { tags, querystring: ZInboxQuery, response: { 200: ZInboxPage, ...errors } } }, async (request) =>
      listInbox(db, request.auth!.userId, request.query.tab, request.query.before),
    );

    app.get('/inbox/counts/', { preHandler: signedIn, schema: { tags, response: { 200: ZInboxCounts, ...errors } } }, async (request) => inboxCounts(db, request.auth!.userId));

    app.patch('/inbox/:id/', { preHandler: signedIn, schema: { tags, params: ZItemParams, body: ZInboxItemUpdate, response: { 200: ZInboxItem, ...errors } } }, async (request) =>
      updateInboxItem(db, request.auth!.userId, request.params.id, request.body),
    );

    app.post('/inbox/read-all/', { preHandler: signedIn, schema: { tags, body: ZInboxMarkAll.optional(), response: { 200: ZInboxCounts, ...errors } } }, async (request) =>
      markAllRead(db, request.auth!.userId, request.body?.tab ?? 'all'),
    );

    app.get('/me/teammates/', { preHandler: signedIn, schema: { tags, response: { 200: ZTeammates, ...errors } } }, async (request) => listTeammates(db, request.auth!.userId));

    app.get('/articles/:id/shares/', { preHandler: signedIn, schema: { tags, params: ZArticleParams, response: { 200: ZArticleShares, ...errors } } }, async (request) =>
      articleSharesFor(db, request.auth!.userId, request.params.id),
    );

    app.post(
      '/articles/:id/shares/',
      { preHandler: [signedIn, sharing], schema: { tags, params: ZArticleParams, body: ZShareCreate, response: { 201: ZArticleShare, ...errors } } },
      async (request, reply) => {
        const share = await shareArticle(db, request.auth!.userId, request.params.id, request.body);
        // The recipients' pushes go out now (after commit), per their preferences.
        await dispatchNotifications(queue);
        return reply.code(201).send(share);
      },
    );
  };
