import { expect, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { withoutLinks } from './mail-text';

/** Helpers for the onboarding, topics and profile journeys: fresh users made through the API. */

export const PASSWORD = 'correct horse battery staple';
let counter = 0;

export function freshEmail(testInfo: TestInfo, label: string): string {
  const unique = `${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return `${label}-${testInfo.project.name}-${unique}@example.com`;
}

/** Each test its own client address: rate limits are per address (server/http/rate-limit.ts). */
export async function ownAddress(context: BrowserContext, testInfo: TestInfo): Promise<string> {
  const n = (testInfo.workerIndex * 7919 + counter++ * 137 + Math.floor(Math.random() * 60000)) % 65000;
  const ip = `10.${testInfo.project.name === 'mobile' ? 4 : 3}.${n >> 8}.${n & 255}`;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  return ip;
}

interface MailboxEmail {
  to: string;
  template: string;
  text: string;
  created_at: string;
}

/** The newest email of a template to an address, from the dev mailbox (waits for it). */
export async function readCode(request: APIRequestContext, to: string, template: string, newerThan = ''): Promise<string> {
  let found: MailboxEmail | undefined;
  await expect
    .poll(
      async () => {
        const body = (await (await request.get(`/api/dev/mailbox/?to=${encodeURIComponent(to)}`)).json()) as { emails?: MailboxEmail[] };
        found = body.emails?.find((e) => e.template === template && e.created_at > newerThan);
        return Boolean(found);
      },
      { message: `a ${template} email to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return /\b(\d{6})\b/.exec(withoutLinks(found!.text))![1]!;
}

/**
 * A client address of its own for API calls made by the test itself (the `request` fixture does
 * not carry the browser context's headers), so sign-ups stay under the per-address limits.
 */
export const apiAddress = () => ({ 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}` });

export interface Tokens {
  access: string;
  refresh: string;
}

/** A registered, confirmed user with a session. */
export async function newUser(request: APIRequestContext, email: string, firstName = 'Ada'): Promise<Tokens> {
  const from = apiAddress();
  const registered = await request.post('/api/auth/register/', { headers: from, data: { first_name: firstName, last_name: 'Lovelace', email, password: PASSWORD } });
  expect(registered.status()).toBe(201);
  const code = await readCode(request, email, 'confirm-email');
  const confirmed = await request.post('/api/auth/verify_email_confirmation/', { headers: from, data: { email, code } });
  expect(confirmed.status()).toBe(200);
  return (await confirmed.json()) as Tokens;
}

export const auth = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.access}` });

/** A user who finished onboarding through the API (profile, no suggestions chosen). */
export async function onboardedUser(request: APIRequestContext, email: string, firstName = 'Ada', interests = 'Federal Reserve monetary policy and banking regulation'): Promise<Tokens> {
  const tokens = await newUser(request, email, firstName);
  const profile = await request.post('/api/auth/complete_profile/', {
    headers: auth(tokens),
    data: { title: 'Policy analyst', organization: 'Acme Capital', location: 'United States', language: 'en', interests, onboarding_topics: '[]', alerts: true, newsletter: true },
  });
  expect((await profile.json()).status).toBe('validated');
  expect((await request.post('/api/topics/add-suggestions/', { headers: auth(tokens), data: { suggestions: [], step: 'suggestions' } })).status()).toBe(200);
  return tokens;
}

/** Stores the session as the web app does, then opens `path`. */
export async function openAs(page: Page, tokens: Tokens, path: string): Promise<void> {
  await page.goto('/about');
  await page.evaluate((t) => {
    localStorage.setItem('accessToken', t.access);
    localStorage.setItem('refreshToken', t.refresh);
  }, tokens);
  await page.goto(path);
}

/** Full-page screenshots in light and dark for review (SHOTS=dir). */
export async function shoot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const dir = process.env.SHOTS;
  if (!dir) return;
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => {
      document.documentElement.classList.toggle('dark', t === 'dark');
    }, theme);
    await page.screenshot({ path: `${dir}/${testInfo.project.name}-${name}-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}
