import { sql } from 'drizzle-orm';
import { bigint, boolean, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.js';
import { articleComments } from './comments.js';
import { sources } from './content.js';
import { events } from './pipeline.js';
import { topics } from './topics.js';

/**
 * An article handed to teammates with a note (issue 39, item 4). The article stays the sharer's
 * event; its recipients (article_share_recipients) may read it. The sharer's name is kept so a
 * removed member's shares stay readable to the team.
 */
export const articleShares = pgTable(
  'article_shares',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    sharerId: uuid('sharer_id').references(() => users.id, { onDelete: 'set null' }),
    sharerName: text('sharer_name').notNull(),
    note: text('note'),
    /** Shared with the whole account (its members at the time), not chosen teammates. */
    wholeAccount: boolean('whole_account').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('article_shares_event_idx').on(t.eventId)],
);

/** Who an article was shared with: each may read the article and sees the share on its page. */
export const articleShareRecipients = pgTable(
  'article_share_recipients',
  {
    shareId: bigint('share_id', { mode: 'number' })
      .notNull()
      .references(() => articleShares.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.userId] }), index('article_share_recipients_user_idx').on(t.userId)],
);

export const INBOX_KINDS = ['alert', 'spike', 'share', 'mention', 'comment', 'member_joined', 'source_disabled', 'budget', 'seats'] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/**
 * One notification for one user (the in-app channel): written in the transaction of the event it
 * tells of, once per (user, key). Later channels (push, email by preference) and kinds (comments,
 * mentions) read and write the same rows.
 */
export const inboxItems = pgTable(
  'inbox_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: INBOX_KINDS }).notNull(),
    /** Once per user and key ('alert:123', 'share:7', 'joined:<user>'): a retried job writes nothing twice. */
    key: text('key').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    /** The article it opens (the event), the topic, the source, who did it, the share. */
    eventId: bigint('event_id', { mode: 'number' }).references(() => events.id, { onDelete: 'cascade' }),
    topicId: bigint('topic_id', { mode: 'number' }).references(() => topics.id, { onDelete: 'set null' }),
    sourceId: bigint('source_id', { mode: 'number' }).references(() => sources.id, { onDelete: 'set null' }),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name'),
    shareId: bigint('share_id', { mode: 'number' }).references(() => articleShares.id, { onDelete: 'cascade' }),
    /** Comments and mentions (issue 39 item 5) name their comment here; deleting it deletes them. */
    commentId: bigint('comment_id', { mode: 'number' }).references(() => articleComments.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('inbox_items_event_idx').on(t.eventId),
    index('inbox_items_comment_idx').on(t.commentId).where(sql`comment_id IS NOT NULL`),
    uniqueIndex('inbox_items_user_key_idx').on(t.userId, t.key),
    index('inbox_items_user_page_idx').on(t.userId, t.id.desc()).where(sql`archived_at IS NULL`),
    index('inbox_items_user_unread_idx').on(t.userId, t.kind).where(sql`read_at IS NULL AND archived_at IS NULL`),
  ],
);
