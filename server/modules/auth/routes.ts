import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { inEvenTime } from '../../auth/even-time.js';
import { z } from 'zod';
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  ZEmailChangeConfirmRequest,
  ZEmailChangeRequest,
  ZPasswordConfirmRequest,
  ZConfirmQuery,
  ZConfirmRequest,
  ZConfirmResponse,
  ZDetailResponse,
  ZEmailAvailability,
  ZEmailAvailabilityQuery,
  ZEmailOnly,
  ZGoogleLoginRequest,
  ZGoogleLoginResponse,
  ZGoogleRegisterRequest,
  ZInvite,
  ZLoginRequest,
  ZLogoutRequest,
  ZMe,
  ZRefreshRequest,
  ZRegisterRequest,
  ZResetCodeRequest,
  ZTokenPair,
  ZVerifyCodeRequest,
} from '../../../contract/auth.js';
import { ZErrorBody } from '../../../contract/errors.js';
import { requireAuth } from '../../auth/authenticate.js';
import { endSession, rotateSession } from '../../auth/sessions.js';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.js';
import { ZViewedUserQuery } from '../../../contract/models.js';
import { viewedUserId } from '../../auth/viewed-user.js';
import { AppError } from '../../http/errors.js';
import { authRateLimits, perUserRateLimit } from '../../http/rate-limit.js';
import type { AuthContext } from './context.js';
import { confirmEmailChange, confirmPasswordChange, requestEmailChange, requestPasswordChange } from './change-credentials.js';
import { confirmByCode, confirmByLink, resendConfirmation } from './confirm-email.js';
import { googleLogin, googleRegister } from './google-sign-in.js';
import { login } from './login.js';
import { presentMe } from './presenter.js';
import { registerUser } from './register.js';
import { requestReset, resetWithCode } from './reset-password.js';
import { validateInvite } from './validate-invite.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody };
const ZRegisterResponse = ZDetailResponse.extend({ access: z.string().optional(), refresh: z.string().optional() });
const confirmed = (tokens: { access: string; refresh: string }) => ({ result: 'success' as const, message: AUTH_MESSAGES.confirmed, ...tokens });

