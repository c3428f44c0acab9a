import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountSubscriptions, stripeEvents, users } from '../../db/schema/index.js';
import type { TestHerald } from '../../test/harness.js';
import { fakeSubscription, startFakeStripeServer, type FakeStripeServer } from '../../billing/fake-stripe-server.js';
import { accountKit, type Person } from '../accounts/account-test-kit.js';
import { postEvent, signatureOf, signedEvent, stripeHerald, STRIPE_TEST_ENV } from './stripe-test-kit.js';

let stripe: FakeStripeServer;
let herald: TestHerald;
let kit: ReturnType<typeof accountKit>;
let team: Awaited<ReturnType<ReturnType<typeof accountKit>['team']>>;
let accountId: string;
let outsiderAccount: string;
beforeAll(async () => {
  stripe = await startFakeStripeServer();
  herald = await stripeHerald(stripe.url);
  kit = accountKit(herald);
  team = await kit.team();
  const accountOf = async (person: Person) => (await herald.database.db.select({ id: users.accountId }).from(users).where(eq(users.id, person.id)))[0]!.id;
  [accountId, outsiderAccount] = [await accountOf(team.owner), await accountOf(team.outsider)];
});
afterAll(async () => {
  await herald?.close();
  await stripe?.close();
});

const planRow = async (account = accountId) => (await herald.database.db.select().from(accountSubscriptions).where(eq(accountSubscriptions.accountId, account)))[0];
const completed = (subscription: string, customer: string, account = accountId, id?: string) =>
  signedEvent('checkout.session.completed', { id: `cs_${subscription}`, object: 'checkout.session', mode: 'subscription', client_reference_id: account, customer, subscription }, { id });
const invite = (by: Person, email = kit.newEmail()) => kit.call('POST', '/api/a/send-invite/', by.access, { first_name: 'Sea', last_name: 'Ted', email });

