import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signInAs, test } from './kit';

/**
 * The superuser's pipeline inspection: the internal timeline at /,
 * its modes, an expanded event with its language-model panel, the detailed article view, the
 * Export Data modal, and the switch to the user view. The superuser views the demo user, whose
 * articles the demo pipeline writes in the first minutes of the test server (as in reader.spec.ts).
 */

const see = expect.configure({ timeout: 20_000 });
test.setTimeout(120_000);

async function token(api: APIRequestContext, email: string): Promise<string> {
  const response = await api.post('/api/auth/login/', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

let demoUser: { id: string; name: string };

test.beforeAll(async ({ playwright }, testInfo) => {
  testInfo.setTimeout(300_000);
  const n = Math.floor(Math.random() * 60_000);
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL, extraHTTPHeaders: { 'x-forwarded-for': `10.77.${n >> 8}.${n & 255}` } });
  const access = await token(api, DEMO.user);
  const me = (await (await api.get('/api/me/', { headers: { authorization: `Bearer ${access}` } })).json()) as { id: string; first_name: string; last_name: string };
  demoUser = { id: me.id, name: `${me.first_name} ${me.last_name}` };
  await expect
    .poll(async () => ((await (await api.get('/api/for-you/latest/?per_page=5', { headers: { authorization: `Bearer ${access}` } })).json()) as { articles: unknown[] }).articles.length, {
      message: 'demo articles',
      timeout: 280_000,
      intervals: [5000],
    })
    .toBeGreaterThanOrEqual(1);
  await api.dispose();
});

/** DESIGN section 7: axe finds nothing serious. */
async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Signs the superuser in, already viewing the demo user (what the user selector stores). */
async function superuserViewingDemo(page: Page, request: APIRequestContext, path = '/') {
  await page.addInitScript((user) => {
    if (!localStorage.getItem('impersonation')) localStorage.setItem('impersonation', JSON.stringify({ impersonatedUserId: user.id, impersonatedUserName: user.name, isImpersonating: true }));
  }, demoUser);
  await signInAs(page, request, DEMO.superuser, path);
}

test('a superuser inspects the timeline: modes with counts, an event and its LLM panel', async ({ page, request, context, isMobile }) => {
  if (!isMobile) await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await superuserViewingDemo(page, request);
  const modes = page.getByRole('tablist', { name: 'Timeline mode' });
  // Articles is the default mode, with counts on every mode.
  await see(modes.getByRole('tab', { name: /^Articles \(\d+\)$/ })).toHaveAttribute('aria-selected', 'true');
  await see(modes.getByRole('tab', { name: /^Events \(\d+\)$/ })).toBeVisible();
  await see(modes.getByRole('tab', { name: /^QA Articles \(\d+\)$/ })).toBeVisible();
  await see(page.getByTestId('timeline-item').first()).toBeVisible();

  await modes.getByRole('tab', { name: /^Events/ }).click();
  await expect(modes.getByRole('tab', { name: /^Events/ })).toHaveAttribute('aria-selected', 'true');
  expect(await page.evaluate(() => localStorage.getItem('timelineMode'))).toBe('events');
  const event = page.getByTestId('timeline-item').first();
  await see(event.getByText(/^(PASS|DROP)$/)).toBeVisible();
  await event.getByRole('button', { name: 'Expand', exact: true }).click();
  await see(event.getByText('Language-model interactions')).toBeVisible();
  await see(event.getByText(/Detection documents \(\d+\)/)).toBeVisible();
  const relevance = event.getByTestId('llm-panel-relevance');
  await relevance.getByRole('button', { name: /Relevance/ }).click();
  await expect(relevance.getByText(/^\d+\.\d\ds$/)).toBeVisible();
  await expect(relevance.getByText(/^Tokens: [\d,]+ \([\d,]+\/[\d,]+\)$/)).toBeVisible();
  await expect(relevance.getByRole('tab', { name: 'Prompt' })).toHaveAttribute('aria-selected', 'true');
  await relevance.getByRole('tab', { name: 'Response' }).click();
  await expect(relevance.getByRole('tabpanel')).toContainText('decision');
  if (!isMobile) {
    await relevance.getByRole('button', { name: 'Copy' }).click();
    await expect(relevance.getByText('Copied!')).toBeVisible();
    await expect(relevance.getByText('Copied!')).toHaveCount(0, { timeout: 4000 });
  }
  // A dropped event stops at detection: the later stages say they have no record.
  const dropped = page.getByTestId('timeline-item').filter({ has: page.getByText('DROP', { exact: true }) }).first();
  const expandDropped = dropped.getByRole('button', { name: 'Expand', exact: true });
  if (await expandDropped.count()) await expandDropped.click();
  await see(dropped.getByText('No novelty prompt data available')).toBeVisible();
  if (!isMobile) await expectNoSeriousViolations(page);

  // The chosen mode survives a reload.
  await page.reload();
  await see(page.getByRole('tablist', { name: 'Timeline mode' }).getByRole('tab', { name: /^Events/ })).toHaveAttribute('aria-selected', 'true');
});

