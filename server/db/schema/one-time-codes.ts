import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Short-lived secrets: email confirmation and reset codes, link and invite tokens.
 * Only a hash of the secret is stored. Rows past `expires_at` are deleted by the
 * `cleanup-expired` job.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').notNull(),
    subject: text('subject').notNull(),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('one_time_codes_subject_idx').on(t.purpose, t.subject), index('one_time_codes_expires_idx').on(t.expiresAt)],
);
