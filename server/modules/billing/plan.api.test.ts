import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import type { TestHerald } from '../../test/harness.js';
import { fakeSubscription, startFakeStripeServer, type FakeStripeServer } from '../../billing/fake-stripe-server.js';
import { accountKit, type Person } from '../accounts/account-test-kit.js';
import { postEvent, signedEvent, stripeHerald } from './stripe-test-kit.js';

let stripe: FakeStripeServer;
let herald: TestHerald;
let kit: ReturnType<typeof accountKit>;
let team: Awaited<ReturnType<ReturnType<typeof accountKit>['team']>>;
let payer: Person;
let outsidePayer: Person;
let accountId: string;
beforeAll(async () => {
  stripe = await startFakeStripeServer();
  herald = await stripeHerald(stripe.url);
  kit = accountKit(herald);
  team = await kit.team();
  // A MEMBER with the billing role in each account (seats are not counted for these test joins).
  payer = await kit.join(team.owner, 'MEMBER', { first: 'Bill', last: 'Payer' });
  outsidePayer = team.outsiderMember;
  await herald.database.db.update(users).set({ billingAdmin: true }).where(eq(users.id, payer.id));
  await herald.database.db.update(users).set({ billingAdmin: true }).where(eq(users.id, outsidePayer.id));
  accountId = (await herald.database.db.select({ id: users.accountId }).from(users).where(eq(users.id, payer.id)))[0]!.id;
});
afterAll(async () => {
  await herald?.close();
  await stripe?.close();
});

const plan = (by: Person) => kit.call('GET', '/api/account/billing/plan', by.access);
const checkout = (by: Person, seats: unknown = 10) => kit.call('POST', '/api/account/billing/checkout', by.access, { seats });
const portal = (by: Person) => kit.call('POST', '/api/account/billing/portal', by.access, {});

describe(`the plan, Checkout and the portal, by role (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('answers billing administrators and superusers; an ADMIN without the role and a MEMBER get 403', async () => {
    for (const person of [payer, team.root]) {
      const response = await plan(person);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ provider: 'stripe', plan: null, status: null, seats: 1, seats_used: 5, current_period_end: null, cancel_at_period_end: false, has_customer: false });
    }
    for (const person of [team.owner, team.viewer, team.member]) {
      for (const response of [await plan(person), await checkout(person), await portal(person)]) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'billing_admin_required' });
      }
    }
    expect((await kit.call('GET', '/api/account/billing/plan')).statusCode).toBe(401);
    expect(stripe.requests).toEqual([]);
  });

  it("opens Checkout for the caller's own account with the seats asked, at least those taken", async () => {
    const tooFew = await checkout(payer, 3);
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json()).toMatchObject({ code: 'validation_failed', fields: { seats: ['Choose at least 5 seats: your account has 5 members and open invitations.'] } });
    expect((await checkout(payer, 0)).json()).toMatchObject({ code: 'validation_failed', fields: { seats: ['Choose from 1 to 10,000 seats.'] } });

    const opened = await checkout(payer, 12);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const sent = stripe.requests.at(-1)!;
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.authorization).toBe('Bearer sk_test_herald_fake');
    expect(Object.fromEntries(sent.body)).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_seat_test',
      'line_items[0][quantity]': '12',
      client_reference_id: accountId,
      'subscription_data[metadata][account_id]': accountId,
      customer_email: payer.email,
    });
    // The other account's billing administrator buys for theirs, never this one.
    await checkout(outsidePayer, 2);
    expect(stripe.requests.at(-1)!.body.get('client_reference_id')).not.toBe(accountId);
  });

  it('opens the portal once a customer exists; refuses a second Checkout while the plan holds', async () => {
    const early = await portal(payer);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'no_subscription' });
    stripe.subscriptions.set('sub_p', fakeSubscription('sub_p', { customer: 'cus_p', quantity: 12, accountId }));
    await postEvent(herald, signedEvent('checkout.session.completed', { object: 'checkout.session', mode: 'subscription', client_reference_id: accountId, customer: 'cus_p', subscription: 'sub_p' }));
    const opened = await portal(payer);
    expect(opened.statusCode).toBe(200);
    expect(opened.json().url).toMatch(new RegExp(`^${stripe.url}/portal/`));
    expect(Object.fromEntries(stripe.requests.at(-1)!.body)).toMatchObject({ customer: 'cus_p', return_url: `${herald.config.publicUrl}/account/billing` });
    expect((await portal(team.root)).statusCode).toBe(200);
    const again = await checkout(payer, 20);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'subscription_exists' });
    // The other account sees its own plan (none), never this one.
    expect((await plan(outsidePayer)).json()).toMatchObject({ plan: null, seats: 1, has_customer: false });
    expect((await portal(outsidePayer)).statusCode).toBe(409);
  });

  it('answers 502 billing_provider_unavailable when Stripe fails', async () => {
    stripe.failing = true;
    const down = await portal(payer);
    stripe.failing = false;
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ code: 'billing_provider_unavailable', error: 'Stripe could not be reached. Please try again in a minute.' });
  });
});

describe('a self-hosted install (BILLING_PROVIDER unset)', () => {
  let plain: TestHerald;
  beforeAll(async () => (plain = await stripeHerald(undefined)));
  afterAll(async () => plain?.close());

  it('has no prices and no seat limits: provider none, checkout, portal and webhook 404, invitations unlimited', async () => {
    const own = accountKit(plain);
    const admin = await own.admin();
    await plain.database.db.update(users).set({ billingAdmin: true }).where(eq(users.id, admin.id));
    expect((await own.call('GET', '/api/account/billing/plan', admin.access)).json()).toEqual({
      provider: 'none', plan: null, status: null, seats: null, seats_used: 1, current_period_end: null, cancel_at_period_end: false, has_customer: false,
    });
    for (const url of ['/api/account/billing/checkout', '/api/account/billing/portal']) {
      const response = await own.call('POST', url, admin.access, { seats: 3 });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'billing_provider_off' });
    }
    expect((await postEvent(plain, signedEvent('invoice.paid', {}))).statusCode).toBe(404);
    for (let i = 0; i < 3; i++) expect((await own.call('POST', '/api/a/send-invite/', admin.access, { first_name: 'A', last_name: 'B', email: own.newEmail() })).statusCode).toBe(201);
  });
});
