import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { test } from './kit';
import { SignJWT, decodeJwt } from 'jose';
import { withoutLinks } from './mail-text';

/**
 * Access journeys against the real server started by
 * playwright.config.ts. Every test uses fresh addresses, and waits on what the screen shows or on
 * responses, never on fixed sleeps.
 */

// Must match JWT_SECRET in playwright.config.ts (the test server's key, test-only).
// These journeys run while the demo pipeline fills the first feed on 2 cores: with Debian's
// Chromium 156.0.8078.79 two of them passed 30 s (CI of 2026-11-24); each gets three times that.
test.beforeEach(() => test.slow());

const E2E_JWT_SECRET = 'e2e-only-jwt-secret-0123456789abcdef-not-for-production';
const PASSWORD = 'correct horse battery staple';
const NEW_PASSWORD = 'a brand new passphrase 42';

let counter = 0;
function freshEmail(testInfo: TestInfo, label: string): string {
  const unique = `${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  return `${label}-${testInfo.project.name}-${unique}@example.com`;
}

/**
 * Rate limits are per client address (server/http/rate-limit.ts). The suite stays well under
 * them on its own; each test also sends its own X-Forwarded-For (the server trusts the proxy
 * header) so no test can spend another's allowance.
 */
test.beforeEach(async ({ context }, testInfo) => {
  const n = (testInfo.workerIndex * 9973 + counter++ * 131 + Math.floor(Math.random() * 60000)) % 65000;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${testInfo.project.name === 'mobile' ? 2 : 1}.${n >> 8}.${n & 255}` });
});

interface MailboxEmail {
  to: string;
  template: string;
  text: string;
  created_at: string;
}

/** The newest email of a template to an address, read from the dev mailbox (waits until it is there). */
async function readEmail(request: APIRequestContext, to: string, template: string, newerThan?: string): Promise<{ code: string; link: string | undefined; text: string; createdAt: string }> {
  let found: MailboxEmail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/mailbox/?to=${encodeURIComponent(to)}`);
        const body = (await response.json()) as { emails?: MailboxEmail[] };
        if (!body.emails) throw new Error(`mailbox answered ${response.status()}: ${JSON.stringify(body)}`);
        const { emails } = body as { emails: MailboxEmail[] };
        found = emails.find((email) => email.template === template && (!newerThan || email.created_at > newerThan));
        return Boolean(found);
      },
      { message: `a ${template} email to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  const text = found!.text;
  const code = /\b(\d{6})\b/.exec(withoutLinks(text))?.[1] ?? '';
  const link = /(https?:\/\/\S+\/confirm-email\?\S+)/.exec(text)?.[1];
  return { code, link, text, createdAt: found!.created_at };
}

/** A link from an email, as a path on the server the tests talk to (PUBLIC_URL says localhost). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

async function registerByApi(request: APIRequestContext, email: string, firstName = 'Ada') {
  const response = await request.post('/api/auth/register/', { data: { first_name: firstName, last_name: 'Lovelace', email, password: PASSWORD } });
  expect(response.status()).toBe(201);
}

/** A registered and confirmed user; returns the session tokens the confirmation issued. */
async function confirmedUser(request: APIRequestContext, email: string, firstName = 'Ada') {
  await registerByApi(request, email, firstName);
  const { code } = await readEmail(request, email, 'confirm-email');
  const response = await request.post('/api/auth/verify_email_confirmation/', { data: { email, code } });
  expect(response.status()).toBe(200);
  return (await response.json()) as { access: string; refresh: string };
}

const storedTokens = (page: Page) => page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')]);

