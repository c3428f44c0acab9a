import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.js';
import { events } from './pipeline.js';

/**
 * Team boards (issue 39, item 6; ADR 017): a named collection of articles in an account, seen by
 * the whole account ('account') or by its owner alone ('private'). The owner's name is kept so a
 * board whose owner left still says who made it; a private board whose owner left is seen by nobody.
 */
export const boards = pgTable(
  'boards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    ownerName: text('owner_name').notNull(),
    name: text('name').notNull(),
    visibility: text('visibility', { enum: ['account', 'private'] }).notNull().default('account'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One name per account, whatever its case.
  (t) => [uniqueIndex('boards_account_name_idx').on(t.accountId, sql`lower(${t.name})`), index('boards_owner_idx').on(t.ownerId)],
);

/**
 * An article on a board, once per board, with a note any reader of the board may edit. Who added
 * it is kept by name: a removed member's items stay readable to the team.
 */
export const boardItems = pgTable(
  'board_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    boardId: bigint('board_id', { mode: 'number' })
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by').references(() => users.id, { onDelete: 'set null' }),
    addedByName: text('added_by_name').notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    noteUpdatedAt: timestamp('note_updated_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('board_items_board_event_idx').on(t.boardId, t.eventId), index('board_items_board_id_idx').on(t.boardId, t.id), index('board_items_event_idx').on(t.eventId)],
);