test('a superuser opens the detailed article view and its composition dialog', async ({ page, request, context, isMobile }) => {
  if (!isMobile) await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await superuserViewingDemo(page, request);
  await page.evaluate(() => localStorage.setItem('timelineMode', 'articles'));
  await page.reload();
  const first = page.getByTestId('timeline-item').first();
  await see(first).toBeVisible();
  await first.getByRole('button', { name: 'Expand', exact: true }).click();
  await see(first.getByText('Original Event Summary')).toBeVisible();
  await first.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/a\/\d+/);
  await see(page.getByRole('heading', { name: /Supporting Documents \(\d+\)/ })).toBeVisible();
  await expect(page.getByText(/^Published /)).toBeVisible();
  await expect(page.getByText(/^Article generated /)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'References' })).toBeVisible();
  await expect(page.getByText(/^\d+ of \d+ used$/)).toBeVisible();
  const usedOnly = await page.getByTestId('supporting-document').count();
  await page.getByRole('button', { name: 'Show All' }).click();
  await expect(page.getByRole('button', { name: 'Show All' })).toHaveAttribute('aria-pressed', 'true');
  expect(await page.getByTestId('supporting-document').count()).toBeGreaterThanOrEqual(usedOnly);
  const doc = page.getByTestId('supporting-document').first();
  await expect(doc.getByText(/^(Original Event|Supporting Document|Historical Document|Research Query Result)$/)).toBeVisible();
  await doc.getByRole('button', { name: 'View document preview' }).click();
  await expect(doc.getByText(/Vector score \d\.\d{3}/)).toBeVisible();
  if (!isMobile) await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: /^Generated from \d+ cited sources out of \d+ analyzed sources$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Article Composition LLM Interaction' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Prompt' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('tab', { name: 'Response' }).click();
  if (!isMobile) {
    await dialog.getByRole('button', { name: 'Copy Response' }).click();
    await expect(dialog.getByText('Copied!')).toBeVisible();
  }
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('a superuser exports a tab as Markdown and switches to the user view', async ({ page, request, isMobile }) => {
  test.skip(isMobile, 'the same menu on phones');
  await superuserViewingDemo(page, request);
  await see(page.getByRole('tablist', { name: 'Timeline mode' })).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Export Data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export Data' });
  await expect(dialog.getByRole('tab', { name: 'Fact Groups' })).toHaveAttribute('aria-selected', 'true');
  // The first tab loads every event of the demo user (a few MB once the replay has run): on a busy
  // 2-core machine that takes longer than a screen.
  await expect(dialog.getByRole('tabpanel', { name: 'Fact Groups' }).getByText('Fact Groups', { exact: true })).toBeVisible({ timeout: 60_000 });
  for (const tab of ['Articles', 'QA Articles', 'Detection Prompts', 'Validation Prompts', 'Composition Prompts', 'Profile', 'Interview']) {
    await dialog.getByRole('tab', { name: tab, exact: true }).click();
    await see(dialog.getByRole('tabpanel', { name: tab })).not.toContainText('Failed to load');
  }
  await expectNoSeriousViolations(page);
  await expect(dialog.getByText('total_messages')).toBeVisible();
  await dialog.getByRole('tab', { name: 'Articles', exact: true }).click();
  await see(dialog.getByRole('tabpanel', { name: 'Articles' }).getByText('Articles', { exact: true })).toBeVisible();
  // The demo runs on the built-in engine: the footer names the model that produced the data.
  await expect(dialog.getByText("Processed by Herald's built-in engine (no language model).")).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Herald-Articles-\d{4}-\d\d-\d\d\.md$/);
  const path = await download.path();
  const text = await (await import('node:fs/promises')).readFile(path, 'utf8');
  expect(text).toMatch(/^# Articles\n/);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Switch to user view' }).click();
  await expect(page.getByRole('tablist', { name: 'Timeline mode' })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('viewMode'))).toBe('user');
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Switch to timeline view' })).toBeVisible();
});
