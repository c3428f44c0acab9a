import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signInAs, test } from './kit';

/**
 * Superuser tools: the topic detail modal, the Search modal with
 * the Document Content views, the /d/{id} redirect, Add Test User and Reset Profile. Superusers
 * are led through the side panel and the user menu, which every home view has.
 */

async function tokenOf(request: APIRequestContext, email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await request.post('/api/auth/login/', { data: { email, password } });
  expect(response.status(), `login of ${email}`).toBe(200);
  return ((await response.json()) as { access: string }).access;
}

/** A stored document the search finds (the demo source streams the corpus in after start). */
async function someDocument(request: APIRequestContext, token: string): Promise<{ documentId: number; title: string }> {
  let found: { documentId: number; title: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.post('/api/search/', { data: { query: 'government policy market', limit: 1 }, headers: { authorization: `Bearer ${token}` } });
        const body = (await response.json()) as { results: { title: string; metadata: { document_id: number } }[] };
        found = body.results[0] ? { documentId: body.results[0].metadata.document_id, title: body.results[0].title } : undefined;
        return Boolean(found);
      },
      { timeout: 90_000, intervals: [1000, 2000, 5000] },
    )
    .toBe(true);
  return found!;
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

async function viewAs(page: Page, search: string, name: RegExp) {
  await page.getByRole('combobox', { name: 'Search users' }).fill(search);
  await page.getByRole('option', { name }).click();
  await expect(page.getByText('Previewing')).toBeVisible();
}

async function openMenuItem(page: Page, item: string) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

