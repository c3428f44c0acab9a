/**
 * Date display for the reader and the inspection views: short month, day and year in English; relative labels; the timeline's cut form; and
 * the fallbacks for what is not a date.
 */

export const DATE_FALLBACKS = {
  /** Nothing was given (null, undefined). */
  missing: 'Date not available',
  /** Something was given that is not a date value at all (an empty string, a number of the wrong kind). */
  unknown: 'Unknown date',
  /** A string that does not parse as a date. */
  invalid: 'Invalid date string',
  justNow: 'Just now',
} as const;

type DateInput = string | number | Date | null | undefined;

type Parsed = { ok: true; date: Date } | { ok: false; label: string };

function parse(value: DateInput): Parsed {
  if (value === null || value === undefined) return { ok: false, label: DATE_FALLBACKS.missing };
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? { ok: false, label: DATE_FALLBACKS.invalid } : { ok: true, date: value };
  if (typeof value === 'number') return Number.isFinite(value) ? { ok: true, date: new Date(value) } : { ok: false, label: DATE_FALLBACKS.unknown };
  if (typeof value !== 'string' || value.trim() === '') return { ok: false, label: DATE_FALLBACKS.unknown };
  // A bare date (2024-03-20) is a calendar day: read it as noon UTC so no time zone shifts the day.
  const text = /^\d{4}-\d\d-\d\d$/.test(value.trim()) ? `${value.trim()}T12:00:00Z` : value.trim();
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? { ok: false, label: DATE_FALLBACKS.invalid } : { ok: true, date };
}

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Mar 20, 2024', or a fallback label. */
export function formatDate(value: DateInput): string {
  const parsed = parse(value);
  return parsed.ok ? SHORT.format(parsed.date) : parsed.label;
}

/** True when the value reads as a date (so a caller can choose not to show a fallback). */
export function isDate(value: DateInput): boolean {
  return parse(value).ok;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;
const MONTH_DAYS = 30;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`;

/**
 * 'Just now' under 60 s (and for times slightly in the future: clocks differ), then minutes,
 * hours, days, weeks (under 30 days) and months.
 */
export function relativeTime(value: DateInput, now: number = Date.now()): string {
  const parsed = parse(value);
  if (!parsed.ok) return parsed.label;
  const elapsed = now - parsed.date.getTime();
  if (elapsed < MINUTE) return DATE_FALLBACKS.justNow;
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < WEEK) return plural(Math.floor(elapsed / DAY), 'day');
  if (elapsed < MONTH_DAYS * DAY) return plural(Math.floor(elapsed / WEEK), 'week');
  return plural(Math.max(1, Math.floor(elapsed / (MONTH_DAYS * DAY))), 'month');
}

/** The timeline's form: the first 19 characters with the T replaced by a space. */
export function timelineDate(value: DateInput): string {
  const parsed = parse(value);
  if (!parsed.ok) return parsed.label;
  const text = typeof value === 'string' ? value.trim() : parsed.date.toISOString();
  return text.slice(0, 19).replace('T', ' ');
}

/** The machine-readable value for a <time dateTime>, or undefined. */
export function isoDate(value: DateInput): string | undefined {
  const parsed = parse(value);
  return parsed.ok ? parsed.date.toISOString() : undefined;
}
