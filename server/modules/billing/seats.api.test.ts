import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_ERRORS } from '../../../contract/sso.js';
import { tellSeatsFull } from '../../billing/seat-notice.js';
import { SeatLimitError, seatUse } from '../../billing/seats.js';
import { accounts, accountSubscriptions, inboxItems, invites, oidcLogins, refreshTokens, users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { accountKit, type Person } from '../accounts/account-test-kit.js';
import { createInvite } from '../auth/invites.js';
import { startGoogleProvider } from '../auth/google-test-provider.js';
import { startOidcProvider } from '../sso/oidc-test-provider.js';
import { STRIPE_TEST_ENV } from './stripe-test-kit.js';

/** Every way into an account takes a seat when Herald is sold (ADR 014): joins by domain, invitations accepted once. */
const PUBLIC_URL = 'http://localhost:3998';
const GOOGLE_CLIENT = 'seats-test.apps.googleusercontent.com';
const person = (email: string, name: string) => ({ email, email_verified: true, name });
const people: Record<string, Record<string, unknown>> = {
  ann: person('ann@full.test', 'Ann Early'),
  ben: person('ben@full.test', 'Ben Late'),
  cat: person('cat@full.test', 'Cat Later'),
  dee: person('dee@invited.test', 'Dee Invited'),
  eli: person('eli@race.test', 'Eli Racer'),
  fay: person('fay@race.test', 'Fay Racer'),
};

let herald: TestHerald;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let google: Awaited<ReturnType<typeof startGoogleProvider>>;
let kit: ReturnType<typeof accountKit>;
beforeAll(async () => {
  [idp, google] = await Promise.all([startOidcProvider(PUBLIC_URL, people), startGoogleProvider(GOOGLE_CLIENT)]);
  herald = await createTestHerald({ PUBLIC_URL, ...idp.env, ...STRIPE_TEST_ENV, GOOGLE_CLIENT_ID: GOOGLE_CLIENT, GOOGLE_API_URL: google.url });
  kit = accountKit(herald);
});
afterAll(async () => {
  await Promise.all([herald?.close(), idp?.close(), google?.close()]);
});

const db = () => herald.database.db;
const accountOf = async (who: Person) => (await db().select({ id: users.accountId }).from(users).where(eq(users.id, who.id)))[0]!.id;
/** A new account whose ADMIN is its billing administrator, on a plan of `seats` (none: no plan, 1 seat), signing on `domain`. */
async function account(seats: number | null, domain?: string) {
  const owner = await kit.admin();
  const accountId = await accountOf(owner);
  await db().update(users).set({ billingAdmin: true }).where(eq(users.id, owner.id));
  if (domain) await db().update(accounts).set({ ssoDomain: domain }).where(eq(accounts.id, accountId));
  if (seats !== null) await db().insert(accountSubscriptions).values({ accountId, seats, status: 'active', plan: 'Team', stripeSubscriptionId: `sub_${accountId}` });
  return { owner, accountId };
}
const seatItems = (userId: string) => db().select().from(inboxItems).where(and(eq(inboxItems.userId, userId), eq(inboxItems.kind, 'seats')));
const userNamed = (email: string) => db().select().from(users).where(eq(users.email, email));
const signInAs = (who: string) => idp.signInAs(herald, who);

describe(`joining by the account's sign-on domain takes a seat (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('refuses a join past the seats in the product’s words, writing no user and no session, and tells billing administrators once a day', async () => {
    const { owner, accountId } = await account(2, 'full.test');
    const ann = await signInAs('ann');
    expect(ann.pathname).toBe('/sso');
    const [annRow] = await userNamed('ann@full.test');
    expect(annRow).toMatchObject({ accountId, role: 'MEMBER' });

    const sessionsBefore = await db().$count(refreshTokens);
    const ben = await signInAs('ben');
    expect(ben.pathname).toBe('/login');
    expect(ben.searchParams.get('sso_error')).toBe('seat_limit_reached');
    expect(SSO_ERRORS.seat_limit_reached).toContain('billing administrator to add seats');
    expect(await userNamed('ben@full.test')).toEqual([]);
    // No code to exchange: the login row was never claimed, and no session was started for anyone new.
    expect(await db().select().from(oidcLogins).where(isNotNull(oidcLogins.exchangeHash))).toHaveLength(1);
    expect(await db().$count(refreshTokens)).toBe(sessionsBefore);
    expect(await seatUse(db(), accountId)).toEqual({ seats: 2, used: 2, planned: true });

    const told = await seatItems(owner.id);
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('Seats are full: ben@full.test could not join by single sign-on');
    expect(told[0]!.body).toBe('All 2 seats of your plan are taken (2 members and invitations). Add seats in Account Settings → Billing → Manage billing so they can join.');
    expect(await seatItems(annRow!.id)).toEqual([]);

    // Refused again the same day, by sign-on or invitation: no second item.
    expect((await signInAs('cat')).searchParams.get('sso_error')).toBe('seat_limit_reached');
    expect((await kit.call('POST', '/api/a/send-invite/', owner.access, { first_name: 'In', last_name: 'Vited', email: kit.newEmail(), role: 'MEMBER' })).statusCode).toBe(409);
    expect(await seatItems(owner.id)).toHaveLength(1);
    // The next day's refusal is told again.
    const tomorrow = new Date(Date.now() + 86_400_000);
    expect(await tellSeatsFull(db(), new SeatLimitError(accountId, await seatUse(db(), accountId)), { via: 'sign-on', email: 'cat@full.test' }, undefined, tomorrow)).toBe(1);

    // A seat added, the next join by domain is let in.
    await db().update(accountSubscriptions).set({ seats: 3 }).where(eq(accountSubscriptions.accountId, accountId));
    expect((await signInAs('ben')).pathname).toBe('/sso');
    expect((await userNamed('ben@full.test'))[0]).toMatchObject({ accountId });
  });

  it('lets one of two joins at once take the last seat and refuses the other', async () => {
    const { accountId } = await account(2, 'race.test');
    const landed = await Promise.all([signInAs('eli'), signInAs('fay')]);
    expect(landed.map((url) => url.pathname).sort()).toEqual(['/login', '/sso']);
    expect(landed.find((url) => url.pathname === '/login')!.searchParams.get('sso_error')).toBe('seat_limit_reached');
    expect(await db().$count(users, eq(users.accountId, accountId))).toBe(2);
  });
});

describe('an invitation holds its seat', () => {
  it('lets an invited person into a full account by password, Google or single sign-on, counted once', async () => {
    const { owner, accountId } = await account(4);
    const invite = (email: string) => createInvite(db(), { accountId, invitedBy: owner.id, email, role: 'MEMBER' });
    const [byPassword, byGoogle] = [kit.newEmail(), kit.newEmail()];
    const [passwordToken, googleToken] = [await invite(byPassword), await invite(byGoogle), await invite('dee@invited.test')];
    expect(await seatUse(db(), accountId)).toEqual({ seats: 4, used: 4, planned: true });

    const registered = await kit.post('/api/auth/register/', { first_name: 'Pat', last_name: 'Word', email: byPassword, password: kit.PASSWORD, invite_token: passwordToken });
    expect(registered.statusCode).toBe(201);
    const googled = await kit.post('/api/auth/register_google/', { token: google.mint(byGoogle), first_name: 'Gus', last_name: 'Gle', invite_token: googleToken });
    expect(googled.statusCode).toBe(201);
    expect((await signInAs('dee')).pathname).toBe('/sso');
    expect(await db().$count(users, eq(users.accountId, accountId))).toBe(4);
    expect(await db().$count(invites, and(eq(invites.accountId, accountId), isNotNull(invites.acceptedAt)))).toBe(3);
    expect(await seatUse(db(), accountId)).toEqual({ seats: 4, used: 4, planned: true });
    expect(await seatItems(owner.id)).toEqual([]);
  });
});

describe('an expired invitation holds no seat', () => {
  it('frees its seat for another invitation, and resending it past the seats is refused, leaving it as it was', async () => {
    const { owner, accountId } = await account(2);
    const email = kit.newEmail();
    await createInvite(db(), { accountId, invitedBy: owner.id, email, role: 'MEMBER' });
    expect(await seatUse(db(), accountId)).toEqual({ seats: 2, used: 2, planned: true });
    const expired = new Date(Date.now() - 60_000);
    await db().update(invites).set({ expiresAt: expired }).where(eq(invites.email, email));
    expect(await seatUse(db(), accountId)).toEqual({ seats: 2, used: 1, planned: true });

    const next = await kit.call('POST', '/api/a/send-invite/', owner.access, { first_name: 'Nia', last_name: 'Next', email: kit.newEmail(), role: 'MEMBER' });
    expect(next.statusCode).toBe(201);
    const [old] = await db().select().from(invites).where(eq(invites.email, email));
    const resent = await kit.call('POST', '/api/a/resend-invite/', owner.access, { user_id: old!.id });
    expect(resent.statusCode).toBe(409);
    expect(resent.json().code).toBe('seat_limit_reached');
    expect((await db().select().from(invites).where(eq(invites.email, email)))[0]!.expiresAt).toEqual(expired);
    expect(await seatItems(owner.id)).toHaveLength(1);
  });
});

describe('billing administrators hear of a refused invitation', () => {
  it('gets one inbox item a day naming who invited whom and how to add seats; CSV refusals too; other roles none', async () => {
    const { owner, accountId } = await account(null);
    const member = await kit.join(owner, 'MEMBER', { first: 'Mo', last: 'Member' });
    // The join above went past the one seat of an account without a plan (a test shortcut): the next invitation is refused.
    const email = kit.newEmail();
    const refused = await kit.call('POST', '/api/a/send-invite/', owner.access, { first_name: 'Zed', last_name: 'Extra', email, role: 'MEMBER' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('seat_limit_reached');
    const [item] = await seatItems(owner.id);
    expect(item!.title).toMatch(new RegExp(`^Seats are full: .+'s invitation to ${email.replace(/[.+]/g, '\\$&')} was refused$`));
    expect(item!.body).toBe('Your account has no plan, so it has 1 seat (2 members and invitations). Choose a plan with more seats in Account Settings → Billing so they can join.');
    expect(item!.key).toBe(`seats-full:${accountId}:${new Date().toISOString().slice(0, 10)}`);
    expect(await seatItems(member.id)).toEqual([]);
    const csv = await kit.call('POST', '/api/a/send-invites-csv/', owner.access, { file_name: 'more.csv', file_content: `email\n${kit.newEmail()}\n` });
    expect(csv.json()).toMatchObject({ invited: 0, failed: 1, rows: [{ code: 'seat_limit_reached' }] });
    expect(await seatItems(owner.id)).toHaveLength(1);

    // A CSV refusal is the day's first in another account: told.
    const other = await account(null);
    await kit.join(other.owner, 'MEMBER');
    await kit.call('POST', '/api/a/send-invites-csv/', other.owner.access, { file_name: 'team.csv', file_content: `email\n${kit.newEmail()}\n${kit.newEmail()}\n` });
    expect(await seatItems(other.owner.id)).toHaveLength(1);
  });
});
