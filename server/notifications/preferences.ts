import { eq, inArray } from 'drizzle-orm';
import { DEFAULT_CHANNELS, NOTIFY_KINDS, type TChannels, type TNotifyKind, type TQuietHours, type TQuietHoursHeld, type TTopicOverride } from '../../contract/notifications.js';
import type { DbOrTx } from '../db/client.js';
import { notificationPreferences, users, type InboxKind } from '../db/schema/index.js';
import { quietUntil } from './quiet-hours.js';

/** One user's preferences as delivery reads them: the switches, channels, overrides and quiet hours in their zone. */
export interface NotifySettings {
  userId: string;
  email: string;
  firstName: string;
  alerts: boolean;
  brief: boolean;
  channels: Record<TNotifyKind, TChannels>;
  topicOverrides: TTopicOverride[];
  quiet: TQuietHours | null;
  /** What the reader chose quiet hours do with push and email (contract QUIET_HOURS_HELD). */
  quietHeld: TQuietHoursHeld;
  timeZone: string;
}

/** The preferences' kind of an inbox item; null for kinds told in the app only (a teammate joined, a source disabled, a budget, seats full). */
export function notifyKindOf(kind: InboxKind): TNotifyKind | null {
  switch (kind) {
    case 'alert':
    case 'spike':
    case 'comment':
      return kind;
    case 'share':
    case 'mention':
      return 'share';
    default:
      return null;
  }
}

/** Stored channels over the defaults, kind by kind (a kind added later starts at its default). */
export function channelsWithDefaults(stored: Partial<Record<TNotifyKind, TChannels>> | null | undefined): Record<TNotifyKind, TChannels> {
  return Object.fromEntries(NOTIFY_KINDS.map((kind) => [kind, { ...DEFAULT_CHANNELS[kind], ...(stored?.[kind] ?? {}) }])) as Record<TNotifyKind, TChannels>;
}

export async function loadNotifySettings(db: DbOrTx, userIds: string[]): Promise<Map<string, NotifySettings>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ user: { id: users.id, email: users.email, firstName: users.firstName, alerts: users.alerts, newsletter: users.newsletter, timezone: users.timezone }, prefs: notificationPreferences })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(inArray(users.id, [...new Set(userIds)]));
  return new Map(
    rows.map(({ user, prefs }) => [
      user.id,
      {
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        alerts: user.alerts,
        brief: user.newsletter,
        channels: channelsWithDefaults(prefs?.channels),
        topicOverrides: prefs?.topicOverrides ?? [],
        quiet: prefs?.quietStart && prefs.quietEnd ? { start: prefs.quietStart, end: prefs.quietEnd } : null,
        quietHeld: prefs?.quietHoursHeld ?? 'wait',
        timeZone: user.timezone,
      },
    ]),
  );
}

/**
 * The channels a notice of `kind` (about `topicId`) goes to: a topic override for alerts and
 * spikes, else the kind's row. The 'Breaking News Alerts' switch off silences alerts and spikes
 * on every channel, 'Daily Brief' off the brief.
 */
export function channelsFor(settings: NotifySettings, kind: TNotifyKind, topicId?: number | null): TChannels {
  const off = { in_app: false, email: false, push: false };
  if ((kind === 'alert' || kind === 'spike') && !settings.alerts) return off;
  if (kind === 'brief' && !settings.brief) return off;
  const override = topicId == null ? undefined : settings.topicOverrides.find((o) => o.kind === kind && o.topic_id === topicId);
  const channels = override?.channels ?? settings.channels[kind];
  return kind === 'brief' ? { ...channels, in_app: false } : channels;
}

/** How quiet hours hold a notice at `now`: not at all (null), until the window ends ('wait'), or for the next daily brief ('brief'). */
export type Hold = null | { until: Date; to: TQuietHoursHeld };

/**
 * The hold of a push or email written at `now`. 'brief' is kept only when the reader gets the
 * brief by email (the Daily Brief switch on and its email channel): else the held notice could
 * never be told, so it waits for the window's end as with 'wait'.
 */
export function holdOf(settings: NotifySettings, now: Date): Hold {
  const until = quietUntil(now, settings.quiet, settings.timeZone);
  if (!until) return null;
  const toBrief = settings.quietHeld === 'brief' && channelsFor(settings, 'brief').email;
  return { until, to: toBrief ? 'brief' : 'wait' };
}
