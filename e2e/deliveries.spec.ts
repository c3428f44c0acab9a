import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from '@playwright/test';
import { DELIVERY_ID_HEADER, DELIVERY_MESSAGES, DELIVERY_SIGNATURE_HEADER, DELIVERY_TIMESTAMP_HEADER } from '../contract/deliveries';
import { DEMO, signInAs, test } from './kit';
import { auth, freshEmail, onboardedUser, openAs, ownAddress, shoot } from './onboarding-kit';

/**
 * Delivery targets: a user's own webhook in My Profile → Deliveries, and an account admin's Slack
 * team target in Account Settings, each sent a test that a small receiver on loopback records
 * (the test server may post to loopback: DELIVERY_ALLOW_PRIVATE in playwright.config.ts).
 */
test.beforeEach(async ({ context }, testInfo) => {
  await ownAddress(context, testInfo);
});

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** An HTTP receiver on 127.0.0.1 that records every request and answers `status` (changeable). */
async function receiver() {
  const requests: Received[] = [];
  const state = { status: 200 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(state.status, { 'content-type': 'text/plain' });
      response.end(state.status < 300 ? 'ok' : 'nope');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/herald`,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('a user adds a signed webhook, tests it, turns it off and on, and deletes it', async ({ page, request, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const hook = await receiver();
  try {
    const tokens = await onboardedUser(request, freshEmail(testInfo, 'deliveries'), 'Hedy');
    // One topic, for the "Every new article" choice.
    expect((await request.post('/api/topics/add-suggestions/', { headers: auth(tokens), data: { suggestions: ['Offshore wind permitting'], step: 'suggestions' } })).status()).toBe(200);
    await openAs(page, tokens, '/');
    if (isMobile) await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
    await page.getByRole('button', { name: 'Edit profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'My Profile' });
    await dialog.getByRole('button', { name: 'Deliveries' }).click();
    await expect(dialog.getByText('You have no delivery targets.')).toBeVisible();
    const form = dialog.getByRole('form', { name: 'Add a delivery target' });
    await expect(form.getByText('A signed JSON POST to your endpoint')).toBeVisible();
    await shoot(page, testInfo, 'deliveries-empty');

    // Every new article needs a topic; then a bad address is refused under its field.
    await form.getByLabel('Name').fill('Research hook');
    await form.getByLabel('URL').fill('not an address');
    await form.getByLabel('Breaking alerts').check();
    await expect(form.getByLabel('Offshore wind permitting')).toHaveCount(0);
    await form.getByLabel('Every new article').check();
    await form.getByRole('button', { name: 'Add target' }).click();
    await expect(form.getByText(DELIVERY_MESSAGES.topicsNeeded)).toBeVisible();
    await form.getByLabel('Offshore wind permitting').check();
    await expect(form.getByText(DELIVERY_MESSAGES.topicsNeeded)).toHaveCount(0);
    await form.getByRole('button', { name: 'Add target' }).click();
    await expect(form.getByText(DELIVERY_MESSAGES.urlInvalid)).toBeVisible();
    await expect(form.getByLabel('URL')).toHaveAttribute('aria-invalid', 'true');
    await shoot(page, testInfo, 'deliveries-form-errors');

    // The webhook: breaking alerts only.
    await form.getByLabel('Every new article').uncheck();
    await form.getByLabel('URL').fill(hook.url);
    await form.getByRole('button', { name: 'Add target' }).click();
    await expect(page.getByText('Delivery target “Research hook” added.')).toBeVisible();
    const list = dialog.getByRole('region', { name: 'Your delivery targets' });
    const row = list.getByRole('listitem', { name: 'Research hook' });
    await expect(row).toContainText('Webhook');
    await expect(row.getByText('On', { exact: true })).toBeVisible();
    await expect(row).toContainText('Breaking alerts');
    await expect(row).not.toContainText('Every new article');
    await expect(row).toContainText('Nothing delivered yet');
    await expect(row).toContainText('http://127.0.0.1');
    await expect(form.getByLabel('Name')).toHaveValue('');

    // The new webhook's signing secret is shown at once; it hides and shows again.
    const secret = (await row.getByTestId('signing-secret').textContent())!.trim();
    expect(secret.length).toBeGreaterThan(16);
    await row.getByRole('button', { name: 'Hide signing secret of Research hook', exact: true }).click();
    await expect(row.getByTestId('signing-secret')).toHaveCount(0);
    await row.getByRole('button', { name: 'Signing secret of Research hook', exact: true }).click();
    await expect(row.getByTestId('signing-secret')).toHaveText(secret);
    await expect(row.getByRole('button', { name: 'Copy secret' })).toBeVisible();

    // Send test: the receiver gets a signed JSON POST of type test.
    await row.getByRole('button', { name: 'Send test to Research hook' }).click();
    await expect(row.getByText(DELIVERY_MESSAGES.testSent)).toBeVisible();
    await expect(row).toContainText('The receiver answered 200.');
    await expect.poll(() => hook.requests.length).toBe(1);
    const delivery = hook.requests[0]!;
    expect(delivery.method).toBe('POST');
    expect(delivery.path).toBe('/hooks/herald');
    expect(delivery.headers['content-type']).toContain('application/json');
    const payload = JSON.parse(delivery.body) as { id: string; type: string };
    expect(payload.type).toBe('test');
    const timestamp = delivery.headers[DELIVERY_TIMESTAMP_HEADER] as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(300);
    expect(delivery.headers[DELIVERY_ID_HEADER]).toBeTruthy();
    expect(delivery.headers[DELIVERY_SIGNATURE_HEADER]).toBe(`v1=${createHmac('sha256', secret).update(`${timestamp}.${delivery.body}`).digest('hex')}`);
    await shoot(page, testInfo, 'deliveries');

    // A receiver that fails: the answer and why, under the target.
    hook.state.status = 500;
    await row.getByRole('button', { name: 'Send test to Research hook' }).click();
    await expect(row.getByText('The test was not delivered')).toBeVisible();
    await expect(row).toContainText('The receiver answered 500');
    await expect(row).toContainText('Last error: The receiver answered 500');
    await shoot(page, testInfo, 'deliveries-test-failed');
    hook.state.status = 200;

    // Turn off, then on again.
    await row.getByRole('button', { name: 'Turn off Research hook' }).click();
    await expect(row).toContainText('Turned off by you');
    await expect(page.getByText('“Research hook” turned off.')).toBeVisible();
    const listed = (await (await request.get('/api/me/deliveries/', { headers: auth(tokens) })).json()) as { targets: { name: string; enabled: boolean }[] };
    expect(listed.targets).toEqual([expect.objectContaining({ name: 'Research hook', enabled: false })]);
    await row.getByRole('button', { name: 'Turn on Research hook' }).click();
    await expect(row.getByText('On', { exact: true })).toBeVisible();

    // Delete, after the confirmation.
    await row.getByRole('button', { name: 'Delete Research hook' }).click();
    const confirm = row.getByRole('group', { name: 'Delete Research hook?' });
    await expect(confirm).toContainText('Herald stops delivering to it at once.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await row.getByRole('button', { name: 'Delete Research hook' }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText('Delivery target “Research hook” deleted.')).toBeVisible();
    await expect(dialog.getByText('You have no delivery targets.')).toBeVisible();
    expect(((await (await request.get('/api/me/deliveries/', { headers: auth(tokens) })).json()) as { targets: unknown[] }).targets).toEqual([]);

    await dialog.getByRole('button', { name: 'Back to Profile' }).click();
    await expect(dialog.getByLabel('First name')).toHaveValue('Hedy');
  } finally {
    await hook.close();
  }
});

test('an account admin adds a Slack team target in Account Settings and tests it', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const slack = await receiver();
  // The demo admin is shared by the desktop and mobile runs: each its own target name.
  const name = `Team channel ${testInfo.project.name}`;
  try {
    await signInAs(page, request, DEMO.admin, '/account');
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
    const card = page.getByRole('region', { name: 'Team deliveries' });
    await expect(card.getByText('Team targets get every member’s breaking alerts and daily briefs')).toBeVisible();
    const form = card.getByRole('form', { name: 'Add a delivery target' });
    // Team targets get alerts and briefs only.
    await expect(form.getByLabel('Breaking alerts')).toBeVisible();
    await expect(form.getByLabel('Daily brief')).toBeVisible();
    await expect(form.getByLabel('Every new article')).toHaveCount(0);

    await form.getByLabel('Kind').selectOption('slack');
    await expect(form.getByText('A Slack-compatible incoming webhook')).toBeVisible();
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('URL').fill(slack.url);
    await form.getByLabel('Breaking alerts').check();
    await form.getByLabel('Daily brief').check();
    await form.getByRole('button', { name: 'Add target' }).click();
    await expect(page.getByText(`Delivery target “${name}” added.`)).toBeVisible();
    const row = card.getByRole('region', { name: 'Team delivery targets' }).getByRole('listitem', { name });
    await expect(row).toContainText('Slack');
    await expect(row).toContainText('Breaking alerts · Daily brief');
    // Slack targets have no signing secret.
    await expect(row.getByRole('button', { name: /Signing secret/ })).toHaveCount(0);

    await row.getByRole('button', { name: `Send test to ${name}` }).click();
    await expect(row.getByText(DELIVERY_MESSAGES.testSent)).toBeVisible();
    await expect.poll(() => slack.requests.length).toBe(1);
    const message = JSON.parse(slack.requests[0]!.body) as { text?: unknown };
    expect(typeof message.text).toBe('string');
    expect(String(message.text).length).toBeGreaterThan(0);
    // The clicks scrolled the page: from the top, the full-page shot has the fixed header in its place.
    await page.evaluate(() => window.scrollTo(0, 0));
    await shoot(page, testInfo, 'team-deliveries');

    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await row.getByRole('group', { name: `Delete ${name}?` }).getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(page.getByText(`Delivery target “${name}” deleted.`)).toBeVisible();
    await expect(row).toHaveCount(0);
  } finally {
    await slack.close();
  }
});
