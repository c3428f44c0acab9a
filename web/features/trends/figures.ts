import { COLLECTIONS } from '../../../contract/collections';
import { TREND_RANGES, type TrendRange } from '../../../contract/constants';

/*
 * The words and numbers of the trends screens, as pure functions: ranges, changes, momentum,
 * bucket and spike dates, source kinds. The screens and their tests share them.
 */

/** The ranges in the order the switch offers them (contract/constants.ts: no schemas, so no zod in the page's chunk). */
export const RANGES = TREND_RANGES;

export const DEFAULT_RANGE: TrendRange = '30d';

/** What the switch shows for each range. */
export const RANGE_LABELS: Record<TrendRange, string> = { '24h': '24 h', '7d': '7 days', '30d': '30 days', '90d': '90 days' };

/** The period as a phrase: 'the last 30 days', 'the previous 30 days'. */
const RANGE_SPAN: Record<TrendRange, string> = { '24h': '24 hours', '7d': '7 days', '30d': '30 days', '90d': '90 days' };
export const lastPeriod = (range: TrendRange) => `the last ${RANGE_SPAN[range]}`;
export const previousPeriod = (range: TrendRange) => `previous ${RANGE_SPAN[range]}`;

/** A range from the address (?range=), else the default. */
export function parseRange(value: string | null | undefined): TrendRange {
  return (RANGES as readonly string[]).includes(value ?? '') ? (value as TrendRange) : DEFAULT_RANGE;
}

const NUMBER = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => NUMBER.format(n);
export const articles = (n: number) => `${formatCount(n)} article${n === 1 ? '' : 's'}`;

export type ChangeDirection = 'up' | 'down' | 'flat' | 'new';

/**
 * The change against the period before: '+25% vs previous 30 days', 'none in the previous 30 days'
 * when it had no articles (the change is then null), 'no change vs ...' under half a percent.
 */
export function changeText(figures: { total: number; previous_total: number; change: number | null }, range: TrendRange): { text: string; direction: ChangeDirection } {
  if (figures.previous_total === 0 || figures.change === null) return { text: `none in the ${previousPeriod(range)}`, direction: 'new' };
  const percent = Math.round(figures.change * 100);
  if (percent === 0) return { text: `no change vs ${previousPeriod(range)}`, direction: 'flat' };
  return { text: `${percent > 0 ? '+' : '−'}${formatCount(Math.abs(percent))}% vs ${previousPeriod(range)}`, direction: percent > 0 ? 'up' : 'down' };
}

/** A rising name's momentum: '×3.2 vs previous 30 days' (rate per day over the last 7 days against the 30 before). */
export function momentumText(momentum: number | null): string {
  if (momentum === null) return 'not named in the previous 30 days';
  const digits = momentum >= 10 ? 0 : 1;
  return `×${momentum.toFixed(digits)} vs previous 30 days`;
}

/** Collection key -> name ('clinical_trials' -> 'Clinical trials'); an unknown key is shown tidied. */
export function kindName(key: string): string {
  return COLLECTIONS.find((c) => c.key === key)?.name ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
}

/** Kinds in the fixed collections' order (unknown ones last, by name), so colours and columns stay put. */
export function orderKinds(keys: Iterable<string>): string[] {
  const rank = (key: string) => {
    const at = COLLECTIONS.findIndex((c) => c.key === key);
    return at < 0 ? COLLECTIONS.length : at;
  };
  return [...new Set(keys)].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The CSS colour of a kind (web/styles.css: --trend-<key>, light and dark). */
export const kindColor = (key: string) => (COLLECTIONS.some((c) => c.key === key) ? `var(--trend-${key})` : 'var(--trend-other)');

export type Bucket = 'hour' | 'day';

// Days are UTC days (the server buckets by UTC), so they are shown in UTC: no time zone moves a day.
const DAY_SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const DAY_LONG = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const DAY_WEEKDAY = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
// Hours are instants: shown in the reader's time.
const HOUR_SHORT = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });
const HOUR_LONG = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** An axis tick: 'Mar 3' for a day, '14:00' for an hour. */
export function tickLabel(start: string, bucket: Bucket): string {
  return bucket === 'day' ? DAY_SHORT.format(toDate(start)) : HOUR_SHORT.format(toDate(start));
}

/** A bucket in full: 'Tue, Mar 3, 2026' or 'Mar 3, 14:00'. */
export function bucketLabel(start: string, bucket: Bucket): string {
  return bucket === 'day' ? DAY_WEEKDAY.format(toDate(start)) : HOUR_LONG.format(toDate(start));
}

/** A day as the empty states name it: 'Mar 3, 2026'. */
export function dayLabel(value: string): string {
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? value : DAY_LONG.format(date);
}

/** A spike's dates: one bucket, or its first and last. */
export function spikeDates(spike: { start: string; end: string }, bucket: Bucket): string {
  if (spike.start === spike.end || toDate(spike.start).getTime() === toDate(spike.end).getTime()) return bucket === 'day' ? dayLabel(spike.start) : bucketLabel(spike.start, 'hour');
  if (bucket === 'day') return `${DAY_SHORT.format(toDate(spike.start))} – ${dayLabel(spike.end)}`;
  return `${bucketLabel(spike.start, 'hour')} – ${HOUR_SHORT.format(toDate(spike.end))}`;
}

/** 'a day' / 'an hour' and their plurals, for the words around spikes. */
export const bucketWord = (bucket: Bucket) => (bucket === 'day' ? { one: 'day', many: 'days', a: 'a day' } : { one: 'hour', many: 'hours', a: 'an hour' });

/** A number of one decimal at most: 2.14 -> '2.1', 3 -> '3'. */
export const decimal = (n: number) => (Number.isInteger(n) ? formatCount(n) : n.toFixed(1));

/** True when the bucket starting at `start` lies within the spike (its first to its last bucket). */
export function inSpike(start: string, spike: { start: string; end: string }): boolean {
  const t = toDate(start).getTime();
  return t >= toDate(spike.start).getTime() && t <= toDate(spike.end).getTime();
}

const BUCKET_MS: Record<Bucket, number> = { hour: 3_600_000, day: 86_400_000 };

/**
 * The start of each of `count` buckets from `from` (the overview's series carries counts only):
 * the bucket holding `from`, then one bucket apart.
 */
export function bucketStarts(from: string, bucket: Bucket, count: number): string[] {
  const size = BUCKET_MS[bucket];
  const first = Math.floor(toDate(from).getTime() / size) * size;
  return Array.from({ length: count }, (_, i) => new Date(first + i * size).toISOString());
}

/** The largest count of a series and the first bucket that has it; undefined when all are zero. */
export function peakOf(series: readonly number[]): { index: number; count: number } | undefined {
  let best: { index: number; count: number } | undefined;
  series.forEach((count, index) => {
    if (count > 0 && (!best || count > best.count)) best = { index, count };
  });
  return best;
}

/** The label of a story's n-th article of `count`: first report, updates, latest. */
export function timelineLabel(index: number, count: number): string {
  if (index === 0) return 'First report';
  if (index === count - 1) return 'Latest';
  return 'Update';
}
