import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import type { TArticlePage } from '../contract/feed';
import { DEMO_PASSWORD, test } from './kit';

/**
 * Reader journeys on the demo user's real feed: the test
 * server starts with the demo accounts (their password from playwright.config.ts) and the demo
 * source, so the pipeline writes the demo user's articles while the suite runs. The journeys wait
 * (beforeAll) until there are more than one page of them: the same path a new install takes,
 * about two minutes on this machine, with no test-only way into the database.
 */

const DEMO = { email: 'demo@herald.test', password: DEMO_PASSWORD };
const ARTICLES_NEEDED = 26;

let counter = 0;
/** Each test signs in from its own address: login is rate limited per address and account. */
function clientAddress(testInfo: TestInfo): string {
  const n = (testInfo.workerIndex * 7919 + counter++ * 97 + Math.floor(Math.random() * 60000)) % 65000;
  return `10.${testInfo.project.name === 'mobile' ? 4 : 3}.${n >> 8}.${n & 255}`;
}

async function login(api: APIRequestContext, address: string) {
  const response = await api.post('/api/auth/login/', { data: DEMO, headers: { 'x-forwarded-for': address } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as { access: string; refresh: string };
}

let feed: TArticlePage;
/** The pipeline runs beside the journeys on a 2-core machine: screens get more than the default 5 s. */
const see = expect.configure({ timeout: 20_000 });
test.setTimeout(90_000);

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(300_000);
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const { access } = await login(api, clientAddress(testInfo));
  await expect
    .poll(
      async () => {
        const response = await api.get('/api/for-you/latest/?per_page=25', { headers: { authorization: `Bearer ${access}` } });
        feed = (await response.json()) as TArticlePage;
        return feed.articles.length + (feed.has_next ? 1 : 0);
      },
      { message: `at least ${ARTICLES_NEEDED} demo articles`, timeout: 280_000, intervals: [5000] },
    )
    .toBeGreaterThanOrEqual(ARTICLES_NEEDED);
  await api.dispose();
});

/** A signed-in page: tokens from the API, put where the web app keeps them. */
async function signIn(page: Page, testInfo: TestInfo) {
  const address = clientAddress(testInfo);
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address });
  const tokens = await login(page.request, address);
  await page.addInitScript(([access, refresh]) => {
    if (!sessionStorage.getItem('signed-in')) {
      sessionStorage.setItem('signed-in', '1');
      localStorage.setItem('accessToken', access!);
      localStorage.setItem('refreshToken', refresh!);
    }
  }, [tokens.access, tokens.refresh]);
}

const latestItems = (page: Page) => page.locator('section[aria-labelledby="latest-title"] > ul > li');

