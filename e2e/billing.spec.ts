import { expect as baseExpect } from '@playwright/test';
import { DEMO, signInAs, test } from './kit';

const expect = baseExpect.configure({ timeout: 15_000 });

/**
 * Billing: an account administrator takes the billing role on the Users card, opens Billing, sees
 * the usage and sets a monthly budget; a member is turned away.
 */
test('an admin becomes billing administrator, reads usage and sets a budget; a member never sees Billing', async ({ page, request }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'one journey is enough: the page is the same at 375 px');
  await signInAs(page, request, DEMO.admin, '/account');
  const billingBox = page.getByRole('checkbox', { name: /Billing administrator/ }).first();
  const row = page.getByRole('listitem').filter({ has: page.getByText('You', { exact: true }) });
  const mine = row.getByRole('checkbox', { name: /Billing administrator/ });
  await expect(billingBox).toBeVisible();
  // The box follows the server's answer, so it is clicked and then read back.
  if (!(await mine.isChecked())) await mine.click();
  await expect(page.getByText('is now a billing administrator')).toBeVisible();
  await expect(mine).toBeChecked();

  await page.getByRole('link', { name: 'Billing', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/billing$/);
  await expect(page.getByRole('heading', { name: 'AI usage' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeEnabled();

  await page.getByLabel('Account budget (USD a month)').fill('25');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect(page.getByText('Budget saved')).toBeVisible();
  await expect(page.getByText(/of \$25\.00 this month/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Remove' }).first().click();
  await expect(page.getByText('Budget removed')).toBeVisible();

  // Leave the shared demo admin as it was.
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await mine.click();
  await expect(page.getByText('is no longer a billing administrator')).toBeVisible();

  const member = await page.context().browser()!.newPage();
  await signInAs(member, request, DEMO.user, '/account/billing');
  await expect(member.getByText('Only billing administrators can see Billing')).toBeVisible();
  await expect(member).not.toHaveURL(/billing/);
  await member.close();
});
