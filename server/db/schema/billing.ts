import { bigint, date, doublePrecision, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.js';

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
