import AxeBuilder from '@axe-core/playwright';
import { deflateSync, crc32 } from 'node:zlib';
import { expect as baseExpect, type APIRequestContext, type BrowserContext, type Page, type TestInfo } from '@playwright/test';
import { test } from './kit';
import { withoutLinks } from './mail-text';

/**
 * Account Settings journeys against the real server. Every
 * account call is real. Onboarding is another issue's screen: GET /me/ is passed through with the
 * onboarding flags set, so the route guard lets these users into the signed-in area.
 */

// The test server is shared by two workers and hashes passwords with argon2: allow it time.
const expect = baseExpect.configure({ timeout: 15_000 });
const PASSWORD = 'correct horse battery staple';
let counter = 0;
const freshEmail = (testInfo: TestInfo, label: string) =>
  `${label}-${testInfo.project.name}-${Date.now().toString(36)}${process.pid.toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;

// Journeys register several people (argon2) and read the mailbox: longer than the default 30 s.
test.describe.configure({ timeout: 120_000 });

// Rate limits are per client address: each test sends its own (the server trusts the proxy header).
test.beforeEach(async ({ context }, testInfo) => {
  const n = (testInfo.workerIndex * 7919 + counter++ * 137 + Math.floor(Math.random() * 60000)) % 65000;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${testInfo.project.name === 'mobile' ? 4 : 3}.${n >> 8}.${n & 255}` });
});

interface Tokens {
  access: string;
  refresh: string;
}

async function mailbox(request: APIRequestContext, to: string, template: string, newerThan = ''): Promise<{ text: string; createdAt: string }> {
  let found: { text: string; created_at: string } | undefined;
  await expect
    .poll(
      async () => {
        const body = (await (await request.get(`/api/dev/mailbox/?to=${encodeURIComponent(to)}`)).json()) as { emails: { template: string; text: string; created_at: string }[] };
        found = body.emails.find((email) => email.template === template && email.created_at > newerThan);
        return Boolean(found);
      },
      { message: `a ${template} email to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return { text: found!.text, createdAt: found!.created_at };
}

/** A registered, confirmed user: the ADMIN of a new account. */
async function newAdmin(request: APIRequestContext, email: string, firstName = 'Ada', lastName = 'Lovelace'): Promise<Tokens> {
  expect((await request.post('/api/auth/register/', { data: { first_name: firstName, last_name: lastName, email, password: PASSWORD } })).status()).toBe(201);
  const code = /\b(\d{6})\b/.exec(withoutLinks((await mailbox(request, email, 'confirm-email')).text))![1];
  const response = await request.post('/api/auth/verify_email_confirmation/', { data: { email, code } });
  return (await response.json()) as Tokens;
}

const authed = (tokens: Tokens) => ({ authorization: `Bearer ${tokens.access}` });
const invitePath = (text: string) => /\/invite\/[\w-]+/.exec(text)![0];

/** Someone who joined the admin's account by invitation (through the API), with their session. */
async function joinedMember(request: APIRequestContext, admin: Tokens, email: string, role: 'ADMIN' | 'MEMBER', firstName: string): Promise<Tokens & { id: string }> {
  const sent = await request.post('/api/a/send-invite/', { headers: authed(admin), data: { first_name: firstName, last_name: 'Tester', email, role } });
  expect(sent.status()).toBe(201);
  const token = invitePath((await mailbox(request, email, 'invite')).text).split('/').pop();
  const joined = await request.post('/api/auth/register/', { data: { first_name: firstName, last_name: 'Tester', email, password: PASSWORD, invite_token: token } });
  const tokens = (await joined.json()) as Tokens;
  const me = (await (await request.get('/api/me/', { headers: authed(tokens) })).json()) as { id: string };
  return { ...tokens, id: me.id };
}

/** Signs the browser context in with `tokens`, onboarded as far as the route guard is concerned. */
async function signIn(context: BrowserContext, tokens: Tokens) {
  await context.addInitScript((t) => {
    if (!localStorage.getItem('accessToken')) {
      localStorage.setItem('accessToken', t.access);
      localStorage.setItem('refreshToken', t.refresh);
    }
  }, tokens);
  await context.route(/\/api\/me\/(\?.*)?$/, async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    // A request still running when the test ends has nobody to answer.
    const response = await route.fetch().catch(() => null);
    const me = response?.ok() ? ((await response.json().catch(() => null)) as Record<string, unknown> | null) : null;
    if (!response || !me) return response ? route.fulfill({ response }).catch(() => undefined) : undefined;
    await route
      .fulfill({
        response,
        json: { ...me, profile_completed: true, onboarding_complete: true, suggestions_completed: false, gpt_profile: me.gpt_profile ?? `${String(me.first_name)} follows the team's topics.` },
      })
      .catch(() => undefined);
  });
}

