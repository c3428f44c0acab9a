import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BILLING_TEXT, ZBudgets, ZBudgetUpdate, ZUsageQuery, ZUsageReport } from '../../../contract/billing.js';
import { ZErrorBody } from '../../../contract/errors.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Database } from '../../db/client.js';
import { accountActor, billingActor } from '../accounts/access.js';
import { budgetStatus, findBudget, listBudgets, setBudget } from './budgets.js';
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
        const budget = await findBudget(db, actor.accountId);
        return { ...(await usageReport(db, { accountId: actor.accountId, viewerId: actor.userId }, request.query.range, request.query.group)), budget: budget ? budgetStatus(budget) : null };
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
        // The budget that holds the caller's stages: their own when set, else the account's.
        const budget = (await findBudget(db, actor.accountId, actor.userId)) ?? (await findBudget(db, actor.accountId));
        return { ...(await usageReport(db, { accountId: actor.accountId, viewerId: actor.userId, userId: actor.userId }, request.query.range, request.query.group)), budget: budget ? budgetStatus(budget) : null };
      },
    );

    const budgetSchema = (summary: string, description: string) => ({ tags, security, summary, description, body: ZBudgetUpdate, response: { 200: ZBudgets, ...errors } });

    app.get(
      '/account/billing/budgets',
      { preHandler: signedIn, schema: { tags, security, summary: "The account's monthly AI budgets", description: "The account's budget and each member's, with this month's spending. Billing administrators and superusers only.", response: { 200: ZBudgets, ...errors } } },
      async (request) => listBudgets(db, await billingActor(db, request.auth!.userId)),
    );
    app.put(
      '/account/billing/budgets/account',
      {
        preHandler: signedIn,
        schema: budgetSchema(
          "Set the account's monthly AI budget",
          '`monthly_usd` in US dollars (null removes it). At 80% billing administrators are told in their inbox; at 100% every language-model stage of the account runs on the built-in engine until the month (UTC) ends, and articles say so in their Disclosure.',
        ),
      },
      async (request) => setBudget(db, await billingActor(db, request.auth!.userId), null, request.body.monthly_usd),
    );
    app.put(
      '/account/billing/budgets/members/:user_id',
      {
        preHandler: signedIn,
        schema: {
          ...budgetSchema("Set a member's monthly AI budget", "The same as the account's, for one member's stages (null removes it). A member of another account answers 404."),
          params: z.object({ user_id: z.uuid(BILLING_TEXT.memberNotFound) }),
        },
      },
      async (request) => setBudget(db, await billingActor(db, request.auth!.userId), request.params.user_id, request.body.monthly_usd),
    );
  };
