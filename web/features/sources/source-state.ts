import { COLLECTIONS } from '../../../contract/collections';
import type { TSource, TSourceRun, TSourceState } from '../../../contract/sources';
import { formatDate } from '../../lib/dates';

/** The pure readings of the Sources page: filters, counts and the wording of numbers and times. */

export type StateFilter = 'all' | TSourceState;

export interface SourceFilter {
  state: StateFilter;
  /** A kind, or 'all'. */
  kind: string;
  /** Words that must all appear in the name, address or kind. */
  query: string;
}

export const NO_FILTER: SourceFilter = { state: 'all', kind: 'all', query: '' };

export const STATE_LABELS: Record<TSourceState, string> = { active: 'Active', failing: 'Failing', disabled: 'Disabled' };

const words = (query: string) => query.toLowerCase().split(/\s+/).filter(Boolean);

export function matchesFilter(source: TSource, filter: SourceFilter): boolean {
  if (filter.state !== 'all' && source.state !== filter.state) return false;
  if (filter.kind !== 'all' && source.kind !== filter.kind) return false;
  const terms = words(filter.query);
  if (terms.length === 0) return true;
  const haystack = `${source.name} ${source.url ?? ''} ${source.kind_label}`.toLowerCase();
  return terms.every((term) => haystack.includes(term));
}

/** The sources the filter keeps, by name (case-insensitive), then id. */
export function filterSources(sources: readonly TSource[], filter: SourceFilter): TSource[] {
  return sources.filter((source) => matchesFilter(source, filter)).sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id);
}

/** How many sources each state has, and all of them; kind and search narrow the counts too. */
export function stateCounts(sources: readonly TSource[], filter: Omit<SourceFilter, 'state'> = { kind: 'all', query: '' }): Record<StateFilter, number> {
  const counts: Record<StateFilter, number> = { all: 0, active: 0, failing: 0, disabled: 0 };
  for (const source of sources) {
    if (!matchesFilter(source, { ...filter, state: 'all' })) continue;
    counts.all += 1;
    counts[source.state] += 1;
  }
  return counts;
}

/** The kinds present in the list, by label, for the kind filter. */
export function kindsIn(sources: readonly TSource[]): { kind: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const source of sources) if (!seen.has(source.kind)) seen.set(source.kind, source.kind_label);
  return [...seen].map(([kind, label]) => ({ kind, label })).sort((a, b) => a.label.localeCompare(b.label));
}

export const anyRunning = (sources: readonly Pick<TSource, 'running'>[]) => sources.some((source) => source.running !== null);

export const FAST_POLL_MS = 2_000;
export const SLOW_POLL_MS = 15_000;

/** Every 2 s while a run goes on (or one was just asked for), else every 15 s. */
export function pollInterval(sources: readonly Pick<TSource, 'running'>[], fast = false): number {
  return fast || anyRunning(sources) ? FAST_POLL_MS : SLOW_POLL_MS;
}

export function collectionName(id: number): string {
  return COLLECTIONS.find((collection) => collection.id === id)?.name ?? `Collection ${id}`;
}

const NUMBER = new Intl.NumberFormat('en-US');
export const formatCount = (n: number) => NUMBER.format(n);

/** The 304 share as a whole percentage ('<1%' for a sliver), or a dash when no request was made. */
export function formatShare(share: number | null): string {
  if (share === null || !Number.isFinite(share)) return '—';
  const percent = share * 100;
  if (percent > 0 && percent < 1) return '<1%';
  if (percent < 100 && percent > 99) return '>99%';
  return `${Math.round(percent)}%`;
}

/** 'Every 15 min', 'Every hour', 'Every 1 h 30 min', 'Every day'. */
export function formatInterval(minutes: number): string {
  if (minutes < 60) return `Every ${minutes} min`;
  if (minutes % 1440 === 0) return minutes === 1440 ? 'Every day' : `Every ${minutes / 1440} days`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (rest === 0) return hours === 1 ? 'Every hour' : `Every ${hours} h`;
  return `Every ${hours} h ${rest} min`;
}

