import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { QUIET_HOURS_HELD, type TChannels, type TNotifyKind, type TTopicOverride } from '../../../contract/notifications.js';
import { accounts, users } from './accounts.js';
import { inboxItems } from './inbox.js';

/**
 * A browser that allowed web push (issue 39 item 2): its push service endpoint and keys, as the
 * browser's PushSubscription gave them. One row per endpoint: a browser signed in as someone else
 * moves to them. Removed when the push service answers 404 or 410 (the subscription is gone).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The device list's name for it ("Firefox on Linux"). */
    label: text('label').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * One user's notification preferences (item 3): channels per kind, topic overrides for alerts and
 * spikes, quiet hours (in users.timezone). No row: the defaults (contract/notifications.ts). The
 * 'Breaking News Alerts' and 'Daily Brief' switches stay users.alerts and users.newsletter.
 */
export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  channels: jsonb('channels').$type<Record<TNotifyKind, TChannels>>().notNull(),
  topicOverrides: jsonb('topic_overrides').$type<TTopicOverride[]>().notNull().default([]),
  /** 'HH:MM' in the user's time zone; both null: no quiet hours. */
  quietStart: text('quiet_start'),
  quietEnd: text('quiet_end'),
  /** What quiet hours hold: 'wait' (sent when the window ends) or 'brief' (listed in the next daily brief instead). */
  quietHoursHeld: text('quiet_hours_held', { enum: QUIET_HOURS_HELD }).notNull().default('wait'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** 'brief': held by quiet hours for the next daily brief (never sent by the notify job); 'briefed': listed in one. */
export const NOTIFICATION_DELIVERY_STATUSES = ['pending', 'sent', 'skipped', 'failed', 'brief', 'briefed'] as const;

/**
 * A notice to push or email, written in the transaction of its inbox item (or of the brief) and
 * sent after commit by the notify job; held by quiet hours until `not_before`. Once per (user,
 * key, channel). Email rows of alerts and spikes carry their rendered template's data.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inboxItemId: bigint('inbox_item_id', { mode: 'number' }).references(() => inboxItems.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['push', 'email'] }).notNull(),
    key: text('key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: NOTIFICATION_DELIVERY_STATUSES }).notNull().default('pending'),
    /** Quiet hours: not sent before this. */
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_deliveries_key').on(t.userId, t.key, t.channel),
    index('notification_deliveries_due_idx').on(t.notBefore).where(sql`status = 'pending'`),
    index('notification_deliveries_item_idx').on(t.inboxItemId),
  ],
);
