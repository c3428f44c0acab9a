import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHANNELS, NOTIFY_MESSAGES, PUSH_DEVICES_MAX, type TNotificationPreferences } from '../../../contract/notifications.js';
import { inboxItems, notificationDeliveries, outboxEmails, pushSubscriptions, users } from '../../db/schema/index.js';
import { addInboxItems, writeInboxItems } from '../../inbox/write.js';
import { pruneNotificationsJob } from '../../notifications/jobs.js';
import { deliverDueNotifications } from '../../notifications/outbox.js';
import type { JobContext } from '../../jobs/types.js';
import { sendAlert } from '../../pipeline/alert.js';
import { sendBrief } from '../../pipeline/brief.js';
import { startFakePushService, type FakeBrowser, type FakePushService } from '../../test/fake-push-service.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { accountKit, type Person } from '../accounts/account-test-kit.js';
import { feedKit } from '../feed/feed-test-kit.js';
import { createTopic } from '../user-topics/topics.js';

let herald: TestHerald;
let accounts: ReturnType<typeof accountKit>;
let feed: ReturnType<typeof feedKit>;
let push: FakePushService;
beforeAll(async () => {
  herald = await createTestHerald();
  accounts = accountKit(herald);
  feed = feedKit(herald);
  push = await startFakePushService();
});
afterAll(async () => {
  await push?.close();
  await herald?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, who: Person, payload?: unknown) =>
  herald.app!.inject({ method, url, headers: { authorization: `Bearer ${who.access}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
const prefsOf = async (who: Person) => (await call('GET', '/api/me/notifications/', who)).json() as TNotificationPreferences;
const context = () => ({ database: herald.database, config: herald.config });
async function subscribe(who: Person, browser: FakeBrowser = push.browser()) {
  const answer = await call('POST', '/api/me/push/devices/', who, { endpoint: browser.endpoint, keys: browser.keys, label: 'Chromium on Linux' });
  expect(answer.statusCode).toBe(201);
  return { browser, id: answer.json().id as string };
}
const topicOf = (who: Person, name = `Rates ${Math.random().toString(36).slice(2, 7)}`) => createTopic(herald.database.db, who.id, { name, description: 'About rates.', query: 'rates' });

describe('notification preferences', () => {
  it('start at the defaults, save whole and read back; the two switches are the profile’s', async () => {
    const me = await accounts.admin();
    const first = await prefsOf(me);
    expect(first).toEqual({ alerts: true, brief: true, channels: DEFAULT_CHANNELS, topic_overrides: [], quiet_hours: null, quiet_hours_held: 'wait', time_zone: 'UTC' });
    const topic = await topicOf(me);
    const wanted: TNotificationPreferences = {
      alerts: false,
      brief: true,
      channels: { ...DEFAULT_CHANNELS, alert: { in_app: true, email: false, push: true }, comment: { in_app: true, email: true, push: true } },
      topic_overrides: [{ topic_id: topic.id, kind: 'spike', channels: { in_app: true, email: false, push: true } }],
      quiet_hours: { start: '22:30', end: '06:45' },
      quiet_hours_held: 'brief',
      time_zone: 'Europe/Paris',
    };
    const saved = await call('PUT', '/api/me/notifications/', me, wanted);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(wanted);
    expect(await prefsOf(me)).toEqual(wanted);
    const [row] = await herald.database.db.select({ alerts: users.alerts, newsletter: users.newsletter, timezone: users.timezone }).from(users).where(eq(users.id, me.id));
    expect(row).toEqual({ alerts: false, newsletter: true, timezone: 'Europe/Paris' });
    // The profile's switch and the preferences' are one: the profile call's change reads back here.
    await herald.database.db.update(users).set({ newsletter: false }).where(eq(users.id, me.id));
    expect((await prefsOf(me)).brief).toBe(false);
  });

  it('refuses another user’s topic and bad input, writing nothing; each user reads and writes only their own', async () => {
    const { owner, member, outsider } = await accounts.team();
    const before = await prefsOf(owner);
    const theirs = await topicOf(outsider);
    const teammates = await topicOf(member);
    for (const topic of [theirs, teammates]) {
      const refused = await call('PUT', '/api/me/notifications/', owner, { ...before, alerts: false, topic_overrides: [{ topic_id: topic.id, kind: 'alert', channels: { in_app: true, email: false, push: false } }] });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'notification_topic_not_found', error: NOTIFY_MESSAGES.topicNotFound, fields: { 'topic_overrides.0.topic_id': [NOTIFY_MESSAGES.topicNotFound] } });
    }
    expect(await prefsOf(owner)).toEqual(before);

    const cases: [unknown, string][] = [
      [{ ...before, quiet_hours: { start: '22:00', end: '22:00' } }, 'quiet_hours.end'],
      [{ ...before, quiet_hours: { start: '24:00', end: '07:00' } }, 'quiet_hours.start'],
      [{ ...before, time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
      [{ ...before, channels: { ...before.channels, alert: { in_app: true, email: true } } }, 'channels.alert.push'],
      [{ ...before, channels: { ...before.channels, board: before.channels.alert } }, 'channels'],
      [{ ...before, extra: 1 }, ''],
      [{ ...before, topic_overrides: [{ topic_id: 1, kind: 'alert', channels: DEFAULT_CHANNELS.alert }, { topic_id: 1, kind: 'alert', channels: DEFAULT_CHANNELS.alert }] }, 'topic_overrides.1.topic_id'],
      [{ ...before, topic_overrides: [{ topic_id: 1, kind: 'share', channels: DEFAULT_CHANNELS.alert }] }, 'topic_overrides.0.kind'],
    ];
    for (const [body, field] of cases) {
      const bad = await call('PUT', '/api/me/notifications/', owner, body);
      expect(bad.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(bad.json().code).toBe('validation_failed');
      if (field) expect(Object.keys(bad.json().fields)).toContain(field);
    }
    expect(await prefsOf(owner)).toEqual(before);

    // Each user's own: the member's change leaves the owner's as it was.
    expect((await call('PUT', '/api/me/notifications/', member, { ...before, alerts: false, quiet_hours: { start: '01:00', end: '02:00' } })).statusCode).toBe(200);
    expect(await prefsOf(owner)).toEqual(before);
    expect((await prefsOf(member)).quiet_hours).toEqual({ start: '01:00', end: '02:00' });
    expect((await herald.app!.inject({ method: 'GET', url: '/api/me/notifications/' })).statusCode).toBe(401);
    expect((await herald.app!.inject({ method: 'PUT', url: '/api/me/notifications/', payload: before })).statusCode).toBe(401);
    // A personal API token is no session: every one of these calls refuses it.
    const token = (await call('POST', '/api/me/tokens/', owner, { name: 'Script', scopes: ['feed:read'], expires_at: new Date(Date.now() + 86_400_000).toISOString() })).json().token as string;
    for (const [method, url] of [
      ['GET', '/api/me/notifications/'],
      ['GET', '/api/me/push/devices/'],
      ['GET', '/api/me/push/key/'],
    ] as const) {
      const refused = await herald.app!.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().code).toBe('api_token_scope');
    }
  });
});

describe('push devices', () => {
  it('subscribe, list, test against a local push service (the payload decrypts as the browser would), and remove; another user’s device is not found', async () => {
    const { owner, member, outsider } = await accounts.team();
    const key = (await call('GET', '/api/me/push/key/', owner)).json().public_key as string;
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    // One key per install, the same every time.
    expect((await call('GET', '/api/me/push/key/', member)).json().public_key).toBe(key);

    const { browser, id } = await subscribe(owner);
    const devices = (await call('GET', '/api/me/push/devices/', owner)).json().devices;
    expect(devices).toEqual([{ id, label: 'Chromium on Linux', service: new URL(push.url).host, created_at: expect.any(String), last_success_at: null }]);
    expect((await call('GET', '/api/me/push/devices/', member)).json().devices).toEqual([]);

    const since = push.records.length;
    const tested = await call('POST', `/api/me/push/devices/${id}/test/`, owner);
    expect(tested.json()).toEqual({ ok: true, removed: false, detail: 'Sent.' });
    const record = push.records[since]!;
    expect(record.headers['content-encoding']).toBe('aes128gcm');
    expect(record.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key}$`));
    expect(Number(record.headers.ttl)).toBeGreaterThan(0);
    expect(browser.read(record)).toMatchObject({ title: 'Herald test notification', url: '/', tag: `test:${id}` });
    expect((await call('GET', '/api/me/push/devices/', owner)).json().devices[0].last_success_at).not.toBeNull();

    // Another user, of the account or not, can neither test nor remove it: not found, nothing sent, nothing removed.
    for (const who of [member, outsider]) {
      for (const [method, url] of [
        ['POST', `/api/me/push/devices/${id}/test/`],
        ['DELETE', `/api/me/push/devices/${id}/`],
      ] as const) {
        const refused = await call(method, url, who);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toMatchObject({ code: 'not_found', error: NOTIFY_MESSAGES.subscriptionNotFound });
      }
    }
    expect(push.records).toHaveLength(since + 1);
    expect((await call('DELETE', `/api/me/push/devices/${id}/`, owner)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/me/push/devices/${id}/`, owner)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/me/push/devices/nope/', owner)).json().code).toBe('validation_failed');
  });

  it('removes a device the push service says is gone (410, 404)', async () => {
    const me = await accounts.admin();
    for (const status of [410, 404]) {
      const { browser, id } = await subscribe(me);
      push.answer(new URL(browser.endpoint).pathname, status);
      const tested = (await call('POST', `/api/me/push/devices/${id}/test/`, me)).json();
      expect(tested).toMatchObject({ ok: false, removed: true });
      expect(tested.detail).toContain(String(status));
      expect((await call('GET', '/api/me/push/devices/', me)).json().devices).toEqual([]);
    }
  });

  it('refuses an address that is no push service’s and keys it cannot use', async () => {
    const me = await accounts.admin();
    const { keys } = push.browser();
    for (const endpoint of ['http://push.example.com/x', 'https://10.0.0.7/x', 'https://user:pw@push.example.com/x', 'ftp://push.example.com/x', 'not a url', 'http://localhost:9/x']) {
      const refused = await call('POST', '/api/me/push/devices/', me, { endpoint, keys });
      expect(refused.statusCode, endpoint).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'push_endpoint_invalid', fields: { endpoint: [NOTIFY_MESSAGES.endpointInvalid] } });
    }
    const badKeys = await call('POST', '/api/me/push/devices/', me, { endpoint: `${push.url}/k`, keys: { p256dh: 'abc', auth: keys.auth } });
    expect(badKeys.json()).toMatchObject({ code: 'validation_failed', fields: { 'keys.p256dh': [NOTIFY_MESSAGES.keyInvalid] } });
    expect((await call('POST', '/api/me/push/devices/', me, { endpoint: `${push.url}/k` })).json().code).toBe('validation_failed');
    expect((await call('GET', '/api/me/push/devices/', me)).json().devices).toEqual([]);
  });

  it('keeps one row per browser: subscribing again replaces it, and at most PUSH_DEVICES_MAX devices a user', async () => {
    const [me, other] = [await accounts.admin(), await accounts.admin()];
    const { browser, id } = await subscribe(me);
    // The same browser again (a new subscription of it): one row still.
    const again = await call('POST', '/api/me/push/devices/', me, { endpoint: browser.endpoint, keys: push.browser().keys });
    expect(again.json().id).toBe(id);
    // Signed in as someone else now, the browser is theirs.
    await subscribe(other, browser);
    expect((await call('GET', '/api/me/push/devices/', me)).json().devices).toEqual([]);
    expect((await call('GET', '/api/me/push/devices/', other)).json().devices).toHaveLength(1);
    for (let i = 1; i < PUSH_DEVICES_MAX; i++) await subscribe(other);
    const refused = await call('POST', '/api/me/push/devices/', other, { endpoint: push.browser().endpoint, keys: push.browser().keys });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'push_device_limit', error: NOTIFY_MESSAGES.tooManyDevices });
    expect((await call('GET', '/api/me/push/devices/', other)).json().devices).toHaveLength(PUSH_DEVICES_MAX);
  });
});

describe('delivery per preferences', () => {
  it('a breaking alert reaches the reader’s browser end to end: title, lead and link, through the queue after commit', async () => {
    const me = await accounts.admin();
    const topic = await topicOf(me);
    const { browser } = await subscribe(me);
    for (let i = 0; i < 25; i++) await feed.publish(me.id, topic.id, { finalRank: 0.6 + i * 0.01, publishedAt: new Date(Date.now() - 86_400_000 + i * 1000) });
    const breaking = await feed.publish(me.id, topic.id, { title: 'Emergency rate cut', finalRank: 0.97, storyId: await feed.story(me.id) });
    const stage = { database: herald.database, search: herald.search, config: herald.config, logger: herald.logger, queue: herald.queue };
    const since = push.records.length;
    const decided = performance.now();
    expect(await sendAlert(stage, breaking)).toBe('sent');
    const record = await push.next(since);
    console.info(`[push latency] alert decision -> push received at the fake service: ${Math.round(record.at - decided)} ms (${herald.label})`);
    expect(browser.read(record)).toMatchObject({ title: 'Emergency rate cut', url: `/a/${breaking}`, tag: `alert:${breaking}` });
    expect((browser.read(record) as { body: string }).body.length).toBeGreaterThan(0);
    // One alert, once: in the inbox, one email, one push; the cap counts it once (one alerted event).
    const emails = await herald.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, me.email), eq(outboxEmails.template, 'breaking-alert')));
    expect(emails).toHaveLength(1);
    expect((await call('GET', '/api/inbox/', me)).json().items.filter((i: { kind: string }) => i.kind === 'alert')).toHaveLength(1);
    // The job marks it sent just after the push service answered.
    await expect
      .poll(async () => (await herald.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, me.id))).map((r) => [r.channel, r.status]))
      .toEqual([['push', 'sent']]);
  });

  it('follows the channels per kind and per topic: in-app off hides the item, push and email go or not', async () => {
    const me = await accounts.admin();
    const quietTopic = await topicOf(me);
    const { browser } = await subscribe(me);
    const prefs = await prefsOf(me);
    await call('PUT', '/api/me/notifications/', me, {
      ...prefs,
      channels: { ...prefs.channels, share: { in_app: false, email: true, push: true }, comment: { in_app: true, email: false, push: false } },
      topic_overrides: [{ topic_id: quietTopic.id, kind: 'alert', channels: { in_app: true, email: false, push: false } }],
    });
    const since = push.records.length;
    await addInboxItems(herald.database.db, [
      { userId: me.id, kind: 'share', key: 'test:share', title: 'Grace shared “Rates”', body: 'Read the second point' },
      { userId: me.id, kind: 'comment', key: 'test:comment', title: 'A comment' },
    ]);
    const { emails } = await writeInboxItems(herald.database.db, [{ userId: me.id, kind: 'alert', key: 'test:alert', title: 'Quiet topic alert', topicId: quietTopic.id }]);
    expect(emails).toEqual([]);
    const rows = await herald.database.db.select({ key: notificationDeliveries.key, channel: notificationDeliveries.channel }).from(notificationDeliveries).where(eq(notificationDeliveries.userId, me.id));
    expect(rows.sort((a, b) => a.channel.localeCompare(b.channel))).toEqual([
      { key: 'test:share', channel: 'email' },
      { key: 'test:share', channel: 'push' },
    ]);
    // In-app off: written (push and email read it) but never listed or counted.
    const listed = (await call('GET', '/api/inbox/', me)).json();
    expect(listed.items.map((i: { title: string }) => i.title).sort()).toEqual(['A comment', 'Quiet topic alert']);
    await deliverDueNotifications(context());
    expect(browser.read(await push.next(since))).toMatchObject({ title: 'Grace shared “Rates”', body: 'Read the second point', url: '/', tag: 'test:share' });
    const [notice] = await herald.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, me.email), eq(outboxEmails.template, 'notice')));
    expect(notice!.text).toContain('Read the second point');
    expect(push.records).toHaveLength(since + 1);
  });

  it('holds push and email in quiet hours (the user’s zone) until the window ends; an item read meanwhile is not sent', async () => {
    const me = await accounts.admin();
    const { browser } = await subscribe(me);
    const now = new Date();
    const hhmm = (at: Date) => at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Tokyo' });
    const end = new Date(now.getTime() + 2 * 3_600_000);
    const prefs = await prefsOf(me);
    await call('PUT', '/api/me/notifications/', me, { ...prefs, time_zone: 'Asia/Tokyo', quiet_hours: { start: hhmm(new Date(now.getTime() - 3_600_000)), end: hhmm(end) } });
    await addInboxItems(herald.database.db, [
      { userId: me.id, kind: 'share', key: 'test:held', title: 'Held until morning' },
      { userId: me.id, kind: 'share', key: 'test:read', title: 'Read in the app meanwhile' },
    ]);
    const held = await herald.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, me.id));
    expect(held).toHaveLength(2);
    for (const row of held) {
      expect(row.notBefore.getTime()).toBeGreaterThan(end.getTime() - 60_000);
      expect(row.notBefore.getTime()).toBeLessThanOrEqual(end.getTime());
    }
    expect(await deliverDueNotifications(context())).toMatchObject({ sent: 0 });
    const [read] = await herald.database.db.select({ id: inboxItems.id }).from(inboxItems).where(and(eq(inboxItems.userId, me.id), eq(inboxItems.key, 'test:read')));
    expect((await call('PATCH', `/api/inbox/${read!.id}/`, me, { read: true })).statusCode).toBe(200);
    const since = push.records.length;
    expect(await deliverDueNotifications(context(), new Date(end.getTime() + 1000))).toEqual({ sent: 1, skipped: 1, failed: 0, retried: 0 });
    expect(browser.read(push.records[since]!)).toMatchObject({ title: 'Held until morning' });
    expect(push.records).toHaveLength(since + 1);
  });

  it('the Daily Brief by email and push as chosen: email off, a push that it is ready', async () => {
    const me = await accounts.admin();
    const topic = await topicOf(me);
    const { browser } = await subscribe(me);
    const prefs = await prefsOf(me);
    await call('PUT', '/api/me/notifications/', me, { ...prefs, channels: { ...prefs.channels, brief: { in_app: false, email: false, push: true } } });
    await feed.publish(me.id, topic.id, { title: 'Rates held steady', finalRank: 0.7, publishedAt: new Date(Date.now() - 3_600_000) });
    const since = push.records.length;
    expect(await sendBrief({ database: herald.database, search: herald.search, config: herald.config, logger: herald.logger, queue: herald.queue }, me.id)).toBe('sent');
    expect(browser.read(await push.next(since))).toMatchObject({ title: 'Your Daily Brief: 1 article', body: 'Rates held steady', url: '/' });
    expect(await herald.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, me.email), eq(outboxEmails.template, 'daily-brief')))).toEqual([]);
  });

  it('a device gone at delivery is removed and the notice not tried again', async () => {
    const me = await accounts.admin();
    const { browser } = await subscribe(me);
    push.answer(new URL(browser.endpoint).pathname, 410);
    await addInboxItems(herald.database.db, [{ userId: me.id, kind: 'share', key: 'test:gone', title: 'To a gone browser' }]);
    expect(await deliverDueNotifications(context())).toMatchObject({ skipped: 1, retried: 0 });
    expect(await herald.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id))).toEqual([]);
  });

  it('prunes finished rows after 30 days, never a pending one', async () => {
    const me = await accounts.admin();
    const old = new Date(Date.now() - 31 * 86_400_000);
    await herald.database.db.insert(notificationDeliveries).values([
      { userId: me.id, channel: 'push', key: 'test:old-sent', payload: {}, status: 'sent', createdAt: old },
      { userId: me.id, channel: 'push', key: 'test:old-pending', payload: {}, status: 'pending', createdAt: old, notBefore: new Date(Date.now() + 86_400_000) },
      { userId: me.id, channel: 'email', key: 'test:new-sent', payload: {}, status: 'sent' },
    ]);
    await pruneNotificationsJob.handler({}, { database: herald.database } as JobContext, { id: 'x', retryCount: 0, retryLimit: 0 });
    const left = await herald.database.db.select({ key: notificationDeliveries.key }).from(notificationDeliveries).where(eq(notificationDeliveries.userId, me.id));
    expect(left.map((r) => r.key).sort()).toEqual(['test:new-sent', 'test:old-pending']);
  });
});
