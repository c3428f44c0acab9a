import type { ReactNode } from 'react';
import { ExternalLink, Pause, Pencil, Play, Trash2 } from 'lucide-react';
import type { TSource, TSourceRun } from '../../../contract/sources';
import { Drawer } from '../../components/ui/drawer';
import { Alert } from '../../components/ui/form';
import { useSourceDetail } from './api';
import { Ago, StateBadge, Until } from './pieces';
import { humanise } from './schema-form';
import { RunProgress, type SourceActions } from './source-list';
import { collectionName, exactTime, formatCount, formatDuration, formatInterval, formatShare, runOutcome, shortTime, stateReason } from './source-state';

const TRIGGERS: Record<TSourceRun['trigger'], string> = { schedule: 'Scheduled', manual: 'Run now', cli: 'Command line' };

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-3 py-1.5 text-sm">
      <dt className="shrink-0 text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 text-right break-words">{children}</dd>
    </div>
  );
}

function settingText(value: unknown): string {
  if (Array.isArray(value)) return value.map(String).join(', ');
  if (typeof value === 'object' && value !== null) return JSON.stringify(value);
  return String(value);
}

function RunItem({ run }: { run: TSourceRun }) {
  const outcome = runOutcome(run);
  const tone = outcome === 'ok' ? 'text-emerald-800 dark:text-emerald-300' : outcome === 'failed' ? 'text-red-800 dark:text-red-300' : 'text-blue-800 dark:text-blue-300';
  return (
    <li className="py-2.5" data-testid="source-run">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
        <time dateTime={run.started_at} title={exactTime(run.started_at)} className="font-medium">
          {shortTime(run.started_at)}
        </time>
        <span className={`text-xs font-semibold ${tone}`}>{outcome === 'ok' ? 'OK' : outcome === 'failed' ? 'Failed' : 'Running'}</span>
      </div>
      <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
        {TRIGGERS[run.trigger]} · {formatDuration(run.started_at, run.finished_at)}
      </p>
      <p className="mt-0.5 text-xs text-slate-700 tabular-nums dark:text-slate-300">
        {formatCount(run.received)} received · {formatCount(run.inserted)} stored · {formatCount(run.duplicates)} known · {formatCount(run.not_modified)}/{formatCount(run.requests)} requests 304
      </p>
      {run.error && <p className="mt-1 text-xs break-words text-red-800 dark:text-red-300">{run.error}</p>}
    </li>
  );
}

const drawerButton =
  'inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';

/** A source's details and its recent runs, polled like the list. */
export function SourceDrawer({ source: listed, onClose, actions, now }: { source: TSource | null; onClose: () => void; actions: SourceActions; now: number }) {
  const id = listed?.id ?? null;
  const detail = useSourceDetail(id, id !== null && actions.queued.has(id));
  // The list's row until the detail arrives; the detail after (it is as fresh or fresher).
  const source = detail.data?.source ?? listed;
  const runs = detail.data?.runs ?? [];
  const settings = Object.entries(source?.settings ?? {});

  return (
    <Drawer open={listed !== null} onClose={onClose} title={<span className="truncate">{source?.name ?? 'Source'}</span>}>
      {source && (
        <div className="space-y-5">
          <div className="space-y-2">
            <div className="flex flex-wrap items-center gap-2">
              <StateBadge state={source.state} />
              <RunProgress source={source} queued={actions.queued.has(source.id)} />
            </div>
            {source.state !== 'active' && <p className={`text-sm ${source.state === 'failing' ? 'text-red-800 dark:text-red-300' : 'text-slate-700 dark:text-slate-300'}`}>{stateReason(source, now)}</p>}
            <div className="flex flex-wrap gap-2 pt-1">
              <button type="button" className={drawerButton} disabled={!source.enabled || source.running !== null || actions.queued.has(source.id) || actions.busy.has(source.id)} onClick={() => actions.run(source)}>
                <Play aria-hidden className="size-4" /> Run now
              </button>
              <button type="button" className={drawerButton} onClick={() => actions.edit(source)}>
                <Pencil aria-hidden className="size-4" /> Edit
              </button>
              <button type="button" className={drawerButton} disabled={actions.busy.has(source.id)} onClick={() => actions.toggle(source)}>
                {source.enabled ? <Pause aria-hidden className="size-4" /> : <Play aria-hidden className="size-4" />} {source.enabled ? 'Disable' : 'Enable'}
              </button>
              <button type="button" className={`${drawerButton} text-red-700! dark:text-red-300!`} onClick={() => actions.remove(source)}>
                <Trash2 aria-hidden className="size-4" /> Delete
              </button>
            </div>
          </div>

          <dl className="divide-y divide-slate-200 dark:divide-slate-800">
            <Row label="Kind">{source.kind_label}</Row>
            <Row label="Collection">{collectionName(source.collection_id)}</Row>
            {source.url && (
              <Row label="Address">
                <a href={source.url} target="_blank" rel="noreferrer noopener" className="inline-flex items-center gap-1 font-medium break-all text-blue-700 hover:underline dark:text-blue-400">
                  {source.url} <ExternalLink aria-hidden className="size-3.5 shrink-0" />
                </a>
              </Row>
            )}
            <Row label="Schedule">{formatInterval(source.interval_minutes)}</Row>
            <Row label="Last run">
              <Ago iso={source.last_run_at} now={now} />
            </Row>
            <Row label="Last success">
              <Ago iso={source.last_success_at} now={now} />
            </Row>
            <Row label="Next run">{source.enabled ? <Until iso={source.next_run_at} now={now} /> : 'Not scheduled (disabled)'}</Row>
            <Row label="Stored by last run">{source.stored_last_run === null ? '—' : formatCount(source.stored_last_run)}</Row>
            <Row label="Stored in 24 h">{formatCount(source.stored_24h)}</Row>
            <Row label="304 Not Modified">{formatShare(source.not_modified_share)}</Row>
            <Row label="Documents">{formatCount(source.documents)}</Row>
            <Row label="Added">
              <Ago iso={source.created_at} now={now} />
            </Row>
          </dl>

          {settings.length > 0 && (
            <section aria-labelledby="source-settings-title">
              <h3 id="source-settings-title" className="text-sm font-semibold">
                Settings
              </h3>
              <dl className="mt-1 divide-y divide-slate-200 dark:divide-slate-800">
                {settings.map(([key, value]) => (
                  <Row key={key} label={humanise(key)}>
                    <span className="font-mono text-xs">{settingText(value)}</span>
                  </Row>
                ))}
              </dl>
            </section>
          )}

          <section aria-labelledby="source-runs-title">
            <h3 id="source-runs-title" className="text-sm font-semibold">
              Recent runs
            </h3>
            {detail.isPending && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading runs…</p>}
            {detail.isError && !detail.data && (
              <div className="mt-2">
                <Alert tone="error">
                  The runs could not be loaded.{' '}
                  <button type="button" className="font-semibold underline" onClick={() => void detail.refetch()}>
                    Try again
                  </button>
                </Alert>
              </div>
            )}
            {detail.data && runs.length === 0 && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">No runs recorded yet. Run it now, or wait for its schedule.</p>}
            {runs.length > 0 && (
              <ul aria-label="Recent runs" className="divide-y divide-slate-200 dark:divide-slate-800">
                {runs.map((run) => (
                  <RunItem key={run.id} run={run} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Drawer>
  );
}
