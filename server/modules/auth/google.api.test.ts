import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_MESSAGES } from '../../../contract/auth.js';
import { inboxItems, users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { authKit } from './auth-test-kit.js';
import { startGoogleProvider, type FakeGoogleToken } from './google-test-provider.js';
import { createInvite } from './invites.js';

const CLIENT_ID = 'herald-test-client.apps.example';

let provider: Awaited<ReturnType<typeof startGoogleProvider>>;
let herald: TestHerald;
let kit: ReturnType<typeof authKit>;
beforeAll(async () => {
  provider = await startGoogleProvider(CLIENT_ID);
  herald = await createTestHerald({ GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_API_URL: provider.url });
  kit = authKit(herald);
});
afterAll(async () => {
  await herald?.close();
  await provider?.close();
});

function googleUser(overrides: Partial<FakeGoogleToken> = {}) {
  const email = kit.newEmail();
  return { token: provider.mint(email, overrides), email };
}

describe('Google sign-in', () => {
  it('a new person gets pending with the profile to prefill, then registers already confirmed', async () => {
    const { token, email } = googleUser();
    const first = await kit.post('/api/auth/google/', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ status: 'pending', email, first_name: 'Katherine', last_name: 'Johnson' });
    const registered = await kit.post('/api/auth/register_google/', { token, first_name: 'Katherine', last_name: 'Johnson' });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
    const [user] = await herald.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: 'ADMIN', passwordHash: null });
    expect(user!.emailConfirmedAt).not.toBeNull();
    // Next time, the same Google account signs straight in.
    expect((await kit.post('/api/auth/google/', { token })).json()).toMatchObject({ access: expect.any(String) });
  });

  it('an existing password user with the same verified address signs in and is linked', async () => {
    const { email } = await kit.register();
    const { token } = googleUser({ email });
    expect((await kit.post('/api/auth/google/', { token })).json()).toMatchObject({ access: expect.any(String) });
    const [user] = await herald.database.db.select().from(users).where(eq(users.email, email));
    expect(user!.googleSubject).toBe(`g-${token}`);
    expect(user!.emailConfirmedAt).not.toBeNull();
  });

  it('says pending-invite when the address has an open invitation', async () => {
    const { email: adminEmail } = await kit.signedIn();
    const [admin] = await herald.database.db.select().from(users).where(eq(users.email, adminEmail));
    const { token, email } = googleUser();
    const inviteToken = await createInvite(herald.database.db, { accountId: admin!.accountId, invitedBy: admin!.id, email, role: 'MEMBER' });
    expect((await kit.post('/api/auth/google/', { token })).json()).toEqual({ status: 'pending-invite', detail: GOOGLE_MESSAGES.pendingInvite });
    const joined = await kit.post('/api/auth/register_google/', { token, first_name: 'K', last_name: 'J', invite_token: inviteToken });
    expect(joined.statusCode).toBe(201);
    const [user] = await herald.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ accountId: admin!.accountId, role: 'MEMBER' });
    // The inviting admin hears of it in their inbox.
    expect(await herald.database.db.select({ title: inboxItems.title }).from(inboxItems).where(and(eq(inboxItems.userId, admin!.id), eq(inboxItems.kind, 'member_joined')))).toEqual([{ title: 'K J joined your team' }]);
  });

  it.each([
    ['issued to another client', { aud: 'someone-else' }],
    ['with an unverified address', { email_verified: false }],
  ])('refuses a token %s', async (_case, overrides) => {
    const { token } = googleUser(overrides);
    const response = await kit.post('/api/auth/google/', { token });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'google_token_invalid', error: GOOGLE_MESSAGES.invalidToken });
  });

  it('refuses an unknown token', async () => {
    expect((await kit.post('/api/auth/google/', { token: 'made-up' })).statusCode).toBe(401);
  });
});

describe('Google sign-in without a client id', () => {
  it('is switched off', async () => {
    const plain = await createTestHerald();
    try {
      const response = await plain.app!.inject({ method: 'POST', url: '/api/auth/google/', payload: { token: 'x' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'google_disabled' });
    } finally {
      await plain.close();
    }
  });
});