test('the demo user reads the feed: Top News, Latest with a second page, a topic, a search', async ({ page }, testInfo) => {
  const address = clientAddress(testInfo);
  await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': address });
  await page.goto('/');
  await page.getByRole('button', { name: 'Log in with Email' }).click();
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();

  await see(page.getByRole('heading', { name: 'Top News' })).toBeVisible();
  await see(page.getByRole('heading', { name: 'Latest' })).toBeVisible();
  const topNews = page.locator('section[aria-labelledby="top-news-title"] article');
  expect(await topNews.count()).toBeGreaterThan(0);
  expect(await topNews.count()).toBeLessThanOrEqual(5);
  await expect(latestItems(page).first()).toBeVisible();
  const firstPage = await latestItems(page).count();
  expect(firstPage).toBeGreaterThanOrEqual(25);

  // Infinite scroll: the second page comes by cursor when the end of the list is near.
  const second = page.waitForResponse((r) => r.url().includes('/api/for-you/latest/') && r.url().includes('page=2') && r.url().includes('cursor='));
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect((await second).status()).toBe(200);
  await expect.poll(() => latestItems(page).count()).toBeGreaterThan(firstPage);

  // A topic: the picker searches, Enter picks; the choice is kept in ?topic=.
  const topic = feed.articles[0]!.topic;
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('button', { name: 'Topic: All topics' }).click();
  await page.getByRole('combobox', { name: 'Search topics' }).fill(topic.name.slice(0, 8).toLowerCase());
  await expect(page.getByRole('option', { name: topic.name })).toBeVisible();
  const topicPage = page.waitForResponse((r) => r.url().includes('/api/for-you/latest/') && r.url().includes(`topic_id=${topic.id}`));
  await page.getByRole('combobox', { name: 'Search topics' }).press('ArrowDown');
  await page.getByRole('combobox', { name: 'Search topics' }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`[?&]topic=${topic.id}\\b`));
  await expect(page.getByRole('button', { name: `Topic: ${topic.name}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: topic.name, exact: true }).first()).toBeVisible();
  const filtered = (await (await topicPage).json()) as TArticlePage;
  expect(filtered.articles.length).toBeGreaterThan(0);
  expect(filtered.articles.every((a) => a.topic.id === topic.id)).toBe(true);
  // The list is live: an article published meanwhile may already sit above the page's first.
  await see(latestItems(page).filter({ hasText: filtered.articles[0]!.title }).first()).toBeVisible();

  // Search: blank is ignored, Enter runs, Clear leaves.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const box = page.getByRole('searchbox', { name: 'Search your articles' });
  await expect(box).toBeFocused();
  await box.fill('   ');
  await box.press('Enter');
  await expect(page.getByRole('heading', { name: /^Results for/ })).toHaveCount(0);
  const word = feed.articles[0]!.title.split(/\W+/).sort((a, b) => b.length - a.length)[0]!;
  await box.fill(word);
  await box.press('Enter');
  await expect(page.getByRole('heading', { name: `Results for “${word}”` })).toBeVisible();
  await see(page.locator('section[aria-labelledby="search-results-title"] li').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top News' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear' }).click();
  await expect(page.getByRole('heading', { name: 'Latest' })).toBeVisible();
  await expect(page).not.toHaveURL(/[?&]q=/);

  await page.getByRole('button', { name: `Topic: ${topic.name}` }).click();
  await page.getByRole('option', { name: 'All topics' }).click();
  await expect(page).not.toHaveURL(/topic=/);
  if (testInfo.project.name === 'mobile') await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Articles' })).toBeVisible();
});

test('an article: markers with their source, a reference in a new tab, back, then Previous Articles', async ({ page, context }, testInfo) => {
  await signIn(page, testInfo);
  await page.goto('/');
  const first = latestItems(page).first();
  await see(first).toBeVisible();
  // The feed polls: a new article may arrive on top between two reads of "the first item", so the
  // title is read from the item that holds the address, whichever place it has by then.
  const articleHref = (await first.getByRole('link').getAttribute('href'))!;
  const card = latestItems(page).filter({ has: page.locator(`a[href="${articleHref}"]`) }).first();
  const title = (await card.getByRole('heading').textContent())!.trim();
  await page.locator(`a[href="${articleHref}"]`).first().click();
  await expect(page).toHaveURL(/\/a\/\d+$/);
  await see(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveTitle(`${title} - Herald`);
  await expect(page.getByText(/^Published [A-Z][a-z]{2} \d{1,2}, \d{4}/)).toBeVisible();
  // Every article says how it was composed; Takeaways show only when the article has one (a next step, what changed).
  await expect(page.getByRole('heading', { name: 'Disclosure' })).toBeVisible();

  // An inline marker: its source shows on hover (keyboard focus on a phone), it links /d/{id}.
  const marker = page.locator('a[data-reference]').first();
  if (testInfo.project.name === 'mobile') await marker.focus();
  else await marker.hover();
  await expect(page.getByRole('tooltip')).toBeVisible();
  await expect(marker).toHaveAttribute('href', /^\/d\/\d+$/);
  await expect(marker).toHaveAttribute('target', '_blank');

  // References on desktop, Sources in the side column on a phone; each opens /d/{id} in a new tab.
  const listTitle = testInfo.project.name === 'mobile' ? 'Sources' : 'References';
  await expect(page.getByRole('heading', { name: testInfo.project.name === 'mobile' ? 'References' : 'Sources' })).toHaveCount(0);
  const reference = page.locator(`section[aria-labelledby="${listTitle.toLowerCase()}-title"] ol a`).first();
  const href = await reference.getAttribute('href');
  expect(href).toMatch(/^\/d\/\d+$/);
  const [tab] = await Promise.all([context.waitForEvent('page'), reference.click()]);
  await expect.poll(() => new URL(tab.url()).pathname).toBe(href);
  await tab.close();

  await page.goBack();
  await see(page.getByRole('heading', { name: 'Latest' })).toBeVisible();
  await expect(page).toHaveTitle('Herald');

  await page.getByRole('link', { name: 'Previous Articles' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Previous Articles' })).toBeVisible();
  const cards = page.locator('main ul > li article');
  await see(cards.first()).toBeVisible();
  const before = await cards.count();
  expect(before).toBe(25);
  await expect(cards.first()).toContainText(/Published [A-Z][a-z]{2} \d{1,2}, \d{4}/);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => cards.count()).toBeGreaterThan(before);
});

test('/s/{id} shows Redirecting..., opens the article with the email flag, then tidies the address', async ({ page }, testInfo) => {
  await signIn(page, testInfo);
  await page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.body?.textContent?.includes('Redirecting...')) (window as unknown as { sawRedirecting: boolean }).sawRedirecting = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
  const article = feed.articles[1]!;
  const call = page.waitForRequest((r) => r.url().includes(`/api/for-you/article/${article.id}/?email=1`));
  await page.goto(`/s/${article.id}?utm_source=mail`);
  await call;
  await see(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  await expect(page).toHaveURL(new RegExp(`/a/${article.id}\\?utm_source=mail$`));
  expect(await page.evaluate(() => (window as unknown as { sawRedirecting?: boolean }).sawRedirecting)).toBe(true);

  await page.goto('/s/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Latest' })).toBeVisible();
});

test('an unknown article says so', async ({ page }, testInfo) => {
  await signIn(page, testInfo);
  await page.goto('/a/987654321');
  await see(page.getByRole('heading', { name: 'Article Not Found' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Article not found.');
  await page.goto('/a/not-a-number');
  await expect(page.getByRole('alert')).toHaveText('Article ID not provided');
});

test('feedback about the article being read', async ({ page }, testInfo) => {
  await signIn(page, testInfo);
  const article = feed.articles[2]!;
  await page.goto(`/a/${article.id}`);
  await see(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  if (testInfo.project.name === 'mobile') await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Feedback' }).click();
  else await page.getByRole('button', { name: 'Provide Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Provide Feedback' });
  await expect(dialog.getByRole('button', { name: 'Send feedback' })).toBeDisabled();
  await dialog.getByLabel('Your feedback').fill('The key metrics on this one were spot on.');
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/feedback/') && r.method() === 'POST');
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  expect((await sent).postDataJSON()).toEqual({ text: 'The key metrics on this one were spot on.', article_id: article.id });
  await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();
  await expect(dialog).toHaveCount(0, { timeout: 4000 });
});

test('the feed, an article and Previous Articles have no serious accessibility violations, in both themes', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'axe runs once, on the desktop layout');
  // Six axe passes: on a loaded 2-core machine one pass has taken over 15 s.
  test.slow();
  await signIn(page, testInfo);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const [path, ready] of [
      ['/', page.getByRole('heading', { name: 'Latest' })],
      [`/a/${feed.articles[0]!.id}`, page.getByRole('heading', { name: 'Disclosure' })],
      ['/articles', page.locator('main ul > li article').first()],
    ] as const) {
      await page.goto(path);
      await see(ready).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${colorScheme} ${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    }
  }
});
