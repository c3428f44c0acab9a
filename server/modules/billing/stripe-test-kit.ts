import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { createTestHerald, type TestHerald } from '../../test/harness.js';

export const STRIPE_TEST_ENV = {
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_herald_fake',
  STRIPE_WEBHOOK_SECRET: 'whsec_herald_test_secret',
  STRIPE_PRICE_ID: 'price_seat_test',
  STRIPE_PLAN_NAME: 'Team',
} as const;

/** A test Herald selling through Stripe at `stripeUrl` (a local fake), with a temporary DATA_DIR. */
export async function stripeHerald(stripeUrl: string | undefined): Promise<TestHerald> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'herald-stripe-'));
  const herald = await createTestHerald({ DATA_DIR: dataDir, ...(stripeUrl ? { ...STRIPE_TEST_ENV, STRIPE_API_URL: stripeUrl } : {}) });
  return {
    ...herald,
    async close() {
      await herald.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const signer = new Stripe('sk_test_signer');

/** The Stripe-Signature header of a body: the test secret (or another), now (or at `timestamp`, seconds). */
export const signatureOf = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET, ...(options.timestamp ? { timestamp: options.timestamp } : {}) });

/** A Stripe event as its webhook posts it: the JSON body and its Stripe-Signature header. */
export function signedEvent(type: string, object: Record<string, unknown>, options: { id?: string } = {}) {
  const payload = JSON.stringify({ id: options.id ?? `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object } });
  return { payload, header: signatureOf(payload) };
}

/** Posts an event to the webhook as Stripe does (raw JSON body, signature header). */
export function postEvent(herald: TestHerald, event: { payload: string; header?: string }) {
  return herald.app!.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(event.header ? { 'stripe-signature': event.header } : {}) },
    payload: event.payload,
  });
}
