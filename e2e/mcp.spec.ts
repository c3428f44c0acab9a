import { expect } from '@playwright/test';
import { test } from './kit';
import { apiAddress, freshEmail, onboardedUser, openAs, ownAddress } from './onboarding-kit';

/** My Profile → API Tokens shows the MCP address and, for a new token, a snippet an assistant takes as it is. */
test.beforeEach(async ({ context }, testInfo) => {
  await ownAddress(context, testInfo);
});

test('API Tokens shows the MCP address and a ready snippet for a new token that opens the MCP server', async ({ page, request, baseURL, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const tokens = await onboardedUser(request, freshEmail(testInfo, 'mcp'), 'Ada');
  await openAs(page, tokens, '/');
  if (isMobile) await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'My Profile' });
  await dialog.getByRole('button', { name: 'API Tokens' }).click();
  await expect(dialog.getByTestId('mcp-address')).toHaveText(`${baseURL}/api/mcp`);
  await expect(dialog.getByTestId('mcp-snippet')).toContainText('"Authorization": "Bearer hrld_…"');

  await dialog.getByLabel('Name').fill('My assistant');
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  const token = (await dialog.getByTestId('new-token').textContent())!;
  expect(token).toMatch(/^hrld_/);
  const snippet = dialog.getByTestId('mcp-snippet');
  await expect(snippet).toContainText(`"url": "${baseURL}/api/mcp"`);
  await expect(snippet).toContainText(`"Authorization": "Bearer ${token}"`);
  await dialog.getByLabel('Desktop app (stdio)').check();
  await expect(snippet).toContainText(`"HERALD_TOKEN": "${token}"`);

  // What the snippet configures answers: the tools of the token's scope.
  const listed = await request.post('/api/mcp', {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream', ...apiAddress() },
    data: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
  });
  expect(listed.status()).toBe(200);
  expect((await listed.json()).result.tools.map((t: { name: string }) => t.name)).toContain('get_article');
});
