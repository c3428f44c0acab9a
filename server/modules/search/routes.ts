import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '../../../contract/errors.js';
import { ZDocumentChunksResponse, ZDocumentUrlResponse, ZSearchDiagnostic, ZSearchRequest, ZSearchResponse } from '../../../contract/search.js';
import { requireAuth, requireSuperuser } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Database } from '../../db/client.js';
import { documents } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import { searchDiagnostic } from '../../search/diagnostic.js';
import { documentChunks } from '../../search/document-chunks.js';
import type { SearchIndex } from '../../search/index-state.js';
import { searchChunks } from '../../search/search.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody };
const ZId = z.object({ id: z.coerce.number().int().positive() });

export interface SearchRoutesContext {
  database: Database;
  search: SearchIndex;
  keys: AuthKeys;
}

/** Search (superusers: the Search modal), document chunks, and the /d/{id} redirect lookup. */
export const searchRoutes =
  ({ database, search, keys }: SearchRoutesContext): FastifyPluginAsyncZod =>
  async (app) => {
    const superuser = requireSuperuser(keys, database);
    const signedIn = requireAuth(keys, database);
    const limit = perUserRateLimit(app, 'search', 120);

    app.post(
      '/search/',
      { preHandler: [superuser, limit], schema: { tags: ['search'], body: ZSearchRequest, response: { 200: ZSearchResponse, ...errors } } },
      async (request) => {
        const body = request.body;
        const range = body.filters?.date_range?.canonical_at_timestamp;
        return searchChunks(database, search, {
          query: body.query.trim(),
          limit: body.limit,
          offset: body.offset,
          collections: body.filters?.collections,
          from: range?.$gte !== undefined ? new Date(range.$gte * 1000) : undefined,
          to: range?.$lte !== undefined ? new Date(range.$lte * 1000) : undefined,
          minScore: body.min_score,
        });
      },
    );

    app.get('/search/diagnostic/', { preHandler: superuser, schema: { tags: ['search'], response: { 200: ZSearchDiagnostic, ...errors } } }, async () => searchDiagnostic(database, search));

    app.get(
      '/search/document/:id/chunks/',
      {
        preHandler: superuser,
        schema: {
          tags: ['search'],
          params: ZId,
          querystring: z.object({ matched_chunk_id: z.coerce.number().int().positive().optional() }),
          response: { 200: ZDocumentChunksResponse, ...errors },
        },
      },
      async (request) => {
        const view = await documentChunks(database, request.params.id, request.query.matched_chunk_id);
        if (!view) throw new AppError(404, 'not_found', 'Document not found.');
        return view;
      },
    );

    app.get(
      '/document/:id/',
      { preHandler: signedIn, schema: { tags: ['documents'], params: ZId, response: { 200: ZDocumentUrlResponse, ...errors } } },
      async (request) => {
        const [doc] = await database.db
          .select({ id: documents.id, url: documents.url, title: documents.title })
          .from(documents)
          .where(eq(documents.id, request.params.id));
        if (!doc) throw new AppError(404, 'not_found', 'Document not found.');
        return doc;
      },
    );
  };
