import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, ZErrorBody } from '../../../contract/errors.js';
import { ZViewedUserQuery } from '../../../contract/models.js';
import {
  ZClearLogsResponse,
  ZConversationLogs,
  ZConversationLogsQuery,
  ZCreateTestUserRequest,
  ZCreateTestUserResponse,
  ZGenerateTestProfileRequest,
  ZTestProfile,
  ZTopicSearchResponse,
} from '../../../contract/tools.js';
import { requireAuth, requireSuperuser } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import { audit, viewedUserId } from '../../auth/viewed-user.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import type { TopicContext } from '../user-topics/context.js';
import { CLEAR_LOGS_ACTION, conversationLogs, countVisibleLogs, logsClearedAt } from './conversation-logs.js';
import { generateTestProfile } from './test-profile.js';
import { createTestUser } from './test-user.js';
import { topicSearch } from './topic-search.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody };
const ZId = z.object({ id: z.coerce.number().int().positive() });

/**
 * Superuser tools: the topic search of the last 24 hours (also
 * for the topic's owner), test users and their generated profiles, and the conversation log.
 */
export const toolRoutes =
  (context: TopicContext & { keys: AuthKeys }): FastifyPluginAsyncZod =>
  async (app) => {
    const { database, keys } = context;
    const signedIn = requireAuth(keys, database);
    const superuser = requireSuperuser(keys, database);

    app.get(
      '/topics/:id/search/',
      { preHandler: [signedIn, perUserRateLimit(app, 'topic-search', 60)], schema: { tags: ['topics'], params: ZId, querystring: ZViewedUserQuery, response: { 200: ZTopicSearchResponse, ...errors } } },
      async (request) => {
        const caller = request.auth!.userId;
        const requested = request.query.user_id;
        if (requested && requested !== caller) {
          // Another user's topic: superusers only (an admin's preview does not reach this tool).
          const [me] = await database.db.select({ isSuperuser: users.isSuperuser }).from(users).where(eq(users.id, caller));
          if (!me?.isSuperuser) throw new AppError(403, ErrorCode.forbidden, 'You do not have permission to perform this action.');
        }
        const userId = await viewedUserId(database, request, requested, 'read');
        return topicSearch(database, context.search, userId, request.params.id);
      },
    );

    app.post(
      '/me/create_test_user/',
      { preHandler: [superuser, perUserRateLimit(app, 'test-users', 30)], schema: { tags: ['me'], body: ZCreateTestUserRequest, response: { 200: ZCreateTestUserResponse, ...errors } } },
      async (request) => {
        const created = await createTestUser(context, request.auth!.userId, request.body);
        for (const user of [created.user, created.user_b]) if (user) await audit(database, request, user.id, 'create_test_user', { email: user.email, account_id: created.account.id });
        return created;
      },
    );

    app.post(
      '/me/generate_test_profile/',
      { preHandler: superuser, schema: { tags: ['me'], body: ZGenerateTestProfileRequest, response: { 200: ZTestProfile, ...errors } } },
      async (request) => generateTestProfile(request.body?.seed),
    );

    app.get(
      '/conversation/logs/',
      { preHandler: superuser, schema: { tags: ['conversation'], querystring: ZConversationLogsQuery, response: { 200: ZConversationLogs, ...errors } } },
      async (request) => conversationLogs(database, request.query),
    );

    app.delete('/conversation/clear_logs/', { preHandler: superuser, schema: { tags: ['conversation'], response: { 200: ZClearLogsResponse, ...errors } } }, async (request) => {
      const cleared = await countVisibleLogs(database);
      await audit(database, request, null, CLEAR_LOGS_ACTION, { cleared });
      return { success: true as const, cleared, cleared_at: (await logsClearedAt(database))!.toISOString() };
    });
  };
