import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, ZErrorBody } from '../../../contract/errors.js';
import { EXPORT_LIMIT, PROMPT_TYPE_STAGE, ZArticlesData, ZExportData, ZInspectionDetail, ZInspectionList, ZInspectionListQuery, ZInterviewExport, ZPromptData, ZPromptDataQuery, ZRestartInsightsResponse } from '../../../contract/inspection.js';
import { ZViewedUserQuery } from '../../../contract/models.js';
import { requireSuperuser } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import { viewedUserId } from '../../auth/viewed-user.js';
import type { Database } from '../../db/client.js';
import { topics, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Queue } from '../../jobs/types.js';
import { queueCatchUp } from '../../pipeline/backfill.js';
import { exportData, promptRecords } from './export.js';
import { getInspectionDetail, listInspection } from './inspection.js';
import { interviewExport } from './interview-export.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

/** The superuser inspection calls; `user_id` picks the viewed user. */
export const inspectionRoutes =
  ({ database, keys, queue }: { database: Database; keys: AuthKeys; queue: Queue }): FastifyPluginAsyncZod =>
  async (app) => {
    const superuser = requireSuperuser(keys, database);
    const { db } = database;

    app.get('/articles/', { preHandler: superuser, schema: { tags: ['inspection'], querystring: ZInspectionListQuery, response: { 200: ZInspectionList, ...errors } } }, async (request) => {
      const q = request.query;
      const userId = await viewedUserId(database, request, q.user_id);
      return listInspection(db, userId, { mode: q.mode, topicId: q.topic_id, page: q.page, pageSize: q.page_size });
    });

    app.get(
      '/articles/:id/details/',
      { preHandler: superuser, schema: { tags: ['inspection'], params: z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }), querystring: ZViewedUserQuery, response: { 200: ZInspectionDetail, ...errors } } },
      async (request) => {
        const userId = await viewedUserId(database, request, request.query.user_id);
        const detail = await getInspectionDetail(db, userId, request.params.id);
        if (!detail) throw new AppError(404, ErrorCode.notFound, 'Article not found.');
        return detail;
      },
    );

    app.get('/events/data/', { preHandler: superuser, schema: { tags: ['inspection'], querystring: ZViewedUserQuery, response: { 200: ZExportData, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      return exportData(db, userId, EXPORT_LIMIT);
    });

    app.get('/articles-data/', { preHandler: superuser, schema: { tags: ['inspection'], querystring: ZViewedUserQuery, response: { 200: ZArticlesData, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      return exportData(db, userId, EXPORT_LIMIT, { events: false });
    });

    app.get('/prompt-data/', { preHandler: superuser, schema: { tags: ['inspection'], querystring: ZPromptDataQuery, response: { 200: ZPromptData, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      const stage = PROMPT_TYPE_STAGE[request.query.prompt_type];
      return { prompt_type: request.query.prompt_type, stage, prompts: await promptRecords(db, userId, stage, EXPORT_LIMIT), limit: EXPORT_LIMIT };
    });

    app.get('/conversation/onboarding_interview/', { preHandler: superuser, schema: { tags: ['inspection'], querystring: ZViewedUserQuery, response: { 200: ZInterviewExport, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      return interviewExport(db, userId);
    });

    /**
     * Restart insights: forgets when the viewed user's insights were last rebuilt
     * (last_insights_updated_at) and rebuilds them from the store: every active topic is judged
     * again against recent documents (the new-topic backfill; pairs already judged stay as they are).
     */
    app.post('/events/restart-insights/', { preHandler: superuser, schema: { tags: ['inspection'], querystring: ZViewedUserQuery, response: { 200: ZRestartInsightsResponse, ...errors } } }, async (request) => {
      const userId = await viewedUserId(database, request, request.query.user_id);
      await db.update(users).set({ lastInsightsUpdatedAt: null, updatedAt: new Date() }).where(eq(users.id, userId));
      const active = await db.select({ id: topics.id }).from(topics).where(and(eq(topics.userId, userId), isNull(topics.retiredAt)));
      for (const topic of active) await queueCatchUp(queue, topic.id);
      return { detail: 'Insights restarted.', last_insights_updated_at: null, topics_queued: queue ? active.length : 0 };
    });
  };
