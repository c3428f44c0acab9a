import { expect } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, signInAs, test } from './kit';
import { apiAddress, auth, freshEmail, onboardedUser, openAs, ownAddress, PASSWORD, readCode, shoot } from './onboarding-kit';

/** My Profile and AI Model Preferences. */
test.beforeEach(async ({ context }, testInfo) => {
  await ownAddress(context, testInfo);
});

const NEW_PASSWORD = 'a brand new passphrase 42';

test('edit the profile, then change the password with an emailed code', async ({ page, request, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const email = freshEmail(testInfo, 'profile');
  const tokens = await onboardedUser(request, email, 'Rosalind');
  await openAs(page, tokens, '/');
  if (isMobile) await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'My Profile' });
  await expect(dialog.getByLabel('First name')).toHaveValue('Rosalind');
  await shoot(page, testInfo, 'profile-modal');
  await dialog.getByLabel('Interests').fill('');
  await dialog.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Please fill all required fields')).toBeVisible();
  await dialog.getByLabel('Interests').fill('X-ray crystallography and structural biology research');
  await dialog.getByLabel('Title', { exact: true }).fill('Research scientist');
  await dialog.getByLabel('Daily Brief').uncheck();
  // Breaking alerts: at most 3 a day unless the reader chooses otherwise; off, the limit has no say.
  const cap = dialog.getByLabel('Breaking alerts a day, at most');
  await expect(cap).toHaveValue('3');
  await cap.selectOption('1');
  await shoot(page, testInfo, 'profile-alert-cap');
  await expect(dialog.getByText('breaking alert a day, one per story; the rest go to the Daily Brief.')).toBeVisible();
  await dialog.getByLabel('Breaking News Alerts').uncheck();
  await expect(cap).toBeDisabled();
  await dialog.getByLabel('Breaking News Alerts').check();
  await dialog.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(dialog).toBeHidden();
  const me = await (await request.get('/api/me/', { headers: auth(tokens) })).json();
  expect(me).toMatchObject({ job_title_function: 'Research scientist', newsletter: false, alerts: true, alert_daily_cap: 1, interests: 'X-ray crystallography and structural biology research' });

  // Change Password: a code by email, then the code and the new password twice.
  await page.getByRole('button', { name: 'Edit profile' }).click();
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  const since = new Date(Date.now() - 1000).toISOString();
  await dialog.getByRole('button', { name: 'Send code' }).click();
  await expect(dialog.getByText('We have sent a code to your email address.')).toBeVisible();
  const code = await readCode(request, email, 'password-change-code', since);
  await dialog.getByLabel('Verification code').fill(code);
  await dialog.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
  await dialog.getByLabel('Confirm new password', { exact: true }).fill('something else entirely');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(dialog.getByText('Passwords do not match')).toBeVisible();
  await dialog.getByLabel('Confirm new password', { exact: true }).fill(NEW_PASSWORD);
  await shoot(page, testInfo, 'profile-password');
  await dialog.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed.')).toBeVisible();
  // The new password signs in, the old one does not; this session goes on.
  expect((await request.post('/api/auth/login/', { headers: apiAddress(), data: { email, password: NEW_PASSWORD } })).status()).toBe(200);
  expect((await request.post('/api/auth/login/', { headers: apiAddress(), data: { email, password: PASSWORD } })).status()).toBe(401);
  await page.reload();
  await expect(page.getByRole('button', { name: 'User menu' })).toBeVisible();
});

