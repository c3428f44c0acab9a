import { bigint, date, doublePrecision, index, integer, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.js';

/**
 * What an account's language-model stages used, one row per member, topic, stage, model and day
 * (UTC), counted up as each call ends (server/billing/meter.ts). The built-in engine's calls are
 * counted too, at no cost. Member and topic are kept as plain ids, not references: usage outlives
 * a removed member or topic (the report names them as removed).
 */
export const llmUsage = pgTable(
  'llm_usage',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    /** Null for calls about no topic (onboarding, a topic being validated). */
    topicId: bigint('topic_id', { mode: 'number' }),
    stage: text('stage').notNull(),
    /** The registry value of the model that answered ('builtin' for the built-in engine). */
    model: text('model').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    calls: integer('calls').notNull().default(0),
    promptTokens: bigint('prompt_tokens', { mode: 'number' }).notNull().default(0),
    responseTokens: bigint('response_tokens', { mode: 'number' }).notNull().default(0),
    costUsd: doublePrecision('cost_usd').notNull().default(0),
  },
  (t) => [
    unique('llm_usage_key').on(t.accountId, t.userId, t.topicId, t.stage, t.model, t.day).nullsNotDistinct(),
    index('llm_usage_account_day_idx').on(t.accountId, t.day),
    index('llm_usage_user_day_idx').on(t.userId, t.day),
  ],
);

/**
 * A monthly AI budget in US dollars: the account's (user_id null) or one member's. The counters
 * are of `period` (the month's first day, UTC) and start again when a call finds a later month:
 * spent (settled calls' cost) and reserved (the estimates of model calls in flight). A model call
 * is admitted only while spent + reserved is under the budget (server/billing/meter.ts);
 * warned_at and reached_at say when billing administrators were told of 80% and 100%.
 */
export const aiBudgets = pgTable(
  'ai_budgets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    monthlyUsd: doublePrecision('monthly_usd').notNull(),
    period: date('period', { mode: 'string' }).notNull(),
    spentUsd: doublePrecision('spent_usd').notNull().default(0),
    reservedUsd: doublePrecision('reserved_usd').notNull().default(0),
    warnedAt: timestamp('warned_at', { withTimezone: true }),
    reachedAt: timestamp('reached_at', { withTimezone: true }),
    updatedBy: uuid('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('ai_budgets_scope_key').on(t.accountId, t.userId).nullsNotDistinct()],
);
