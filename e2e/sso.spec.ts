import http from 'node:http';
import { expect } from '@playwright/test';
import Provider from 'oidc-provider';
import { DEMO, E2E_OIDC, signInAs, test } from './kit';
import { shoot } from './onboarding-kit';

/**
 * Single sign-on: a team's admin chooses the sign-on domain, then a colleague signs in with the
 * company's OpenID provider (oidc-provider on loopback, its development login and consent screens)
 * and lands in Herald; someone from another domain is told to ask for an invitation.
 */
// The demo admin's own domain (admin@herald.test): only someone at a domain can claim it.
const DOMAIN = 'herald.test';
let idp: http.Server | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ baseURL }, testInfo) => {
  // One provider on one port: the desktop project runs this journey.
  if (testInfo.project.name !== 'desktop') return;
  const issuer = `http://127.0.0.1:${E2E_OIDC.port}`;
  const provider = new Provider(issuer, {
    clients: [{ client_id: E2E_OIDC.clientId, client_secret: E2E_OIDC.clientSecret, redirect_uris: [`${baseURL}/api/auth/oidc/callback/`], grant_types: ['authorization_code'], response_types: ['code'] }],
    findAccount: async (_ctx, id) => ({ accountId: id, claims: async () => ({ sub: id, email: `${id}@${id.startsWith('stranger') ? 'elsewhere-e2e.test' : DOMAIN}`, email_verified: true, given_name: 'Grace', family_name: 'Hopper' }) }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    pkce: { required: () => true },
    cookies: { keys: ['e2e-only-provider-cookie-key'] },
  });
  idp = http.createServer(provider.callback());
  await new Promise<void>((resolve) => idp!.listen(E2E_OIDC.port, '127.0.0.1', resolve));
});
test.afterAll(async () => {
  await new Promise((resolve) => (idp ? idp.close(resolve) : resolve(undefined)));
});

/** The provider's development screens: any login, then consent. */
async function signInAtProvider(page: import('@playwright/test').Page, login: string) {
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

test('an admin sets the sign-on domain; a colleague signs in with the company’s provider; a stranger is turned away', async ({ page, request, browser, isMobile }, testInfo) => {
  test.skip(isMobile, 'the provider runs for the desktop project');
  test.setTimeout(120_000);
  await signInAs(page, request, DEMO.admin, '/account');
  const card = page.locator('section, div').filter({ has: page.getByRole('heading', { name: 'Account Information' }) }).last();
  await card.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel('Sign-on domain').fill('gmail.com');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Anyone can have an address at a public email service')).toBeVisible();
  // Another organisation's domain is not the admin's to claim.
  await page.getByLabel('Sign-on domain').fill('acme-e2e.test');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Use the domain of your own confirmed email address')).toBeVisible();
  await page.getByLabel('Sign-on domain').fill(DOMAIN);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText(`with a verified @${DOMAIN} address join this account`)).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shoot(page, testInfo, 'sso-domain');

  try {
    const colleague = await browser.newContext();
    const tab = await colleague.newPage();
    await tab.goto('/login');
    await shoot(tab, testInfo, 'sso-login');
    await tab.getByRole('link', { name: `Sign in with ${E2E_OIDC.name}` }).click();
    await signInAtProvider(tab, `grace${Date.now()}`);
    // Herald again, signed in: a newcomer goes on to complete their profile.
    await expect(tab).toHaveURL(/\/complete-profile|\/onboarding|\/$/, { timeout: 20_000 });
    expect(await tab.evaluate(() => Boolean(localStorage.getItem('accessToken')))).toBe(true);
    await colleague.close();

    const stranger = await browser.newContext();
    const other = await stranger.newPage();
    await other.goto('/login');
    await other.getByRole('link', { name: `Sign in with ${E2E_OIDC.name}` }).click();
    await signInAtProvider(other, `stranger${Date.now()}`);
    await expect(other).toHaveURL(/\/login\?sso_error=no_account/);
    await expect(other.getByText('There is no Herald account for this address. Ask your account admin for an invitation.')).toBeVisible();
    await shoot(other, testInfo, 'sso-refused');
    await stranger.close();
  } finally {
    // The demo account admits by invitation again for the other journeys.
    const login = await request.post('/api/auth/login/', { data: { email: DEMO.admin, password: 'e2e-demo-password-not-for-production' } });
    const { access } = (await login.json()) as { access: string };
    await request.post('/api/a/update-info/', { data: { name: 'Herald Demo', company: 'Herald Demo', sso_domain: null }, headers: { authorization: `Bearer ${access}` } });
  }
});
