import type { TSearchRequest } from '../../../contract/search';

/** Date & Time presets: a relative window ending now. */
export const DATE_PRESETS = [
  { key: '24h', label: 'Last 24 hours', seconds: 86_400 },
  { key: '7d', label: 'Last 7 days', seconds: 7 * 86_400 },
  { key: '30d', label: 'Last 30 days', seconds: 30 * 86_400 },
  { key: '90d', label: 'Last 90 days', seconds: 90 * 86_400 },
  { key: '1y', label: 'Last year', seconds: 365 * 86_400 },
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number]['key'];

export interface SearchFilters {
  collections: number[];
  dateMode: 'none' | 'preset' | 'custom';
  preset: DatePreset;
  /** datetime-local values; an invalid one is ignored. */
  customFrom: string;
  customTo: string;
  /** The Min Score field as typed: 0..1 in steps of 0.01; 0 or invalid means no minimum. */
  minScore: string;
}

export const NO_FILTERS: SearchFilters = { collections: [], dateMode: 'none', preset: '7d', customFrom: '', customTo: '', minScore: '' };

const epoch = (value: string): number | undefined => {
  if (!value.trim()) return undefined;
  const ms = new Date(value).getTime();
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : undefined;
};

/** The min score that applies, or undefined (0, empty, out of range or not a number). */
export function minScoreOf(value: string): number | undefined {
  if (!value.trim()) return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 && n <= 1 ? Math.round(n * 100) / 100 : undefined;
}

/** True when the Date & Time filter bounds the search (a preset, or a valid custom date). */
export function hasDateRange(f: SearchFilters): boolean {
  return dateRangeOf(f, 0) !== undefined;
}

export function activeFilterCount(f: SearchFilters): number {
  return (f.collections.length ? 1 : 0) + (hasDateRange(f) ? 1 : 0) + (minScoreOf(f.minScore) !== undefined ? 1 : 0);
}

/** The date range in epoch seconds, or undefined when no bound applies. */
export function dateRangeOf(f: SearchFilters, nowMs: number): { $gte?: number; $lte?: number } | undefined {
  if (f.dateMode === 'preset') {
    const preset = DATE_PRESETS.find((p) => p.key === f.preset)!;
    const now = Math.floor(nowMs / 1000);
    return { $gte: now - preset.seconds, $lte: now };
  }
  if (f.dateMode === 'custom') {
    const range = { $gte: epoch(f.customFrom), $lte: epoch(f.customTo) };
    if (range.$gte === undefined && range.$lte === undefined) return undefined;
    return Object.fromEntries(Object.entries(range).filter(([, v]) => v !== undefined));
  }
  return undefined;
}

/** The POST /search/ body for a query and the filters. */
export function searchRequest(query: string, f: SearchFilters, nowMs: number, limit = 20): TSearchRequest {
  const range = dateRangeOf(f, nowMs);
  const minScore = minScoreOf(f.minScore);
  return {
    query: query.trim(),
    limit,
    offset: 0,
    filters: {
      ...(f.collections.length ? { collections: f.collections } : {}),
      ...(range ? { date_range: { canonical_at_timestamp: range } } : {}),
    },
    ...(minScore !== undefined ? { min_score: minScore } : {}),
  };
}
