import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZUsageQuery, ZUsageReport } from '../../../contract/billing.js';
import { ZErrorBody } from '../../../contract/errors.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Database } from '../../db/client.js';
import { accountActor, billingActor } from '../accounts/access.js';
import { usageReport } from './usage.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };
const tags = ['billing'];

/**
 * Billing (Account Settings → Billing, billing administrators and superusers, always the caller's
 * own account) and the caller's own usage (My Profile). Sessions only: no API token scope admits them.
 */
export const billingRoutes =
  ({ database, keys }: { database: Database; keys: AuthKeys }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = database;
    const signedIn = requireAuth(keys, database);
    const security = [{ bearer: [] }];

    app.get(
      '/account/billing/usage',
      {
        preHandler: signedIn,
        schema: {
          tags,
          security,
          summary: "The account's language-model usage",
          description:
            'Tokens and cost of every member\'s AI stages, grouped by `member`, `topic`, `stage` or `model`, per day (`7d`, `30d`, `90d`) or per month (`6m`, `12m`), UTC. The built-in engine is listed as free. Billing administrators and superusers only (403 `billing_admin_required`); a topic of another member is named by number only.',
          querystring: ZUsageQuery,
          response: { 200: ZUsageReport, ...errors },
        },
      },
      async (request) => {
        const actor = await billingActor(db, request.auth!.userId);
        return { ...(await usageReport(db, { accountId: actor.accountId, viewerId: actor.userId }, request.query.range, request.query.group)), budget: null };
      },
    );

    app.get(
      '/me/usage',
      {
        preHandler: signedIn,
        schema: {
          tags,
          security,
          summary: 'Your own language-model usage',
          description: 'The same report as Billing for the caller alone (groups `topic`, `stage`, `model`; `member` is the caller).',
          querystring: ZUsageQuery,
          response: { 200: ZUsageReport, ...errors },
        },
      },
      async (request) => {
        const actor = await accountActor(db, request.auth!.userId);
        return { ...(await usageReport(db, { accountId: actor.accountId, viewerId: actor.userId, userId: actor.userId }, request.query.range, request.query.group)), budget: null };
      },
    );
  };
