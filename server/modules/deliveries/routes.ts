import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DELIVERY_MESSAGES, ZDeliveryCreate, ZDeliveryList, ZDeliveryPatch, ZDeliveryTarget, ZDeliveryTestResult } from '../../../contract/deliveries.js';
import { ZErrorBody } from '../../../contract/errors.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { perUserRateLimit } from '../../http/rate-limit.js';
import { createTarget, deleteTarget, listTargets, teamOwner, testTarget, updateTarget, type Owner } from './targets.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 429: ZErrorBody };
const ZTargetParams = z.object({ id: z.uuid({ message: DELIVERY_MESSAGES.notFound }) });

/**
 * Delivery targets: a user's own at /me/deliveries/, an account admin's team targets at
 * /a/deliveries/ (list, add, change, delete, Send test). What they receive is posted by the
 * deliver-webhook job (server/deliveries); Send test posts at once and answers what the receiver said.
 */
export const deliveryRoutes =
  ({ database, keys, config }: { database: Database; keys: AuthKeys; config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    const signedIn = requireAuth(keys, database);
    const testing = perUserRateLimit(app, 'delivery-test', 10);
    for (const [base, ownerOf, tags] of [
      ['/me/deliveries/', async (request: FastifyRequest): Promise<Owner> => ({ userId: request.auth!.userId }), ['me']],
      ['/a/deliveries/', async (request: FastifyRequest): Promise<Owner> => teamOwner(database.db, request.auth!.userId), ['accounts']],
    ] as const) {
      const schema = { tags: [...tags] };
      app.get(base, { preHandler: signedIn, schema: { ...schema, response: { 200: ZDeliveryList, ...errors } } }, async (request) => ({ targets: await listTargets(database, await ownerOf(request)) }));

      app.post(base, { preHandler: signedIn, schema: { ...schema, body: ZDeliveryCreate, response: { 201: ZDeliveryTarget, ...errors } } }, async (request, reply) =>
        reply.code(201).send(await createTarget(database, config, await ownerOf(request), request.body)),
      );

      app.patch(`${base}:id/`, { preHandler: signedIn, schema: { ...schema, params: ZTargetParams, body: ZDeliveryPatch, response: { 200: ZDeliveryTarget, ...errors } } }, async (request) =>
        updateTarget(database, config, await ownerOf(request), request.params.id, request.body),
      );

      app.delete(`${base}:id/`, { preHandler: signedIn, schema: { ...schema, params: ZTargetParams, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
        await deleteTarget(database.db, await ownerOf(request), request.params.id);
        return reply.code(204).send(null);
      });

      app.post(`${base}:id/test/`, { preHandler: [signedIn, testing], schema: { ...schema, params: ZTargetParams, response: { 200: ZDeliveryTestResult, ...errors } } }, async (request) =>
        testTarget(database, config, await ownerOf(request), request.params.id, request.auth!.userId),
      );
    }
  };
