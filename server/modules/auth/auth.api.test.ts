import { eq, sql } from 'drizzle-orm';
import { EVEN_ANSWER_MS } from '../../auth/even-time.js';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '../../../contract/auth.js';
import { accounts, invites, oneTimeCodes, outboxEmails, refreshTokens, users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { FAILURES_PER_ADDRESS } from '../../http/rate-limit.js';
import { authKit } from './auth-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof authKit>;
beforeAll(async () => {
  herald = await createTestHerald();
  kit = authKit(herald);
});
afterAll(async () => herald?.close());

describe('registration', () => {
  it('creates an account with the person as ADMIN, unconfirmed, and emails a link and a code', async () => {
    const { email, response } = await kit.register(undefined, { company: 'Acme Corp' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ detail: AUTH_MESSAGES.registered });
    const [user] = await herald.database.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: 'ADMIN', emailConfirmedAt: null, firstName: 'Ada' });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const [account] = await herald.database.db.select().from(accounts).where(eq(accounts.id, user!.accountId));
    expect(account!.name).toBe('Acme Corp');
    const mail = await kit.lastEmail(email, 'confirm-email');
    expect(mail.code).toMatch(/^\d{6}$/);
    expect(mail.link).toMatch(/^http:\/\/localhost:\d+\/confirm-email\?uid=[\w-]+&token=[\w-]{43}$/);
  });

  it('answers an existing address exactly as a new one and emails its owner instead (no enumeration)', async () => {
    const { email } = await kit.register();
    const fresh = await kit.register();
    const again = await kit.post('/api/auth/register/', { first_name: 'Eve', last_name: 'X', email: email.toUpperCase(), password: kit.PASSWORD });
    expect(again.statusCode).toBe(fresh.response.statusCode);
    expect(again.json()).toEqual(fresh.response.json());
    expect((await kit.lastEmail(email)).template).toBe('account-exists');
    expect(await herald.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it.each([
    ['short', 'short', AUTH_MESSAGES.passwordTooShort],
    ['common', 'password123', AUTH_MESSAGES.passwordTooCommon],
  ])('rejects a %s password with the spec message, creating nothing', async (_kind, password, message) => {
    const email = kit.newEmail();
    const response = await kit.post('/api/auth/register/', { first_name: 'A', last_name: 'B', email, password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'validation_failed', fields: { password: [message] } });
    expect(await herald.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('accepts a 64-character password and rejects unknown fields', async () => {
    expect((await kit.register(undefined, { password: 'x'.repeat(30) + 'Y'.repeat(34) })).response.statusCode).toBe(201);
    const unknown = await kit.post('/api/auth/register/', { first_name: 'A', last_name: 'B', email: kit.newEmail(), password: kit.PASSWORD, is_superuser: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('validation_failed');
  });

  it('says what each field needs in the product words, never the schema library', async () => {
    const response = await kit.post('/api/auth/register/', { first_name: 7, email: 'not an email' });
    expect(response.statusCode).toBe(400);
    const body = response.json() as { fields: Record<string, string[]> };
    expect(body.fields).toMatchObject({ first_name: ['Must be text.'], last_name: ['This field is required.'] });
    expect(JSON.stringify(body)).not.toMatch(/Invalid input|expected|received/);
  });
});

describe('email confirmation', () => {
  it('an unconfirmed user cannot log in and is told to confirm', async () => {
    const { email } = await kit.register();
    const response = await kit.post('/api/auth/login/', { email, password: kit.PASSWORD });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'email_not_confirmed', error: AUTH_MESSAGES.emailNotConfirmed });
  });

  it('confirms by link once, returning tokens; the link then stops working', async () => {
    const { email } = await kit.register();
    const url = new URL((await kit.lastEmail(email, 'confirm-email')).link!);
    const body = { uidb64: url.searchParams.get('uid'), token: url.searchParams.get('token') };
    const first = await kit.post('/api/auth/confirm/', body);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ result: 'success', message: AUTH_MESSAGES.confirmed, access: expect.any(String), refresh: expect.any(String) });
    const second = await kit.post('/api/auth/confirm/', body);
    expect(second.json()).toMatchObject({ code: 'link_invalid' });
    expect((await kit.post('/api/auth/login/', { email, password: kit.PASSWORD })).statusCode).toBe(200);
  });

  it('confirms through the GET reading with uid and token', async () => {
    const { email } = await kit.register();
    const url = new URL((await kit.lastEmail(email, 'confirm-email')).link!);
    const response = await kit.get(`/api/auth/verify_email_confirmation/?uid=${url.searchParams.get('uid')}&token=${url.searchParams.get('token')}`);
    expect(response.statusCode).toBe(200);
  });

  it('an expired link says a new one was sent, and sends it', async () => {
    const { email } = await kit.register();
    const url = new URL((await kit.lastEmail(email, 'confirm-email')).link!);
    await herald.database.db.update(oneTimeCodes).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeCodes.purpose, 'email-confirm-link'));
    const response = await kit.post('/api/auth/confirm/', { uidb64: url.searchParams.get('uid'), token: url.searchParams.get('token') });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'link_expired', error: AUTH_MESSAGES.linkExpired });
    const fresh = await kit.lastEmail(email, 'confirm-email');
    expect(fresh.link).not.toBe(url.toString());
    const retry = new URL(fresh.link!);
    expect((await kit.post('/api/auth/confirm/', { uidb64: retry.searchParams.get('uid'), token: retry.searchParams.get('token') })).statusCode).toBe(200);
  });

  it('confirms by code; a wrong code is refused with a field error', async () => {
    const { email } = await kit.register();
    const { code } = await kit.lastEmail(email, 'confirm-email');
    const wrong = await kit.post('/api/auth/verify_email_confirmation/', { email, code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'code_invalid', fields: { code: [AUTH_MESSAGES.codeInvalid] } });
    expect((await kit.post('/api/auth/verify_email_confirmation/', { email, code })).statusCode).toBe(200);
  });

  it('allows at most 5 guesses, even when 20 wrong guesses race', async () => {
    const { email } = await kit.register();
    const { code } = await kit.lastEmail(email, 'confirm-email');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(Array.from({ length: 20 }, () => kit.post('/api/auth/verify_email_confirmation/', { email, code: wrong })));
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    const [user] = await herald.database.db.select().from(users).where(eq(users.email, email));
    const [row] = await herald.database.db.select().from(oneTimeCodes).where(sql`${oneTimeCodes.subject} = ${user!.id} and ${oneTimeCodes.purpose} = 'email-confirm'`);
    expect(row!.attempts).toBe(5);
    const right = await kit.post('/api/auth/verify_email_confirmation/', { email, code });
    expect(right.json()).toMatchObject({ code: 'code_attempts_exceeded' });
  });

  it('a code works once, even when two correct submissions race', async () => {
    const { email } = await kit.register();
    const { code } = await kit.lastEmail(email, 'confirm-email');
    const answers = await Promise.all([0, 1].map(() => kit.post('/api/auth/verify_email_confirmation/', { email, code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400]);
  });

  it('resending answers the same for any address', async () => {
    const { email } = await kit.register();
    const known = await kit.post('/api/auth/request_email_confirmation/', { email });
    const unknown = await kit.post('/api/auth/request_email_confirmation/', { email: kit.newEmail() });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
  });
});

describe('login and sessions', () => {
  it('a wrong password and an unknown address get the same answer', async () => {
    const { email } = await kit.signedIn();
    const wrong = await kit.post('/api/auth/login/', { email, password: 'not the password' });
    const unknown = await kit.post('/api/auth/login/', { email: kit.newEmail(), password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('counts the connection address, not a client-chosen X-Forwarded-For (TRUST_PROXY off)', async () => {
    const { email } = await kit.signedIn();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await herald.app!.inject({ method: 'POST', url: '/api/auth/login/', headers: { 'x-forwarded-for': `203.0.113.${i + 1}` }, payload: { email, password: 'wrong password 1' } });
      statuses.push(response.statusCode);
    }
    // Ten wrong passwords per address and IP; a new header each time changes nothing.
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it('stops a guesser spread over many IPs after FAILURES_PER_ADDRESS refusals of one address', async () => {
    const { email } = await kit.signedIn();
    const attempt = (n: number, password = 'wrong password 1') => herald.app!.inject({ method: 'POST', url: '/api/auth/login/', remoteAddress: `198.51.${n >> 8}.${n & 255}`, payload: { email, password } });
    for (let i = 0; i < FAILURES_PER_ADDRESS; i++) expect((await attempt(i + 1)).statusCode).toBe(401);
    const blocked = await attempt(FAILURES_PER_ADDRESS + 1, kit.PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Other addresses are untouched.
    const other = await kit.signedIn();
    expect((await kit.post('/api/auth/login/', { email: other.email, password: kit.PASSWORD })).statusCode).toBe(200);
  });

  it('refresh rotates; replaying a rotated token later ends the whole session', async () => {
    const { refresh } = await kit.signedIn();
    const rotated = await kit.post('/api/auth/refresh/', { refresh });
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json() as { refresh: string };
    expect(next.refresh).not.toBe(refresh);
    // Push the first use out of the grace window, as a thief's later replay would be.
    await herald.database.db.update(refreshTokens).set({ usedAt: new Date(Date.now() - 60_000) }).where(sql`${refreshTokens.usedAt} is not null`);
    expect((await kit.post('/api/auth/refresh/', { refresh })).statusCode).toBe(401);
    const successor = await kit.post('/api/auth/refresh/', { refresh: next.refresh });
    expect(successor.statusCode).toBe(401);
    expect(successor.json()).toMatchObject({ code: 'refresh_invalid' });
  });

  it('parallel refreshes of one token leave exactly one live successor', async () => {
    const { refresh } = await kit.signedIn();
    const answers = await Promise.all(Array.from({ length: 5 }, () => kit.post('/api/auth/refresh/', { refresh })));
    const winners = answers.filter((a) => a.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect((await kit.post('/api/auth/refresh/', { refresh: winners[0]!.json().refresh })).statusCode).toBe(200);
  });

  it('logout ends the session, its access token at once', async () => {
    const { access, refresh } = await kit.signedIn();
    const other = await kit.post('/api/auth/login/', { email: (await kit.get('/api/me/', access)).json<{ email: string }>().email, password: kit.PASSWORD });
    expect((await kit.get('/api/me/', access)).statusCode).toBe(200);
    expect((await kit.post('/api/auth/logout/', { refresh })).statusCode).toBe(204);
    expect((await kit.post('/api/auth/refresh/', { refresh })).statusCode).toBe(401);
    // Not 15 minutes later, when it expires: now. Another session of the same user goes on.
    expect((await kit.get('/api/me/', access)).json()).toMatchObject({ code: 'token_invalid' });
    expect((await kit.get('/api/me/', other.json<{ access: string }>().access)).statusCode).toBe(200);
  });

  it('refuses forged and misused access tokens', async () => {
    const { access, refresh } = await kit.signedIn();
    expect((await kit.get('/api/me/', access)).statusCode).toBe(200);
    const [header, payload] = access.split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const wrongKey = await new SignJWT(JSON.parse(Buffer.from(payload!, 'base64url').toString()))
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(40)));
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url')}.${access.split('.')[2]}`;
    for (const token of [none, wrongKey, tampered, refresh, 'garbage']) {
      const response = await kit.get('/api/me/', token);
      expect(response.statusCode).toBe(401);
    }
    expect((await kit.get('/api/me/')).json()).toMatchObject({ code: 'unauthorized' });
  });

  it('refuses an expired access token', async () => {
    const { access } = await kit.signedIn();
    const claims = JSON.parse(Buffer.from(access.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const [secret] = await herald.database.sql<{ value: string }>(`select value from app_secrets where name = 'jwt'`, []).then((r) => r.rows);
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(secret!.value));
    expect((await kit.get('/api/me/', expired)).statusCode).toBe(401);
  });
});

describe('me', () => {
  it('GET /api/me/ returns the profile with the fields later issues fill still empty', async () => {
    const { access, email } = await kit.signedIn();
    const response = await kit.get('/api/me/', access);
    expect(response.json()).toMatchObject({
      email,
      first_name: 'Ada',
      role: 'ADMIN',
      is_superuser: false,
      account_count: 1,
      email_confirmed: true,
      onboarding_complete: false,
      gpt_profile: null,
      language: 'en',
      alerts: true,
      newsletter: true,
    });
    expect(response.json().language_choices).toHaveLength(9);
  });

  it('checks email availability for signed-in users only', async () => {
    const { access, email } = await kit.signedIn();
    expect((await kit.get(`/api/me/check_email_availability/?email=${encodeURIComponent(email)}`, access)).json()).toEqual({ available: false });
    expect((await kit.get(`/api/me/check_email_availability/?email=${kit.newEmail()}`, access)).json()).toEqual({ available: true });
    expect((await kit.get(`/api/me/check_email_availability/?email=${kit.newEmail()}`)).statusCode).toBe(401);
    // Twenty checks in 15 minutes, then 429: enough to choose an address, not to list accounts.
    const statuses = [];
    for (let i = 0; i < 19; i++) statuses.push((await kit.get(`/api/me/check_email_availability/?email=${kit.newEmail()}`, access)).statusCode);
    expect(statuses.slice(0, 18).every((s) => s === 200)).toBe(true);
    expect(statuses[18]).toBe(429);
  });
});

describe('password reset', () => {
  it('answers the same for any address, and resets with the code: other sessions end, the owner is told', async () => {
    const { email, refresh: oldSession } = await kit.signedIn();
    const timed = async (address: string) => {
      const started = performance.now();
      const response = await kit.post('/api/auth/reset/', { email: address });
      return { response, ms: performance.now() - started };
    };
    const known = await timed(email);
    const unknown = await timed(kit.newEmail());
    expect(known.response.statusCode).toBe(200);
    expect(unknown.response.json()).toEqual(known.response.json());
    // Neither answers sooner than the other could: the time tells nothing about the address.
    expect(Math.min(known.ms, unknown.ms)).toBeGreaterThanOrEqual(EVEN_ANSWER_MS - 5);
    const { code } = await kit.lastEmail(email, 'reset-code');
    const reset = await kit.post('/api/auth/reset_code/', { email, code, password: 'a brand new passphrase' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
    expect((await kit.post('/api/auth/refresh/', { refresh: oldSession })).statusCode).toBe(401);
    expect((await kit.lastEmail(email)).template).toBe('password-changed');
    expect((await kit.post('/api/auth/login/', { email, password: kit.PASSWORD })).statusCode).toBe(401);
    expect((await kit.post('/api/auth/login/', { email, password: 'a brand new passphrase' })).statusCode).toBe(200);
  });

  it('answers wrong codes for an address without an account exactly as for one with an account', async () => {
    const { email } = await kit.signedIn();
    const nobody = kit.newEmail();
    const answers = async (address: string) => {
      await kit.post('/api/auth/reset/', { email: address });
      const out = [];
      for (let i = 0; i < 6; i++) out.push((await kit.post('/api/auth/reset_code/', { email: address, code: '000000', password: 'a brand new passphrase' })).json());
      return out;
    };
    const known = await answers(email);
    expect(known.at(-1)).toMatchObject({ code: 'code_attempts_exceeded' });
    expect(await answers(nobody)).toEqual(known);
  });
});

describe('invitations through registration', () => {
  it('joins the inviting account with the invited role and signs in at once', async () => {
    const { email: adminEmail } = await kit.signedIn();
    const [admin] = await herald.database.db.select().from(users).where(eq(users.email, adminEmail));
    const { createInvite } = await import('./invites.js');
    const invitee = kit.newEmail();
    const token = await createInvite(herald.database.db, { accountId: admin!.accountId, invitedBy: admin!.id, email: invitee, role: 'MEMBER' });
    const response = await kit.post('/api/auth/register/', { first_name: 'Grace', last_name: 'Hopper', email: invitee, password: kit.PASSWORD, invite_token: token });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ access: expect.any(String), refresh: expect.any(String) });
    const [user] = await herald.database.db.select().from(users).where(eq(users.email, invitee));
    expect(user).toMatchObject({ accountId: admin!.accountId, role: 'MEMBER' });
    expect(user!.emailConfirmedAt).not.toBeNull();
    expect(await herald.database.db.select().from(outboxEmails).where(eq(outboxEmails.to, invitee))).toHaveLength(0);
    const reuse = await kit.post('/api/auth/register/', { first_name: 'G', last_name: 'H', email: kit.newEmail(), password: kit.PASSWORD, invite_token: token });
    expect(reuse.json()).toMatchObject({ code: 'invite_invalid' });
  });
});

describe('invite validation', () => {
  async function inviteFromNewAdmin() {
    const { email: adminEmail } = await kit.signedIn();
    const [admin] = await herald.database.db.select().from(users).where(eq(users.email, adminEmail));
    const { createInvite } = await import('./invites.js');
    const email = kit.newEmail();
    const token = await createInvite(herald.database.db, { accountId: admin!.accountId, invitedBy: admin!.id, email, role: 'ADMIN', firstName: 'Grace', lastName: 'Hopper' });
    return { email, token, admin: admin! };
  }

  it('answers an unknown token with the spec message', async () => {
    const response = await kit.get('/api/invite/no-such-token/');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'invite_not_found', error: 'Invite token does not exist.' });
  });

  it('describes a valid invite, then says it was accepted once used', async () => {
    const { email, token } = await inviteFromNewAdmin();
    const response = await kit.get(`/api/invite/${token}/`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email, token, first_name: 'Grace', last_name: 'Hopper', account: 'Ada Lovelace' });
    await kit.post('/api/auth/register/', { first_name: 'Grace', last_name: 'Hopper', email, password: kit.PASSWORD, invite_token: token });
    expect((await kit.get(`/api/invite/${token}/`)).json()).toEqual({ code: 'invite_accepted', error: 'Invite has already been accepted.' });
  });

  it('an expired invite is renewed and emailed again; the old token stops working', async () => {
    const { email, token } = await inviteFromNewAdmin();
    await herald.database.db.update(invites).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(invites.email, email));
    const response = await kit.get(`/api/invite/${token}/`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'invite_expired', error: 'Invite token expired. A new invitation has been sent.' });
    const mail = await kit.lastEmail(email, 'invite');
    const fresh = /\/invite\/([\w-]+)/.exec(mail.text)![1]!;
    expect((await kit.get(`/api/invite/${token}/`)).statusCode).toBe(404);
    expect((await kit.get(`/api/invite/${fresh}/`)).statusCode).toBe(200);
  });
});
