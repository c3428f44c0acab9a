import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts.js';
import { events } from './pipeline.js';

/**
 * A comment on an article (issue 39 item 5), in the thread its readers share: the article's owner
 * and those it was shared with, all of one account. The author's name is kept so a removed
 * member's comments stay readable to the team; deleting a comment deletes the row (and, by the
 * inbox's foreign key, the notifications it wrote).
 */
export const articleComments = pgTable(
  'article_comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (t) => [index('article_comments_event_idx').on(t.eventId, t.id), index('article_comments_author_idx').on(t.authorId, t.createdAt)],
);

/** The teammates a comment mentions (resolved from its @handles when written or edited). */
export const articleCommentMentions = pgTable(
  'article_comment_mentions',
  {
    commentId: bigint('comment_id', { mode: 'number' })
      .notNull()
      .references(() => articleComments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The handle as resolved then: the comment still draws it after the teammate's email changes. */
    handle: text('handle').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('article_comment_mentions_user_idx').on(t.userId)],
);
