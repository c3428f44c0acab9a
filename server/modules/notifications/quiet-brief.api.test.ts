import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TNotificationPreferences } from '../../../contract/notifications.js';
import { inboxItems, notificationDeliveries, outboxEmails } from '../../db/schema/index.js';
import { addInboxItems } from '../../inbox/write.js';
import { deliverDueNotifications } from '../../notifications/outbox.js';
import { sendAlert } from '../../pipeline/alert.js';
import { sendBrief } from '../../pipeline/brief.js';
import { startFakePushService, type FakePushService } from '../../test/fake-push-service.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { accountKit, type Person } from '../accounts/account-test-kit.js';
import { feedKit } from '../feed/feed-test-kit.js';
import { createTopic } from '../user-topics/topics.js';

/** Quiet hours whose held notices go to the brief (issue 39: "held items wait, or go to the brief"). */
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

const call = (method: 'GET' | 'PUT' | 'PATCH' | 'POST', url: string, who: Person, payload?: unknown) =>
  herald.app!.inject({ method, url, headers: { authorization: `Bearer ${who.access}` }, ...(payload === undefined ? {} : { payload: payload as object }) });
const prefsOf = async (who: Person) => (await call('GET', '/api/me/notifications/', who)).json() as TNotificationPreferences;
const stage = () => ({ database: herald.database, search: herald.search, config: herald.config, logger: herald.logger, queue: herald.queue });
const rowsOf = async (who: Person) => (await herald.database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, who.id))).map((r) => [r.channel, r.key, r.status]);
const briefsTo = (who: Person) => herald.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, who.email), eq(outboxEmails.template, 'daily-brief')));

/** Quiet hours in Tokyo from an hour ago to two hours from now; answers the window's end. */
async function quietNow(who: Person, held: 'wait' | 'brief', extra: Partial<TNotificationPreferences> = {}): Promise<Date> {
  const now = new Date();
  const hhmm = (at: Date) => at.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Tokyo' });
  const end = new Date(now.getTime() + 2 * 3_600_000);
  const prefs = await prefsOf(who);
  const saved = await call('PUT', '/api/me/notifications/', who, { ...prefs, time_zone: 'Asia/Tokyo', quiet_hours: { start: hhmm(new Date(now.getTime() - 3_600_000)), end: hhmm(end) }, quiet_hours_held: held, ...extra });
  expect(saved.statusCode).toBe(200);
  expect(saved.json().quiet_hours_held).toBe(held);
  return end;
}

describe('quiet hours held for the brief', () => {
  it('an alert in quiet hours is not pushed or emailed at the window’s end; the next brief lists it once, without what was read in the app', async () => {
    const me = await accounts.admin();
    const topic = await createTopic(herald.database.db, me.id, { name: 'Rates', description: 'About rates.', query: 'rates' });
    const browser = push.browser();
    expect((await call('POST', '/api/me/push/devices/', me, { endpoint: browser.endpoint, keys: browser.keys })).statusCode).toBe(201);
    const end = await quietNow(me, 'brief');
    for (let i = 0; i < 25; i++) await feed.publish(me.id, topic.id, { finalRank: 0.6 + i * 0.01, publishedAt: new Date(Date.now() - 86_400_000 + i * 1000) });
    const breaking = await feed.publish(me.id, topic.id, { title: 'Emergency rate cut', finalRank: 0.97, storyId: await feed.story(me.id) });
    const since = push.records.length;
    expect(await sendAlert(stage(), breaking)).toBe('sent');
    await addInboxItems(herald.database.db, [{ userId: me.id, kind: 'share', key: 'test:read', title: 'Read in the app meanwhile' }]);
    expect((await rowsOf(me)).sort()).toEqual([
      ['email', `alert:${breaking}`, 'brief'],
      ['push', `alert:${breaking}`, 'brief'],
      ['push', 'test:read', 'brief'],
    ]);
    // In the app as always; no alert email written.
    expect((await call('GET', '/api/inbox/', me)).json().items.map((i: { title: string }) => i.title)).toContain('Emergency rate cut');
    expect(await herald.database.db.select().from(outboxEmails).where(and(eq(outboxEmails.to, me.email), eq(outboxEmails.template, 'breaking-alert')))).toEqual([]);
    const [read] = await herald.database.db.select({ id: inboxItems.id }).from(inboxItems).where(and(eq(inboxItems.userId, me.id), eq(inboxItems.key, 'test:read')));
    expect((await call('PATCH', `/api/inbox/${read!.id}/`, me, { read: true })).statusCode).toBe(200);

    // The window ends: nothing goes out.
    expect(await deliverDueNotifications({ database: herald.database, config: herald.config }, new Date(end.getTime() + 60_000))).toMatchObject({ sent: 0, skipped: 0 });
    expect(push.records).toHaveLength(since);

    // The next brief carries it, once; the read one is left out.
    expect(await sendBrief(stage(), me.id, new Date(end.getTime() + 3_600_000))).toBe('sent');
    const [brief] = await briefsTo(me);
    expect(brief!.text).toContain('While you were away');
    expect(brief!.text).toContain('Breaking alert: Emergency rate cut');
    expect(brief!.text).toContain(`${herald.config.publicUrl}/a/${breaking}`);
    expect(brief!.text).not.toContain('Read in the app meanwhile');
    expect(brief!.html).toContain('While you were away');
    expect((await rowsOf(me)).sort()).toEqual([
      ['email', `alert:${breaking}`, 'briefed'],
      ['push', `alert:${breaking}`, 'briefed'],
      ['push', 'test:read', 'skipped'],
    ]);
    // The day after: nothing new and nothing held, no brief; the alert is not told again.
    expect(await sendBrief(stage(), me.id, new Date(end.getTime() + 25 * 3_600_000))).toBe('empty');
    expect(await briefsTo(me)).toHaveLength(1);
    expect(push.records).toHaveLength(since);
  });

  it('waits instead when the reader has no brief by email, and releases what was held when the choice goes back to wait', async () => {
    const me = await accounts.admin();
    const browser = push.browser();
    expect((await call('POST', '/api/me/push/devices/', me, { endpoint: browser.endpoint, keys: browser.keys })).statusCode).toBe(201);
    const end = await quietNow(me, 'brief', { brief: false });
    await addInboxItems(herald.database.db, [{ userId: me.id, kind: 'share', key: 'test:no-brief', title: 'No brief to go to' }]);
    expect(await rowsOf(me)).toEqual([['push', 'test:no-brief', 'pending']]);

    await quietNow(me, 'brief', { brief: true });
    await addInboxItems(herald.database.db, [{ userId: me.id, kind: 'share', key: 'test:for-brief', title: 'Held for the brief' }]);
    expect((await rowsOf(me)).sort()).toEqual([
      ['push', 'test:for-brief', 'brief'],
      ['push', 'test:no-brief', 'pending'],
    ]);
    // Back to 'wait': the held row becomes an ordinary one, sent when due.
    await quietNow(me, 'wait');
    expect((await rowsOf(me)).map((r) => r[2])).toEqual(['pending', 'pending']);
    const since = push.records.length;
    expect(await deliverDueNotifications({ database: herald.database, config: herald.config }, new Date(end.getTime() + 60_000))).toMatchObject({ sent: 2 });
    expect(push.records).toHaveLength(since + 2);
  });
});
