import { and, count, eq, inArray } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.js';
import {
  NOTIFY_ERROR_CODES,
  NOTIFY_MESSAGES,
  PUSH_DEVICES_MAX,
  type TNotificationPreferences,
  type TPushDevice,
  type TPushSubscribe,
  type TPushTestResult,
} from '../../../contract/notifications.js';
import type { Database } from '../../db/client.js';
import { notificationPreferences, pushSubscriptions, topics, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { pushToDevices, type NotifyContext } from '../../notifications/outbox.js';
import { loadNotifySettings } from '../../notifications/preferences.js';
import { releaseHeldForBrief } from '../../notifications/brief-held.js';
import { endpointProblem, keysUsable } from '../../notifications/push.js';

/** The caller's preferences, the defaults where they never chose. */
export async function getPreferences(database: Database, userId: string): Promise<TNotificationPreferences> {
  const settings = (await loadNotifySettings(database.db, [userId])).get(userId);
  if (!settings) throw new AppError(404, ErrorCode.notFound, 'User not found.');
  return {
    alerts: settings.alerts,
    brief: settings.brief,
    channels: settings.channels,
    topic_overrides: settings.topicOverrides,
    quiet_hours: settings.quiet,
    quiet_hours_held: settings.quietHeld,
    time_zone: settings.timeZone,
  };
}

/**
 * Replaces the caller's preferences, all or nothing: the overrides' topics must be the caller's
 * own (another user's topic answers 400 as one that does not exist); the two switches and the
 * time zone are the profile's (users.alerts, users.newsletter, users.timezone).
 */
export async function putPreferences(database: Database, userId: string, prefs: TNotificationPreferences): Promise<TNotificationPreferences> {
  const topicIds = [...new Set(prefs.topic_overrides.map((o) => o.topic_id))];
  if (topicIds.length) {
    const owned = new Set((await database.db.select({ id: topics.id }).from(topics).where(and(eq(topics.userId, userId), inArray(topics.id, topicIds)))).map((t) => t.id));
    const index = prefs.topic_overrides.findIndex((o) => !owned.has(o.topic_id));
    if (index >= 0) throw new AppError(400, NOTIFY_ERROR_CODES.topicNotFound, NOTIFY_MESSAGES.topicNotFound, { [`topic_overrides.${index}.topic_id`]: [NOTIFY_MESSAGES.topicNotFound] });
  }
  await database.db.transaction(async (tx) => {
    await tx.update(users).set({ alerts: prefs.alerts, newsletter: prefs.brief, timezone: prefs.time_zone }).where(eq(users.id, userId));
    const row = {
      channels: prefs.channels,
      topicOverrides: prefs.topic_overrides,
      quietStart: prefs.quiet_hours?.start ?? null,
      quietEnd: prefs.quiet_hours?.end ?? null,
      quietHoursHeld: prefs.quiet_hours_held,
      updatedAt: new Date(),
    };
    await tx
      .insert(notificationPreferences)
      .values({ userId, ...row })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: row });
    // No longer told in the brief: what quiet hours held for it goes out as 'wait' would have sent it.
    if (!prefs.quiet_hours || prefs.quiet_hours_held !== 'brief' || !prefs.brief || !prefs.channels.brief.email) await releaseHeldForBrief(tx, userId, new Date());
  });
  return getPreferences(database, userId);
}

const deviceOf = (row: typeof pushSubscriptions.$inferSelect): TPushDevice => ({
  id: row.id,
  label: row.label,
  service: new URL(row.endpoint).host,
  created_at: row.createdAt.toISOString(),
  last_success_at: row.lastSuccessAt?.toISOString() ?? null,
});

export async function listDevices(database: Database, userId: string): Promise<{ devices: TPushDevice[] }> {
  const rows = await database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)).orderBy(pushSubscriptions.createdAt);
  return { devices: rows.map(deviceOf) };
}

/**
 * Keeps a browser's subscription for the caller: an https endpoint of a push service (http on
 * 127.0.0.1 outside production, for a local push service), usable keys. The same endpoint again
 * (a browser subscribing anew, or signed in as someone else now) replaces the row.
 */
export async function subscribe(database: Database, production: boolean, userId: string, body: TPushSubscribe): Promise<TPushDevice> {
  const problem = endpointProblem(body.endpoint, production);
  if (problem) throw new AppError(400, NOTIFY_ERROR_CODES.endpointInvalid, NOTIFY_MESSAGES.endpointInvalid, { endpoint: [NOTIFY_MESSAGES.endpointInvalid] });
  const usable = keysUsable(body.keys.p256dh, body.keys.auth);
  if (!usable.p256dh || !usable.auth) {
    const fields: Record<string, string[]> = {};
    if (!usable.p256dh) fields['keys.p256dh'] = [NOTIFY_MESSAGES.keyInvalid];
    if (!usable.auth) fields['keys.auth'] = [NOTIFY_MESSAGES.keyInvalid];
    throw new AppError(400, ErrorCode.validationFailed, NOTIFY_MESSAGES.keyInvalid, fields);
  }
  return database.db.transaction(async (tx) => {
    const [user] = await tx.select({ accountId: users.accountId }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new AppError(404, ErrorCode.notFound, 'User not found.');
    const [existing] = await tx.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, body.endpoint));
    if (existing?.userId !== userId) {
      const [mine] = await tx.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
      if ((mine?.n ?? 0) >= PUSH_DEVICES_MAX) throw new AppError(400, NOTIFY_ERROR_CODES.deviceLimit, NOTIFY_MESSAGES.tooManyDevices);
    }
    const values = { userId, accountId: user.accountId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, label: body.label || 'This browser' };
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: new Date(), lastSuccessAt: null, lastError: null } })
      .returning();
    return deviceOf(row!);
  });
}

const notFound = () => new AppError(404, ErrorCode.notFound, NOTIFY_MESSAGES.subscriptionNotFound);

/** Removes one of the caller's devices; another user's (or no such id) answers 404 and nothing changes. */
export async function removeDevice(database: Database, userId: string, id: string): Promise<void> {
  const gone = await database.db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId))).returning({ id: pushSubscriptions.id });
  if (gone.length === 0) throw notFound();
}

/** Pushes a test notice to one of the caller's devices, now, and says how it went (a gone device is removed). */
export async function testDevice(context: NotifyContext, userId: string, id: string): Promise<TPushTestResult> {
  const [device] = await context.database.db.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(and(eq(pushSubscriptions.id, id), eq(pushSubscriptions.userId, userId)));
  if (!device) throw notFound();
  const result = await pushToDevices(context, userId, { title: 'Herald test notification', body: 'Push works on this device. Breaking alerts and what you chose will arrive like this.', url: '/', tag: `test:${id}` }, id);
  return { ok: result.sent > 0, removed: result.removed > 0, detail: result.detail };
}
