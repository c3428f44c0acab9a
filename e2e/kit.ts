import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { TArticlePage, TArticleSummary } from '../contract/feed';

let addresses = 0;

/**
 * Every test gets its own client address (X-Forwarded-For, which the server believes from loopback: TRUST_PROXY in playwright.config.ts) for its page
 * and its API requests: the server's rate limits are per address, and the suite's registrations
 * and logins would otherwise all count against 127.0.0.1.
 */
export const test = base.extend({
  // Playwright reads the fixtures a function needs from its first parameter: none here.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const n = (testInfo.workerIndex * 7919 + (addresses++ * 131) + Math.floor(Math.random() * 60_000)) % 65_000;
    await use({ 'x-forwarded-for': `10.${testInfo.project.name === 'mobile' ? 200 : 100}.${n >> 8}.${n & 255}` });
  },
});

/** Must match DEMO_PASSWORD in playwright.config.ts (the test server's demo accounts). */
export const DEMO_PASSWORD = 'e2e-demo-password-not-for-production';
/** The OpenID provider e2e/sso.spec.ts starts (playwright.config.ts points the server at it). */
export const E2E_OIDC = { port: Number(process.env.E2E_PORT ?? 4317) + 11, clientId: 'herald-e2e', clientSecret: 'e2e-only-oidc-client-secret', name: 'Acme ID' } as const;
export const DEMO = { user: 'demo@herald.test', admin: 'admin@herald.test', superuser: 'super@herald.test' } as const;

/** Signs in through the API and stores the tokens as the web app does; then opens `path`. */
export async function signInAs(page: Page, request: APIRequestContext, email: string, path = '/', password = DEMO_PASSWORD): Promise<void> {
  const response = await request.post('/api/auth/login/', { data: { email, password } });
  expect(response.status(), `login of ${email}`).toBe(200);
  const tokens = (await response.json()) as { access: string; refresh: string };
  await page.goto('/about');
  await page.evaluate((t) => {
    localStorage.setItem('accessToken', t.access);
    localStorage.setItem('refreshToken', t.refresh);
  }, tokens);
  await page.goto(path);
}

/** The first of the demo user's latest articles that `fits`, once there is one (the replay fills the feed as the test server runs). */
export async function demoArticle(page: Page, fits: (article: TArticleSummary) => boolean, message: string, timeout: number): Promise<TArticleSummary> {
  const login = await page.request.post('/api/auth/login/', { data: { email: DEMO.user, password: DEMO_PASSWORD } });
  const { access } = (await login.json()) as { access: string };
  let found: TArticleSummary | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get('/api/for-you/latest/?per_page=10', { headers: { authorization: `Bearer ${access}` } });
        found = ((await response.json()) as TArticlePage).articles.find(fits);
        return Boolean(found);
      },
      { message, timeout, intervals: [5000] },
    )
    .toBe(true);
  return found!;
}

/** The shell's inbox bell with its unread count: a button on desktop, a link on phones. */
export const inboxBell = (page: Page) => page.getByRole('button', { name: /^Inbox, \d+ unread$/ }).or(page.getByRole('link', { name: /^Inbox, \d+ unread$/ }));

/**
 * Dana (signed in on `page`) shares an article with Ada Admin and a note, from the article page;
 * `beforeSending` runs with the dialog filled in (a screenshot of it, say).
 */
export async function shareWithAda(page: Page, article: Pick<TArticleSummary, 'id' | 'title'>, note: string, beforeSending?: () => Promise<unknown>): Promise<void> {
  const see = expect.configure({ timeout: 20_000 });
  await signInAs(page, page.request, DEMO.user, `/a/${article.id}`);
  await see(page.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Share this article' });
  await dialog.getByRole('checkbox', { name: /Ada Admin/ }).check();
  await dialog.getByLabel(/Note/).fill(note);
  await beforeSending?.();
  await dialog.getByRole('button', { name: 'Share', exact: true }).click();
  await see(page.getByText('Shared with Ada Admin.')).toBeVisible();
}
