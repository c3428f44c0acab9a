import { expect, type Page, type TestInfo } from '@playwright/test';
import { signInAs, test } from './kit';

/**
 * A topic dashboard with a spike: the chart marks it, the Spikes section says how far above the
 * usual and why (the story most of its articles report, its [n] linked to them), and the reader
 * follows the explanation to the article. A fresh demo start has no spike (one needs 14 days of
 * history), so the test seeds its own reader through the seeding route the test server has
 * (DEV_SEED_ROUTES=1, server/modules/dev-seed): a topic followed for 40 days, an article a day,
 * then six yesterday, three of them one story. Light and dark, desktop and phone; screenshots for
 * review go to /tmp/trends-spike-*.png.
 */

const see = expect.configure({ timeout: 20_000 });

interface Seeded {
  email: string;
  password: string;
  topic_id: number;
  article_ids: number[];
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((t) => document.documentElement.classList.toggle('dark', t === 'dark'), theme);
    await page.screenshot({ path: `/tmp/trends-spike-${testInfo.project.name}-${name}-${theme}.png`, fullPage: true });
  }
  await page.evaluate(() => document.documentElement.classList.remove('dark'));
}

test("a spike on a topic's dashboard, explained by its story, followed to the article", async ({ page, request }, testInfo) => {
  const response = await request.post('/api/dev/seed/trend-spike/');
  expect(response.status()).toBe(200);
  const seeded = (await response.json()) as Seeded;

  await signInAs(page, request, seeded.email, `/topics/${seeded.topic_id}`, seeded.password);
  await see(page.getByRole('heading', { level: 1, name: 'Refinery outages' })).toBeVisible();
  // The chart names the spike it marks; the bar of its day reads out as one.
  const chart = page.getByRole('region', { name: 'Articles per day' });
  await see(chart.getByRole('img')).toHaveAttribute('aria-label', /; 1 spike marked\.$/);
  await expect(chart.getByRole('group', { name: /^Bars, one per day/ }).getByRole('button', { name: /: 6 articles.*, spike$/ })).toHaveCount(1);

  // The spike: its count against the usual, and why, citing its articles by number.
  const spikes = page.getByRole('region', { name: 'Spikes' });
  await expect(spikes).toContainText('A spike is a day with far more articles than the 14 days before it.');
  const spike = spikes.getByRole('listitem').first();
  await expect(spike).toContainText(/6 articles against a usual 0\.9 a day/);
  await expect(spike).toContainText('6 articles against about 0.9 a day in the 14 days before. 3 of its top 5 articles report "Strike shuts the Harbour Point refinery" [1][2][3].');
  await shoot(page, testInfo, 'dashboard');

  // Its first reference is the story's first report: followed, it opens that article.
  const reference = spike.locator('a[data-reference="1"]');
  await expect(reference).toHaveAttribute('aria-label', 'Reference 1: Strike shuts the Harbour Point refinery, report 1');
  await reference.click();
  await expect(page).toHaveURL(new RegExp(`/a/${seeded.article_ids[0]}$`));
  await see(page.getByRole('heading', { level: 1, name: 'Strike shuts the Harbour Point refinery, report 1' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('Workers at the Harbour Point refinery walked out');
  await shoot(page, testInfo, 'article');
});
