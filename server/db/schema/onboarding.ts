import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';

export const SUGGESTION_STATUSES = ['open', 'added', 'removed'] as const;

/**
 * Topics suggested to a user (onboarding, Manage Topics, expand-suggestions). Adding one creates a
 * topic and marks it `added`; removing marks it `removed` so it is not suggested again.
 */
export const suggestions = pgTable(
  'suggestions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Collection ids the suggested topic would draw from. */
    sources: jsonb('sources').$type<number[]>().notNull().default([]),
    reasoning: text('reasoning').notNull().default(''),
    status: text('status', { enum: SUGGESTION_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('suggestions_user_name_key').on(t.userId, sql`lower(${t.name})`), index('suggestions_user_open_idx').on(t.userId).where(sql`status = 'open'`)],
);

export const CONVERSATION_KINDS = ['onboarding_interview', 'profile', 'topic_validation', 'topic_modify', 'add_topic_chat'] as const;

/**
 * A conversation with the AI: the onboarding interview, a profile or topic clarification chain
 * (conversation_id in the spec's answers), or the add-topic chat. `state` holds what the
 * capability needs to resume (the original request, the question asked, options offered).
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONVERSATION_KINDS }).notNull(),
    state: jsonb('state').$type<Record<string, unknown>>().notNull().default({}),
    /** The model that conducted it (interview export metadata). */
    model: text('model'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('conversations_user_kind_idx').on(t.userId, t.kind, t.createdAt)],
);

export const MESSAGE_ROLES = ['system', 'user', 'assistant'] as const;

export const conversationMessages = pgTable(
  'conversation_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MESSAGE_ROLES }).notNull(),
    content: text('content').notNull(),
    /** Multiple-choice options offered with an assistant message: [{ id, text }]. */
    options: jsonb('options').$type<{ id: string; text: string }[]>(),
    /** The interaction record of the AI call that produced an assistant message. */
    interaction: jsonb('interaction').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('conversation_messages_conversation_idx').on(t.conversationId, t.id), index('conversation_messages_created_idx').on(t.createdAt)],
);