async function fillRegistration(page: Page, email: string, firstName = 'Grace') {
  await page.getByLabel('First name').fill(firstName);
  await page.getByLabel('Last name').fill('Hopper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
}

async function openEmailLogin(page: Page) {
  await page.getByRole('button', { name: 'Log in with Email' }).click();
  await expect(page.getByLabel('Email')).toBeVisible();
}

test.describe('login screen', () => {
  test('offers email login, reset, registration and what Herald does; hides Google when not configured', async ({ page }) => {
    const init = page.waitForResponse((r) => r.url().endsWith('/api/init/') && r.ok());
    await page.goto('/login');
    await init;
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to Herald' })).toBeVisible();
    await expect(page.getByText('Advanced Intelligence. Real-Time.')).toBeVisible();
    // No video ships: the intro area tells what Herald does instead of showing a broken player.
    await expect(page.getByRole('list', { name: 'How Herald works' }).getByRole('listitem')).toHaveCount(3);
    await expect(page.getByText('Video unavailable')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Log in with Google' })).toHaveCount(0);
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);

    await openEmailLogin(page);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill('secret-value');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    await expect(password).toHaveAttribute('type', 'password');

    // The header's Login link leads here; Register goes to /beta.
    await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    await page.getByRole('link', { name: 'Register' }).click();
    await expect(page).toHaveURL(/\/beta$/);
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  });

  test('a visitor at / sees the login screen', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to Herald' })).toBeVisible();
  });

  test('a wrong password gets the failure message; an unconfirmed user is told to confirm, can resend, and confirms by code', async ({ page, request }, testInfo) => {
    const email = freshEmail(testInfo, 'unconfirmed');
    await registerByApi(request, email);
    const first = await readEmail(request, email, 'confirm-email');

    await page.goto('/login');
    await openEmailLogin(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('Authentication failed – Please verify your email address and password');

    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/login/'));
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    expect((await refused).status()).toBe(403);
    await expect(page.getByText('Please confirm your email address before logging in. We have sent you a new confirmation email.')).toBeVisible();

    const resent = page.waitForResponse((r) => r.url().endsWith('/api/auth/request_email_confirmation/'));
    await page.getByRole('button', { name: 'Resend confirmation' }).click();
    expect((await resent).status()).toBe(200);
    await expect(page.getByText('If an account needs confirming at this address, we have sent a new confirmation email.')).toBeVisible();

    const latest = await readEmail(request, email, 'confirm-email', first.createdAt);
    await page.getByRole('button', { name: 'Enter the code from the email' }).click();
    await page.getByLabel('Confirmation code').fill(latest.code);
    await expect(page).toHaveURL(/\/complete-profile$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
  });

  test('login honours `next` with its query, through the route guard', async ({ page, request }, testInfo) => {
    const email = freshEmail(testInfo, 'next');
    await confirmedUser(request, email, 'Nora');
    await page.goto('/complete-profile?from=email&x=1');
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/complete-profile?from=email&x=1');
    await openEmailLogin(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    const login = page.waitForResponse((r) => r.url().endsWith('/api/auth/login/'));
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    expect((await login).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Welcome, Nora' })).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/complete-profile' && url.search === '?from=email&x=1');
    const [access, refresh] = await storedTokens(page);
    expect(access).toBeTruthy();
    expect(refresh).toBeTruthy();
  });

  test('an outside `next` is ignored', async ({ page, request }, testInfo) => {
    const email = freshEmail(testInfo, 'outside');
    await confirmedUser(request, email, 'Olga');
    await page.goto('/login?next=//evil.example/path');
    await openEmailLogin(page);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Olga' })).toBeVisible();
    expect(new URL(page.url()).host).toBe(new URL(testInfo.project.use.baseURL!).host);
  });
});

test.describe('registration and confirmation', () => {
  test('register, check your email, confirm by link, land on /complete-profile, log out', async ({ page, request }, testInfo) => {
    const email = freshEmail(testInfo, 'link');
    await page.goto('/register');
    await fillRegistration(page, email);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Next steps' })).toBeVisible();
    await expect(page.getByRole('listitem')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Resend confirmation' })).toBeVisible();

    const { link } = await readEmail(request, email, 'confirm-email');
    expect(link).toBeTruthy();
    await page.goto(pathOf(link!));
    await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
    await expect(page.getByText('Your email address has been confirmed.')).toBeVisible();
    // Then, after 2 s, the profile page.
    await expect(page).toHaveURL(/\/complete-profile$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Complete Profile' })).toBeVisible();
    const [access, refresh] = await storedTokens(page);
    expect(access).toBeTruthy();
    expect(refresh).toBeTruthy();

    const logout = page.waitForResponse((r) => r.url().endsWith('/api/auth/logout/'));
    await page.getByRole('button', { name: 'Log out' }).click();
    expect((await logout).status()).toBe(204);
    await expect(page).toHaveURL(/\/login$/);
    expect(await storedTokens(page)).toEqual([null, null]);
    // The ended session cannot be refreshed any more.
    const refused = await request.post('/api/auth/refresh/', { data: { refresh } });
    expect(refused.status()).toBe(401);

    // The same link again is used up.
    await page.goto(pathOf(link!));
    await expect(page.getByRole('heading', { name: 'We could not confirm your email' })).toBeVisible();
    await expect(page.getByText('This confirmation link is invalid or has already been used.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Registration' })).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
  });

  test('register on /beta, then confirm with the 6-digit code from the Check Your Email state', async ({ page, request }, testInfo) => {
    const email = freshEmail(testInfo, 'code');
    await page.goto('/beta');
    // Client-side rule first: a short password is refused with the spec's message.
    await fillRegistration(page, email, 'Katherine');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

    const { code } = await readEmail(request, email, 'confirm-email');
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel('Confirmation code').fill(wrong);
    await expect(page.getByText('The code is incorrect or has expired.')).toBeVisible();
    // Paste with spaces and dashes: only digits are kept.
    await page.getByLabel('Confirmation code').fill(`${code.slice(0, 3)} - ${code.slice(3)}`);
    await expect(page).toHaveURL(/\/complete-profile$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Katherine' })).toBeVisible();
  });

  test('a confirmation link without uid and token explains itself', async ({ page }) => {
    await page.goto('/confirm-email');
    await expect(page.getByText('Invalid confirmation link. Please check your email for the correct link.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('google_data prefills registration, locks the email and asks no password', async ({ page }) => {
    const data = { status: 'pending', firstName: 'Ida', last_name: 'Noddack', email: 'ida@example.com', credential: 'provider-token' };
    await page.goto(`/beta?google_data=${encodeURIComponent(JSON.stringify(data))}`);
    await expect(page.getByLabel('First name')).toHaveValue('Ida');
    await expect(page.getByLabel('Last name')).toHaveValue('Noddack');
    await expect(page.getByLabel('Email')).toHaveValue('ida@example.com');
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  });
});

test.describe('password reset', () => {
  test('reset by emailed code in the modal signs the user in', async ({ page, request }, testInfo) => {
    const email = freshEmail(testInfo, 'reset');
    await registerByApi(request, email, 'Rosalind');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset Password' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Reset Password' }).click();

    const codeDialog = page.getByRole('dialog', { name: 'Enter Reset Code' });
    await expect(codeDialog).toBeVisible();
    await expect(codeDialog.getByText(email)).toBeVisible();
    const confirm = codeDialog.getByRole('button', { name: 'Confirm Reset' });
    await expect(confirm).toBeDisabled();
    // The back arrow returns to the first view, which keeps the address.
    await codeDialog.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('dialog', { name: 'Reset Password' }).getByLabel('Email')).toHaveValue(email);
    await page.getByRole('dialog', { name: 'Reset Password' }).getByRole('button', { name: 'Reset Password' }).click();
    await expect(codeDialog).toBeVisible();

    const { code } = await readEmail(request, email, 'reset-code');
    await codeDialog.getByLabel('Reset code').fill(code);
    await expect(confirm).toBeEnabled();
    await codeDialog.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
    await codeDialog.getByLabel('Confirm New Password', { exact: true }).fill('something else entirely');
    await confirm.click();
    await expect(codeDialog.getByText('Passwords do not match.')).toBeVisible();
    await codeDialog.getByLabel('Confirm New Password', { exact: true }).fill(NEW_PASSWORD);
    const reset = page.waitForResponse((r) => r.url().endsWith('/api/auth/reset_code/'));
    await confirm.click();
    expect((await reset).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Welcome, Rosalind' })).toBeVisible();
    await expect(page).toHaveURL(/\/complete-profile$/);

    // The new password works.
    const login = await request.post('/api/auth/login/', { data: { email, password: NEW_PASSWORD } });
    expect(login.status()).toBe(200);
  });
});

test.describe('session', () => {
  test('an expired access token is refreshed transparently; signed-in users are sent away from access screens', async ({ page, request }, testInfo) => {
    const email = freshEmail(testInfo, 'refresh');
    const tokens = await confirmedUser(request, email, 'Hedy');
    const claims = decodeJwt(tokens.access);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ acc: claims.acc, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub!)
      .setIssuer('herald')
      .setAudience('herald-api')
      .setIssuedAt(now - 20 * 60)
      .setExpirationTime(now - 5 * 60)
      .sign(new TextEncoder().encode(E2E_JWT_SECRET));
    // The server really refuses it.
    expect((await request.get('/api/me/', { headers: { authorization: `Bearer ${expired}` } })).status()).toBe(401);

    await page.addInitScript(
      ([access, refresh]) => {
        if (sessionStorage.getItem('seeded')) return;
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('accessToken', access!);
        localStorage.setItem('refreshToken', refresh!);
      },
      [expired, tokens.refresh],
    );
    const refreshCalls: number[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/api/auth/refresh/')) refreshCalls.push(Date.now());
    });
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh/'));
    await page.goto('/complete-profile');
    expect((await refreshed).status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'Welcome, Hedy' })).toBeVisible();
    await expect(page).toHaveURL(/\/complete-profile$/);
    const [access, refresh] = await storedTokens(page);
    expect(access).not.toBe(expired);
    expect(refresh).not.toBe(tokens.refresh);
    expect(refreshCalls).toHaveLength(1);

    // Signed in: the login screen goes home (and home to /complete-profile), registration to
    // /complete-profile, an invitation to /?ec=li.
    await page.goto('/login');
    await expect(page).toHaveURL(/\/complete-profile$/);
    await page.goto('/register');
    await expect(page).toHaveURL(/\/complete-profile$/);
    await expect(page.getByRole('heading', { name: 'Welcome, Hedy' })).toBeVisible();
    await page.goto('/invite/some-token');
    await expect(page.getByText('You are already logged in.')).toBeVisible();
    await expect(page).toHaveURL(/\/complete-profile$/);
    expect(refreshCalls).toHaveLength(1);
  });

  test('a refresh the server refuses logs the user out and the guard sends them to /login', async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('accessToken', 'not-a-token');
      localStorage.setItem('refreshToken', 'not-a-refresh-token');
    });
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh/'));
    await page.goto('/complete-profile');
    expect((await refreshed).status()).toBe(401);
    await expect(page).toHaveURL((url) => url.pathname === '/login' && url.searchParams.get('next') === '/complete-profile');
    expect(await storedTokens(page)).toEqual([null, null]);
  });
});