test.describe('superuser tools', () => {
  // The first journeys wait for the demo source to bring documents in, on a busy machine.
  test.describe.configure({ timeout: 120_000 });

  test('the topic detail modal shows details, the 24-hour search and the relevance matrix', async ({ page, request, isMobile }) => {
    await signInAs(page, request, DEMO.superuser);
    if (isMobile) await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
    const topics = page.getByRole('region', { name: 'Topics' }).or(page.locator('section[aria-labelledby="sidebar-topics-title"]')).first();
    const first = topics.getByRole('button').first();
    await expect(first).toBeVisible();
    const name = (await first.locator('span').first().innerText()).trim();
    await first.click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog.getByRole('tab', { name: 'Details', selected: true })).toBeVisible();
    for (const label of ['Name', 'Description', 'Query', 'Sources', 'Key events', 'Key entities', 'Key places']) await expect(dialog.getByText(label, { exact: true })).toBeVisible();

    await dialog.getByRole('tab', { name: 'Search Results (24h)' }).click();
    const count = dialog.getByTestId('topic-search-count');
    await expect(count).toBeVisible({ timeout: 20_000 });
    await expect(dialog.getByText('Search Failed')).toHaveCount(0);
    await expect(dialog.getByText('Average score')).toBeVisible();
    if ((await count.innerText()).trim() === '0') await expect(dialog.getByText('No documents found in the last 24 hours for this topic.')).toBeVisible();
    else await expect(dialog.getByRole('listitem').first().getByText(/^\d\.\d{3}$/)).toBeVisible();
    if (!isMobile) await expectNoSeriousViolations(page);

    await dialog.getByRole('tab', { name: 'Relevance Matrix' }).click();
    for (const factor of ['action_outcome', 'entities', 'places']) await expect(dialog.getByText(factor, { exact: true })).toBeVisible();
    for (const level of ['High', 'Medium', 'Low']) await expect(dialog.getByRole('columnheader', { name: level, exact: true })).toBeVisible();
    if (!isMobile) await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('the Search modal: filters, a result, its chunks in five views, and back to the results', async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'the same modal on phones');
    const token = await tokenOf(request, DEMO.superuser);
    await someDocument(request, token);
    await signInAs(page, request, DEMO.superuser);
    await openMenuItem(page, 'Search');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    const submit = dialog.getByRole('button', { name: 'Search', exact: true });
    await dialog.getByRole('searchbox', { name: 'Search query' }).fill('   ');
    await expect(submit).toBeDisabled();

    await dialog.getByRole('button', { name: /^Collections/ }).click();
    await dialog.getByRole('checkbox', { name: 'Securities filings' }).check();
    await expect(dialog.getByRole('checkbox')).toHaveCount(9);
    await expect(dialog.getByRole('button', { name: 'Clear All Filters' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(dialog.getByRole('button', { name: 'Clear All Filters' })).toHaveCount(0);
    await dialog.getByRole('button', { name: /^Min Score/ }).click();
    await dialog.getByRole('spinbutton').fill('0.01');
    await expect(dialog.getByRole('button', { name: /Min Score: ≥ 0\.01/ })).toBeVisible();
    // Escape inside a filter closes the filter, not the Search modal; focus goes back to its chip.
    await dialog.getByRole('spinbutton').press('Escape');
    await expect(dialog.getByRole('spinbutton')).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: /Min Score: ≥ 0\.01/ })).toBeFocused();

    await dialog.getByRole('searchbox', { name: 'Search query' }).fill('government policy market');
    await submit.click();
    const card = dialog.getByTestId('search-result').first();
    await expect(card).toBeVisible({ timeout: 20_000 });
    await card.getByRole('button').first().click();
    await expect(card.getByRole('tab', { name: 'Document Info', selected: true })).toBeVisible();
    await expect(card.getByText('Document ID:')).toBeVisible();
    await card.getByRole('tab', { name: 'Chunk Info' }).click();
    await expect(card.getByText('Chunk ID:')).toBeVisible();
    await expectNoSeriousViolations(page);
    await card.getByRole('button', { name: 'View All Chunks' }).click();

    const content = page.getByRole('dialog', { name: 'Document Content' });
    await expect(content.getByRole('tab', { name: 'Chunk View', selected: true })).toBeVisible();
    await expect(content.getByText('SELECTED').first()).toBeVisible();
    await expectNoSeriousViolations(page);
    for (const view of ['Full Document', 'Context View', 'Bookend Context', 'Extended Context']) {
      await content.getByRole('tab', { name: view }).click();
      await expect(content.getByTestId('view-metrics')).toContainText(/tokens.*characters.*words/);
      await expect(content.getByTestId('view-metrics').getByText('SELECTED')).toBeVisible();
    }
    await expect(content.getByRole('link', { name: 'View Full Document' })).toHaveAttribute('href', /^\/d\/\d+$/);
    await content.getByRole('button', { name: 'Back to Results' }).click();
    await expect(content).toHaveCount(0);
    await expect(card).toBeVisible();

    // Closing resets the query and the results.
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await openMenuItem(page, 'Search');
    await expect(page.getByRole('dialog', { name: 'Search' }).getByRole('searchbox', { name: 'Search query' })).toHaveValue('');
    await expect(page.getByTestId('search-result')).toHaveCount(0);
  });

  test('/d/{id} says Redirecting... and sends the browser to the original address with the keyword highlighted', async ({ page, request }) => {
    const token = await tokenOf(request, DEMO.superuser);
    const { documentId } = await someDocument(request, token);
    const doc = (await (await request.get(`/api/document/${documentId}/`, { headers: { authorization: `Bearer ${token}` } })).json()) as { url: string };
    expect(doc.url).toMatch(/^https?:\/\//);
    // No outside address is reached: every request off this server gets a local page.
    const outside: string[] = [];
    await page.route(
      (url) => url.hostname !== '127.0.0.1',
      async (route) => {
        outside.push(route.request().url());
        await route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Original</title><p>The original document</p>' });
      },
    );
    // Hold the lookup a moment so 'Redirecting...' can be seen.
    await page.route('**/api/document/*/', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await signInAs(page, request, DEMO.user, `/d/${documentId}?keyword=policy`);
    await expect(page.getByText('Redirecting...')).toBeVisible();
    await expect(page.getByText('The original document')).toBeVisible({ timeout: 15_000 });
    // The fragment (the text highlight) never travels over the network; the address does.
    const original = new URL(doc.url);
    expect(outside[0]?.split('#')[0]).toBe(`${original.origin}${original.pathname}${original.search}`);

    // A document that does not exist: back to /.
    await page.goto('/d/999999999');
    await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/, { timeout: 15_000 });
  });

  test('Add Test User: names required, Generate profile, and the created user signs in with the shown password', async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'the same menu on phones');
    await signInAs(page, request, DEMO.superuser);
    await viewAs(page, 'dana', /Dana Demo/);
    await openMenuItem(page, 'Add Test User');
    const dialog = page.getByRole('dialog', { name: 'Add Test User' });
    await dialog.getByRole('button', { name: 'Create test user' }).click();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await expect(dialog.getByText('Last name is required')).toBeVisible();
    await dialog.getByRole('button', { name: 'Generate profile' }).click();
    await expect(dialog.getByRole('textbox', { name: 'First name' })).not.toHaveValue('');
    await expect(dialog.getByRole('textbox', { name: 'Interests' })).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Create test user' }).click();
    await expect(dialog.getByText('Test user created')).toBeVisible({ timeout: 20_000 });
    const email = (await dialog.getByTestId('created-email').innerText()).trim();
    const password = (await dialog.getByTestId('created-password').innerText()).trim();
    expect(email).toMatch(/@test\.herald\.test$/);
    const token = await tokenOf(request, email, password);
    const me = (await (await request.get('/api/me/', { headers: { authorization: `Bearer ${token}` } })).json()) as { email: string; gpt_profile: string | null; is_superuser: boolean };
    expect(me).toMatchObject({ email, is_superuser: false });
    expect(me.gpt_profile).toBeTruthy();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
  });

  test('Reset Profile clears the viewed user’s AI profile after confirming', async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'the same menu on phones');
    const token = await tokenOf(request, DEMO.superuser);
    const last = `Reset${Date.now().toString(36)}`;
    const created = await request.post('/api/me/create_test_user/', {
      headers: { authorization: `Bearer ${token}` },
      data: { first_name: 'Rita', last_name: last, title: 'Energy Policy Analyst', organization: 'Orsted', location: 'Copenhagen, Denmark', interests: 'offshore wind auctions, EU electricity market reform' },
    });
    expect(created.status()).toBe(200);
    const user = ((await created.json()) as { user: { id: string } }).user;
    await signInAs(page, request, DEMO.superuser);
    await viewAs(page, last.toLowerCase(), new RegExp(`Rita ${last}`));
    await openMenuItem(page, 'Reset Profile');
    const dialog = page.getByRole('dialog', { name: 'Reset Profile' });
    await expect(dialog.getByText(`Clear the AI profile of Rita ${last}`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Reset Profile' }).click();
    await expect(page.getByText(`The profile of Rita ${last} was reset.`)).toBeVisible();
    const viewed = (await (await request.get(`/api/me/?user_id=${user.id}`, { headers: { authorization: `Bearer ${token}` } })).json()) as { gpt_profile: string | null };
    expect(viewed.gpt_profile).toBeNull();
  });

  test('Conversation Logs lists a user’s interview call and Clear Logs empties it', async ({ page, request, isMobile }) => {
    test.skip(isMobile, 'the same menu on phones');
    const token = await tokenOf(request, DEMO.superuser);
    const auth = { authorization: `Bearer ${token}` };
    const last = `Logs${Date.now().toString(36)}`;
    const created = await request.post('/api/me/create_test_user/', { headers: auth, data: { first_name: 'Lena', last_name: last, title: 'Commodity Analyst', organization: 'Cargill', interests: 'USDA crop reports, fertilizer prices' } });
    const user = ((await created.json()) as { user: { id: string } }).user;
    // Restarting the interview asks the AI its first question: one logged call.
    expect((await request.post(`/api/conversation/restart/?user_id=${user.id}`, { headers: auth })).status()).toBe(200);
    await signInAs(page, request, DEMO.superuser);
    await openMenuItem(page, 'Conversation Logs');
    const dialog = page.getByRole('dialog', { name: 'Conversation Logs' });
    const entry = dialog.getByTestId('log-entry').filter({ hasText: `Lena ${last}` });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Interview');
    await expect(entry).toContainText(/\d+ tokens \(\d+\/\d+\)/);
    await entry.locator('summary').click();
    await expect(entry.getByText('System prompt')).toBeVisible();
    await dialog.getByRole('button', { name: 'Clear Logs' }).click();
    await expect(dialog.getByText('Clear every entry of the log?')).toBeVisible();
    await dialog.getByRole('button', { name: 'Clear Logs' }).click();
    await expect(page.getByText(/Logs cleared \(\d+ entr(y|ies)\)\./)).toBeVisible();
    await expect(entry).toHaveCount(0);
  });

  test('an ordinary user has no superuser tools', async ({ page, request }) => {
    await signInAs(page, request, DEMO.user);
    await page.getByRole('button', { name: 'User menu' }).click();
    await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
    for (const item of ['Search', 'Reset Profile', 'Add Test User', 'Conversation Logs']) await expect(page.getByRole('menuitem', { name: item })).toHaveCount(0);
  });
});
