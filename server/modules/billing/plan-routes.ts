import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OWN_KEY_PROVIDERS, PROVIDER_KEY_TEXT, ZBillingRedirect, ZCheckoutRequest, ZPlan, ZProviderKeys, ZProviderKeyUpdate } from '../../../contract/billing.js';
import { ZErrorBody } from '../../../contract/errors.js';
import { requireAuth } from '../../auth/authenticate.js';
import type { AuthKeys } from '../../auth/secrets.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { billingActor } from '../accounts/access.js';
import { openPortal, planStatus, startCheckout, stripeOn } from './plan.js';
import { listProviderKeys, removeProviderKey, setProviderKey } from './provider-keys.js';
import { receiveStripeEvent } from './stripe-webhook.js';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 409: ZErrorBody, 502: ZErrorBody };
const tags = ['billing'];

/**
 * The account's plan and seats when the operator sells Herald (BILLING_PROVIDER=stripe): read it,
 * buy it at Stripe Checkout, manage it in Stripe's customer portal. Billing administrators and
 * superusers, the caller's own account; sessions only.
 */
export const planRoutes =
  ({ database, keys, config }: { database: Database; keys: AuthKeys; config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    const { db } = database;
    const signedIn = requireAuth(keys, database);
    const security = [{ bearer: [] }];

    app.get(
      '/account/billing/plan',
      {
        preHandler: signedIn,
        schema: {
          tags,
          security,
          summary: "The account's plan and seats",
          description: '`provider` is `none` on a self-hosted install (no prices, no seat limits) or `stripe`, with the plan, seats bought and taken (members and open invitations), status and period end as Stripe last told. Billing administrators and superusers only.',
          response: { 200: ZPlan, ...errors },
        },
      },
      async (request) => planStatus(db, config, await billingActor(db, request.auth!.userId)),
    );
    app.post(
      '/account/billing/checkout',
      {
        preHandler: signedIn,
        schema: {
          tags,
          security,
          summary: 'Buy a plan at Stripe Checkout',
          description: 'Answers the Checkout page to send the browser to, for `seats` of the plan (at least the members and open invitations). 409 `subscription_exists` while a plan holds (use the portal); 404 `billing_provider_off` when the install sells nothing; 502 `billing_provider_unavailable` when Stripe cannot be reached.',
          body: ZCheckoutRequest,
          response: { 200: ZBillingRedirect, ...errors },
        },
      },
      async (request) => startCheckout(db, config, request.log, await billingActor(db, request.auth!.userId), request.body.seats),
    );
    app.post(
      '/account/billing/portal',
      {
        preHandler: signedIn,
        schema: {
          tags,
          security,
          summary: "Open Stripe's customer portal",
          description: 'Answers the portal page (invoices, payment method, seat count, cancel at period end). 409 `no_subscription` before a plan was bought.',
          response: { 200: ZBillingRedirect, ...errors },
        },
      },
      async (request) => openPortal(db, config, request.log, await billingActor(db, request.auth!.userId)),
    );

    const keyDescription =
      "The account's own language-model keys: its members' stages use them instead of the install's. A key is stored sealed (AES-256-GCM) and never answered: only that one is set, its last four characters, who set it and when. Billing administrators and superusers only.";
    const provider = z.object({ provider: z.enum(OWN_KEY_PROVIDERS, PROVIDER_KEY_TEXT.unknownProvider) });
    app.get(
      '/account/billing/provider-keys',
      { preHandler: signedIn, schema: { tags, security, summary: "The account's own provider keys", description: keyDescription, response: { 200: ZProviderKeys, ...errors } } },
      async (request) => listProviderKeys(db, await billingActor(db, request.auth!.userId)),
    );
    app.put(
      '/account/billing/provider-keys/:provider',
      { preHandler: signedIn, schema: { tags, security, summary: "Set or replace the account's key of a provider", description: keyDescription, params: provider, body: ZProviderKeyUpdate, response: { 200: ZProviderKeys, ...errors } } },
      async (request) => setProviderKey(db, await billingActor(db, request.auth!.userId), request.params.provider, request.body.api_key),
    );
    app.delete(
      '/account/billing/provider-keys/:provider',
      { preHandler: signedIn, schema: { tags, security, summary: "Remove the account's key of a provider", description: keyDescription, params: provider, response: { 200: ZProviderKeys, ...errors } } },
      async (request) => removeProviderKey(db, await billingActor(db, request.auth!.userId), request.params.provider),
    );
  };

/**
 * Stripe's webhook, unauthenticated and verified by its signature. Its own plugin: JSON bodies
 * are kept raw here (the signature is of the bytes Stripe sent), and nowhere else.
 */
export const stripeWebhookRoutes =
  ({ database, config }: { database: Database; config: Config }): FastifyPluginAsyncZod =>
  async (app) => {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    app.post(
      '/billing/stripe/webhook',
      {
        schema: {
          tags,
          summary: "Stripe's webhook",
          description: 'Verified with STRIPE_WEBHOOK_SECRET against the raw body (400 `stripe_signature_invalid`); each event applied once by its id (a replay answers 200 with `duplicate`). Plan and seats follow `checkout.session.completed` and `customer.subscription.*`.',
          headers: z.object({ 'stripe-signature': z.string().optional() }).loose(),
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }), 400: ZErrorBody, 404: ZErrorBody, 502: ZErrorBody },
        },
      },
      async (request) => receiveStripeEvent(database.db, stripeOn(config), request.log, request.body as Buffer, request.headers['stripe-signature']),
    );
  };
