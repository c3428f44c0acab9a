import { expect } from '@playwright/test';
import { test } from './kit';

test.describe('shared shell', () => {
  test('renders header, landing content and footer links', async ({ page }) => {
    await page.goto('/landing');
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Herald home' })).toBeVisible();
    await expect(header.getByText('Beta', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Superior Intelligence, Delivered' })).toBeVisible();
    // A visitor has a clear way in: registration first, then log in.
    await expect(page.getByRole('link', { name: 'Create your account' }).first()).toHaveAttribute('href', '/register');
    await expect(page.getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute('href', '/login');
    const footer = page.getByRole('navigation', { name: 'Footer' });
    const links: [string, string][] = [
      ['About Us', '/about'],
      ['Terms of Use', '/terms'],
      ['Privacy Policy', '/privacy'],
    ];
    for (const [name, href] of links) {
      await expect(footer.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    // Nothing overflows sideways, on desktop or at 375 px.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('/about names the two executives, or says that this installation has not yet', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { name: "Who's behind it?" })).toBeVisible();
    // The test server sets no ABOUT_EXECUTIVES: two places that read as places.
    await expect(page.getByRole('list', { name: 'Executives' }).getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('Chief Executive Officer')).toBeVisible();
    await expect(page.getByText('This installation has not named its executives yet.')).toBeVisible();
  });

  test('header gets a background only after 10 px of scroll', async ({ page }) => {
    await page.goto('/landing');
    // The page is a lazy chunk: scroll once it is there and tall enough to scroll.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 8));
    await page.waitForTimeout(100);
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect(header).toHaveAttribute('data-scrolled', 'false');
  });

  test('theme follows the system until a choice is stored, then persists across reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/');
    const html = page.locator('html');
    await expect(html).toHaveClass(/dark/);
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).not.toHaveClass(/dark/);

    await page.getByRole('button', { name: 'Switch to dark mode' }).click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    // A stored choice wins over the system preference.
    await page.emulateMedia({ colorScheme: 'light' });
    await expect(html).toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Switch to light mode' }).click();
    await page.reload();
    await expect(html).not.toHaveClass(/dark/);
  });

  test('an unknown path shows the not-found screen, then lands on /?ec=pnf', async ({ page }) => {
    await page.goto('/no/such/page?x=1');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 3000 });
    // The home page shows what happened, then tidies the address.
    await expect(page.getByText('The page you were looking for does not exist.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('session check', () => {
  test('shows a spinner while a stored session is checked, and clears a token the server refuses', async ({ page }) => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/me/', async (route) => {
      await held;
      await route.continue();
    });
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('accessToken', 'stale-token');
        localStorage.setItem('refreshToken', 'stale-refresh');
      }
    });
    await page.goto('/');
    await expect(page.getByRole('status').filter({ hasText: 'Checking your session' })).toBeAttached();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    release();
    // Visitors at / see the login screen.
    await expect(page.getByRole('heading', { level: 1, name: 'Log in to Herald' })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('accessToken'), localStorage.getItem('refreshToken')])).toEqual([null, null]);
  });
});

test.describe('public pages', () => {
  const pages: [string, string[]][] = [
    ['/landing', ['Superior Intelligence, Delivered', 'Real-time Monitoring', 'AI-Powered Analysis', 'Instant Alerts', 'Executives and Industry Analysts', 'Engineers and Scientists', 'Lawyers', 'Fast', 'Complete', 'Easy']],
    ['/about', ['What is the product?', "Who's behind it?"]],
    ['/terms', ['Terms of Use', 'Governing law']],
    ['/privacy', ['Privacy Policy', 'Your rights under the GDPR', 'Cookies and local storage', 'Data protection officer']],
  ];
  for (const [path, headings] of pages) {
    test(`${path} renders its headings`, async ({ page }) => {
      await page.goto(path);
      for (const name of headings) {
        await expect(page.getByRole('heading', { name, exact: false }).first()).toBeVisible();
      }
    });
  }

  test('legal pages carry their effective dates and governing law', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.getByText('Effective October 1, 2022')).toBeVisible();
    await expect(page.getByText(/laws of the State of New York/)).toBeVisible();
    await page.goto('/privacy');
    await expect(page.getByText('Effective November 11, 2022')).toBeVisible();
    await expect(page.getByText(/Delaware limited liability company based in New York/)).toBeVisible();
    await expect(page.getByText(/servers in the United States/)).toBeVisible();
  });

  test('footer links navigate between pages without a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'About Us' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { name: 'What is the product?' })).toBeVisible();
  });
});
