import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO, signInAs, test } from './kit';

async function expectNoSeriousViolations(page: Page, { heldClock = false, within }: { heldClock?: boolean; within?: string } = {}) {
  // On a held clock (pauseAt) axe would wait forever on its own timers: it needs a few ms of page
  // time, given a millisecond at a time, far from the app's next timer (a redirect, a toast's end).
  let done = false;
  const builder = new AxeBuilder({ page });
  const analysis = (within ? builder.include(within) : builder).analyze().finally(() => (done = true));
  while (heldClock && !done) {
    await page.clock.runFor(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  const results = await analysis;
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

// DESIGN section 7: axe finds nothing serious on any screen, in either theme.
// Full-page axe scans take 5-20 s each on 2 cores beside the demo pipeline and a second browser:
// every test here gets three times the default time.
test.beforeEach(() => test.slow());
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility (${colorScheme})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      // Timers only run when a test says so: no redirect or toast changes under axe's feet.
      await page.clock.install();
    });

    for (const path of ['/', '/landing', '/about', '/terms', '/privacy']) {
      test(`${path} has no serious violations`, async ({ page }) => {
        await page.goto(path);
        // The first pages of the run meet a server whose pipeline is starting on 2 cores (the
        // demo corpus, the engine's tables): they get the time the other journeys give screens.
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
        await expectNoSeriousViolations(page);
      });
    }

    test('the not-found screen has no serious violations', async ({ page }) => {
      test.slow();
      // The screen moves on after 1 s, and the installed clock flows like a real one: hold it from
      // the start, and give the app its time in 10 ms steps until the screen is up, so the 1 s has
      // barely begun while axe looks (on a busy machine axe alone takes longer than that second).
      await page.clock.install({ time: new Date('2026-01-05T09:00:00Z') });
      await page.clock.pauseAt(new Date('2026-01-05T09:00:01Z'));
      await page.goto('/missing-page');
      const heading = page.getByRole('heading', { name: 'Page not found' });
      const deadline = Date.now() + 30_000;
      while (!(await heading.isVisible()) && Date.now() < deadline) await page.clock.runFor(10);
      await expect(heading).toBeVisible();
      await expectNoSeriousViolations(page, { heldClock: true });
      await expect(page).toHaveURL(/\/missing-page$/);
      // The notice it leaves on / (?ec=pnf) is scanned by 'a toast has no serious violations'
      // below; shell.spec.ts follows the redirect there on real time.
    });

    // Access screens. Answers that need a particular account state are the
    // server's own shapes, served by a route mock: axe checks the screen, not the server.
    for (const [path, heading] of [
      ['/login', 'Log in to Herald'],
      ['/register', 'Create your account'],
      ['/beta', 'Create your account'],
      ['/confirm-email', 'We could not confirm your email'],
      ['/invite/no-such-invite', 'Invitation Not Found'],
    ] as const) {
      test(`${path} has no serious violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectNoSeriousViolations(page);
      });
    }

    test('the login form with an error, and the reset modal in both views, have no serious violations', async ({ page }) => {
      await page.route('**/api/auth/reset/', (route) => route.fulfill({ json: { detail: 'If an account exists for this address, we have sent a password reset code.' } }));
      await page.goto('/login');
      await page.getByRole('button', { name: 'Log in with Email' }).click();
      await page.getByLabel('Email').fill('nobody@example.com');
      await page.getByLabel('Password', { exact: true }).fill('wrong password');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
      await expect(page.getByRole('dialog', { name: 'Reset Password' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('dialog').getByRole('button', { name: 'Reset Password' }).click();
      await expect(page.getByRole('dialog', { name: 'Enter Reset Code' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('the Check Your Email state has no serious violations', async ({ page }) => {
      await page.route('**/api/auth/register/', (route) => route.fulfill({ status: 201, json: { detail: 'Please check your email to confirm your account.' } }));
      await page.goto('/register');
      await page.getByLabel('First name').fill('Ada');
      await page.getByLabel('Last name').fill('Lovelace');
      await page.getByLabel('Email').fill('ada@example.com');
      await page.getByLabel('Password', { exact: true }).fill('correct horse battery staple');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('the invitation landing and its registration form have no serious violations', async ({ page }) => {
      const invite = { account: 'Acme Research', company: null, industry: null, location: null, token: 'a11y', first_name: 'Lise', last_name: 'Meitner', email: 'lise@example.com', title: null, top_goals: null };
      await page.route('**/api/invite/a11y/', (route) => route.fulfill({ json: invite }));
      await page.goto('/invite/a11y');
      await expect(page.getByRole('heading', { name: 'Join Herald' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'Accept Invitation' }).click();
      await page.clock.runFor(1100);
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('email confirmation success and /complete-profile have no serious violations', async ({ page }) => {
      const me = {
        id: '00000000-0000-4000-8000-000000000001', email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', role: 'ADMIN', is_superuser: false, billing_admin: false,
        account: { id: '00000000-0000-4000-8000-000000000002', name: 'Ada Lovelace' }, account_name: 'Ada Lovelace', account_logo: null, account_count: 1,
        account_language: 'en', language: 'en', language_choices: [{ value: 'en', label: 'English' }], title: null, company: null, industry: null, location: null,
        alerts: true, newsletter: true, email_confirmed: true, profile_completed: false, suggestions_completed: false, onboarding_complete: false,
        gpt_profile: null, gpt_suggested_topics: [], topics: [], last_updated_at: null, last_insights_updated_at: null,
      };
      await page.route('**/api/auth/confirm/', (route) => route.fulfill({ json: { result: 'success', message: 'Your email address has been confirmed.', access: 'a11y-access', refresh: 'a11y-refresh' } }));
      await page.route('**/api/me/', (route) => route.fulfill({ json: me }));
      await page.goto('/confirm-email?uid=dWlk&token=tok');
      await expect(page.getByRole('heading', { name: 'Email confirmed' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.clock.runFor(2100);
      await expect(page.getByRole('heading', { name: 'Welcome, Ada' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('a toast has no serious violations', async ({ page }) => {
      await page.goto('/?ec=pnf');
      await page.clock.runFor(200);
      const toast = page.getByRole('status').filter({ hasText: 'The page you were looking for does not exist.' });
      await expect(toast).toHaveAttribute('data-phase', 'visible');
      // Let the 300 ms CSS fade-in (real time) finish before measuring contrast.
      await expect(toast).toHaveCSS('opacity', '1');
      await expectNoSeriousViolations(page);
    });
  });
}

// The signed-in shell polls and pings on real timers: checked without the fake clock.
for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`accessibility of the signed-in shell (${colorScheme})`, () => {
    test.beforeEach(async ({ page }) => {
      await page.emulateMedia({ colorScheme });
    });

    test('the signed-in shell with its user menu and the feedback dialog has no serious violations', async ({ page, request }) => {
      // Three full-page scans of the largest screen while the demo pipeline runs on 2 cores: alone
      // it takes ~20 s, beside another worker more than the default 30 s.
      test.slow();
      await signInAs(page, request, DEMO.superuser);
      await expect(page.getByRole('complementary', { name: 'Profile' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.getByRole('button', { name: 'User menu' }).click();
      await expect(page.getByRole('menu', { name: 'User menu' })).toBeVisible();
      await expectNoSeriousViolations(page);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Provide Feedback' }).click();
      await expect(page.getByRole('dialog', { name: 'Provide Feedback' })).toBeVisible();
      await expectNoSeriousViolations(page);
    });

    test('My Profile’s API Tokens, Feeds, Deliveries and Notifications have no serious violations', async ({ page, request }) => {
      test.slow();
      await signInAs(page, request, DEMO.user);
      await page.getByRole('button', { name: 'Edit profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'My Profile' });
      for (const [flow, ready] of [
        ['API Tokens', 'Create Token'],
        ['Feeds', 'Regenerate addresses'],
        ['Deliveries', 'Add target'],
        ['Notifications', 'Save notifications'],
      ] as const) {
        await dialog.getByRole('button', { name: flow, exact: true }).click();
        await expect(dialog.getByRole('button', { name: ready })).toBeVisible();
        // The dialog alone: the page behind it was checked above.
        await expectNoSeriousViolations(page, { within: 'dialog[open]' });
        await dialog.getByRole('button', { name: 'Back to Profile' }).click();
      }
    });

    test('Trends and a topic dashboard, its chart and its table, have no serious violations', async ({ page, request }) => {
      test.slow();
      await signInAs(page, request, DEMO.user, '/trends');
      await expect(page.getByRole('heading', { level: 1, name: 'Trends' })).toBeVisible();
      const card = page.getByRole('main').getByRole('article').first().getByRole('link');
      await expect(card).toBeVisible({ timeout: 30_000 });
      await expectNoSeriousViolations(page);
      await card.click();
      await expect(page.getByRole('region', { name: 'Totals' })).toBeVisible({ timeout: 30_000 });
      await expectNoSeriousViolations(page);
      // The table view, when the period has articles (before the demo's first ones, the dashboard's empty state was checked above).
      const asTable = page.getByRole('button', { name: 'Show as table' });
      if ((await asTable.count()) > 0) {
        await asTable.click();
        await expect(page.getByRole('table')).toBeVisible();
        await expectNoSeriousViolations(page, { within: 'main' });
      }
    });

  });
}
