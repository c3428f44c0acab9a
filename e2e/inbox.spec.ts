import { expect } from '@playwright/test';
import { DEMO, demoArticle, inboxBell, shareWithAda, signInAs, test } from './kit';

/**
 * Two people of the demo account: Dana shares one of her articles with Ada with a note; Ada sees
 * the bell's count, opens the inbox, opens the article and sees who shared it and the note. The
 * note carries the project's name and the time, so runs side by side find their own item.
 */

const see = expect.configure({ timeout: 20_000 });
test.setTimeout(180_000);

test('a teammate shares an article with a note; the other sees the bell, the inbox item, and the note on the article', async ({ page, browser }, info) => {
  const article = await demoArticle(page, () => true, 'a demo article to share', 150_000);
  const note = `Read the second point before the ${info.project.name} meeting (${Date.now()})`;

  await shareWithAda(page, article, note, () => page.screenshot({ path: info.outputPath('share-dialog.png') }));
  await see(page.getByText('You shared this with Ada Admin')).toBeVisible();

  // Ada reads in the dark theme, Dana in the light one.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: info.project.name === 'mobile', hasTouch: info.project.name === 'mobile', colorScheme: 'dark' });
  const ada = await context.newPage();
  await signInAs(ada, ada.request, DEMO.admin, '/');
  const bell = inboxBell(ada);
  await see(bell).toBeVisible();
  await see(ada.getByTestId('inbox-badge')).toHaveText(/^\d+$/);
  await bell.click();
  const item = ada.getByRole('listitem').filter({ hasText: note });
  await see(item).toBeVisible();
  await expect(item).toContainText(`Dana Demo shared “${article.title}”`);
  await ada.screenshot({ path: info.outputPath('inbox.png') });
  await item.getByRole('button', { name: /^Shared with you/ }).click();

  await see(ada).toHaveURL(new RegExp(`/a/${article.id}$`));
  await see(ada.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
  const shared = ada.getByRole('region', { name: 'Shared with you' });
  await see(shared).toContainText('Shared by Dana Demo');
  await expect(shared).toContainText(note);
  await ada.screenshot({ path: info.outputPath('shared-article.png') });
  await context.close();
});
