import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SSO_DOMAIN_FREE_MAIL, SSO_DOMAIN_TAKEN, SSO_DOMAIN_UNPROVEN } from '../../../contract/sso.js';
import { accounts, inboxItems, invites, users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { authKit } from '../auth/auth-test-kit.js';
import { startOidcProvider } from './oidc-test-provider.js';

/** Single sign-on against a real OpenID provider on loopback (oidc-test-provider.ts). */
const PUBLIC_URL = 'http://localhost:3999';
const people: Record<string, Record<string, unknown>> = {
  ada: { email: 'Ada@Acme.test', email_verified: true, given_name: 'Ada', family_name: 'Byron' },
  bob: { email: 'bob@acme.test', email_verified: true, name: 'Bob Stone' },
  carol: { email: 'carol@acme.test', email_verified: true, name: 'Carol Reed' },
  cleo: { email: 'cleo@elsewhere.test', email_verified: true, given_name: 'Cleo', family_name: 'Park' },
  dan: { email: 'dan@nowhere.test', email_verified: true },
  eve: { email: 'eve@acme.test', email_verified: false },
};

let herald: TestHerald;
let plain: TestHerald;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let corruptIdToken = false;
beforeAll(async () => {
  idp = await startOidcProvider(PUBLIC_URL, people);
  // One test corrupts the ID token's signature on its way to Herald.
  idp.provider.use(async (ctx, next) => {
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (corruptIdToken && ctx.path === '/token' && typeof body?.id_token === 'string') {
      const [header, payload, signed] = body.id_token.split('.');
      ctx.body = { ...body, id_token: `${header}.${payload}.${signed!.startsWith('A') ? 'B' : 'A'}${signed!.slice(1)}` };
    }
  });
  [herald, plain] = await Promise.all([createTestHerald({ PUBLIC_URL, ...idp.env }), createTestHerald()]);
});
afterAll(async () => {
  await Promise.all([herald?.close(), plain?.close(), idp?.close()]);
});

const signInAs = (who: string, options: { tamperState?: boolean } = {}) => idp.signInAs(herald, who, options);
const exchange = (code: string) => herald.app!.inject({ method: 'POST', url: '/api/auth/oidc/exchange/', payload: { code } });

describe('single sign-on with an OpenID provider', () => {
  it('signs in a known user by their verified address; the one-time code works once', async () => {
    const kit = authKit(herald);
    await kit.signedIn('ada@acme.test');
    const landed = await signInAs('ada');
    expect(landed.pathname).toBe('/sso');
    const code = landed.searchParams.get('code')!;
    const tokens = await exchange(code);
    expect(tokens.statusCode).toBe(200);
    const me = await kit.get('/api/me/', tokens.json().access);
    expect(me.json().email).toBe('ada@acme.test');
    const again = await exchange(code);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('sso_code_invalid');
  });

  it('creates a newcomer in the account that claims their domain, or the account that invited them; refuses anyone else', async () => {
    const { db } = herald.database;
    const [acme] = await db.insert(accounts).values({ name: 'Acme', ssoDomain: 'acme.test' }).returning();
    const bob = await exchange((await signInAs('bob')).searchParams.get('code')!);
    expect(bob.statusCode).toBe(200);
    const [bobRow] = await db.select().from(users).where(eq(users.email, 'bob@acme.test'));
    expect(bobRow).toMatchObject({ accountId: acme!.id, role: 'MEMBER', firstName: 'Bob', lastName: 'Stone', passwordHash: null });
    expect(bobRow!.emailConfirmedAt).not.toBeNull();
    const carol = await exchange((await signInAs('carol')).searchParams.get('code')!);
    expect(carol.statusCode).toBe(200);
    // Bob, already in the account, is told in his inbox that Carol joined by the sign-on domain.
    expect(await db.select({ title: inboxItems.title }).from(inboxItems).where(and(eq(inboxItems.userId, bobRow!.id), eq(inboxItems.kind, 'member_joined')))).toHaveLength(1);

    const [other] = await db.insert(accounts).values({ name: 'Elsewhere' }).returning();
    await db.insert(invites).values({ accountId: other!.id, email: 'cleo@elsewhere.test', role: 'ADMIN', tokenHash: 'invite-hash-cleo', expiresAt: new Date(Date.now() + 86_400_000) });
    expect((await exchange((await signInAs('cleo')).searchParams.get('code')!)).statusCode).toBe(200);
    const [cleo] = await db.select().from(users).where(eq(users.email, 'cleo@elsewhere.test'));
    expect(cleo).toMatchObject({ accountId: other!.id, role: 'ADMIN', firstName: 'Cleo' });
    expect((await db.select().from(invites).where(eq(invites.email, 'cleo@elsewhere.test')))[0]!.acceptedAt).not.toBeNull();

    const dan = await signInAs('dan');
    expect(dan.pathname).toBe('/login');
    expect(dan.searchParams.get('sso_error')).toBe('no_account');
    expect(await db.$count(users, eq(users.email, 'dan@nowhere.test'))).toBe(0);
  });

  it("refuses an ID token whose signature the provider's keys do not verify, and signs no one in", async () => {
    corruptIdToken = true;
    try {
      const landed = await signInAs('ada');
      expect(landed.pathname).toBe('/login');
      expect(landed.searchParams.get('sso_error')).toBe('failed');
    } finally {
      corruptIdToken = false;
    }
  });

  it('refuses an unverified address and a callback in another browser than the one that started', async () => {
    expect((await signInAs('eve')).searchParams.get('sso_error')).toBe('unverified');
    expect(await herald.database.db.$count(users, eq(users.email, 'eve@acme.test'))).toBe(0);
    expect((await signInAs('ada', { tamperState: true })).searchParams.get('sso_error')).toBe('expired');
    const forged = await herald.app!.inject({ method: 'GET', url: '/api/auth/oidc/callback/?code=x&state=y', headers: { cookie: 'herald_oidc=y' } });
    expect(new URL(String(forged.headers.location)).searchParams.get('sso_error')).toBe('expired');
  });

  it('shows the button only when configured; an admin sets the sign-on domain, not a public or taken one', async () => {
    expect((await herald.app!.inject({ method: 'GET', url: '/api/init/' })).json().oidc_name).toBe('Acme ID');
    expect((await plain.app!.inject({ method: 'GET', url: '/api/init/' })).json().oidc_name).toBeNull();
    const off = await plain.app!.inject({ method: 'GET', url: '/api/auth/oidc/start/' });
    expect(off.statusCode).toBe(404);
    expect(off.json().code).toBe('oidc_disabled');

    const kit = authKit(herald);
    const admin = await kit.signedIn(`admin-${Date.now()}@mail.example.org`);
    const update = (sso_domain: string | null, who = admin) => kit.post('/api/a/update-info/', { name: 'Admin Co', company: null, sso_domain }, who.access);
    // Their own confirmed address is at (or under) the domain: theirs to claim.
    expect((await update('Example.ORG')).json().sso_domain).toBe('example.org');
    expect((await update('gmail.com')).json().fields.sso_domain).toBeDefined();
    expect((await update('https://x.org')).json().fields.sso_domain).toBeDefined();
    // Free mail services past the form's short list: the server's full one.
    for (const domain of ['yahoo.co.uk', 'hotmail.fr', 'qq.com', 'mail.ru', 'fastmail.com']) expect((await update(domain)).json().fields.sso_domain).toEqual([SSO_DOMAIN_FREE_MAIL]);
    // Another organisation's domain, not theirs: refused (the squatter of the report), and a taken one.
    expect((await update('acme.test')).json().fields.sso_domain).toEqual([SSO_DOMAIN_UNPROVEN]);
    expect((await update(null)).json().sso_domain).toBeNull();
    const other = await kit.signedIn(`other-${Date.now()}@acme.test`);
    expect((await update('acme.test', other)).json().fields.sso_domain).toEqual([SSO_DOMAIN_TAKEN]);
  });
});
