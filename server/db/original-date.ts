import { sql, type SQL } from 'drizzle-orm';
import { documents } from './schema/index.js';

/** A date the source gave in metadata (`original_published_at`, e.g. the demo's replayed documents), when it reads as one. */
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * The time a document is about. A replayed document (the demo source) arrives stamped with the
 * replay time as its canonical time, so the feed orders it by arrival; its original publication
 * date is kept in `metadata.original_published_at`, and that is what it reports on: a 1996 FOMC
 * statement is about 1996, whenever it arrived.
 */
export function originalDate(doc: { canonicalAt: Date; metadata?: Record<string, unknown> | null }): Date {
  const original = doc.metadata?.original_published_at;
  if (typeof original === 'string' && ISO_DATE.test(original.trim())) {
    const at = new Date(original.trim());
    if (!Number.isNaN(at.getTime())) return at;
  }
  return doc.canonicalAt;
}

/** originalDate() in SQL, for windows over `documents` (consolidation compares what documents are about). */
export const originalDateSql: SQL<Date> = sql<Date>`(CASE WHEN ${documents.metadata}->>'original_published_at' ~ '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$' THEN (${documents.metadata}->>'original_published_at')::timestamptz ELSE ${documents.canonicalAt} END)`;
