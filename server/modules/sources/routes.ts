import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, ZErrorBody } from '../../../contract/errors.js';
import {
  ZCreateSource,
  ZDeleteSourceResult,
  ZDiscoverRequest,
  ZDiscoverResponse,
  ZOpmlImportResult,
  ZPreviewRequest,
  ZPreviewResponse,
  ZRunQueued,
  ZSource,
  ZSourceDetail,
  ZSourceImpact,
  ZSourceKinds,
  ZSourceList,
  ZUpdateSource,
} from '../../../contract/sources.js';
import { requireOperator } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import type { Queue } from '../../jobs/types.js';
import { listKinds } from './kinds.js';
import { findSource, listSources, sourceDetail } from './list.js';
import { createSource, deleteSource, notFound, queueRun, sourceImpact, sourcePolicy, updateSource } from './manage.js';
import { exportOpml, importOpml } from './opml.js';
import { discover, preview } from './try-source.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 422: ZErrorBody, 429: ZErrorBody, 503: ZErrorBody };
const ZId = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const OPML_MAX_BYTES = 2 * 1024 * 1024;

export interface SourceRoutesContext {
  config: Config;
  database: Database;
  keys: AuthKeys;
  queue: Queue | undefined;
  operatorToken?: string;
}

/** The Sources page's calls: superusers (the operators of an install) and the local sources command line only. */
export const sourceRoutes =
  ({ config, database, keys, queue, operatorToken }: SourceRoutesContext): FastifyPluginAsyncZod =>
  async (app) => {
    const operator = requireOperator(keys, database, operatorToken);
    // Finding and trying sources makes the server fetch addresses: a few a minute per operator.
    const fetchLimit = perUserRateLimit(app, 'sources-fetch', 30);
    const base = { tags: ['sources'], security: [{ bearer: [] }] };
    // Every call here is for operators: checked on arrival, before a body is read or validated.
    app.addHook('onRequest', operator);
    await app.register(multipart);

    const present = async (id: number) => {
      const source = await findSource(database, id);
      if (!source) throw notFound(id);
      return source;
    };

    app.get('/sources/', { schema: { ...base, response: { 200: ZSourceList, ...errors } } }, async () => ({ sources: await listSources(database) }));

    app.get('/sources/kinds/', { schema: { ...base, response: { 200: ZSourceKinds, ...errors } } }, async () => ({ kinds: listKinds(config) }));

    app.post('/sources/', { schema: { ...base, body: ZCreateSource, response: { 201: ZSource, ...errors } } }, async (request, reply) => {
      const row = await createSource(database, queue, request.body, sourcePolicy(config));
      return reply.status(201).send(await present(row.id));
    });

    app.get('/sources/export-opml/', { schema: { ...base, response: { 200: z.string(), ...errors } } }, async (_request, reply) =>
      reply.type('text/x-opml; charset=utf-8').header('content-disposition', 'attachment; filename="herald-sources.opml"').send(await exportOpml(database)),
    );

    app.post(
      '/sources/import-opml/',
      {
        schema: {
          ...base,
          consumes: ['multipart/form-data'],
          querystring: z.object({ dry_run: z.enum(['0', '1', 'true', 'false']).optional(), collection_id: z.coerce.number().int().optional() }),
          response: { 200: ZOpmlImportResult, ...errors },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new AppError(415, ErrorCode.unsupportedMediaType, 'Send the OPML file as multipart/form-data with a "file" field.');
        const part = await request.file({ limits: { fileSize: OPML_MAX_BYTES, files: 1, parts: 4 }, throwFileSizeLimit: false });
        if (!part) throw new AppError(400, ErrorCode.invalidOpml, 'Choose an OPML file to import.', { file: ['Choose an OPML file'] });
        const buffer = await part.toBuffer();
        if (part.file.truncated) {
          reply.header('connection', 'close');
          throw new AppError(413, ErrorCode.payloadTooLarge, `The OPML file is larger than ${OPML_MAX_BYTES / 1024 / 1024} MB.`);
        }
        const dryRun = request.query.dry_run === '1' || request.query.dry_run === 'true';
        return importOpml(database, queue, buffer.toString('utf8'), { dryRun, collectionId: request.query.collection_id ?? 1, policy: sourcePolicy(config) });
      },
    );

    app.post('/sources/discover/', { preHandler: fetchLimit, schema: { ...base, body: ZDiscoverRequest, response: { 200: ZDiscoverResponse, ...errors } } }, async (request) => ({
      candidates: await discover(database, config, request.body.url),
    }));

    app.post('/sources/preview/', { preHandler: fetchLimit, schema: { ...base, body: ZPreviewRequest, response: { 200: ZPreviewResponse, ...errors } } }, async (request) =>
      preview(database, config, request.body.kind, request.body.settings),
    );

    app.get('/sources/:id/', { schema: { ...base, params: ZId, response: { 200: ZSourceDetail, ...errors } } }, async (request) => {
      const detail = await sourceDetail(database, request.params.id);
      if (!detail) throw notFound(request.params.id);
      return detail;
    });

    app.get('/sources/:id/impact/', { schema: { ...base, params: ZId, response: { 200: ZSourceImpact, ...errors } } }, async (request) => {
      await present(request.params.id);
      return sourceImpact(database, request.params.id);
    });

    app.patch('/sources/:id/', { schema: { ...base, params: ZId, body: ZUpdateSource, response: { 200: ZSource, ...errors } } }, async (request) => {
      await updateSource(database, queue, request.params.id, request.body, sourcePolicy(config));
      return present(request.params.id);
    });

    app.delete('/sources/:id/', { schema: { ...base, params: ZId, response: { 200: ZDeleteSourceResult, ...errors } } }, async (request) => {
      const impact = await deleteSource(database, request.params.id);
      return { deleted: true as const, documents_deleted: impact.documents, articles_deleted: impact.articles };
    });

    app.post('/sources/:id/run/', { schema: { ...base, params: ZId, response: { 202: ZRunQueued, ...errors } } }, async (request, reply) => {
      const source = await present(request.params.id);
      if (!queue) throw new AppError(503, ErrorCode.serviceUnavailable, 'The job queue is not running here, so the source cannot be run now.');
      const queued = await queueRun(queue, source.id, 'manual');
      return reply.status(202).send({ queued, already_running: !queued || source.running !== null });
    });
  };