/** The access calls (register, login, codes, invites, /me), under /api with their trailing slashes. */
export const authRoutes =
  (context: AuthContext): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['auth'];
    const authenticated = requireAuth(context.keys, context.database);
    const limits = authRateLimits(app);

    for (const url of ['/auth/register/', '/auth/register_self_service/']) {
      app.post(url, { preHandler: limits.register, schema: { tags, body: ZRegisterRequest, response: { 201: ZRegisterResponse, ...errors } } }, async (request, reply) => {
        const tokens = await registerUser(context, request.body);
        return reply.status(201).send({ detail: AUTH_MESSAGES.registered, ...tokens });
      });
    }

    app.post('/auth/confirm/', { preHandler: limits.code, onResponse: limits.codeFailed, schema: { tags, body: ZConfirmRequest, response: { 200: ZConfirmResponse, ...errors } } }, async (request) =>
      confirmed(await confirmByLink(context, request.body.uidb64, request.body.token)),
    );
    app.get('/auth/verify_email_confirmation/', { preHandler: limits.code, onResponse: limits.codeFailed, schema: { tags, querystring: ZConfirmQuery, response: { 200: ZConfirmResponse, ...errors } } }, async (request) =>
      confirmed(await confirmByLink(context, request.query.uid, request.query.token)),
    );
    app.post('/auth/verify_email_confirmation/', { preHandler: limits.code, onResponse: limits.codeFailed, schema: { tags, body: ZVerifyCodeRequest, response: { 200: ZConfirmResponse, ...errors } } }, async (request) =>
      confirmed(await confirmByCode(context, request.body.email, request.body.code)),
    );
    app.post('/auth/request_email_confirmation/', { preHandler: limits.resend, schema: { tags, body: ZEmailOnly, response: { 200: ZDetailResponse, ...errors } } }, async (request) => {
      await inEvenTime(() => resendConfirmation(context, request.body.email));
      return { detail: AUTH_MESSAGES.confirmationSent };
    });

    app.post('/auth/login/', { preHandler: limits.login, onResponse: limits.loginFailed, schema: { tags, body: ZLoginRequest, response: { 200: ZTokenPair, ...errors } } }, async (request) =>
      login(context, request.body.email, request.body.password),
    );
    app.post('/auth/google/', { preHandler: limits.login, schema: { tags, body: ZGoogleLoginRequest, response: { 200: ZGoogleLoginResponse, ...errors } } }, async (request) =>
      googleLogin(context, request.body.token, request.body.invite_token),
    );
    for (const url of ['/auth/register_google/', '/auth/register_google_self_service/']) {
      app.post(url, { preHandler: limits.register, schema: { tags, body: ZGoogleRegisterRequest, response: { 201: ZTokenPair, ...errors } } }, async (request, reply) =>
        reply.status(201).send(await googleRegister(context, request.body)),
      );
    }
    app.post('/auth/refresh/', { schema: { tags, body: ZRefreshRequest, response: { 200: ZTokenPair, ...errors } } }, async (request) => {
      const tokens = await rotateSession(context.database.db, context.keys, request.body.refresh);
      if (!tokens) throw new AppError(401, 'refresh_invalid', AUTH_MESSAGES.refreshInvalid);
      return tokens;
    });
    app.post('/auth/logout/', { schema: { tags, body: ZLogoutRequest, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
      await endSession(context.database.db, request.body.refresh);
      return reply.status(204).send(null);
    });

    app.post('/auth/reset/', { preHandler: limits.resend, schema: { tags, body: ZEmailOnly, response: { 200: ZDetailResponse, ...errors } } }, async (request) => {
      await inEvenTime(() => requestReset(context, request.body.email));
      return { detail: AUTH_MESSAGES.resetSent };
    });
    app.post('/auth/reset_code/', { preHandler: limits.code, onResponse: limits.codeFailed, schema: { tags, body: ZResetCodeRequest, response: { 200: ZTokenPair, ...errors } } }, async (request) =>
      resetWithCode(context, request.body.email, request.body.code, request.body.password),
    );

    app.get('/invite/:token/', { preHandler: limits.code, onResponse: limits.codeFailed, schema: { tags, params: z.object({ token: z.string().min(1).max(200) }), response: { 200: ZInvite, ...errors } } }, async (request) =>
      validateInvite(context, request.params.token),
    );

    app.get('/me/', { preHandler: authenticated, schema: { tags: ['me'], security: [{ bearer: [] }], querystring: ZViewedUserQuery, response: { 200: ZMe, ...errors } } }, async (request) => {
      // With user_id: the profile of the user a superuser impersonates or an admin previews.
      const userId = await viewedUserId(context.database, request, request.query.user_id);
      const me = await presentMe(context.database.db, userId);
      if (!me) throw new AppError(401, 'token_invalid', 'Your session has expired or is invalid. Please log in again.');
      return me;
    });
    const me = { tags: ['me'], security: [{ bearer: [] }] };
    app.post('/me/password/', { preHandler: [authenticated, limits.resend], schema: { ...me, response: { 200: ZDetailResponse, ...errors } } }, async (request) => {
      await requestPasswordChange(context, request.auth!.userId);
      return { detail: ACCOUNT_MESSAGES.passwordCodeSent };
    });
    app.post('/me/password/confirm/', { preHandler: [authenticated, limits.code], schema: { ...me, body: ZPasswordConfirmRequest, response: { 200: ZTokenPair, ...errors } } }, async (request) =>
      confirmPasswordChange(context, request.auth!.userId, request.body.code, request.body.password),
    );
    app.post('/me/email/', { preHandler: [authenticated, limits.resend], schema: { ...me, body: ZEmailChangeRequest, response: { 200: ZDetailResponse, ...errors } } }, async (request) => {
      await requestEmailChange(context, request.auth!.userId, request.body.new_email);
      return { detail: ACCOUNT_MESSAGES.emailCodesSent };
    });
    app.post('/me/confirm/', { preHandler: [authenticated, limits.code], schema: { ...me, body: ZEmailChangeConfirmRequest, response: { 200: ZDetailResponse.extend({ email: z.string() }), ...errors } } }, async (request) => {
      const email = await confirmEmailChange(context, request.auth!.userId, request.body.old_email_code, request.body.new_email_code);
      return { detail: ACCOUNT_MESSAGES.emailChanged, email };
    });

    // A person checks an address or two before changing theirs; more is someone listing accounts.
    const availabilityLimit = perUserRateLimit(app, 'email-availability', 20, 15 * 60_000);
    app.get(
      '/me/check_email_availability/',
      { preHandler: [authenticated, availabilityLimit], schema: { tags: ['me'], security: [{ bearer: [] }], querystring: ZEmailAvailabilityQuery, response: { 200: ZEmailAvailability, ...errors } } },
      async (request) => {
        const [taken] = await context.database.db.select({ id: users.id }).from(users).where(eq(users.email, request.query.email));
        return { available: !taken };
      },
    );
  };
