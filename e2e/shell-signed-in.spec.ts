import { expect } from '@playwright/test';
import { DEMO, signInAs, test } from './kit';

/** The signed-in shell: side panel, user menu, feedback, viewing as another user. */
test.describe('signed-in shell', () => {
  test('the side panel shows who is signed in and their topics; the user menu switches theme', async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'the side panel is the Profile tab on phones (next test)');
    await signInAs(page, request, DEMO.user);
    const panel = page.getByRole('complementary', { name: 'Profile' });
    await expect(panel.getByText('Dana Demo')).toBeVisible();
    await expect(panel.getByText('Herald Demo')).toBeVisible();
    await expect(panel.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', '/topics');
    await expect(panel.getByText('Federal Reserve monetary policy')).toBeVisible();
    // A member has no Account settings; the panel closes and opens from the top bar.
    await expect(panel.getByRole('button', { name: 'Account settings' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Close sidebar' }).click();
    await expect(panel).toHaveCount(0);
    await page.getByRole('button', { name: 'Open sidebar' }).click();
    await expect(page.getByRole('complementary', { name: 'Profile' })).toBeVisible();

    await page.getByRole('button', { name: 'User menu' }).click();
    const menu = page.getByRole('menu', { name: 'User menu' });
    await expect(menu.getByText('demo@herald.test')).toBeVisible();
    const before = await page.evaluate(() => document.documentElement.classList.contains('dark'));
    await menu.getByRole('menuitem', { name: before ? 'Light Mode' : 'Dark Mode' }).click();
    await expect(menu).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(!before);
    // Escape closes the menu and focus returns to its button.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'User menu' })).toBeFocused();
  });

  test('feedback: blank is not sent, a message is thanked for 2 seconds, then the widget closes', async ({ page, request, isMobile }) => {
    await signInAs(page, request, DEMO.user);
    if (isMobile) await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Feedback' }).click();
    else await page.getByRole('button', { name: 'Provide Feedback' }).click();
    const dialog = page.getByRole('dialog', { name: 'Provide Feedback' });
    await expect(dialog.getByRole('button', { name: 'Send feedback' })).toBeDisabled();
    await dialog.getByLabel('Your feedback').fill('   ');
    await expect(dialog.getByRole('button', { name: 'Send feedback' })).toBeDisabled();
    await dialog.getByLabel('Your feedback').fill('The morning brief is exactly what I needed.');
    const sent = page.waitForResponse((r) => r.url().includes('/api/feedback/') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: 'Send feedback' }).click();
    expect((await sent).status()).toBe(201);
    await expect(dialog.getByText('Thank you for your feedback!')).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5000 });
  });

  test('on a phone the bottom navigation shows the profile panel and goes back to articles', async ({ page, request, isMobile }) => {
    test.skip(!isMobile, 'phones only');
    await signInAs(page, request, DEMO.user);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(page.getByRole('complementary', { name: 'Profile' })).toHaveCount(0);
    await nav.getByRole('button', { name: 'Profile' }).click();
    // Topic names also appear on feed cards, so the panel is told apart by its Topics heading.
    const panelTopics = page.locator('#sidebar-topics-title');
    await expect(panelTopics).toBeVisible();
    await expect(page.getByText('Federal Reserve monetary policy').first()).toBeVisible();
    await expect(nav.getByRole('button', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
    await nav.getByRole('button', { name: 'Articles' }).click();
    await expect(nav.getByRole('button', { name: 'Articles' })).toHaveAttribute('aria-current', 'page');
    await expect(panelTopics).toHaveCount(0);
  });

  test('a superuser views as another user, sees their panel, and stops; it survives a reload', async ({ page, request, isMobile }) => {
    await signInAs(page, request, DEMO.superuser);
    if (isMobile) await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
    const search = page.getByRole('combobox', { name: 'Search users' });
    await search.fill('dana');
    await page.getByRole('option', { name: /Dana Demo/ }).click();
    await expect(page.getByText('Previewing')).toBeVisible();
    await expect(page.getByText('Federal Reserve monetary policy').first()).toBeVisible();
    await page.reload();
    if (isMobile) await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
    await expect(page.getByText('Previewing')).toBeVisible();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('impersonation') ?? '{}').impersonatedUserName)).toBe('Dana Demo');
    await page.getByRole('button', { name: 'Stop viewing' }).click();
    await expect(page.getByText('Previewing')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('impersonation'))).toBeNull();
  });

  test('a superuser restarts the content of the user they view, after confirming', async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'the same menu on phones');
    await signInAs(page, request, DEMO.superuser);
    await page.getByRole('combobox', { name: 'Search users' }).fill('ada admin');
    await page.getByRole('option', { name: /Ada Admin/ }).click();
    await expect(page.getByText('Viewing as Ada Admin')).toBeVisible();
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Restart Content' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restart Content' });
    await expect(dialog.getByText(/Delete every event and article of Ada Admin/)).toBeVisible();
    await dialog.getByRole('button', { name: 'Restart Content' }).click();
    await expect(page.getByText(/Content restarted: \d+ events deleted\./)).toBeVisible();
    // Impersonation ends with a content restart.
    await expect(page.getByText('Viewing as Ada Admin')).toHaveCount(0);
  });
});