test('a superuser sets AI model preferences and edits another user’s profile', async ({ page, request, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const target = await onboardedUser(request, freshEmail(testInfo, 'target'), 'Marie');
  const targetMe = await (await request.get('/api/me/', { headers: auth(target) })).json();
  await signInAs(page, request, DEMO.superuser);
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Edit Models' }).click();
  const models = page.getByRole('dialog', { name: 'AI Model Preferences' });
  await expect(models.getByLabel('Events model')).toBeVisible();
  await shoot(page, testInfo, 'models-modal');
  const choice = isMobile ? 'gpt-4.1-mini' : 'builtin';
  await models.getByLabel('QA model').selectOption(choice);
  await models.getByRole('button', { name: 'Save preferences' }).click();
  await expect(page.getByText('Model preferences saved')).toBeVisible();
  await expect(models).toBeHidden();
  const login = await (await request.post('/api/auth/login/', { headers: apiAddress(), data: { email: DEMO.superuser, password: DEMO_PASSWORD } })).json();
  expect((await (await request.get('/api/me/', { headers: auth(login) })).json()).qa_model).toBe(choice);

  // Acting for another user: 'Edit {name}'s Profile', without email, password and notifications.
  await page.evaluate((user) => localStorage.setItem('impersonation', JSON.stringify({ impersonatedUserId: user.id, impersonatedUserName: 'Marie Lovelace', isImpersonating: true })), targetMe);
  // Marie has no topics yet: Home sends her viewer to Manage Topics.
  await page.goto('/topics');
  await expect(page.getByText('The subjects Herald follows for Marie Lovelace.')).toBeVisible();
  await page.getByRole('button', { name: 'User menu' }).click();
  await expect(page.getByRole('menu').getByText('Viewing as Marie Lovelace')).toBeVisible();
  await page.getByRole('menuitem', { name: 'Edit Profile' }).click();
  const edit = page.getByRole('dialog', { name: "Edit Marie's Profile" });
  await expect(edit.getByLabel('First name')).toHaveValue('Marie');
  await expect(edit.getByRole('button', { name: 'Change Password' })).toHaveCount(0);
  await expect(edit.getByRole('button', { name: 'Change Email Address' })).toHaveCount(0);
  await expect(edit.getByLabel('Daily Brief')).toHaveCount(0);
  await shoot(page, testInfo, 'profile-impersonating');
  await edit.getByLabel('City').fill('Paris');
  await edit.getByRole('button', { name: 'Save Profile' }).click();
  await expect(edit).toBeHidden();
  expect((await (await request.get('/api/me/', { headers: auth(target) })).json()).city).toBe('Paris');
});

test('make an API token, read the feed with it, revoke it', async ({ page, request, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const tokens = await onboardedUser(request, freshEmail(testInfo, 'tokens'), 'Grace');
  await openAs(page, tokens, '/');
  if (isMobile) await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'My Profile' });
  await dialog.getByRole('button', { name: 'API Tokens' }).click();
  await expect(dialog.getByText('You have no API tokens.')).toBeVisible();
  // Inspection is offered to superusers only.
  await expect(dialog.getByLabel(/Inspection/)).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  await expect(dialog.getByText('Give the token a name.')).toBeVisible();
  await dialog.getByLabel('Name').fill('Morning report');
  await dialog.getByLabel('Expires').selectOption('30');
  await dialog.getByRole('button', { name: 'Create Token' }).click();
  const shown = dialog.getByTestId('new-token');
  await expect(shown).toHaveText(/^hrld_/);
  const token = (await shown.textContent())!;
  await expect(dialog.getByText(`curl -H "Authorization: Bearer ${token}"`)).toBeVisible();
  await expect(dialog.getByRole('listitem').filter({ hasText: 'Morning report' })).toContainText('Never used');
  await shoot(page, testInfo, 'api-tokens');
  await dialog.getByRole('region', { name: 'Your API tokens' }).scrollIntoViewIfNeeded();
  await shoot(page, testInfo, 'api-tokens-list');

  // The token reads the feed as its owner, and nothing outside its scope.
  const bearer = { authorization: `Bearer ${token}` };
  expect((await request.get('/api/for-you/', { headers: { ...bearer, ...apiAddress() } })).status()).toBe(200);
  expect((await (await request.get('/api/me/suggestions/', { headers: { ...bearer, ...apiAddress() } })).json()).code).toBe('api_token_scope');

  await dialog.getByRole('button', { name: 'Revoke Morning report' }).click();
  await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(page.getByText('Token “Morning report” revoked')).toBeVisible();
  await expect(dialog.getByText('You have no API tokens.')).toBeVisible();
  await expect(shown).toHaveCount(0);
  expect((await request.get('/api/for-you/', { headers: { ...bearer, ...apiAddress() } })).status()).toBe(401);
  await dialog.getByRole('button', { name: 'Back to Profile' }).click();
  await expect(dialog.getByLabel('First name')).toHaveValue('Grace');
});

test('copy a feed address for a feed reader, then regenerate it', async ({ page, request, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const tokens = await onboardedUser(request, freshEmail(testInfo, 'feeds'), 'Ida');
  await openAs(page, tokens, '/');
  if (isMobile) await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Edit profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'My Profile' });
  await dialog.getByRole('button', { name: 'Feeds' }).click();
  const addresses = dialog.getByRole('list', { name: 'Feed addresses' });
  await expect(addresses.getByText('All your articles')).toBeVisible();
  const rss = (await addresses.getByRole('link', { name: 'RSS' }).first().getAttribute('href'))!;
  expect(rss).toMatch(/\/api\/feeds\/[\w-]{54}\/rss\.xml$/);
  await shoot(page, testInfo, 'feed-addresses');
  // A feed reader reads it without signing in.
  const feed = await request.get(rss);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  expect(await feed.text()).toContain('<rss version="2.0"');

  await dialog.getByRole('button', { name: 'Regenerate addresses' }).click();
  await dialog.getByRole('button', { name: 'Regenerate', exact: true }).click();
  await expect(page.getByText('New feed addresses made. The old ones no longer work.')).toBeVisible();
  await expect(addresses.getByRole('link', { name: 'RSS' }).first()).not.toHaveAttribute('href', rss);
  expect((await request.get(rss)).status()).toBe(404);
});
