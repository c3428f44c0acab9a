import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody } from '../../../contract/errors.js';
import { ZViewedUserQuery } from '../../../contract/models.js';
import { ZCompleteProfileRequest, ZCompleteProfileResponse, ZProfileUpdateRequest, ZProfileUpdateResponse } from '../../../contract/onboarding.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import { viewedUserId } from '../../auth/viewed-user.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import type { TopicContext } from '../user-topics/context.js';
import { completeProfile, updateProfile } from './profile.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };

/** Profile completion and the profile edit. */
export const onboardingRoutes =
  (context: TopicContext & { keys: AuthKeys }): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = requireAuth(context.keys, context.database);
    const ai = perUserRateLimit(app, 'profile-ai', 30);
    app.post(
      '/auth/complete_profile/',
      { preHandler: [signedIn, ai], schema: { tags: ['onboarding'], querystring: ZViewedUserQuery, body: ZCompleteProfileRequest, response: { 200: ZCompleteProfileResponse, ...errors } } },
      async (request) => completeProfile(context, await viewedUserId(context.database, request, request.query.user_id), request.body),
    );
    app.patch(
      '/me/profile/',
      { preHandler: [signedIn, ai], schema: { tags: ['me'], querystring: ZViewedUserQuery, body: ZProfileUpdateRequest, response: { 200: ZProfileUpdateResponse, ...errors } } },
      async (request) => {
        const userId = await viewedUserId(context.database, request, request.query.user_id);
        return updateProfile(context, userId, userId === request.auth!.userId, request.body);
      },
    );
  };
