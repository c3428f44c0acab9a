import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.js';

/**
 * An account's plan when the operator sells Herald through Stripe (BILLING_PROVIDER=stripe, ADR
 * 014): what the verified webhooks last read from Stripe. Absent: no plan bought yet. Self-hosted
 * installs never write it.
 */
export const accountSubscriptions = pgTable('account_subscriptions', {
  accountId: uuid('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').unique('account_subscriptions_customer_key'),
  stripeSubscriptionId: text('stripe_subscription_id').unique('account_subscriptions_subscription_key'),
  /** The plan's name (STRIPE_PLAN_NAME) while a subscription exists. */
  plan: text('plan'),
  /** Seats bought: the subscription item's quantity. */
  seats: integer('seats').notNull().default(0),
  /** Stripe's subscription status: active, trialing, past_due, canceled, unpaid, incomplete… */
  status: text('status'),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Stripe webhook events already applied, by id: a replayed or redelivered event changes nothing. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  accountId: uuid('account_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An account's own key for a language-model provider (ADR 014): sealed with AES-256-GCM under a key
 * derived from the install's secret, never shown back; the account's members' stages use it
 * instead of the install's key. `hint` is its last four characters.
 */
export const accountProviderKeys = pgTable(
  'account_provider_keys',
  {
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    sealedKey: text('sealed_key').notNull(),
    hint: text('hint').notNull(),
    setBy: uuid('set_by').references(() => users.id, { onDelete: 'set null' }),
    setByName: text('set_by_name').notNull(),
    setAt: timestamp('set_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'account_provider_keys_pkey', columns: [t.accountId, t.provider] }), index('account_provider_keys_set_by_idx').on(t.setBy)],
);
