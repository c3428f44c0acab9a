import { expect, type Page } from '@playwright/test';
import { DEMO, demoArticle, signInAs, test } from './kit';

/**
 * "More like this" / "Less like this" on the demo user's real feed (the demo source writes its
 * articles while the suite runs; the reader journeys wait for them the same way). The desktop and
 * phone projects run at once on the same user: each takes an article of its own (even or odd id),
 * and leaves it as it found it.
 */

const see = expect.configure({ timeout: 20_000 });
test.setTimeout(120_000);

const latestCard = (page: Page, id: number) => page.locator('section[aria-labelledby="latest-title"] > ul > li').filter({ has: page.locator(`a[href="/a/${id}"]`) });
const saved = (page: Page, id: number, method: 'PUT' | 'DELETE') => page.waitForResponse((r) => r.url().endsWith(`/api/articles/${id}/judgement/`) && r.request().method() === method && r.ok());

test('"Less like this" on a feed card stays chosen after a reload and is undone by a second click; an email link applies "More like this"', async ({ page, request }, testInfo) => {
  test.setTimeout(360_000);
  // The newest unjudged article whose id has this project's parity (desktop and mobile run side by side).
  const article = await demoArticle(page, (a) => a.id % 2 === (testInfo.project.name === 'mobile' ? 1 : 0) && a.judgement === null, 'a demo article to judge', 280_000);
  await signInAs(page, request, DEMO.user, '/');

  const card = latestCard(page, article.id);
  const less = card.getByRole('button', { name: 'Less like this' });
  const more = card.getByRole('button', { name: 'More like this' });
  await see(less).toHaveAttribute('aria-pressed', 'false');
  const put = saved(page, article.id, 'PUT');
  await less.click();
  await expect(less).toHaveAttribute('aria-pressed', 'true');
  await put;
  await expect(page.getByRole('status').filter({ hasText: `Herald will show less like this in ${article.topic.name}` })).toBeVisible();

  await page.reload();
  await see(less).toHaveAttribute('aria-pressed', 'true');
  await expect(more).toHaveAttribute('aria-pressed', 'false');
  // From the keyboard: a second press on the chosen one undoes it.
  const undo = saved(page, article.id, 'DELETE');
  await less.focus();
  await page.keyboard.press('Enter');
  await undo;
  await expect(less).toHaveAttribute('aria-pressed', 'false');

  // The alert email's link: the article page applies it once, shows it chosen, tidies the address.
  const applied = saved(page, article.id, 'PUT');
  await page.goto(`/a/${article.id}?judgement=more`);
  await applied;
  await see(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
  await expect(page).toHaveURL(new RegExp(`/a/${article.id}$`));
  const onPage = page.getByRole('group', { name: `Articles like this in ${article.topic.name}` });
  await expect(onPage.getByRole('button', { name: 'More like this' })).toHaveAttribute('aria-pressed', 'true');
  const cleared = saved(page, article.id, 'DELETE');
  await onPage.getByRole('button', { name: 'More like this' }).click();
  await cleared;
  await expect(onPage.getByRole('button', { name: 'More like this' })).toHaveAttribute('aria-pressed', 'false');
});
