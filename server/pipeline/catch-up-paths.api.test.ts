import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TArticlePage } from '../../contract/feed.js';
import type { TInterviewState } from '../../contract/onboarding.js';
import { accounts, users } from '../db/schema/index.js';
import { startGoogleProvider } from '../modules/auth/google-test-provider.js';
import { createInvite } from '../modules/auth/invites.js';
import { ALL_BUILTIN, onboardingKit, PROFILE_FORM, seedCorpus } from '../modules/onboarding/onboarding-test-kit.js';
import { startOidcProvider } from '../modules/sso/oidc-test-provider.js';
import { maintainSearchIndex } from '../search/maintenance.js';
import { createTestHerald, type TestHerald } from '../test/harness.js';

/**
 * Every way into onboarding ends in a first feed: whoever arrives by invitation, Google, single
 * sign-on or the interview and chooses a topic the store covers gets its catch-up articles.
 */
const PUBLIC_URL = 'http://localhost:3999';
const GOOGLE_CLIENT_ID = 'herald-test-client.apps.example';

let herald: TestHerald;
let kit: ReturnType<typeof onboardingKit>;
let google: Awaited<ReturnType<typeof startGoogleProvider>>;
let idp: Awaited<ReturnType<typeof startOidcProvider>>;
let accountId: string;
beforeAll(async () => {
  [google, idp] = await Promise.all([startGoogleProvider(GOOGLE_CLIENT_ID), startOidcProvider(PUBLIC_URL, { tess: { email: 'tess@acme.test', email_verified: true, given_name: 'Tess', family_name: 'Reed' } })]);
  herald = await createTestHerald({ PUBLIC_URL, GOOGLE_CLIENT_ID, GOOGLE_API_URL: google.url, ...idp.env });
  kit = onboardingKit(herald);
  // The team the newcomers join (its sign-on domain is acme.test), and the store before they arrive.
  accountId = (await herald.database.db.insert(accounts).values({ name: 'Acme', ssoDomain: 'acme.test' }).returning({ id: accounts.id }))[0]!.id;
  await seedCorpus(herald, [{ set: 'fed_monetary', pattern: /federal funds|discount rate|FOMC|Committee/i, count: 12 }]);
  await maintainSearchIndex(herald.database, true);
});
afterAll(async () => {
  await Promise.all([herald?.close(), google?.close(), idp?.close()]);
});

/** The signed-in newcomer's stages use the built-in engine (the defaults name OpenAI models). */
async function useBuiltin(access: string): Promise<void> {
  const { email } = (await kit.get('/api/me/', access)).json<{ email: string }>();
  await herald.database.db.update(users).set({ modelPreferences: ALL_BUILTIN }).where(eq(users.email, email));
}

/** Onboarding as the profile page runs it: the form, then a suggestion the store covers. */
async function chooseTopic(access: string): Promise<void> {
  await useBuiltin(access);
  const profile = await kit.call('POST', '/api/auth/complete_profile/', access, PROFILE_FORM);
  expect(profile.json().status).toBe('validated');
  expect((await kit.call('POST', '/api/topics/add-suggestions/', access, { suggestions: ['Federal Open Market Committee'], step: 'suggestions' })).statusCode).toBe(200);
}

/**
 * The newcomer's first feed: read until it holds a few articles, or until the background work for
 * it (interview, topic profile, pipeline) has settled without them. Catch-up articles only.
 */
async function expectCatchUp(access: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await herald.database.sql<{ n: string }>(
      `SELECT count(*)::text AS n FROM pgboss.job WHERE (name LIKE 'interview-%' OR name LIKE 'topic-enrich%' OR name LIKE 'pipeline-%') AND state IN ('created', 'retry', 'active')`,
      [],
    );
    const { articles } = (await kit.call('GET', '/api/for-you/latest/?per_page=50', access)).json<TArticlePage>();
    if (articles.length >= 3 || rows[0]!.n === '0' || Date.now() > deadline) {
      expect(articles.length).toBeGreaterThanOrEqual(3);
      expect(articles.every((a) => a.catch_up)).toBe(true);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe("a newcomer's first feed, by every way into onboarding", () => {
  it('by invitation', async () => {
    const email = kit.newEmail();
    const token = await createInvite(herald.database.db, { accountId, invitedBy: null, email, role: 'MEMBER' });
    const joined = await kit.post('/api/auth/register/', { first_name: 'Grace', last_name: 'Hopper', email, password: kit.PASSWORD, invite_token: token });
    expect(joined.statusCode).toBe(201);
    const { access } = joined.json<{ access: string }>();
    await chooseTopic(access);
    await expectCatchUp(access);
  }, 90_000);

  it('by Google', async () => {
    const email = kit.newEmail();
    const token = google.mint(email);
    expect((await kit.post('/api/auth/google/', { token })).json()).toMatchObject({ status: 'pending' });
    const joined = await kit.post('/api/auth/register_google/', { token, first_name: 'Katherine', last_name: 'Johnson' });
    expect(joined.statusCode).toBe(201);
    const { access } = joined.json<{ access: string }>();
    await chooseTopic(access);
    await expectCatchUp(access);
  }, 90_000);

  it('by single sign-on', async () => {
    const landed = await idp.signInAs(herald, 'tess');
    const joined = await kit.post('/api/auth/oidc/exchange/', { code: landed.searchParams.get('code') });
    expect(joined.statusCode).toBe(200);
    const { access } = joined.json<{ access: string }>();
    expect((await kit.get('/api/me/', access)).json()).toMatchObject({ email: 'tess@acme.test' });
    await chooseTopic(access);
    await expectCatchUp(access);
  }, 90_000);

  it('by the interview', async () => {
    const user = await kit.profiledUser();
    let state: TInterviewState = (await kit.call('POST', '/api/conversation/restart/', user.access)).json();
    const answer = async (body: Record<string, unknown>) => {
      const response = await kit.call('POST', '/api/conversation/chat/', user.access, { conversation_id: state.conversation_id, ...body });
      expect(response.statusCode).toBe(200);
      state = response.json();
    };
    const pick = (texts: string[]) => {
      const question = [...state.messages].reverse().find((m) => !m.isUser)!;
      return answer({ user_selections: { selectedOptions: texts.map((t) => question.multiple_choice!.options.find((o) => o.text === t)!.id) } });
    };
    await pick(['Analyst or researcher']);
    await pick(['Banking & Capital Markets']);
    await pick(['News and business reporting']);
    await pick(['United States']);
    await answer({ answer_text: 'Federal Reserve' });
    await pick(['Federal Reserve monetary policy']);
    await expectCatchUp(user.access);
  }, 90_000);
});
