import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_TEXT,
  ZAccountInfo,
  ZAccountInfoUpdate,
  ZAccountUsers,
  ZCsvInviteReport,
  ZCsvInviteRequest,
  ZInviteResponse,
  ZResendInviteRequest,
  ZSendInviteRequest,
  ZUpdateAccountUserRequest,
} from '../../../contract/accounts.js';
import { ZMe } from '../../../contract/auth.js';
import { ZErrorBody } from '../../../contract/errors.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import type { Queue } from '../../jobs/types.js';
import { adminActor, editorActor } from './access.js';
import { sendCsvInvites } from './csv-invites.js';
import { accountInfo, updateAccountInfo } from './info.js';
import { checkDeclaredLength, deleteLogo, LOGO_FILE, readLogo, uploadLogo } from './logo.js';
import { startPreview } from './preview.js';
import { resendInvite } from './resend-invite.js';
import { sendInvite } from './send-invite.js';
import { listAccountUsers, updateAccountUser } from './users.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody, 415: ZErrorBody, 429: ZErrorBody };
const displayName = (user: { first_name: string; last_name: string; email: string }) => `${user.first_name} ${user.last_name}`.trim() || user.email;

/**
 * Account Settings under /api/a/. Every call acts on the caller's own
 * account, taken from the access token: ADMINs and superusers read, those with can_edit change.
 * GET /a/logo/{file} is public so an <img> can load it; its names are random and unguessable.
 */
export const accountRoutes =
  ({ config, database, keys, queue }: { config: Config; database: Database; keys: AuthKeys; queue: Queue }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = database;
    const context = { config, db, queue, logger: app.log };
    const authenticated = requireAuth(keys, database);
    const base = { tags: ['account'], security: [{ bearer: [] }] };
    const inviteLimit = perUserRateLimit(app, 'account-invite', 30);
    const csvLimit = perUserRateLimit(app, 'account-csv', 5);
    const uploadLimit = perUserRateLimit(app, 'account-logo', 10);
    // Multipart is parsed only by the routes of this plugin (fastify encapsulation).
    await app.register(multipart);

    app.get('/a/info/', { preHandler: authenticated, schema: { ...base, response: { 200: ZAccountInfo, ...errors } } }, async (request) =>
      accountInfo(db, await adminActor(db, request.auth!.userId)),
    );
    app.post('/a/update-info/', { preHandler: authenticated, schema: { ...base, body: ZAccountInfoUpdate, response: { 200: ZAccountInfo, ...errors } } }, async (request) =>
      updateAccountInfo(db, await editorActor(db, request.auth!.userId), request.body),
    );
    app.get('/a/users/', { preHandler: authenticated, schema: { ...base, response: { 200: ZAccountUsers, ...errors } } }, async (request) => {
      const actor = await adminActor(db, request.auth!.userId);
      const results = await listAccountUsers(db, actor.accountId);
      return { results, count: results.length };
    });
    app.post(
      '/a/update-user/',
      { preHandler: authenticated, schema: { ...base, body: ZUpdateAccountUserRequest, response: { 200: ZInviteResponse, ...errors } } },
      async (request) => {
        const user = await updateAccountUser(db, await editorActor(db, request.auth!.userId), request.body);
        return { detail: `${displayName(user)} updated.`, user };
      },
    );

    app.post(
      '/a/send-invite/',
      { preHandler: [authenticated, inviteLimit], schema: { ...base, body: ZSendInviteRequest, response: { 201: ZInviteResponse, ...errors } } },
      async (request, reply) => {
        const user = await sendInvite(context, await editorActor(db, request.auth!.userId), request.body);
        return reply.status(201).send({ detail: ACCOUNT_TEXT.inviteSent, user });
      },
    );
    app.post(
      '/a/send-invites-csv/',
      { preHandler: [authenticated, csvLimit], schema: { ...base, body: ZCsvInviteRequest, response: { 200: ZCsvInviteReport, ...errors } } },
      async (request) => sendCsvInvites(context, await editorActor(db, request.auth!.userId), request.body.file_name, request.body.file_content),
    );
    app.post(
      '/a/resend-invite/',
      { preHandler: [authenticated, inviteLimit], schema: { ...base, body: ZResendInviteRequest, response: { 200: ZInviteResponse, ...errors } } },
      async (request) => {
        const user = await resendInvite(context, await editorActor(db, request.auth!.userId), request.body.user_id);
        return { detail: ACCOUNT_TEXT.resent(displayName(user)), user };
      },
    );

    app.delete('/a/delete-logo/', { preHandler: authenticated, schema: { ...base, response: { 200: ZAccountInfo, ...errors } } }, async (request) =>
      deleteLogo(db, config.dataDir, await editorActor(db, request.auth!.userId)),
    );
    app.post(
      '/a/upload-logo/',
      { preHandler: [authenticated, uploadLimit], schema: { ...base, consumes: ['multipart/form-data'], response: { 200: ZAccountInfo, ...errors } } },
      async (request, reply) => {
        const actor = await editorActor(db, request.auth!.userId);
        try {
          checkDeclaredLength(request);
          return await uploadLogo(db, config.dataDir, actor, request);
        } catch (error) {
          // A refused upload may still be arriving: close the connection rather than read the rest.
          reply.header('connection', 'close');
          throw error;
        }
      },
    );
    app.get(
      '/a/logo/:file',
      { schema: { tags: ['account'], params: z.object({ file: z.string().regex(LOGO_FILE, 'a logo file name') }) } },
      async (request, reply) => {
        const png = await readLogo(config.dataDir, request.params.file);
        if (!png) throw new AppError(404, 'not_found', 'Logo not found.');
        // Names change on every upload, so a stored logo never changes: cache it for good.
        return reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').header('content-disposition', 'inline').send(png);
      },
    );

    app.post(
      '/a/preview/:user_id/',
      { preHandler: authenticated, schema: { ...base, params: z.object({ user_id: z.uuid('a user id') }), response: { 200: ZMe, ...errors } } },
      async (request) => startPreview(database, request, request.params.user_id),
    );
  };
