import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '../../../contract/errors.js';
import {
  ZArticleJudgement,
  ZArticleList,
  ZArticlePage,
  ZArticleQuery,
  ZFeedQuery,
  ZJudgementRequest,
  ZLatestQuery,
  ZPageQuery,
  ZReaderArticle,
  ZSourcePreviewList,
  ZTimelineSearchQuery,
  ZViewedQuery,
} from '../../../contract/feed.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import { viewedUserId } from '../../auth/viewed-user.js';
import type { Database } from '../../db/client.js';
import type { SearchIndex } from '../../search/index-state.js';
import { feedHead } from './feed-head.js';
import { getArticle } from './get-article.js';
import { judgeArticle } from './judge-article.js';
import { listHistory } from './list-history.js';
import { listLatest } from './list-latest.js';
import { recentAbstracts } from './recent-abstracts.js';
import { relatedArticles } from './related-articles.js';
import { searchTimeline } from './search-timeline.js';
import type { Queue } from '../../jobs/types.js';
import { requestTopicModel } from '../../pipeline/topic-models.js';
import { topNews } from './top-news.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const ZArticleParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const tags = ['feed'];

/**
 * The reader's calls: the feed, Top News, Latest, timeline search, the
 * article with its related articles, "More like this" / "Less like this" on an article, the setup
 * screen's source previews and Previous Articles.
 * Every call reads the caller's articles, or those of the user a superuser impersonates or an
 * admin previews (`user_id`, checked by viewedUserId; a change is refused to a preview and
 * audited for a superuser); another user's article is not found.
 */
export const feedRoutes =
  ({ database, keys, search, queue }: { database: Database; keys: AuthKeys; search: SearchIndex; queue: Queue }): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = requireAuth(keys, database);
    const { db } = database;

    app.get('/for-you/', { preHandler: signedIn, schema: { tags, querystring: ZFeedQuery, response: { 200: ZArticleList, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      return feedHead(database.prepared, userId, request.query.topic_id);
    });

    app.get('/for-you/top/', { preHandler: signedIn, schema: { tags, querystring: ZFeedQuery, response: { 200: ZArticleList, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      return topNews(db, userId, request.query.topic_id);
    });

    app.get('/for-you/latest/', { preHandler: signedIn, schema: { tags, querystring: ZLatestQuery, response: { 200: ZArticlePage, ...errors } } }, async (request) => {
      const q = request.query;
      const userId = await viewedUserId(database, request, q.user_id);
      return listLatest(database.prepared, userId, { topicId: q.topic_id, page: q.page, perPage: q.per_page, cursor: q.cursor });
    });

    app.get('/for-you/timeline-search/', { preHandler: signedIn, schema: { tags, querystring: ZTimelineSearchQuery, response: { 200: ZArticleList, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      return searchTimeline(db, userId, request.query.q, request.query.topic_id);
    });

    // The article, by its reader path and by the catalogue's /articles/{id}/ (same answer, same checks).
    for (const url of ['/for-you/article/:id/', '/articles/:id/']) {
      app.get(url, { preHandler: signedIn, schema: { tags, params: ZArticleParams, querystring: ZArticleQuery, response: { 200: ZReaderArticle, ...errors } } }, async (request) => {
        const userId = await viewedUserId(database, request, request.query.user_id);
        return getArticle(db, userId, request.params.id);
      });
    }

    // The reader's judgement on an article: PUT sets or changes it, DELETE undoes it (both answer the state).
    app.put(
      '/articles/:id/judgement/',
      { preHandler: signedIn, schema: { tags, params: ZArticleParams, querystring: ZViewedQuery, body: ZJudgementRequest, response: { 200: ZArticleJudgement, ...errors } } },
      async (request) => {
        const userId = await viewedUserId(database, request, request.query.user_id, 'write');
        const judged = await judgeArticle(db, userId, request.params.id, request.body.judgement);
        // The topic's model is rebuilt from its judgements, and what arrived since the topic was added looked at again.
        await requestTopicModel(queue, judged.topic.id, true, true);
        return judged;
      },
    );
    app.delete(
      '/articles/:id/judgement/',
      { preHandler: signedIn, schema: { tags, params: ZArticleParams, querystring: ZViewedQuery, response: { 200: ZArticleJudgement, ...errors } } },
      async (request) => {
        const userId = await viewedUserId(database, request, request.query.user_id, 'write');
        const judged = await judgeArticle(db, userId, request.params.id, null);
        await requestTopicModel(queue, judged.topic.id, true, true);
        return judged;
      },
    );

    app.get(
      '/for-you/article/:id/related/',
      { preHandler: signedIn, schema: { tags, params: ZArticleParams, querystring: ZViewedQuery, response: { 200: ZArticleList, ...errors } } },
      async (request) => {
        const userId = await viewedUserId(database, request, request.query.user_id);
        return relatedArticles(db, userId, request.params.id);
      },
    );

    app.get('/for-you/recent-abstracts/', { preHandler: signedIn, schema: { tags, querystring: ZViewedQuery, response: { 200: ZSourcePreviewList, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      return { results: await recentAbstracts(database, search, userId) };
    });

    app.get('/articles/history/', { preHandler: signedIn, schema: { tags, querystring: ZPageQuery, response: { 200: ZArticlePage, ...errors } } }, async (request) => {
      const q = request.query;
      const userId = await viewedUserId(database, request, q.user_id);
      return listHistory(database.prepared, userId, { page: q.page, perPage: q.per_page, cursor: q.cursor });
    });
  };