describe(`Stripe's webhook (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('refuses a bad, missing, stale or tampered signature with 400 stripe_signature_invalid, writing nothing', async () => {
    stripe.subscriptions.set('sub_bad', fakeSubscription('sub_bad', { customer: 'cus_bad', quantity: 9 }));
    const good = completed('sub_bad', 'cus_bad');
    const cases = [
      { payload: good.payload, header: signatureOf(good.payload, { secret: 'whsec_someone_else' }) },
      { payload: good.payload },
      { payload: good.payload.replace('cus_bad', 'cus_evil'), header: good.header },
      // Signed right, an hour ago: past the library's five minutes of tolerance (a captured event replayed later).
      { payload: good.payload, header: signatureOf(good.payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 }) },
    ];
    expect((await postEvent(herald, { payload: good.payload, header: signatureOf(good.payload, { timestamp: Math.floor(Date.now() / 1000) - 60 }) })).statusCode).toBe(200);
    await herald.database.db.delete(stripeEvents);
    await herald.database.db.delete(accountSubscriptions);
    for (const event of cases) {
      const response = await postEvent(herald, event);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'stripe_signature_invalid', error: 'The Stripe-Signature header does not match this body.' });
    }
    expect(await planRow()).toBeUndefined();
    expect(await herald.database.db.select().from(stripeEvents)).toEqual([]);
  });

  it('writes plan, seats, status and period from a completed Checkout, and a replay is a no-op 200', async () => {
    const periodEnd = Math.floor(Date.UTC(2027, 0, 15) / 1000);
    stripe.subscriptions.set('sub_1', fakeSubscription('sub_1', { customer: 'cus_1', quantity: 5, periodEnd, accountId }));
    const event = completed('sub_1', 'cus_1', accountId, 'evt_checkout_1');
    const first = await postEvent(herald, event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(await planRow()).toMatchObject({ stripeCustomerId: 'cus_1', stripeSubscriptionId: 'sub_1', plan: 'Team', seats: 5, status: 'active', cancelAtPeriodEnd: false, currentPeriodEnd: new Date(periodEnd * 1000) });
    // Stripe's state changes, then the same event comes again: nothing is applied a second time.
    stripe.subscriptions.set('sub_1', fakeSubscription('sub_1', { customer: 'cus_1', quantity: 2, periodEnd, accountId }));
    const retrievals = stripe.requests.length;
    const replay = await postEvent(herald, event);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true, duplicate: true });
    expect(stripe.requests.length).toBe(retrievals);
    expect((await planRow())!.seats).toBe(5);
    const replays = await Promise.all([1, 2, 3].map(() => postEvent(herald, event)));
    expect(replays.map((r) => r.json().duplicate)).toEqual([true, true, true]);
  });

  it('follows customer.subscription.updated and .deleted as Stripe has them now, found by customer', async () => {
    stripe.subscriptions.set('sub_1', fakeSubscription('sub_1', { customer: 'cus_1', quantity: 8, cancelAtPeriodEnd: true }));
    // The event's own copy is stale (quantity 6): the subscription read again from Stripe wins.
    const updated = signedEvent('customer.subscription.updated', fakeSubscription('sub_1', { customer: 'cus_1', quantity: 6 }));
    expect((await postEvent(herald, updated)).statusCode).toBe(200);
    expect(await planRow()).toMatchObject({ seats: 8, cancelAtPeriodEnd: true, status: 'active' });
    const plan = (await kit.call('GET', '/api/account/billing/plan', team.root.access)).json();
    expect(plan).toMatchObject({ provider: 'stripe', plan: 'Team', seats: 8, status: 'active', cancel_at_period_end: true, has_customer: true });

    stripe.subscriptions.set('sub_1', fakeSubscription('sub_1', { customer: 'cus_1', quantity: 8, status: 'canceled' }));
    expect((await postEvent(herald, signedEvent('customer.subscription.deleted', fakeSubscription('sub_1', { customer: 'cus_1', quantity: 8 })))).statusCode).toBe(200);
    expect((await kit.call('GET', '/api/account/billing/plan', team.root.access)).json()).toMatchObject({ status: 'canceled', seats: 1 });
  });

  it("records an event for no account of the install, and never changes another account's plan", async () => {
    const stranger = signedEvent('customer.subscription.updated', fakeSubscription('sub_x', { customer: 'cus_unknown', quantity: 50 }));
    expect((await postEvent(herald, stranger)).json()).toEqual({ received: true, duplicate: false });
    const ignored = signedEvent('invoice.paid', { id: 'in_1', object: 'invoice' });
    expect((await postEvent(herald, ignored)).statusCode).toBe(200);
    // A session naming the other account with this account's customer: the customer's account is the one (a customer is one account's).
    expect((await postEvent(herald, completed('sub_1', 'cus_1', outsiderAccount))).statusCode).toBe(200);
    expect(await planRow(outsiderAccount)).toBeUndefined();
    expect((await planRow())!.stripeCustomerId).toBe('cus_1');
    expect((await kit.call('GET', '/api/account/billing/plan', team.outsider.access)).statusCode).toBe(403);
  });

  it('answers 502 and records nothing when Stripe cannot be read, so Stripe sends the event again', async () => {
    stripe.failing = true;
    const event = completed('sub_1', 'cus_1', accountId, 'evt_retry');
    const down = await postEvent(herald, event);
    stripe.failing = false;
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'billing_provider_unavailable' });
    expect(await herald.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_retry'))).toEqual([]);
  });
});

describe('seats: members and open invitations against the plan', () => {
  it('refuses an invitation past the seats with 409 seat_limit_reached and how to add seats; CSV rows too', async () => {
    // The team has 4 members; a plan of 6 seats leaves 2.
    stripe.subscriptions.set('sub_1', fakeSubscription('sub_1', { customer: 'cus_1', quantity: 6 }));
    await postEvent(herald, signedEvent('customer.subscription.updated', fakeSubscription('sub_1', { customer: 'cus_1', quantity: 6 })));
    expect((await invite(team.owner)).statusCode).toBe(201);
    // Two at once for the last seat: one is invited, the other refused.
    const race = await Promise.all([invite(team.owner), invite(team.owner)]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = await invite(team.owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'seat_limit_reached',
      error: 'All 6 seats of your plan are taken (6 members and invitations). A billing administrator can add seats in Account Settings → Billing → Manage billing.',
    });
    const csv = await kit.call('POST', '/api/a/send-invites-csv/', team.owner.access, { file_name: 'more.csv', file_content: `email\n${kit.newEmail()}\n` });
    expect(csv.json()).toMatchObject({ invited: 0, failed: 1, rows: [{ code: 'seat_limit_reached' }] });
    expect((await kit.call('GET', '/api/account/billing/plan', team.root.access)).json()).toMatchObject({ seats: 6, seats_used: 6 });

    stripe.subscriptions.set('sub_1', fakeSubscription('sub_1', { customer: 'cus_1', quantity: 7 }));
    await postEvent(herald, signedEvent('customer.subscription.updated', fakeSubscription('sub_1', { customer: 'cus_1', quantity: 7 })));
    expect((await invite(team.owner)).statusCode).toBe(201);
  });

  it('gives an account without a plan one seat, and says to choose a plan', async () => {
    const refused = await invite(team.outsider);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('Your account has no plan, so it has 1 seat (2 members and invitations). A billing administrator can choose a plan with more seats in Account Settings → Billing.');
    expect(STRIPE_TEST_ENV.BILLING_PROVIDER).toBe('stripe');
  });
});