/** A small real PNG (solid colour), built here so the test needs no image files. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x2a)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(pixels)), chunk('IEND', Buffer.alloc(0))]);
}

const toast = (page: Page, text: string) => page.getByRole(text.startsWith('Failed') || text.startsWith('Only') ? 'alert' : 'status').filter({ hasText: text });

test('an admin edits the account information and its logo', async ({ page, context, request }, testInfo) => {
  const admin = await newAdmin(request, freshEmail(testInfo, 'owner'));
  await signIn(context, admin);
  await page.goto('/account');
  await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible();
  await expect(page.getByText('Manage your account information')).toBeVisible();
  await expect(page.getByText('View Only:')).toHaveCount(0);
  const info = page.getByRole('region', { name: 'Account Information' });
  await expect(info.getByText('Ada Lovelace')).toBeVisible();
  await expect(info.getByText('No logo')).toBeVisible();

  await info.getByRole('button', { name: 'Edit', exact: true }).click();
  await info.getByLabel('Name').fill('Analytical Engines');
  await info.getByLabel('Company').fill('Babbage & Lovelace Ltd');
  const chooser = info.getByLabel('Choose logo');
  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(info.getByText('Please select an image file')).toBeVisible();
  await chooser.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 10) });
  await expect(info.getByText('Image must be less than 5MB')).toBeVisible();
  await chooser.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png(96, 96) });
  await expect(info.getByText('Selected: logo.png.', { exact: false })).toBeVisible();
  // The logo is uploaded only on save.
  const upload = page.waitForResponse((response) => response.url().endsWith('/api/a/upload-logo/'));
  await info.getByRole('button', { name: 'Save Changes' }).click();
  expect((await upload).status()).toBe(200);
  await expect(toast(page, 'Account updated successfully')).toBeVisible();
  await expect(info.getByText('Babbage & Lovelace Ltd')).toBeVisible();
  const logo = info.getByRole('img', { name: 'Analytical Engines logo' });
  await expect(logo).toHaveAttribute('src', /^\/api\/a\/logo\/[0-9a-f]{32}\.png$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);

  await info.getByRole('button', { name: 'Edit', exact: true }).click();
  await info.getByRole('button', { name: 'Remove Logo' }).click();
  const confirm = page.getByRole('dialog', { name: 'Remove Logo' });
  await expect(confirm.getByText('Are you sure you want to remove the logo? This action cannot be undone.')).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(toast(page, 'Logo removed successfully')).toBeVisible();
  await info.getByRole('button', { name: 'Cancel' }).click();
  await expect(info.getByText('No logo')).toBeVisible();

  await page.getByRole('button', { name: '← Back to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an admin invites a user, resends, and the invitee joins and shows as Active', async ({ page, context, browser, request }, testInfo) => {
  const ownerEmail = freshEmail(testInfo, 'owner');
  const admin = await newAdmin(request, ownerEmail);
  await signIn(context, admin);
  await page.goto('/account');
  const users = page.getByRole('region', { name: /^Users/ });
  await expect(users.getByRole('heading', { name: 'Users (1)' })).toBeVisible();
  await expect(users.getByText('Showing 1 of 1 users')).toBeVisible();

  await users.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(dialog.getByText('Please fill in all required fields')).toBeVisible();
  await dialog.getByLabel('Email').fill(ownerEmail.toUpperCase());
  await expect(dialog.getByText('This user is already a member of this account')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send Invitation' })).toBeDisabled();

  const invitee = freshEmail(testInfo, 'invitee');
  await dialog.getByLabel('First name').fill('Grace');
  await dialog.getByLabel('Last name').fill('Hopper');
  await dialog.getByLabel('Email').fill(invitee);
  await dialog.getByLabel('Make this user an administrator').check();
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toast(page, 'Invitation sent successfully')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = users.getByRole('listitem').filter({ hasText: invitee });
  await expect(row.getByText('Invited', { exact: true })).toBeVisible();
  await expect(row.getByLabel('Role of Grace Hopper')).toHaveValue('ADMIN');
  await expect(users.getByRole('heading', { name: 'Users (2)' })).toBeVisible();

  const first = await mailbox(request, invitee, 'invite');
  await row.getByRole('button', { name: 'Resend Invite to Grace Hopper' }).click();
  await expect(toast(page, 'Invitation resent to Grace Hopper')).toBeVisible();
  const second = await mailbox(request, invitee, 'invite', first.createdAt);
  expect(invitePath(second.text)).not.toBe(invitePath(first.text));

  // The invitee, in a browser of their own: the first link no longer works, the new one does.
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(invitePath(first.text));
  await expect(guestPage.getByRole('heading', { name: 'Invitation Not Found' })).toBeVisible();
  await guestPage.goto(invitePath(second.text));
  await guestPage.getByRole('button', { name: 'Accept Invitation' }).click();
  await expect(guestPage.getByLabel('Email')).toHaveValue(invitee);
  await guestPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await guestPage.getByRole('button', { name: 'Join Herald' }).click();
  await expect(guestPage).toHaveURL(/\/complete-profile$/);
  await guest.close();

  await page.reload();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: /Resend Invite/ })).toHaveCount(0);

  await users.getByLabel('Search users').fill('zzz-nobody');
  await expect(users.getByText('No users found matching "zzz-nobody"')).toBeVisible();
  await users.getByRole('button', { name: 'Clear search' }).click();
  await users.getByLabel('Search users').fill('ADMIN');
  await expect(users.getByText('Showing 2 of 2 users')).toBeVisible();
  await users.getByLabel('Search users').fill('hopper');
  await expect(users.getByText('Showing 1 of 2 users')).toBeVisible();
});

test('an admin without can_edit sees the View Only notice and no editing controls', async ({ page, context, request }, testInfo) => {
  const owner = await newAdmin(request, freshEmail(testInfo, 'owner'));
  const viewer = await joinedMember(request, owner, freshEmail(testInfo, 'viewer'), 'ADMIN', 'Vera');
  expect((await request.post('/api/a/update-user/', { headers: authed(owner), data: { user_id: viewer.id, can_edit: false } })).status()).toBe(200);
  await signIn(context, viewer);
  await page.goto('/account');
  await expect(page.getByText('View Only: Only account administrators can edit account settings. Contact your admin to request changes.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Edit', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Invite User' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Users (2)' })).toBeVisible();
});

test('a member is turned away from /account', async ({ page, context, request }, testInfo) => {
  const owner = await newAdmin(request, freshEmail(testInfo, 'owner'));
  const member = await joinedMember(request, owner, freshEmail(testInfo, 'member'), 'MEMBER', 'Mo');
  await signIn(context, member);
  await page.goto('/account');
  await expect(toast(page, 'Only account administrators can access this page')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Account Settings' })).toHaveCount(0);
});

test('an admin previews a user of the account from the side panel, then stops', async ({ page, context, request }, testInfo) => {
  const owner = await newAdmin(request, freshEmail(testInfo, 'owner'));
  await joinedMember(request, owner, freshEmail(testInfo, 'member'), 'MEMBER', 'Mo');
  await signIn(context, owner);
  await page.goto('/');
  // Phones show the side panel as the Profile tab of the bottom navigation.
  if (testInfo.project.name === 'mobile') await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
  const selector = page.getByRole('region', { name: 'Preview users' });
  await selector.getByRole('combobox', { name: 'Search users to preview' }).fill('mo');
  const started = page.waitForResponse((response) => /\/api\/a\/preview\/[\w-]+\/$/.test(response.url()));
  // Once the server has audited the start, the shell loads the previewed user's profile.
  const viewed = page.waitForResponse((response) => /\/api\/me\/\?user_id=/.test(response.url()));
  await selector.getByRole('option', { name: /Mo Tester/ }).click();
  expect((await started).status()).toBe(200);
  expect((await viewed).status()).toBe(200);
  await expect(selector.getByText('Previewing', { exact: true })).toBeVisible();
  await selector.getByRole('button', { name: 'Stop previewing' }).click();
  await expect(selector.getByText('Previewing', { exact: true })).toHaveCount(0);
});

// DESIGN section 7: axe finds nothing serious, in either theme (desktop; the a11y suite's rule).
for (const colorScheme of ['light', 'dark'] as const) {
  test(`Account Settings and its dialogs have no serious accessibility violations (${colorScheme})`, async ({ page, context, request }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'accessibility is checked on desktop');
    const owner = await newAdmin(request, freshEmail(testInfo, 'owner'));
    await request.post('/api/a/send-invite/', { headers: authed(owner), data: { first_name: 'Kat', last_name: 'Johnson', email: freshEmail(testInfo, 'kat'), role: 'MEMBER' } });
    await page.emulateMedia({ colorScheme });
    await signIn(context, owner);
    await page.goto('/account');
    await expect(page.getByText('Invited', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(page.getByLabel('Company')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.getByRole('button', { name: 'Invite User' }).click();
    await page.getByRole('dialog', { name: 'Invite User' }).getByRole('button', { name: 'Send Invitation' }).click();
    await expect(page.getByText('Please fill in all required fields')).toBeVisible();
    await expectNoSeriousViolations(page);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await expect(page.getByRole('dialog', { name: 'Invite users from a CSV file' })).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
