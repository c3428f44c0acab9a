import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody } from '../../../contract/errors.js';
import { NOTIFY_MESSAGES, ZNotificationPreferences, ZPushDevice, ZPushDevices, ZPushKey, ZPushSubscribe, ZPushTestResult } from '../../../contract/notifications.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import type { Queue } from '../../jobs/types.js';
import { vapidKeys } from '../../notifications/vapid.js';
import { getPreferences, listDevices, putPreferences, removeDevice, subscribe, testDevice } from './notifications.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 429: ZErrorBody };
const tags = ['notifications'];
const ZDeviceParams = z.object({ id: z.uuid(NOTIFY_MESSAGES.subscriptionNotFound) });
/** Test pushes a user may send a minute. */
const TESTS_PER_MINUTE = 10;

/**
 * The signed-in user's notification preferences (GET/PUT /me/notifications/) and push devices
 * (GET /me/push/key/, GET/POST /me/push/devices/, DELETE /me/push/devices/{id}/, POST
 * /me/push/devices/{id}/test/). Always the caller's own rows.
 */
export const notificationRoutes =
  ({ database, keys, config, queue }: { database: Database; keys: AuthKeys; config: Config; queue?: Queue }): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = requireAuth(keys, database);
    const testing = perUserRateLimit(app, 'push-test', TESTS_PER_MINUTE);
    const subscribing = perUserRateLimit(app, 'push-subscribe', 30);

    app.get('/me/notifications/', { preHandler: signedIn, schema: { tags, response: { 200: ZNotificationPreferences, ...errors } } }, async (request) => getPreferences(database, request.auth!.userId));

    app.put('/me/notifications/', { preHandler: signedIn, schema: { tags, body: ZNotificationPreferences, response: { 200: ZNotificationPreferences, ...errors } } }, async (request) =>
      putPreferences(database, request.auth!.userId, request.body),
    );

    app.get('/me/push/key/', { preHandler: signedIn, schema: { tags, response: { 200: ZPushKey, ...errors } } }, async () => ({ public_key: (await vapidKeys(database)).publicKey }));

    app.get('/me/push/devices/', { preHandler: signedIn, schema: { tags, response: { 200: ZPushDevices, ...errors } } }, async (request) => listDevices(database, request.auth!.userId));

    app.post('/me/push/devices/', { preHandler: [signedIn, subscribing], schema: { tags, body: ZPushSubscribe, response: { 201: ZPushDevice, ...errors } } }, async (request, reply) =>
      reply.code(201).send(await subscribe(database, config.production, request.auth!.userId, request.body)),
    );

    app.delete('/me/push/devices/:id/', { preHandler: signedIn, schema: { tags, params: ZDeviceParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
      await removeDevice(database, request.auth!.userId, request.params.id);
      return reply.code(204).send(null);
    });

    app.post('/me/push/devices/:id/test/', { preHandler: [signedIn, testing], schema: { tags, params: ZDeviceParams, response: { 200: ZPushTestResult, ...errors } } }, async (request) =>
      testDevice({ database, config, ...(queue ? { queue } : {}) }, request.auth!.userId, request.params.id),
    );
  };
