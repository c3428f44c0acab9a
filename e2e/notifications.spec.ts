import { expect } from '@playwright/test';
import { startFakePushService } from '../server/test/fake-push-service';
import { test } from './kit';
import { auth, freshEmail, onboardedUser, openAs, ownAddress, shoot } from './onboarding-kit';

/**
 * My Profile → Notifications (issue 39 items 2, 3): the grid, quiet hours and time zone save and
 * read back after a reload; a device receives a test push and is removed. Headless Chromium has
 * no push service to subscribe with, so the device is registered through the API, pointing at a
 * local push service, and the list, Test and Remove are driven in the page.
 */
test.beforeEach(async ({ context }, testInfo) => {
  await ownAddress(context, testInfo);
});

test('notification preferences save and reload; a device is tested and removed', async ({ page, request, isMobile }, testInfo) => {
  test.setTimeout(90_000);
  const push = await startFakePushService();
  try {
    const tokens = await onboardedUser(request, freshEmail(testInfo, 'notify'), 'Nadia');
    const worker = await request.get('/sw.js');
    expect(worker.status()).toBe(200);
    expect(worker.headers()['content-type']).toContain('javascript');
    expect(await worker.text()).toContain('notificationclick');
    const browser = push.browser();
    const device = await request.post('/api/me/push/devices/', { headers: auth(tokens), data: { endpoint: browser.endpoint, keys: browser.keys, label: 'Firefox on Linux' } });
    expect(device.status()).toBe(201);

    const open = async () => {
      if (isMobile) await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Profile' }).click();
      await page.getByRole('button', { name: 'Edit profile' }).click();
      const dialog = page.getByRole('dialog', { name: 'My Profile' });
      await dialog.getByRole('button', { name: 'Notifications' }).click();
      await expect(dialog.getByRole('table', { name: 'Notifications by kind and channel' })).toBeVisible();
      return dialog;
    };
    await openAs(page, tokens, '/');
    let dialog = await open();
    await expect(dialog.getByLabel('Breaking alerts: Push')).toBeChecked();
    await expect(dialog.getByLabel('Topic spikes: Push')).not.toBeChecked();
    await dialog.getByLabel('Topic spikes: Push').check();
    await dialog.getByLabel('Comments: Email').check();
    await dialog.getByLabel('Breaking alerts: Email').uncheck();
    await dialog.getByLabel('Hold push and email during quiet hours').check();
    await dialog.getByLabel('From').fill('23:00');
    await dialog.getByLabel('Until').fill('06:30');
    await expect(dialog.getByRole('radio', { name: /^Wait/ })).toBeChecked();
    await dialog.getByRole('radio', { name: /^Go to the brief/ }).check();
    await expect(dialog.getByText(/Going to the brief needs the Daily Brief on/)).toBeHidden();
    await dialog.getByLabel(/Your time zone/).selectOption('Europe/Paris');
    // Daily Brief off: its row is off on every channel, and held notices cannot go to it (the screen says so).
    await dialog.getByLabel('Daily Brief', { exact: true }).uncheck();
    await expect(dialog.getByLabel('Daily brief: Email')).toBeDisabled();
    await expect(dialog.getByLabel('Daily brief: Email')).not.toBeChecked();
    await expect(dialog.getByText(/Going to the brief needs the Daily Brief on/)).toBeVisible();
    await shoot(page, testInfo, 'notifications');
    if (isMobile) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await dialog.getByRole('button', { name: 'Save notifications' }).click();
    await expect(page.getByText('Notification preferences saved')).toBeVisible();

    await page.reload();
    dialog = await open();
    await expect(dialog.getByLabel('Topic spikes: Push')).toBeChecked();
    await expect(dialog.getByLabel('Comments: Email')).toBeChecked();
    await expect(dialog.getByLabel('Breaking alerts: Email')).not.toBeChecked();
    await expect(dialog.getByLabel('From')).toHaveValue('23:00');
    await expect(dialog.getByLabel('Until')).toHaveValue('06:30');
    await expect(dialog.getByRole('radio', { name: /^Go to the brief/ })).toBeChecked();
    await expect(dialog.getByLabel(/Your time zone/)).toHaveValue('Europe/Paris');
    await expect(dialog.getByLabel('Daily Brief', { exact: true })).not.toBeChecked();
    const me = await (await request.get('/api/me/', { headers: auth(tokens) })).json();
    expect(me).toMatchObject({ newsletter: false, alerts: true });

    // The device: a test push reaches it (encrypted, the title readable by the browser), then it is removed.
    const devices = dialog.getByRole('list', { name: 'Devices that receive push' });
    await expect(devices.getByText('Firefox on Linux')).toBeVisible();
    const since = push.records.length;
    await dialog.getByRole('button', { name: 'Test Firefox on Linux' }).click();
    await expect(page.getByText('Test sent to Firefox on Linux')).toBeVisible();
    expect(browser.read(await push.next(since))).toMatchObject({ title: 'Herald test notification', url: '/' });
    await shoot(page, testInfo, 'notifications-devices');
    await dialog.getByRole('button', { name: 'Remove Firefox on Linux' }).click();
    await expect(dialog.getByText('No device receives push yet.')).toBeVisible();
  } finally {
    await push.close();
  }
});
