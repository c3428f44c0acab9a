import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_MESSAGES, API_TOKENS_PER_USER } from '../../../contract/api-tokens.js';
import { API_TOKEN_ROUTES } from '../../auth/api-tokens.js';
import { sha256 } from '../../auth/secrets.js';
import { apiTokens, users } from '../../db/schema/index.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { authKit } from '../auth/auth-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof authKit>;
beforeAll(async () => {
  herald = await createTestHerald({ SUPERUSER_EMAILS: 'root@example.com' });
  kit = authKit(herald);
});
afterAll(async () => herald?.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, bearer: string, payload?: unknown) =>
  herald.app!.inject({ method, url, headers: { authorization: `Bearer ${bearer}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
const create = (access: string, body: Record<string, unknown>) => call('POST', '/api/me/tokens/', access, body);
const days = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

describe('personal API tokens', () => {
  it('makes a token shown once and stored hashed; the token reads its owner’s feed and updates last used', async () => {
    const { access, email } = await kit.signedIn();
    const made = await create(access, { name: 'Morning script', scopes: ['feed:read'], expires_at: days(30) });
    expect(made.statusCode).toBe(201);
    const created = made.json();
    expect(created.token).toMatch(/^hrld_[\w-]{43}$/);
    expect(created).toMatchObject({ name: 'Morning script', scopes: ['feed:read'], last_used_at: null, prefix: created.token.slice(0, 11) });
    const [row] = await herald.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row!.tokenHash).toBe(sha256(created.token));
    expect(JSON.stringify(row)).not.toContain(created.token);

    const listed = (await call('GET', '/api/me/tokens/', access)).json();
    expect(listed.tokens).toEqual([{ ...created, token: undefined }].map(({ token: _, ...rest }) => rest));

    expect((await call('GET', '/api/for-you/', created.token)).statusCode).toBe(200);
    const me = await call('GET', '/api/me/', created.token);
    expect(me.json().email).toBe(email);
    const [used] = await herald.database.db.select({ lastUsedAt: apiTokens.lastUsedAt }).from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(used!.lastUsedAt).not.toBeNull();
  });

  it('admits only the calls of its scopes; tokens never manage tokens', async () => {
    const { access } = await kit.signedIn();
    const feed = (await create(access, { name: 'feed', scopes: ['feed:read'] })).json().token;
    const topics = (await create(access, { name: 'topics', scopes: ['topics:manage'] })).json().token;

    const refused = await call('GET', '/api/me/suggestions/', feed);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'api_token_scope', error: API_TOKEN_MESSAGES.outOfScope });
    expect((await call('GET', '/api/for-you/', topics)).json().code).toBe('api_token_scope');
    expect((await call('GET', '/api/me/topics/', topics)).statusCode).toBe(200);
    expect((await call('GET', '/api/me/suggestions/', topics)).statusCode).toBe(200);

    for (const [method, url] of [['GET', '/api/me/tokens/'], ['POST', '/api/me/tokens/']] as const) {
      const answer = await call(method, url, feed, method === 'POST' ? { name: 'x', scopes: ['feed:read'] } : undefined);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('session_required');
    }
    // Calls no scope lists (the interview, the account's settings) are closed to tokens.
    expect((await call('GET', '/api/conversation/onboarding_status/', feed)).json().code).toBe('api_token_scope');
    expect((await call('GET', '/api/a/info/', feed)).json().code).toBe('api_token_scope');
  });

  it('is refused at once when revoked or expired; another user’s token is not found', async () => {
    const { access } = await kit.signedIn();
    const other = await kit.signedIn();
    const made = (await create(access, { name: 'ci', scopes: ['feed:read'] })).json();
    expect((await call('DELETE', `/api/me/tokens/${made.id}/`, other.access)).statusCode).toBe(404);
    expect((await call('GET', '/api/for-you/', made.token)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/me/tokens/${made.id}/`, access)).statusCode).toBe(204);
    const after = await call('GET', '/api/for-you/', made.token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ code: 'api_token_invalid', error: API_TOKEN_MESSAGES.invalid });
    expect((await call('DELETE', `/api/me/tokens/${made.id}/`, access)).statusCode).toBe(404);
    expect((await call('GET', '/api/me/tokens/', access)).json().tokens).toEqual([]);

    const soon = (await create(access, { name: 'short-lived', scopes: ['feed:read'], expires_at: days(1) })).json();
    await herald.database.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, soon.id));
    expect((await call('GET', '/api/for-you/', soon.token)).json().code).toBe('api_token_invalid');
    expect((await call('GET', '/api/me/tokens/', access)).json().tokens).toEqual([]);
    expect((await call('GET', '/api/for-you/', 'hrld_not-a-token')).statusCode).toBe(401);
  });

  it('is revoked by a password reset and by a password change, and the email says so', async () => {
    const { access, email } = await kit.signedIn();
    const first = (await create(access, { name: 'Before the reset', scopes: ['feed:read'] })).json().token as string;
    expect((await call('GET', '/api/for-you/', first)).statusCode).toBe(200);
    await kit.post('/api/auth/reset/', { email });
    const reset = await kit.post('/api/auth/reset_code/', { email, code: (await kit.lastEmail(email, 'reset-code')).code, password: 'a brand new passphrase' });
    expect(reset.statusCode).toBe(200);
    expect((await call('GET', '/api/for-you/', first)).json()).toMatchObject({ code: 'api_token_invalid' });
    expect(JSON.stringify(await kit.lastEmail(email, 'password-changed'))).toContain('personal API tokens were revoked');

    const session = reset.json().access as string;
    const second = (await create(session, { name: 'Before the change', scopes: ['feed:read'] })).json().token as string;
    expect((await call('GET', '/api/for-you/', second)).statusCode).toBe(200);
    await kit.post('/api/me/password/', {}, session);
    const changed = await kit.post('/api/me/password/confirm/', { code: (await kit.lastEmail(email, 'password-change-code')).code, password: 'another fine passphrase' }, session);
    expect(changed.statusCode).toBe(200);
    expect((await call('GET', '/api/for-you/', second)).statusCode).toBe(401);
  });

  it('refuses bad input with the field at fault and writes nothing', async () => {
    const { access } = await kit.signedIn();
    await create(access, { name: 'Taken', scopes: ['feed:read'] });
    const cases: [Record<string, unknown>, string, string?][] = [
      [{ name: '  ', scopes: ['feed:read'] }, 'name'],
      [{ name: 'taken', scopes: ['feed:read'] }, 'name', API_TOKEN_MESSAGES.nameTaken],
      [{ name: 'a', scopes: [] }, 'scopes'],
      [{ name: 'a', scopes: ['admin'] }, 'scopes.0'],
      [{ name: 'a', scopes: ['inspection'] }, 'scopes', API_TOKEN_MESSAGES.inspectionNotAllowed],
      [{ name: 'a', scopes: ['feed:read'], expires_at: 'tomorrow' }, 'expires_at'],
      [{ name: 'a', scopes: ['feed:read'], expires_at: days(-1) }, 'expires_at', API_TOKEN_MESSAGES.expiryPast],
      [{ name: 'a', scopes: ['feed:read'], expires_at: days(400) }, 'expires_at', API_TOKEN_MESSAGES.expiryTooFar],
      [{ name: 'a', scopes: ['feed:read'], admin: true }, 'body'],
    ];
    for (const [body, field, message] of cases) {
      const answer = await create(access, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(answer.json().code).toBe('validation_failed');
      if (field !== 'body') expect(Object.keys(answer.json().fields ?? {}), JSON.stringify(body)).toContain(field);
      if (message) expect(answer.json().fields[field]).toEqual([message]);
    }
    expect((await call('GET', '/api/me/tokens/', access)).json().tokens.map((t: { name: string }) => t.name)).toEqual(['Taken']);
  });

  it('caps the active tokens a user holds', async () => {
    const { access } = await kit.signedIn();
    for (let i = 0; i < API_TOKENS_PER_USER; i++) expect((await create(access, { name: `t${i}`, scopes: ['feed:read'] })).statusCode).toBe(201);
    const over = await create(access, { name: 'one more', scopes: ['feed:read'] });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('api_token_limit');
  });

  it('gives superuser calls and acting for a user only to a superuser’s token with the inspection scope', async () => {
    const root = await kit.signedIn('root@example.com');
    const member = await kit.signedIn();
    const [target] = await herald.database.db.select({ id: users.id }).from(users).where(eq(users.email, member.email));
    const inspect = (await create(root.access, { name: 'inspect', scopes: ['feed:read', 'inspection'] })).json().token;
    const plain = (await create(root.access, { name: 'plain', scopes: ['feed:read'] })).json().token;
    expect((await call('GET', '/api/articles/', inspect)).statusCode).toBe(200);
    expect((await call('GET', '/api/articles/', plain)).json().code).toBe('api_token_scope');
    expect((await call('GET', `/api/for-you/?user_id=${target!.id}`, inspect)).statusCode).toBe(200);
    const acting = await call('GET', `/api/for-you/?user_id=${target!.id}`, plain);
    expect(acting.statusCode).toBe(403);
    expect(acting.json().error).toBe(API_TOKEN_MESSAGES.actingForOthers);
    // The owner's role still rules: a superuser who is no longer one is refused.
    await herald.database.db.update(users).set({ isSuperuser: false }).where(eq(users.email, 'root@example.com'));
    expect((await call('GET', '/api/articles/', inspect)).statusCode).toBe(403);
    await herald.database.db.update(users).set({ isSuperuser: true }).where(eq(users.email, 'root@example.com'));
  });

  it('limits the calls a minute per token (429 with retry-after)', async () => {
    const { access } = await kit.signedIn();
    process.env.API_TOKEN_RATE_LIMIT = '3';
    try {
      const token = (await create(access, { name: 'busy', scopes: ['feed:read'] })).json().token;
      for (let i = 0; i < 3; i++) expect((await call('GET', '/api/me/', token)).statusCode).toBe(200);
      const limited = await call('GET', '/api/me/', token);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      delete process.env.API_TOKEN_RATE_LIMIT;
    }
  });

  it('lists only routes that exist, and documents the token scheme at /api/docs', async () => {
    for (const key of Object.keys(API_TOKEN_ROUTES)) {
      const [method, url] = key.split(' ') as ['GET' | 'POST', string];
      expect(herald.app!.hasRoute({ method, url }), key).toBe(true);
    }
    const spec = (await herald.app!.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(spec.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(spec.info.description).toContain('hrld_');
    expect(Object.keys(spec.paths)).toContain('/api/me/tokens/');
  });
});
