import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, ZErrorBody } from '../../../contract/errors.js';
import { FEEDS_OUT_MESSAGES, ZFeedUrls, type TFeedUrls } from '../../../contract/feeds-out.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Database, DbOrTx } from '../../db/client.js';
import { topics, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { FEED_FILES, feedAddresses, feedKey, keyMatches, userIdOfKey, type FeedFormat } from './addresses.js';
import { feedVersion, renderFeed } from './syndicate.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const CONTENT_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml; charset=utf-8',
  atom: 'application/atom+xml; charset=utf-8',
  json: 'application/feed+json; charset=utf-8',
};

/** The caller's feed addresses: the whole feed and each active topic's. */
async function feedUrls(db: DbOrTx, keys: AuthKeys, publicUrl: string, userId: string): Promise<TFeedUrls> {
  const [user] = await db.select({ generation: users.feedGeneration }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError(401, 'token_invalid', 'Your session has expired or is invalid. Please log in again.');
  const key = feedKey(keys, userId, user.generation);
  const own = await db
    .select({ id: topics.id, name: topics.name })
    .from(topics)
    .where(and(eq(topics.userId, userId), isNull(topics.retiredAt)))
    .orderBy(asc(topics.name), asc(topics.id));
  return { ...feedAddresses(publicUrl, key), topics: own.map((topic) => ({ id: topic.id, name: topic.name, ...feedAddresses(publicUrl, key, topic.id) })) };
}

/**
 * GET /me/feed-urls/ and POST /me/feed-urls/regenerate/ (a session: the addresses carry a secret),
 * and the feeds themselves at /feeds/{key}/rss.xml, atom.xml and feed.json (`topic_id` for one
 * topic): no sign-in, the key is the credential. They answer 304 to a matching If-None-Match or
 * If-Modified-Since before reading any article, and 404 to a key that is not (or no longer) valid.
 */
export const feedsOutRoutes =
  ({ database, keys, publicUrl }: { database: Database; keys: AuthKeys; publicUrl: string }): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = requireAuth(keys, database);
    const { db } = database;

    app.get('/me/feed-urls/', { preHandler: signedIn, schema: { tags: ['me'], response: { 200: ZFeedUrls, ...errors } } }, async (request) => feedUrls(db, keys, publicUrl, request.auth!.userId));

    app.post('/me/feed-urls/regenerate/', { preHandler: signedIn, schema: { tags: ['me'], response: { 200: ZFeedUrls, ...errors } } }, async (request) => {
      await db.update(users).set({ feedGeneration: sql`${users.feedGeneration} + 1` }).where(eq(users.id, request.auth!.userId));
      return feedUrls(db, keys, publicUrl, request.auth!.userId);
    });

    const ZFeedParams = z.object({ key: z.string().max(100) });
    const ZFeedQuery = z.object({ topic_id: z.coerce.number().int().positive().max(2_147_483_647).optional() });
    for (const format of Object.keys(FEED_FILES) as FeedFormat[]) {
      app.get(
        `/feeds/:key/${FEED_FILES[format]}`,
        { schema: { tags: ['feeds'], params: ZFeedParams, querystring: ZFeedQuery, response: { 200: z.string().describe('The feed document (RSS 2.0, Atom 1.0 or JSON Feed 1)'), 404: ZErrorBody, 400: ZErrorBody } } },
        async (request, reply) => serveFeed(request, reply, format, request.params.key, request.query.topic_id),
      );
    }

    async function serveFeed(request: FastifyRequest, reply: FastifyReply, format: FeedFormat, key: string, topicId: number | undefined) {
      const userId = userIdOfKey(key);
      const [owner] = userId ? await db.select({ generation: users.feedGeneration, firstName: users.firstName }).from(users).where(eq(users.id, userId)) : [];
      if (!userId || !owner || !keyMatches(keys, key, userId, owner.generation)) throw new AppError(404, ErrorCode.notFound, FEEDS_OUT_MESSAGES.notFound);
      if (topicId !== undefined) {
        const [topic] = await db.select({ id: topics.id }).from(topics).where(and(eq(topics.id, topicId), eq(topics.userId, userId)));
        if (!topic) throw new AppError(404, ErrorCode.notFound, FEEDS_OUT_MESSAGES.notFound);
      }
      const version = await feedVersion(db, userId, format, topicId);
      reply.header('etag', version.etag).header('cache-control', 'private, max-age=60').header('vary', 'accept-encoding');
      if (version.lastModified) reply.header('last-modified', version.lastModified.toUTCString());
      // No body at all: a 304 carries none, and a client would wait for one its length announced.
      if (notModified(request, version)) return reply.code(304).removeHeader('content-length').send();
      const body = await renderFeed(db, { userId, firstName: owner.firstName, key, publicUrl }, format, version, topicId);
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
