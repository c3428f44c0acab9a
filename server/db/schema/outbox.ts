import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.js';

export const EMAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * Every email Herald sends. Rows are written in the same transaction as the change that causes
 * them (nothing half-done), then a job delivers them over SMTP, or, with no SMTP configured,
 * marks them sent and leaves them readable in the dev mailbox.
 */
export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Template name, for tests and the mailbox (e.g. 'confirm-email'). */
    template: text('template').notNull(),
    status: text('status', { enum: EMAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_emails_status_idx').on(t.status, t.createdAt), index('outbox_emails_to_idx').on(t.to)],
);

/**
 * Where Herald posts what it would email: a user's own target (user_id) or an account's team
 * target (account_id), exactly one of them. The address is sealed (AES-256-GCM under the delivery
 * key): a Slack webhook's address is its secret. The webhook's signing secret is derived from the
 * key and the id, never stored.
 */
export const deliveryTargets = pgTable(
  'delivery_targets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    kind: text('kind', { enum: ['webhook', 'slack'] }).notNull(),
    urlSealed: text('url_sealed').notNull(),
    urlHint: text('url_hint').notNull(),
    events: text('events').array().notNull(),
    topicIds: integer('topic_ids').array().notNull().default(sql`'{}'::integer[]`),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** Deliveries in a row that failed for good; DELIVERY_FAILURES_TO_DISABLE turns the target off. */
    failuresInRow: integer('failures_in_row').notNull().default(0),
    lastDeliveredAt: timestamp('last_delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('delivery_targets_user_idx').on(t.userId),
    index('delivery_targets_account_idx').on(t.accountId),
    check('delivery_targets_one_owner', sql`(${t.userId} IS NULL) <> (${t.accountId} IS NULL)`),
  ],
);

/**
 * One item for one target: written in the transaction of what caused it (an alert, a brief) or
 * once an article is published, at most once per (target, item), then posted by a job. A failure
 * is retried with backoff for DELIVERY_RETRY_HOURS.
 */
export const outboxDeliveries = pgTable(
  'outbox_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    targetId: uuid('target_id')
      .notNull()
      .references(() => deliveryTargets.id, { onDelete: 'cascade' }),
    /** What it is about: alert:{event}, article:{event}, brief:{user}:{date}. */
    itemKey: text('item_key').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('outbox_deliveries_item_key').on(t.targetId, t.itemKey), index('outbox_deliveries_status_idx').on(t.status, t.createdAt)],
);
