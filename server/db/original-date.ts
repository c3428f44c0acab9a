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
  return isoDate(doc.metadata?.original_published_at) ?? doc.canonicalAt;
}

/** A metadata value that reads as an ISO date, as a date. */
function isoDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !ISO_DATE.test(value.trim())) return null;
  const at = new Date(value.trim());
  return Number.isNaN(at.getTime()) ? null : at;
}

/**
 * The date a document gives itself, the one a reader is told ("Wikinews article, Nov 14, 2004"):
 * a replayed document's original date (`metadata.original_published_at`; a replayed record
 * without one has none), else the date its source published it; null when neither is known.
 * Never the time it arrived: canonicalAt falls back to the ingest (or replay) time, which is no
 * date of the document's own.
 */
export function ownDate(doc: { publishedAt: Date | null; metadata?: Record<string, unknown> | null }): Date | null {
  if (doc.metadata && 'original_published_at' in doc.metadata) return isoDate(doc.metadata.original_published_at);
  return doc.publishedAt && !Number.isNaN(doc.publishedAt.getTime()) ? doc.publishedAt : null;
}

/** originalDate() in SQL, for windows over `documents` (consolidation compares what documents are about). */
export const originalDateSql: SQL<Date> = sql<Date>`(CASE WHEN ${documents.metadata}->>'original_published_at' ~ '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$' THEN (${documents.metadata}->>'original_published_at')::timestamptz ELSE ${documents.canonicalAt} END)`;
