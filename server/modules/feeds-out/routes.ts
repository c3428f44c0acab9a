import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '../../../contract/errors.js';
import { ZFeedUrls } from '../../../contract/feeds-out.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Database } from '../../db/client.js';
import { FEED_FILES, type FeedFormat, type FeedScope } from './addresses.js';
import { feedOwner, feedUrls, regenerateFeedKey } from './feeds.js';
import { feedVersion, renderFeed } from './syndicate.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/**
 * GET /me/feed-urls/ and POST /me/feed-urls/regenerate/ (a session: the addresses carry a secret),
 * and the feeds themselves at /feeds/{key}/rss.xml, atom.xml and feed.json (`topic_id` for one
 * topic, `board_id` for a board the key's owner sees): no sign-in, the key is the credential. They answer 304 to a matching If-None-Match or
 * If-Modified-Since before reading any article, and 404 to a key that is not (or no longer) valid.
 */
export const feedsOutRoutes =
  ({ database, keys, publicUrl }: { database: Database; keys: AuthKeys; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = requireAuth(keys, database);
    const { db } = database;

    app.get('/me/feed-urls/', { preHandler: signedIn, schema: { tags: ['me'], response: { 200: ZFeedUrls, ...errors } } }, async (request) => feedUrls(db, keys, publicUrl, request.auth!.userId));

    app.post('/me/feed-urls/regenerate/', { preHandler: signedIn, schema: { tags: ['me'], response: { 200: ZFeedUrls, ...errors } } }, async (request) => {
      await regenerateFeedKey(db, request.auth!.userId);
      return feedUrls(db, keys, publicUrl, request.auth!.userId);
    });

    const ZFeedParams = z.object({ key: z.string().max(100) });
    const ZFeedQuery = z.object({ topic_id: z.coerce.number().int().positive().max(2_147_483_647).optional(), board_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() });
    for (const format of Object.keys(FEED_FILES) as FeedFormat[]) {
      app.get(
        `/feeds/:key/${FEED_FILES[format]}`,
        { schema: { tags: ['feeds'], params: ZFeedParams, querystring: ZFeedQuery, response: { 200: z.string().describe('The feed document (RSS 2.0, Atom 1.0 or JSON Feed 1)'), 404: ZErrorBody, 400: ZErrorBody } } },
        async (request, reply) => serveFeed(request, reply, format, request.params.key, { topicId: request.query.topic_id, boardId: request.query.board_id }),
      );
    }

    async function serveFeed(request: FastifyRequest, reply: FastifyReply, format: FeedFormat, key: string, scope: FeedScope) {
      const { userId, firstName, boardName } = await feedOwner(db, keys, key, scope);
      const version = await feedVersion(db, userId, format, scope);
      reply.header('etag', version.etag).header('cache-control', 'private, max-age=60').header('vary', 'accept-encoding');
      if (version.lastModified) reply.header('last-modified', version.lastModified.toUTCString());
      // No body at all: a 304 carries none, and a client would wait for one its length announced.
      if (notModified(request, version)) return reply.code(304).removeHeader('content-length').send();
      const body = await renderFeed(db, { userId, firstName, boardName, key, publicUrl }, format, version, scope);
      return reply.type(CONTENT_TYPES[format]).send(body);
    }
  };

/** If-None-Match decides when sent (weak comparison); else If-Modified-Since, to the second. */
function notModified(request: FastifyRequest, version: { etag: string; lastModified: Date | null }): boolean {
  const match = request.headers['if-none-match'];
  if (match) return match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === version.etag.replace(/^W\//, '') || tag.trim() === '*');
  const since = request.headers['if-modified-since'];
  if (!since || !version.lastModified) return false;
  const at = Date.parse(since);
  return !Number.isNaN(at) && Math.floor(version.lastModified.getTime() / 1000) <= Math.floor(at / 1000);
}
