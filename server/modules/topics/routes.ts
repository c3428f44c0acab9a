import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '../../../contract/errors.js';
import { ZViewedUserQuery } from '../../../contract/models.js';
import {
  ZAddSuggestionRequest,
  ZAddSuggestionResponse,
  ZAddSuggestionsRequest,
  ZAddSuggestionsResponse,
  ZDeleteSuggestionRequest,
  ZDeleteSuggestionResponse,
  ZExpandSuggestionsRequest,
  ZExpandSuggestionsResponse,
  ZSuggestionList,
} from '../../../contract/onboarding.js';
import { ZAddTopicChatRequest, ZAddTopicChatResponse, ZModifyTopicRequest, ZModifyTopicResponse, ZTopicList, ZValidateTopicRequest, ZValidateTopicResponse } from '../../../contract/topics.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import { viewedUserId } from '../../auth/viewed-user.js';
import { AppError } from '../../http/errors.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import { addSuggestion, deleteSuggestion, openSuggestions, saveSuggestions, topUpSuggestions } from '../user-topics/suggestions.js';
import { addTopicChatRequest } from './add-chat.js';
import type { TopicContext } from '../user-topics/context.js';
import { modifyTopicRequest } from './modify.js';
import { activeTopics, presentTopic, retireTopic } from '../user-topics/topics.js';
import { loadUser } from '../user-topics/user.js';
import { validateTopicRequest } from './validate.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody, 502: ZErrorBody };
const ZId = z.object({ id: z.coerce.number().int().positive() });

/**
 * Topic management: the user's topics, validation, edits, the
 * add-topic chat, retiring, and suggestions. Every call acts on the user in `user_id` when a
 * superuser acts for them (viewedUserId checks and audits it).
 */
export const topicRoutes =
  (context: TopicContext & { keys: AuthKeys }): FastifyPluginAsyncZod =>
  async (app) => {
    const { database, keys } = context;
    const signedIn = requireAuth(keys, database);
    // Calls that may reach a language model.
    const ai = perUserRateLimit(app, 'topics-ai', 60);
    const tags = ['topics'];

    app.get('/me/topics/', { preHandler: signedIn, schema: { tags, querystring: ZViewedUserQuery, response: { 200: ZTopicList, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      return { topics: (await activeTopics(database.db, userId)).map(presentTopic) };
    });
    app.post('/topics/:id/retire/', { preHandler: signedIn, schema: { tags, params: ZId, querystring: ZViewedUserQuery, response: { 200: z.object({ detail: z.string() }), ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      if (!(await retireTopic(database.db, userId, request.params.id))) throw new AppError(404, 'not_found', 'Topic not found.');
      return { detail: 'Topic retired.' };
    });
    app.post('/topics/validate/', { preHandler: [signedIn, ai], schema: { tags, querystring: ZViewedUserQuery, body: ZValidateTopicRequest, response: { 200: ZValidateTopicResponse, ...errors } } }, async (request) =>
      validateTopicRequest(context, await viewedUserId(database, request, request.query.user_id), request.body),
    );
    app.post(
      '/topics/:id/modify/',
      { preHandler: [signedIn, ai], schema: { tags, params: ZId, querystring: ZViewedUserQuery, body: ZModifyTopicRequest, response: { 200: ZModifyTopicResponse, ...errors } } },
      async (request) => modifyTopicRequest(context, await viewedUserId(database, request, request.query.user_id), request.params.id, request.body),
    );
    app.post('/topics/add/chat/', { preHandler: [signedIn, ai], schema: { tags, querystring: ZViewedUserQuery, body: ZAddTopicChatRequest, response: { 200: ZAddTopicChatResponse, ...errors } } }, async (request) =>
      addTopicChatRequest(context, await viewedUserId(database, request, request.query.user_id), request.body.transcript),
    );

    app.get('/me/suggestions/', { preHandler: signedIn, schema: { tags, querystring: ZViewedUserQuery, response: { 200: ZSuggestionList, ...errors } } }, async (request) => {
      const list = await openSuggestions(context, await viewedUserId(database, request, request.query.user_id));
      return { suggestions: list, total_suggestions: list.length };
    });
    app.post('/topics/add-suggestion/', { preHandler: signedIn, schema: { tags, querystring: ZViewedUserQuery, body: ZAddSuggestionRequest, response: { 200: ZAddSuggestionResponse, ...errors } } }, async (request) =>
      addSuggestion(context, await viewedUserId(database, request, request.query.user_id), request.body.suggestion, request.body.sources),
    );
    app.post('/topics/delete-suggestion/', { preHandler: signedIn, schema: { tags, querystring: ZViewedUserQuery, body: ZDeleteSuggestionRequest, response: { 200: ZDeleteSuggestionResponse, ...errors } } }, async (request) => {
      await deleteSuggestion(context, await viewedUserId(database, request, request.query.user_id), request.body.suggestion);
      return { success: true as const };
    });
    app.post(
      '/topics/expand-suggestions/',
      { preHandler: [signedIn, ai], schema: { tags, querystring: ZViewedUserQuery, body: ZExpandSuggestionsRequest, response: { 200: ZExpandSuggestionsResponse, ...errors } } },
      async (request) => {
        const userId = await viewedUserId(database, request, request.query.user_id);
        const user = await loadUser(database.db, userId);
        if (user.profileCompletedAt) await topUpSuggestions(context, user, undefined, request.body.existing_suggestions);
        const list = await openSuggestions(context, userId);
        return { success: true as const, suggestions: list, total_suggestions: list.length };
      },
    );
    app.post('/topics/add-suggestions/', { preHandler: signedIn, schema: { tags, querystring: ZViewedUserQuery, body: ZAddSuggestionsRequest, response: { 200: ZAddSuggestionsResponse, ...errors } } }, async (request) =>
      saveSuggestions(context, await viewedUserId(database, request, request.query.user_id), request.body),
    );
  };
