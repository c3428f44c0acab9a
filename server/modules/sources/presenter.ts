import type { TSource, TSourceRun } from '../../../contract/sources.js';
import { connectorFor } from '../../sources/registry.js';

/** A sources row as raw SQL answers it, with list.ts's figures. */
export interface SourceStatsRow {
  id: number | string;
  kind: string;
  name: string;
  collection_id: number;
  config: Record<string, unknown> | null;
  enabled: boolean;
  interval_minutes: number;
  consecutive_failures: number;
  last_error: string | null;
  disabled_reason: string | null;
  last_run_at: Date | string | null;
  last_success_at: Date | string | null;
  next_run_at: Date | string | null;
  created_at: Date | string;
  documents: number;
  stored_last_run: number | null;
  stored_24h: number;
  requests_24h: number;
  not_modified_24h: number;
  running: { started_at: string; pages: number; received: number; inserted: number } | string | null;
}

export interface SourceRunRow {
  id: number | string;
  trigger: 'schedule' | 'manual' | 'cli';
  started_at: Date | string;
  finished_at: Date | string | null;
  ok: boolean | null;
  pages: number;
  received: number;
  inserted: number;
  duplicates: number;
  requests: number;
  not_modified: number;
  error: string | null;
}

const iso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** The address a source reads, when its settings carry one. */
export function sourceUrl(settings: Record<string, unknown> | null | undefined): string | null {
  return typeof settings?.url === 'string' ? settings.url : null;
}

export function presentSource(row: SourceStatsRow): TSource {
  const running = typeof row.running === 'string' ? (JSON.parse(row.running) as Exclude<SourceStatsRow['running'], string>) : row.running;
  const settings = row.config ?? {};
  const failing = row.enabled && row.last_error !== null;
  return {
    id: Number(row.id),
    kind: row.kind,
    kind_label: connectorFor(row.kind)?.label ?? row.kind,
    name: row.name,
    collection_id: row.collection_id,
    settings,
    url: sourceUrl(settings),
    enabled: row.enabled,
    state: !row.enabled ? 'disabled' : failing ? 'failing' : 'active',
    disabled_reason: row.enabled ? null : row.disabled_reason,
    interval_minutes: row.interval_minutes,
    last_run_at: iso(row.last_run_at),
    last_success_at: iso(row.last_success_at),
    next_run_at: row.enabled ? iso(row.next_run_at) : null,
    last_error: row.last_error,
    last_error_at: row.last_error === null ? null : iso(row.last_run_at),
    consecutive_failures: row.consecutive_failures,
    documents: row.documents,
    stored_last_run: row.stored_last_run,
    stored_24h: row.stored_24h,
    not_modified_share: row.requests_24h > 0 ? row.not_modified_24h / row.requests_24h : null,
    running: running ? { started_at: iso(running.started_at)!, pages: running.pages, received: running.received, inserted: running.inserted } : null,
    created_at: iso(row.created_at)!,
  };
}

export function presentRun(row: SourceRunRow): TSourceRun {
  return {
    id: Number(row.id),
    started_at: iso(row.started_at)!,
    finished_at: iso(row.finished_at),
    ok: row.ok,
    trigger: row.trigger,
    pages: row.pages,
    received: row.received,
    inserted: row.inserted,
    duplicates: row.duplicates,
    requests: row.requests,
    not_modified: row.not_modified,
    error: row.error,
  };
}
