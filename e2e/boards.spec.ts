import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { DEMO, demoArticle, signInAs, test } from './kit';

/**
 * Team boards, two people of the demo account: Dana (light theme) makes a shared board from a feed
 * card's "Add to board" with a note; Ada (dark theme) finds it in her side panel under Boards, opens
 * the board page, reads the note and opens the article. The board's name carries the project's name
 * and the time, so the desktop and phone runs (one account) make their own.
 */

const see = expect.configure({ timeout: 20_000 });
test.setTimeout(180_000);

/** axe finds nothing serious on the page (DESIGN section 7). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

test('a board made from a feed card, with a note, is in a teammate’s side panel and opens the article', async ({ page, browser }, info) => {
  const article = await demoArticle(page, () => true, 'a demo article to put on a board', 150_000);
  const mobile = info.project.name === 'mobile';
  const name = `Board ${info.project.name} ${Date.now()}`;
  const note = `Read the second paragraph (${info.project.name})`;

  // Dana adds it from its feed card to a new shared board, with a note.
  await signInAs(page, page.request, DEMO.user, '/');
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: article.title, exact: true }) }).first();
  await see(card).toBeVisible();
  await card.getByRole('button', { name: `Add to board: ${article.title}` }).click();
  const picker = page.getByRole('dialog', { name: 'Add to board' });
  await picker.getByLabel(/Note/).fill(note);
  await picker.getByRole('button', { name: 'New board…' }).click();
  await picker.getByLabel('Board name').fill(name);
  await expect(picker.getByLabel('Who sees it')).toHaveValue('account');
  await page.screenshot({ path: info.outputPath('board-picker.png') });
  await picker.getByRole('button', { name: 'Create and add' }).click();
  await see(page.getByText(`Added to ${name}.`)).toBeVisible();
  await expect(picker).toBeHidden();

  // Ada sees it under Boards in her side panel, with its count, and opens it.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: mobile, hasTouch: mobile, colorScheme: 'dark' });
  const ada = await context.newPage();
  await signInAs(ada, ada.request, DEMO.admin, '/');
  if (mobile) await ada.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
  const boards = ada.locator('section[aria-labelledby="sidebar-boards-title"]');
  const entry = boards.getByRole('link', { name: new RegExp(`^${name} 1 article$`) });
  await see(entry).toBeVisible();
  await entry.click();
  await see(ada).toHaveURL(/\/boards\/\d+$/);
  await see(ada.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(ada.getByText('Shared with the account')).toBeVisible();
  const item = ada.getByRole('article', { name: article.title });
  await expect(item).toContainText('Added by Dana Demo');
  await expect(item.getByText(note)).toBeVisible();
  await ada.screenshot({ path: info.outputPath('board-page-dark.png'), fullPage: true });
  await expectAccessible(ada);

  // She opens the article from the board: Dana's article, read through the board.
  await item.getByRole('link', { name: article.title }).click();
  await see(ada).toHaveURL(new RegExp(`/a/${article.id}$`));
  await see(ada.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  await context.close();

  // Dana's own board page, light theme.
  await page.goto(`/`);
  if (mobile) await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
  await page.locator('section[aria-labelledby="sidebar-boards-title"]').getByRole('link', { name: new RegExp(`^${name}`) }).click();
  await see(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.screenshot({ path: info.outputPath('board-page-light.png'), fullPage: true });
  await expectAccessible(page);
});
