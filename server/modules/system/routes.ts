import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COLLECTIONS, INDUSTRIES, ZErrorBody, ZHealthResponse, ZInitResponse, ErrorCode } from '../../../contract/index.js';
import { migrationState } from '../../db/migrate.js';
import { AppError } from '../../http/errors.js';
import { VERSION } from '../../version.js';
import type { AppServices } from '../../http/services.js';

const initResponse = (siteUrl: string | undefined, googleClientId: string | undefined, oidcName: string | undefined, executives: { name: string; title: string }[]) => ZInitResponse.parse({
  sources: COLLECTIONS.map((c) => ({
    id: c.id,
    key: c.key,
    name: c.name,
    topic_selectable: c.topicSelectable,
    search_filter: c.searchFilter,
  })),
  industries: INDUSTRIES,
  version: VERSION,
  site_url: siteUrl ?? null,
  google_client_id: googleClientId ?? null,
  oidc_name: oidcName ?? null,
  executives,
});

export const systemRoutes =
  (services: AppServices): FastifyPluginAsyncZod =>
  async (app) => {
    const init = initResponse(services.siteUrl, services.config.google.clientId, services.config.oidc?.name, services.config.aboutExecutives);
    app.get(
      '/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Liveness and what this instance runs on',
          response: { 200: ZHealthResponse, 503: ZErrorBody },
        },
      },
      async () => {
        let migrations;
        try {
          migrations = await migrationState(services.database);
        } catch (error) {
          // The cause goes to the log; anyone may read this answer.
          services.logger.warn({ err: error }, 'health: the database is not reachable');
          throw new AppError(503, ErrorCode.serviceUnavailable, 'The database is not reachable.');
        }
        const { features, queue } = services;
        const [counts] = rowsOf<{ documents: string; sources: string; disabled: string }>(
          await services.database.db.execute(sql`
            SELECT (SELECT count(*) FROM documents)::text AS documents, (SELECT count(*) FROM sources)::text AS sources,
                   (SELECT count(*) FROM sources WHERE NOT enabled)::text AS disabled`),
        );
        return {
          status: features.pgvector && queue.running() ? ('ok' as const) : ('degraded' as const),
          version: VERSION,
          roles: services.roles,
          database: {
            kind: services.database.kind,
            serverVersion: features.serverVersion,
            migrations,
            pgvector: features.pgvector,
          },
          queue: { running: queue.running() },
          content: {
            documents: Number(counts?.documents ?? 0),
            sources: Number(counts?.sources ?? 0),
            sourcesDisabled: Number(counts?.disabled ?? 0),
            search: services.search.vectors ? ('hybrid' as const) : ('full_text' as const),
            embeddingModel: services.search.embedder.model,
          },
          uptimeSeconds: Math.round(process.uptime()),
        };
      },
    );

    app.get(
      '/init/',
      {
        schema: {
          tags: ['system'],
          summary: 'App data: source kinds, industries, version (no token needed)',
          response: { 200: ZInitResponse },
        },
      },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=86400');
        return init;
      },
    );
  };