const EXACT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const SHORT_TIME = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The exact moment, for a tooltip: 'May 3, 2025, 2:02:11 PM'. */
export function exactTime(iso: string | null): string | undefined {
  if (!iso) return undefined;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? undefined : EXACT.format(date);
}

/** 'May 3, 2:02 PM'. */
export function shortTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : SHORT_TIME.format(date);
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A time in the past: 'Just now', '5 min ago', '3 h ago', '2 days ago', then the date. */
export function agoLabel(iso: string | null, now: number): string {
  if (!iso) return 'Never';
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return 'Never';
  const elapsed = now - at;
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)} min ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)} h ago`;
  const days = Math.floor(elapsed / DAY);
  if (days < 30) return `${days} ${days === 1 ? 'day' : 'days'} ago`;
  return formatDate(iso);
}

/** A time ahead: 'Due now' (or overdue), 'in 5 min', 'in 3 h', 'in 2 days'; a dash when none is planned. */
export function untilLabel(iso: string | null, now: number): string {
  if (!iso) return '—';
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '—';
  const ahead = at - now;
  if (ahead < MINUTE) return 'Due now';
  if (ahead < HOUR) return `in ${Math.round(ahead / MINUTE)} min`;
  if (ahead < DAY) return `in ${Math.round(ahead / HOUR)} h`;
  const days = Math.round(ahead / DAY);
  return `in ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** '850 ms', '12 s', '2 min 5 s', '1 h 3 min'; 'Running' while it has no end. */
export function formatDuration(startedAt: string, finishedAt: string | null): string {
  if (!finishedAt) return 'Running';
  const ms = new Date(finishedAt).getTime() - new Date(startedAt).getTime();
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return seconds % 60 ? `${minutes} min ${seconds % 60} s` : `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export type RunOutcome = 'running' | 'ok' | 'failed';
export const runOutcome = (run: Pick<TSourceRun, 'ok'>): RunOutcome => (run.ok === null ? 'running' : run.ok ? 'ok' : 'failed');

/** Why a source is in its state, in a sentence (the badge's tooltip and the expanded line). */
export function stateReason(source: TSource, now: number): string | null {
  if (source.state === 'disabled') return source.disabled_reason ? `Disabled: ${source.disabled_reason}` : 'Disabled by an operator';
  if (source.state === 'failing') {
    const when = source.last_error_at ? agoLabel(source.last_error_at, now).toLowerCase() : null;
    const failures = source.consecutive_failures > 1 ? ` (${source.consecutive_failures} failures in a row)` : '';
    return `Last run failed${when ? ` ${when}` : ''}${failures}: ${source.last_error ?? 'no error message'}`;
  }
  return null;
}

/** A plural noun: '1 document', '2 documents'. */
export const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

export const MAX_INTERVAL_MINUTES = 7 * 24 * 60;

/**
 * The fields every source form has, as typed: the trimmed name and the interval in minutes, or
 * the errors to show under them (keyed by the API's field names). `minutes` is set only when valid.
 */
export function readSourceFields(name: string, interval: string): { name: string; minutes?: number; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  if (!name.trim()) errors.name = 'Give the source a name';
  const minutes = readInterval(interval);
  if (!minutes.ok) errors.interval_minutes = minutes.error;
  return { name: name.trim(), minutes: minutes.ok ? minutes.value : undefined, errors };
}

/** The interval as typed, or the reason it cannot be taken. */
export function readInterval(text: string): { ok: true; value: number } | { ok: false; error: string } {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) return { ok: false, error: 'Enter a number of minutes' };
  if (!Number.isInteger(value)) return { ok: false, error: 'A whole number of minutes' };
  if (value < 1) return { ok: false, error: 'At least 1 minute' };
  if (value > MAX_INTERVAL_MINUTES) return { ok: false, error: 'At most a week' };
  return { ok: true, value };
}
