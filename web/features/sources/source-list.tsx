import type { ReactNode } from 'react';
import { MoreHorizontal, Pause, Pencil, Play, PanelRightOpen, Trash2 } from 'lucide-react';
import type { TSource } from '../../../contract/sources';
import { Menu, type MenuItem } from '../../components/ui/menu';
import { Ago, StateBadge, Until } from './pieces';
import { collectionName, formatCount, formatShare, plural, stateReason } from './source-state';

export interface SourceActions {
  run(source: TSource): void;
  toggle(source: TSource): void;
  edit(source: TSource): void;
  remove(source: TSource): void;
  open(source: TSource): void;
  /** The source a call is going on for (run, enable/disable), to keep its buttons from a second click. */
  busy: ReadonlySet<number>;
  /** Runs asked for that have not started yet. */
  queued: ReadonlySet<number>;
}

const hostOf = (url: string | null) => {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function Spin() {
  return <span aria-hidden className="inline-block size-3 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent" />;
}

/** The run going on (pages and items so far), or one asked for that has not started. */
export function RunProgress({ source, queued }: { source: TSource; queued: boolean }) {
  if (source.running) {
    const { pages, received, inserted } = source.running;
    return (
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-blue-800 dark:text-blue-300" data-testid="run-progress">
        <Spin />
        <span>
          Running: {plural(pages, 'page')}, {plural(received, 'item')}, {formatCount(inserted)} stored
        </span>
      </span>
    );
  }
  if (queued) {
    return (
      <span className="inline-flex items-center gap-1.5 text-sm font-medium text-blue-800 dark:text-blue-300">
        <Spin /> Starting…
      </span>
    );
  }
  return null;
}

function actionItems(source: TSource, actions: SourceActions): MenuItem[] {
  return [
    { key: 'details', label: 'Details and runs', icon: <PanelRightOpen />, onSelect: () => actions.open(source) },
    { key: 'edit', label: 'Edit', icon: <Pencil />, onSelect: () => actions.edit(source) },
    source.enabled ? { key: 'toggle', label: 'Disable', icon: <Pause />, onSelect: () => actions.toggle(source) } : { key: 'toggle', label: 'Enable', icon: <Play />, onSelect: () => actions.toggle(source) },
    { key: 'delete', label: 'Delete…', icon: <Trash2 />, onSelect: () => actions.remove(source), tone: 'danger', separated: true },
  ];
}

const smallButton =
  'inline-flex items-center gap-1.5 whitespace-nowrap rounded-md border border-slate-300 bg-white px-2.5 py-1.5 text-xs font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:opacity-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';
const iconButton =
  'inline-flex size-8 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

function RowButtons({ source, actions, menuAbove = false }: { source: TSource; actions: SourceActions; menuAbove?: boolean }) {
  const running = source.running !== null || actions.queued.has(source.id);
  return (
    <div className="flex items-center justify-end gap-1">
      <button type="button" className={smallButton} disabled={running || actions.busy.has(source.id) || !source.enabled} title={source.enabled ? undefined : 'Enable it to run it'} onClick={() => actions.run(source)}>
        <Play aria-hidden className="size-3.5" /> Run now
      </button>
      <Menu
        label={`Actions for ${source.name}`}
        trigger={<MoreHorizontal aria-hidden className="size-4" />}
        triggerClassName={iconButton}
        placement={menuAbove ? 'above' : 'below'}
        items={actionItems(source, actions)}
      />
    </div>
  );
}

/** The name, a button that opens the details, and what it is. */
function SourceTitle({ source, actions }: { source: TSource; actions: SourceActions }) {
  const host = hostOf(source.url);
  return (
    <div className="min-w-0">
      <button
        type="button"
        onClick={() => actions.open(source)}
        className="max-w-full truncate rounded text-left font-semibold text-slate-900 hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-white dark:hover:text-blue-300"
        title={source.name}
      >
        {source.name}
      </button>
      <p className="truncate text-xs text-slate-600 dark:text-slate-400" title={source.url ?? undefined}>
        {source.kind_label} · {collectionName(source.collection_id)}
        {host ? ` · ${host}` : ''}
      </p>
    </div>
  );
}

/** Why it fails or is off, under the row. */
function ReasonLine({ source, now }: { source: TSource; now: number }) {
  if (source.state === 'failing') {
    return (
      <p className="text-xs text-red-800 dark:text-red-300">
        <span className="font-semibold">Last error</span>
        {source.last_error_at && (
          <>
            {' '}
            <Ago iso={source.last_error_at} now={now} />
          </>
        )}
        {source.consecutive_failures > 1 && ` (${source.consecutive_failures} failures in a row)`}: <span className="break-words">{source.last_error ?? 'no message'}</span>
      </p>
    );
  }
  if (source.state === 'disabled') return <p className="text-xs text-slate-600 dark:text-slate-400">{source.disabled_reason ? `Disabled: ${source.disabled_reason}` : 'Disabled by an operator'}</p>;
  return null;
}

const th = 'px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';
const td = 'px-3 py-2.5 align-top';

/** Desktop: a table, one row per source (and a line under it when it fails or is off). */
export function SourceTable({ sources, actions, now }: { sources: readonly TSource[]; actions: SourceActions; now: number }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full min-w-[52rem] border-collapse text-sm">
        <caption className="sr-only">Sources</caption>
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-800/50">
          <tr>
            <th scope="col" className={th}>
              Source
            </th>
            <th scope="col" className={th}>
              State
            </th>
            <th scope="col" className={th}>
              Last run
            </th>
            <th scope="col" className={`${th} text-right`}>
              <abbr title="Items stored by the last run, and in the last 24 hours" className="no-underline">
                Stored
              </abbr>
            </th>
            <th scope="col" className={`${th} text-right`}>
              <abbr title="Share of the last 24 hours' requests answered 304 Not Modified" className="no-underline">
                304s
              </abbr>
            </th>
            <th scope="col" className={`${th} text-right`}>
              Documents
            </th>
            <th scope="col" className={`${th} text-right`}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        {sources.map((source) => {
          const reason = <ReasonLine source={source} now={now} />;
          const hasReason = source.state !== 'active';
          return (
            <tbody key={source.id} data-testid="source-row" data-source-id={source.id} className="border-b border-slate-200 last:border-b-0 dark:border-slate-800">
              <tr>
                <td className={`${td} max-w-[22rem]`}>
                  <SourceTitle source={source} actions={actions} />
                </td>
                <td className={td}>
                  <StateBadge state={source.state} reason={stateReason(source, now)} />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <RunProgress source={source} queued={actions.queued.has(source.id)} />
                  {!source.running && !actions.queued.has(source.id) && (
                    <>
                      <Ago iso={source.last_run_at} now={now} />
                      <p className="text-xs text-slate-600 dark:text-slate-400">{source.enabled ? <>Next run: <Until iso={source.next_run_at} now={now} /></> : 'Not scheduled'}</p>
                    </>
                  )}
                </td>
                <td className={`${td} text-right whitespace-nowrap tabular-nums`}>
                  <span title="Stored by the last run" data-testid="stored-last-run">
                    {source.stored_last_run === null ? '—' : formatCount(source.stored_last_run)}
                  </span>
                  <p className="text-xs text-slate-600 dark:text-slate-400">{formatCount(source.stored_24h)} in 24 h</p>
                </td>
                <td className={`${td} text-right tabular-nums`}>{formatShare(source.not_modified_share)}</td>
                <td className={`${td} text-right tabular-nums`} data-testid="documents">
                  {formatCount(source.documents)}
                </td>
                <td className={`${td} text-right`}>
                  <RowButtons source={source} actions={actions} />
                </td>
              </tr>
              {hasReason && (
                <tr>
                  <td colSpan={7} className="px-3 pt-0 pb-2.5">
                    {reason}
                  </td>
                </tr>
              )}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

function Metric({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="truncate font-medium tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/** Phones: a card per source. */
export function SourceCards({ sources, actions, now }: { sources: readonly TSource[]; actions: SourceActions; now: number }) {
  return (
    <ul aria-label="Sources" className="space-y-3">
      {sources.map((source) => (
        <li key={source.id} data-testid="source-row" data-source-id={source.id} className="rounded-xl border border-slate-200 bg-white p-3 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <div className="flex items-start justify-between gap-2">
            <SourceTitle source={source} actions={actions} />
            <StateBadge state={source.state} reason={stateReason(source, now)} />
          </div>
          {source.state !== 'active' && (
            <div className="mt-2">
              <ReasonLine source={source} now={now} />
            </div>
          )}
          <div className="mt-2">
            <RunProgress source={source} queued={actions.queued.has(source.id)} />
          </div>
          <dl className="mt-2 grid grid-cols-3 gap-x-3 gap-y-2 text-sm">
            <Metric label="Last run">
              <Ago iso={source.last_run_at} now={now} />
            </Metric>
            <Metric label="Next run">{source.enabled ? <Until iso={source.next_run_at} now={now} /> : 'Off'}</Metric>
            <Metric label="Documents" testId="documents">
              {formatCount(source.documents)}
            </Metric>
            <Metric label="Stored last run" testId="stored-last-run">
              {source.stored_last_run === null ? '—' : formatCount(source.stored_last_run)}
            </Metric>
            <Metric label="Stored 24 h">{formatCount(source.stored_24h)}</Metric>
            <Metric label="304s">{formatShare(source.not_modified_share)}</Metric>
          </dl>
          <div className="mt-3 border-t border-slate-200 pt-2 dark:border-slate-800">
            {/* The buttons end the card: its menu opens upwards, over the card, clear of the tab bar. */}
            <RowButtons source={source} actions={actions} menuAbove />
          </div>
        </li>
      ))}
    </ul>
  );
}
