import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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