test.describe('invitation', () => {
  const invite = {
    account: 'Acme Research',
    company: 'Acme',
    industry: null,
    location: null,
    token: 'mock-invite-token',
    first_name: 'Lise',
    last_name: 'Meitner',
    email: 'lise@example.com',
    title: null,
    top_goals: null,
  };

  test('an unknown invitation shows Invitation Not Found (real server)', async ({ page }) => {
    const validated = page.waitForResponse((r) => r.url().includes('/api/invite/'));
    await page.goto('/invite/no-such-invite-token');
    expect((await validated).status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Invitation Not Found' })).toBeVisible();
  });

  // No HTTP call creates invitations yet (they come with account management), so the valid,
  // accepted and expired answers are the server's own shapes and messages, served by a route mock.
  test('a valid invitation: landing, Accept Invitation, then registration with the email locked (mocked validation)', async ({ page }) => {
    // "Accepting…" lasts the page's 1 s: the clock is held for it, so a busy machine cannot miss it.
    await page.clock.install({ time: new Date('2026-01-05T09:00:00Z') });
    await page.route('**/api/invite/mock-invite-token/', (route) => route.fulfill({ json: invite }));
    await page.goto('/invite/mock-invite-token');
    await expect(page.getByRole('heading', { name: 'Join Herald' })).toBeVisible();
    await expect(page.getByText('Acme Research')).toBeVisible();
    for (const benefit of ['AI-driven industry insights', 'Real-time updates on critical developments', 'Seamless team collaboration tools']) {
      await expect(page.getByText(benefit)).toBeVisible();
    }
    await page.clock.pauseAt(new Date('2026-01-05T10:00:00Z'));
    await page.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(page.getByRole('button', { name: 'Accepting…' })).toBeVisible();
    await page.clock.runFor(1000);
    await page.clock.resume();
    await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue('lise@example.com');
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(page.getByLabel('First name')).toHaveValue('Lise');
    await expect(page.getByLabel('Last name')).toHaveValue('Meitner');

    // The form sends the invite token with the registration.
    let sent: Record<string, unknown> | undefined;
    await page.route('**/api/auth/register/', async (route) => {
      sent = route.request().postDataJSON() as Record<string, unknown>;
      await route.fulfill({ status: 400, json: { error: 'This invitation is not valid for this email address, or it has expired.', code: 'invite_invalid', fields: { invite_token: ['Invalid invitation'] } } });
    });
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Join Herald' }).click();
    await expect(page.getByRole('alert')).toHaveText('This invitation is not valid for this email address, or it has expired.');
    expect(sent).toMatchObject({ email: 'lise@example.com', invite_token: 'mock-invite-token', first_name: 'Lise', last_name: 'Meitner' });
  });

  test('an accepted invitation offers Login; an expired one says a new invite was emailed (mocked answers)', async ({ page }) => {
    await page.route('**/api/invite/used-token/', (route) => route.fulfill({ status: 400, json: { error: 'Invite has already been accepted.', code: 'invite_accepted' } }));
    await page.route('**/api/invite/old-token/', (route) => route.fulfill({ status: 400, json: { error: 'Invite token expired. A new invitation has been sent.', code: 'invite_expired' } }));
    await page.goto('/invite/used-token');
    await expect(page.getByRole('heading', { name: 'Invitation Already Accepted' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/invite/old-token');
    await expect(page.getByRole('heading', { name: 'Invitation Expired' })).toBeVisible();
    await expect(page.getByText(/emailed you a new invitation/)).toBeVisible();
  });
});
