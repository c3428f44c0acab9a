import { z } from 'zod';

/**
 * Notification preferences and web push (issue 39, items 2 and 3): which kinds of notice reach
 * the user on which channel, topic overrides for alerts and spikes, quiet hours in the user's
 * time zone, and the browsers (push subscriptions) the user allowed. Every call is the signed-in
 * user's own. Webhooks and Slack stay in Deliveries.
 */
export const NOTIFY_KINDS = ['alert', 'spike', 'share', 'comment', 'brief'] as const;
export type TNotifyKind = (typeof NOTIFY_KINDS)[number];
export const NOTIFY_CHANNELS = ['in_app', 'email', 'push'] as const;
export type TNotifyChannel = (typeof NOTIFY_CHANNELS)[number];

export const NOTIFY_KIND_LABELS: Record<TNotifyKind, string> = {
  alert: 'Breaking alerts',
  spike: 'Topic spikes',
  share: 'Shares and mentions',
  comment: 'Comments',
  brief: 'Daily brief',
};
export const NOTIFY_CHANNEL_LABELS: Record<TNotifyChannel, string> = { in_app: 'In the app', email: 'Email', push: 'Push' };

/** The daily brief is an email (and a push that it is ready); it has no inbox item. */
export const CHANNEL_APPLIES = (kind: TNotifyKind, channel: TNotifyChannel) => !(kind === 'brief' && channel === 'in_app');

export const ZChannels = z.object({ in_app: z.boolean(), email: z.boolean(), push: z.boolean() }).strict();
export type TChannels = z.infer<typeof ZChannels>;

/** What a new user gets: what Herald did before preferences existed (alerts, spikes and the brief by email), plus push for what is addressed to them. */
export const DEFAULT_CHANNELS: Record<TNotifyKind, TChannels> = {
  alert: { in_app: true, email: true, push: true },
  spike: { in_app: true, email: true, push: false },
  share: { in_app: true, email: false, push: true },
  comment: { in_app: true, email: false, push: false },
  brief: { in_app: false, email: true, push: false },
};

export const TOPIC_OVERRIDES_MAX = 200;
export const ZTopicOverride = z
  .object({
    topic_id: z.number().int().positive().max(2_147_483_647),
    kind: z.enum(['alert', 'spike']),
    channels: ZChannels,
  })
  .strict();
export type TTopicOverride = z.infer<typeof ZTopicOverride>;

const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;
export const NOTIFY_MESSAGES = {
  timeInvalid: 'Give a time as HH:MM, from 00:00 to 23:59.',
  quietSame: 'Quiet hours need a start and an end that differ.',
  timeZoneInvalid: 'This time zone is not known. Choose one from the list (e.g. Europe/Paris).',
  topicNotFound: 'One of the topics is not one of yours. Reload and choose again.',
  overrideTwice: 'A topic may have one override per kind.',
  subscriptionNotFound: 'This device was not found. It may have been removed.',
  endpointInvalid: 'The push address must be an https address of a push service.',
  keyInvalid: 'The browser gave a key Herald cannot use. Try enabling push again.',
  pushNotReady: 'Push is not available on this server.',
  tooManyDevices: 'You have reached the limit of devices. Remove one first.',
} as const;

export const ZQuietHours = z
  .object({
    start: z.string().regex(HHMM, NOTIFY_MESSAGES.timeInvalid),
    end: z.string().regex(HHMM, NOTIFY_MESSAGES.timeInvalid),
  })
  .strict()
  .refine((q) => q.start !== q.end, { message: NOTIFY_MESSAGES.quietSame, path: ['end'] });
export type TQuietHours = z.infer<typeof ZQuietHours>;

/** An IANA zone the runtime knows (the user's profile time zone: the brief's morning and the quiet hours). */
export const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return zone.length <= 64;
  } catch {
    return false;
  }
};

/**
 * What quiet hours do with push and email: 'wait' sends them when the window ends; 'brief' sends
 * nothing and lists them ("While you were away") in the next daily brief, once. 'brief' needs the
 * Daily Brief by email: without it the server waits.
 */
export const QUIET_HOURS_HELD = ['wait', 'brief'] as const;
export type TQuietHoursHeld = (typeof QUIET_HOURS_HELD)[number];

export const ZNotificationPreferences = z
  .object({
    /** The specification's 'Breaking News Alerts' switch: off means no alert or spike notice on any channel. */
    alerts: z.boolean(),
    /** The specification's 'Daily Brief' switch: off means no brief on any channel. */
    brief: z.boolean(),
    channels: z.object({ alert: ZChannels, spike: ZChannels, share: ZChannels, comment: ZChannels, brief: ZChannels }).strict(),
    topic_overrides: z.array(ZTopicOverride).max(TOPIC_OVERRIDES_MAX),
    /** Push and email are held while it is quiet (see quiet_hours_held); null: no quiet hours. */
    quiet_hours: ZQuietHours.nullable(),
    /** What quiet hours hold (QUIET_HOURS_HELD); 'wait' when not given. */
    quiet_hours_held: z.enum(QUIET_HOURS_HELD).default('wait'),
    time_zone: z.string().min(1).max(64).refine(isTimeZone, NOTIFY_MESSAGES.timeZoneInvalid),
  })
  .strict()
  .superRefine((p, ctx) => {
    const seen = new Set<string>();
    p.topic_overrides.forEach((o, i) => {
      const key = `${o.kind}:${o.topic_id}`;
      if (seen.has(key)) ctx.addIssue({ code: 'custom', message: NOTIFY_MESSAGES.overrideTwice, path: ['topic_overrides', i, 'topic_id'] });
      seen.add(key);
    });
  });
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const PUSH_DEVICES_MAX = 20;
export const ZPushSubscribe = z
  .object({
    endpoint: z.string().min(1).max(2000),
    keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }).strict(),
    /** The browser's name for the device list ("Firefox on Linux"). */
    label: z.string().trim().max(100).optional(),
  })
  .strict();
export type TPushSubscribe = z.infer<typeof ZPushSubscribe>;

export const ZPushDevice = z.object({
  id: z.string(),
  label: z.string(),
  /** The push service's host (fcm.googleapis.com, updates.push.services.mozilla.com, ...). */
  service: z.string(),
  created_at: z.string(),
  last_success_at: z.string().nullable(),
});
export type TPushDevice = z.infer<typeof ZPushDevice>;
export const ZPushDevices = z.object({ devices: z.array(ZPushDevice) });

export const ZPushKey = z.object({ public_key: z.string() });
export const ZPushTestResult = z.object({
  ok: z.boolean(),
  /** The device was gone (the push service answered 404 or 410) and is removed. */
  removed: z.boolean(),
  detail: z.string(),
});
export type TPushTestResult = z.infer<typeof ZPushTestResult>;

/** What the service worker receives (encrypted) and shows. */
export const ZPushPayload = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string() });
export type TPushPayload = z.infer<typeof ZPushPayload>;

/** Stable error codes of these calls (beside the common ones in errors.ts). */
export const NOTIFY_ERROR_CODES = {
  topicNotFound: 'notification_topic_not_found',
  endpointInvalid: 'push_endpoint_invalid',
  deviceLimit: 'push_device_limit',
  pushUnavailable: 'push_unavailable',
} as const;
