import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorBody } from '../../../contract/errors.js';
import { ZViewedUserQuery } from '../../../contract/models.js';
import { ZInterviewChatRequest, ZInterviewState, ZOnboardingStatus } from '../../../contract/onboarding.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import { viewedUserId } from '../../auth/viewed-user.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import type { TopicContext } from '../user-topics/context.js';
import { interviewChat, onboardingStatus, restartInterview, startInterview } from './interview.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody, 502: ZErrorBody };

/** The interview. */
export const conversationRoutes =
  (context: TopicContext & { keys: AuthKeys }): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = requireAuth(context.keys, context.database);
    const ai = perUserRateLimit(app, 'interview-ai', 60);
    const tags = ['conversation'];
    const schema = { tags, querystring: ZViewedUserQuery, response: { 200: ZInterviewState, ...errors } };
    app.post('/conversation/start/', { preHandler: [signedIn, ai], schema }, async (request) => startInterview(context, await viewedUserId(context.database, request, request.query.user_id)));
    app.post('/conversation/restart/', { preHandler: [signedIn, ai], schema }, async (request) => restartInterview(context, await viewedUserId(context.database, request, request.query.user_id)));
    app.post('/conversation/chat/', { preHandler: [signedIn, ai], schema: { ...schema, body: ZInterviewChatRequest } }, async (request) =>
      interviewChat(context, await viewedUserId(context.database, request, request.query.user_id), request.body),
    );
    app.get('/conversation/onboarding_status/', { preHandler: signedIn, schema: { tags, querystring: ZViewedUserQuery, response: { 200: ZOnboardingStatus, ...errors } } }, async (request) =>
      onboardingStatus(context, await viewedUserId(context.database, request, request.query.user_id)),
    );
  };
