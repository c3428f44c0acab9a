import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { DEMO, demoArticle, inboxBell, shareWithAda, signInAs, test } from './kit';

/**
 * Two people of the demo account: Dana shares one of her articles with Ada; Ada opens it from her
 * inbox and comments, mentioning Dana through the @ autocomplete (keyboard only); Dana sees the
 * mention in her inbox's Mentions tab and opens the article at the comment. The comment carries
 * the project's name and the time, so runs side by side (and e2e/inbox.spec.ts) find their own.
 */

const see = expect.configure({ timeout: 20_000 });

/** axe finds nothing serious in the comments section (DESIGN section 7). */
async function expectAccessibleComments(page: Page) {
  const results = await new AxeBuilder({ page }).include('#comments').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
/**
 * What floats at the bottom (Provide Feedback on a computer, the tab bar on a phone) never covers
 * Post comment: with the button scrolled to the window's bottom edge, and at the page's end.
 */
async function expectPostClear(page: Page, info: TestInfo, mobile: boolean) {
  const post = page.getByRole('region', { name: /^Comments/ }).getByRole('button', { name: 'Post comment' });
  const floating = mobile ? page.getByRole('navigation', { name: 'Main' }) : page.getByRole('button', { name: 'Provide Feedback' });
  const size = mobile ? { width: 375, height: 812 } : { width: 1280, height: 800 };
  await page.setViewportSize(size);
  for (const where of ['form', 'end'] as const) {
    if (where === 'form') await post.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    else await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.screenshot({ path: info.outputPath(`post-clear-${where}-${size.width}x${size.height}.png`) });
    const a = (await post.boundingBox())!;
    const b = (await floating.boundingBox())!;
    const overlap = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap, `${where}: Post comment ${JSON.stringify(a)}, floating ${JSON.stringify(b)}`).toBe(false);
  }
}
test.setTimeout(180_000);

test('share -> inbox -> open -> comment with a mention -> the other sees the mention', async ({ page, browser }, info) => {
  const article = await demoArticle(page, () => true, 'a demo article to comment on', 150_000);
  const marker = `${info.project.name}-${Date.now()}`;
  const note = `Comments journey ${marker}`;
  const mobile = info.project.name === 'mobile';

  // Dana shares it with Ada.
  await shareWithAda(page, article, note);

  // Ada (dark theme) opens it from her inbox.
  const context = await browser.newContext({ viewport: page.viewportSize() ?? undefined, isMobile: mobile, hasTouch: mobile, colorScheme: 'dark' });
  const ada = await context.newPage();
  await signInAs(ada, ada.request, DEMO.admin, '/');
  const adaBell = inboxBell(ada);
  await see(adaBell).toBeVisible();
  await adaBell.click();
  const shareItem = ada.getByRole('listitem').filter({ hasText: note });
  await see(shareItem).toBeVisible();
  await shareItem.getByRole('button', { name: /^Shared with you/ }).click();
  await see(ada).toHaveURL(new RegExp(`/a/${article.id}$`));

  // She comments, choosing Dana from the @ list with the keyboard.
  const comments = ada.getByRole('region', { name: /^Comments/ });
  await see(comments).toBeVisible();
  const box = comments.getByRole('textbox', { name: 'Add a comment' });
  await box.scrollIntoViewIfNeeded();
  await box.click();
  await box.pressSequentially(`${marker} worth a look @de`);
  const options = comments.getByRole('listbox', { name: 'Teammates to mention' });
  await see(options.getByRole('option', { name: /Dana Demo/ })).toBeVisible();
  await expect(box).toHaveAttribute('aria-activedescendant', /.+/);
  await ada.screenshot({ path: info.outputPath('mention-list.png') });
  await expectAccessibleComments(ada);
  await box.press('Enter');
  await expect(options).toBeHidden();
  await box.pressSequentially('see https://example.com/brief');
  await expect(box).toHaveValue(`${marker} worth a look @demo see https://example.com/brief`);
  await ada.screenshot({ path: info.outputPath('comment-draft.png') });
  await comments.getByRole('button', { name: 'Post comment' }).click();
  const posted = comments.getByRole('listitem').filter({ hasText: marker });
  await see(posted).toBeVisible();
  await expect(posted.locator('[data-mention="demo"]')).toHaveText('@demo');
  await expect(posted.getByRole('link', { name: 'https://example.com/brief' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(box).toHaveValue('');
  await ada.screenshot({ path: info.outputPath('comment-posted.png') });
  await expectAccessibleComments(ada);
  await expectPostClear(ada, info, mobile);

  // Dana sees the mention and opens the article at the comment.
  await page.goto('/');
  const danaBell = inboxBell(page);
  await see(danaBell).toBeVisible();
  await danaBell.click();
  await page.getByRole('tab', { name: /^Mentions/ }).click();
  const mention = page.getByRole('list', { name: 'Mentions' }).getByRole('listitem').filter({ hasText: marker });
  await see(mention).toBeVisible();
  await expect(mention).toContainText(`Ada Admin mentioned you on “${article.title}”`);
  await page.screenshot({ path: info.outputPath('mention-in-inbox.png') });
  await mention.getByRole('button', { name: /^Mentioned you/ }).click();
  await see(page).toHaveURL(new RegExp(`/a/${article.id}#comment-\\d+$`));
  const shown = page.getByRole('listitem').filter({ hasText: marker });
  await see(shown).toBeVisible();
  await expect(shown).toContainText('Ada Admin');
  await expect(shown).toBeInViewport();
  await context.close();
});
