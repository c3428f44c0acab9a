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
  // The test server sells nothing (BILLING_PROVIDER unset): no plan, no seats.
  await expect(page.getByRole('heading', { name: 'Plan', exact: true })).toHaveCount(0);
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

/**
 * The Plan card of an install that sells Herald through Stripe. The browser is given a Stripe-on
 * server's answers (the server side is tested against a local fake of Stripe in
 * server/modules/billing/*.api.test.ts); Checkout and the portal are pages of the test server.
 */
test('with Stripe on, the Plan card shows seats and status, opens Checkout with the seats, then the portal', async ({ page, request }) => {
  const base = { provider: 'stripe', plan: null, status: null, seats: 1, seats_used: 3, current_period_end: null, cancel_at_period_end: false, has_customer: false };
  let plan: Record<string, unknown> = base;
  let asked: unknown;
  await page.route('**/api/account/billing/plan', (route) => route.fulfill({ json: plan }));
  await page.route('**/api/account/billing/checkout', (route) => {
    asked = route.request().postDataJSON();
    return route.fulfill({ json: { url: '/about?stripe=checkout' } });
  });
  await page.route('**/api/account/billing/portal', (route) => route.fulfill({ json: { url: '/about?stripe=portal' } }));

  await signInAs(page, request, DEMO.superuser, '/account/billing');
  const card = page.getByRole('region', { name: 'Plan', exact: true });
  await expect(card.getByText('No plan yet')).toBeVisible();
  await expect(card.getByText(/3 of 1 seat used/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
  await card.getByRole('spinbutton', { name: 'Seats' }).fill('5');
  await card.getByRole('button', { name: 'Choose plan' }).click();
  await expect(page).toHaveURL(/\/about\?stripe=checkout$/);
  expect(asked).toEqual({ seats: 5 });

  plan = { ...base, plan: 'Team', status: 'active', seats: 10, current_period_end: '2027-01-15T00:00:00.000Z', cancel_at_period_end: true, has_customer: true };
  await page.goto('/account/billing');
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('Cancels on Jan 15, 2027')).toBeVisible();
  await expect(card.getByText(/3 of 10 seats used/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Choose plan' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Manage billing' }).click();
  await expect(page).toHaveURL(/\/about\?stripe=portal$/);
});

test('a billing administrator brings their own provider key: shown only by its last four characters, then removed', async ({ page, request }, testInfo) => {
  // One provider per project: the two run side by side on the same demo account.
  const provider = testInfo.project.name === 'desktop' ? 'Mistral' : 'xAI';
  await signInAs(page, request, DEMO.superuser, '/account/billing');
  const row = page.getByRole('list', { name: 'Provider keys' }).getByRole('listitem').filter({ hasText: provider });
  await row.getByLabel(`${provider} API key`).fill(`sk-e2e-${testInfo.project.name}-key-4f2e`);
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Key saved')).toBeVisible();
  await expect(row.getByText(/set, ending …4f2e, by /)).toBeVisible();
  await expect(page.getByText(`sk-e2e-${testInfo.project.name}`)).toHaveCount(0);
  await row.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Key removed')).toBeVisible();
  await expect(row.getByText("not set: the install's key is used")).toBeVisible();
});
