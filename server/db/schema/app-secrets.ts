import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Secrets Herald generates for itself on first start (e.g. the JWT signing key), kept in the
 * database so every process on a shared server uses the same one.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
