import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signInAs, test } from './kit';

/**
 * Sources (/sources): a superuser opens it from the user menu, sees the demo source, adds a feed by
 * pasting a site's address (discovery and preview), runs it and sees documents arrive, disables it
 * and deletes it; a failing source is fixed from the page. The site is a tiny server on 127.0.0.1 (the test server allows private addresses:
 * SOURCES_ALLOW_PRIVATE in playwright.config.ts); its articles are worded afresh for every run, so
 * no earlier run's documents make them duplicates.
 */

let site: Server;
let siteUrl = '';
const token = randomBytes(4).toString('hex');
const feedTitle = `Loopback Wire ${token}`;

const articles = [1, 2, 3].map((n) => ({
  title: `Harbour authority ${token} approves berth ${n} expansion`,
  text: `The harbour authority of the city ${token} approved the expansion of berth ${n} on Tuesday after a public consultation that lasted four months. The works add ${n * 120} metres of quay and two new cranes, and are due to finish in the spring of next year. Shipping companies welcomed the decision, while residents asked for limits on night-time noise during construction.`,
}));

/** A second feed of the site, with articles of its own (the same text would be a duplicate of the first's). */
const otherArticles = articles.map((a) => ({ title: a.title.replace('approves', 'delays'), text: a.text.replace('approved', 'delayed').replace('welcomed', 'regretted') }));

function rss(origin: string, items_ = articles): string {
  const items = items_
    .map(
      (a, i) =>
        `<item><title>${a.title}</title><link>${origin}/news/${i + 1}</link><guid>${origin}/news/${i + 1}</guid><pubDate>${new Date(Date.now() - i * 3_600_000).toUTCString()}</pubDate><description>${a.text}</description></item>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>${feedTitle}</title><link>${origin}/</link><description>Port news</description><language>en</language>${items}</channel></rss>`;
}

test.beforeAll(async () => {
  site = createServer((request, response) => {
    const origin = `http://${request.headers.host}`;
    if (request.url === '/feed.xml') {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(rss(origin));
    } else if (request.url === '/other.xml') {
      response.writeHead(200, { 'content-type': 'application/rss+xml; charset=utf-8' }).end(rss(origin, otherArticles));
    } else if (request.url === '/') {
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html lang="en"><head><title>${feedTitle}</title><link rel="alternate" type="application/rss+xml" title="${feedTitle}" href="/feed.xml"></head><body><h1>Port news</h1></body></html>`);
    } else {
      const n = Number(/^\/news\/(\d)$/.exec(request.url ?? '')?.[1]);
      const article = articles[n - 1];
      if (article) response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><title>${article.title}</title></head><body><article><h1>${article.title}</h1><p>${article.text}</p></article></body></html>`);
      else response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
});

test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function rowActions(page: Page, name: string, item: string) {
  await page.getByRole('button', { name: `Actions for ${name}` }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test('a superuser adds a feed by its site, runs it, disables it and deletes it', async ({ page, request, isMobile }) => {
  test.setTimeout(60_000);
  await signInAs(page, request, DEMO.superuser);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Sources' }).click();
  await expect(page).toHaveURL(/\/sources$/);
  await expect(page.getByRole('heading', { name: 'Sources', level: 1 })).toBeVisible();
  await expect(page.getByTestId('source-row').filter({ hasText: 'Demo corpus' })).toBeVisible();
  if (!isMobile) await expectNoSeriousViolations(page);

  // Add: the site's address, its feed found with a preview of its items.
  await page.getByRole('button', { name: 'Add source' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add source' });
  await dialog.getByRole('textbox', { name: 'Site or feed address' }).fill(siteUrl);
  await dialog.getByRole('button', { name: 'Find feeds' }).click();
  await expect(dialog.getByRole('radio', { name: new RegExp(feedTitle) })).toBeChecked();
  await expect(dialog.getByText(articles[0]!.title)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(feedTitle);
  if (!isMobile) await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Add feed' }).click();
  await expect(dialog).toHaveCount(0);

  // Its first run starts at once: documents arrive. Run it again: nothing new, and it says so.
  const row = page.getByTestId('source-row').filter({ hasText: feedTitle });
  await expect(row).toBeVisible();
  await expect(row.getByTestId('documents')).toHaveText(/^[1-9]\d*$/, { timeout: 30_000 });
  await expect(row.getByTestId('stored-last-run')).toHaveText(/^[1-9]\d*$/);
  await row.getByRole('button', { name: 'Run now' }).click();
  await expect(page.getByText(`${feedTitle}: run finished, 0 new documents stored.`)).toBeVisible({ timeout: 30_000 });

  // Disable it, then delete it after the confirmation says what goes with it.
  await rowActions(page, feedTitle, 'Disable');
  await expect(row.getByText('Disabled', { exact: true })).toBeVisible();
  await rowActions(page, feedTitle, 'Delete…');
  const confirm = page.getByRole('dialog', { name: `Delete ${feedTitle}?` });
  await expect(confirm.getByText(/^Deletes the source(,| and) its [1-9]\d* documents?/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Delete source' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(page.getByText(`Deleted ${feedTitle}`)).toBeVisible();
});

test('someone who is not a superuser finds no Sources page', async ({ page, request, isMobile }) => {
  test.skip(isMobile, 'the same page on phones');
  await signInAs(page, request, DEMO.admin, '/sources');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Sources' })).toHaveCount(0);
});

test('a failing source is fixed from the page', async ({ page, request, isMobile }) => {
  test.skip(isMobile, 'the same page as on the desktop; the journey above covers the phone');
  test.setTimeout(60_000);
  const login = await request.post('/api/auth/login/', { data: { email: DEMO.superuser, password: DEMO_PASSWORD } });
  const auth = { authorization: `Bearer ${((await login.json()) as { access: string }).access}` };
  const name = `Broken Wire ${token}`;
  // Added with a wrong address (as an operator might by a typo): its first run fails.
  const created = await request.post('/api/sources/', { headers: auth, data: { kind: 'feed', name, settings: { url: `${siteUrl}missing.xml` } } });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await signInAs(page, request, DEMO.superuser, '/sources');
  const row = page.getByTestId('source-row').filter({ hasText: name });
  await expect(row.getByText('Failing', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/HTTP 404 from .*missing\.xml/).first()).toBeVisible();

  // Fixed from the page: the right address, and it runs again at once.
  await rowActions(page, name, 'Edit');
  const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
  await dialog.getByRole('textbox', { name: /^URL/ }).fill(`${siteUrl}other.xml`);
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('Active', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row.getByTestId('documents')).toHaveText(/^[1-9]\d*$/, { timeout: 30_000 });
  expect((await request.delete(`/api/sources/${id}/`, { headers: auth })).status()).toBe(200);
});

