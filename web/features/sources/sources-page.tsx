import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Download, FileUp, Plus, Rss, Search, X } from 'lucide-react';
import type { TSource, TSourceList } from '../../../contract/sources';
import { Alert, Button, inputClass, selectClass } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { AddSourceDialog } from './add-source-dialog';
import { errorText, sourceKeys, sourcesApi, useSources } from './api';
import { DeleteSourceDialog } from './delete-source-dialog';
import { EditSourceDialog } from './edit-source-dialog';
import { OpmlImportDialog } from './opml-dialog';
import { useNow } from './pieces';
import { SourceDrawer } from './source-drawer';
import { SourceCards, SourceTable, type SourceActions } from './source-list';
import { filterSources, kindsIn, NO_FILTER, plural, stateCounts, type SourceFilter, type StateFilter } from './source-state';
import { usePageTitle } from '../../lib/use-page-title';

/** A run asked for stops counting as queued once it starts, once the source's last run changes, or after this long. */
const QUEUED_FOR_MS = 2 * 60_000;
/** Below this width (the page's, not the window's: the side panel takes room) sources are cards. */
const TABLE_MIN_PX = 760;

/** True while the element is at least `min` pixels wide. */
function useWideEnough(min: number) {
  const ref = useRef<HTMLDivElement>(null);
  const [wide, setWide] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWide(entry.contentRect.width >= min);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [min]);
  return { ref, wide };
}

const STATE_CARDS: { key: StateFilter; label: string; tone: string }[] = [
  { key: 'all', label: 'All sources', tone: 'text-slate-900 dark:text-white' },
  { key: 'active', label: 'Active', tone: 'text-emerald-700 dark:text-emerald-300' },
  { key: 'failing', label: 'Failing', tone: 'text-red-700 dark:text-red-300' },
  { key: 'disabled', label: 'Disabled', tone: 'text-slate-600 dark:text-slate-300' },
];

/**
 * Sources (/sources, superusers): every source Herald reads with its state, schedule and yield;
 * run, enable or disable, edit, delete; add by a site's address (feed discovery) or any other kind
 * with its generated settings form; OPML in and out. Polled every 2 s while a source runs, else 15 s.
 */
export default function SourcesPage() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const now = useNow(5_000);
  const [filter, setFilter] = useState<SourceFilter>(NO_FILTER);
  const [queued, setQueued] = useState<Record<number, { since: string | null; at: number }>>({});
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const [editing, setEditing] = useState<TSource | null>(null);
  const [deleting, setDeleting] = useState<TSource | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const searchId = useId();
  const kindId = useId();
  const { ref: listRef, wide } = useWideEnough(TABLE_MIN_PX);

  usePageTitle('Sources');

  // Runs asked for here that have not started or finished yet, as the latest list tells.
  const queuedIn = (sources: readonly TSource[]) =>
    new Set(
      sources
        .filter((source) => {
          const entry = queued[source.id];
          return entry !== undefined && !source.running && source.last_run_at === entry.since && now - entry.at < QUEUED_FOR_MS;
        })
        .map((source) => source.id),
    );
  const query = useSources((sources) => queuedIn(sources).size > 0);
  const all = query.data?.sources ?? [];
  const queuedIds = queuedIn(all);

  // A run asked for here that ends says how it went.
  const watched = useRef(new Map<number, string | null>());
  useEffect(() => {
    const list = query.data?.sources;
    if (!list) return;
    for (const source of list) {
      if (!watched.current.has(source.id) || source.running) continue;
      const since = watched.current.get(source.id) ?? null;
      if (source.last_run_at === since) continue;
      watched.current.delete(source.id);
      if (source.state === 'failing' && source.last_error) toast.show('error', `${source.name}: the run failed. ${source.last_error}`);
      else toast.show('success', `${source.name}: run finished, ${plural(source.stored_last_run ?? 0, 'new document')} stored.`);
    }
  }, [query.data, toast]);

  const replace = useCallback(
    (saved: TSource) => {
      queryClient.setQueryData<TSourceList>(sourceKeys.list, (data) => data && { sources: data.sources.map((s) => (s.id === saved.id ? saved : s)) });
      void queryClient.invalidateQueries({ queryKey: sourceKeys.detail(saved.id) });
    },
    [queryClient],
  );

  const withBusy = async (id: number, work: () => Promise<void>) => {
    setBusy((current) => new Set([...current, id]));
    try {
      await work();
    } finally {
      setBusy((current) => new Set([...current].filter((entry) => entry !== id)));
    }
  };

  const run = (source: TSource) =>
    void withBusy(source.id, async () => {
      try {
        const answer = await sourcesApi.run(source.id);
        if (answer.already_running) toast.show('info', `${source.name} has a run queued or going on already.`);
        else {
          watched.current.set(source.id, source.last_run_at);
          setQueued((current) => ({ ...current, [source.id]: { since: source.last_run_at, at: Date.now() } }));
        }
        void queryClient.invalidateQueries({ queryKey: sourceKeys.list });
        void queryClient.invalidateQueries({ queryKey: sourceKeys.detail(source.id) });
      } catch (error) {
        toast.show('error', errorText(error, `${source.name} could not be run. Please try again.`));
      }
    });

  const setEnabled = async (source: TSource, enabled: boolean) => {
    try {
      const saved = await sourcesApi.update(source.id, { enabled });
      replace(saved);
      toast.show('success', enabled ? `Enabled ${saved.name}.` : `Disabled ${saved.name}. Its documents stay.`);
    } catch (error) {
      toast.show('error', errorText(error, `${source.name} could not be ${enabled ? 'enabled' : 'disabled'}. Please try again.`));
      throw error;
    }
  };

  const actions: SourceActions = {
    run,
    toggle: (source) => void withBusy(source.id, () => setEnabled(source, !source.enabled).catch(() => undefined)),
    edit: setEditing,
    remove: setDeleting,
    open: (source) => setDetailId(source.id),
    busy,
    queued: queuedIds,
  };

  const exportOpml = async () => {
    setExporting(true);
    try {
      const name = await sourcesApi.exportOpml();
      toast.show('success', `Saved ${name}.`);
    } catch (error) {
      toast.show('error', errorText(error, 'The export failed. Please try again.'));
    } finally {
      setExporting(false);
    }
  };

  const onAdded = (source: TSource) => {
    queryClient.setQueryData<TSourceList>(sourceKeys.list, (data) => data && { sources: [...data.sources.filter((s) => s.id !== source.id), source] });
    void queryClient.invalidateQueries({ queryKey: sourceKeys.list });
    setFilter(NO_FILTER);
    toast.show('success', `Added ${source.name}. Its first run starts now.`);
  };

  const counts = stateCounts(all);
  const shown = filterSources(all, filter);
  const kinds = kindsIn(all);
  const filtered = filter.state !== 'all' || filter.kind !== 'all' || filter.query.trim() !== '';
  const detailSource = detailId === null ? null : (all.find((s) => s.id === detailId) ?? null);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 pt-6 pb-8 md:px-8 md:pt-8 md:pb-16">
      <div className="flex flex-wrap items-start justify-between gap-x-6 gap-y-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Sources</h1>
          <p className="mt-1 text-slate-600 dark:text-slate-400">What Herald reads: feeds and public registers, fetched on a schedule.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" className="w-auto px-3!" onClick={() => setImporting(true)}>
            <FileUp aria-hidden className="size-4" />
            <span>
              Import<span className="max-sm:sr-only"> OPML</span>
            </span>
          </Button>
          <Button variant="secondary" className="w-auto px-3!" busy={exporting} busyLabel="Exporting…" onClick={() => void exportOpml()} disabled={all.length === 0}>
            <Download aria-hidden className="size-4" />
            <span>
              Export<span className="max-sm:sr-only"> OPML</span>
            </span>
          </Button>
          <Button className="w-auto px-3!" onClick={() => setAdding(true)}>
            <Plus aria-hidden className="size-4" /> Add source
          </Button>
        </div>
      </div>

      <div role="group" aria-label="Filter by state" className="mt-6 grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        {STATE_CARDS.map((card) => {
          const pressed = filter.state === card.key;
          return (
            <button
              key={card.key}
              type="button"
              aria-pressed={pressed}
              onClick={() => setFilter((current) => ({ ...current, state: pressed && card.key !== 'all' ? 'all' : card.key }))}
              className={`rounded-xl border bg-white px-3 py-2.5 text-left shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 md:px-4 md:py-3 dark:bg-slate-900 ${
                pressed ? 'border-blue-600 ring-1 ring-blue-600 dark:border-blue-500 dark:ring-blue-500' : 'border-slate-200 hover:border-slate-300 dark:border-slate-800 dark:hover:border-slate-700'
              }`}
            >
              <span className={`block text-2xl font-bold tabular-nums ${card.key === 'failing' && counts.failing === 0 ? 'text-slate-400 dark:text-slate-500' : card.tone}`}>{query.data ? counts[card.key] : '–'}</span>
              <span className="block text-sm text-slate-600 dark:text-slate-400">{card.label}</span>
            </button>
          );
        })}
      </div>

      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <div className="relative min-w-0 flex-1">
          <label htmlFor={searchId} className="sr-only">
            Search sources
          </label>
          <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
          <input id={searchId} type="search" value={filter.query} onChange={(event) => setFilter((current) => ({ ...current, query: event.target.value }))} placeholder="Search by name or address" className={`${inputClass} pl-9`} />
        </div>
        <div className="sm:w-56">
          <label htmlFor={kindId} className="sr-only">
            Kind
          </label>
          <select id={kindId} value={filter.kind} onChange={(event) => setFilter((current) => ({ ...current, kind: event.target.value }))} className={selectClass}>
            <option value="all">All kinds</option>
            {kinds.map((kind) => (
              <option key={kind.kind} value={kind.kind}>
                {kind.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div ref={listRef} className="mt-4" aria-busy={query.isPending}>
        {all.length > 0 && (
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
            <p aria-live="polite">{filtered ? `Showing ${shown.length} of ${plural(all.length, 'source')}` : plural(all.length, 'source')}</p>
            {filtered && (
              <button type="button" onClick={() => setFilter(NO_FILTER)} className="inline-flex items-center gap-1 rounded font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-400">
                <X aria-hidden className="size-3.5" /> Clear filters
              </button>
            )}
          </div>
        )}

        {query.isPending && <Skeleton />}
        {query.isError && !query.data && (
          <Alert tone="error">
            {errorText(query.error, 'The sources could not be loaded.')}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        {query.data && all.length === 0 && (
          <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
            <Rss aria-hidden className="mx-auto size-10 text-slate-400" />
            <h2 className="mt-3 text-lg font-semibold">No sources yet</h2>
            <p className="mx-auto mt-1 max-w-md text-sm text-slate-600 dark:text-slate-400">Add a site or feed, or a public register such as arXiv or the Federal Register, and Herald starts reading it.</p>
            <div className="mt-5 flex flex-wrap justify-center gap-2">
              <Button className="w-auto" onClick={() => setAdding(true)}>
                <Plus aria-hidden className="size-4" /> Add source
              </Button>
              <Button variant="secondary" className="w-auto" onClick={() => setImporting(true)}>
                <FileUp aria-hidden className="size-4" /> Import OPML
              </Button>
            </div>
          </div>
        )}
        {all.length > 0 && shown.length === 0 && (
          <div className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
            <p>No sources match these filters.</p>
            <button type="button" onClick={() => setFilter(NO_FILTER)} className="mt-2 font-medium text-blue-700 hover:underline dark:text-blue-400">
              Clear filters
            </button>
          </div>
        )}
        {shown.length > 0 && (wide ? <SourceTable sources={shown} actions={actions} now={now} /> : <SourceCards sources={shown} actions={actions} now={now} />)}
      </div>

      <SourceDrawer source={detailSource} onClose={() => setDetailId(null)} actions={actions} now={now} />
      <AddSourceDialog open={adding} onClose={() => setAdding(false)} onAdded={onAdded} />
      <OpmlImportDialog open={importing} onClose={() => setImporting(false)} onImported={() => void queryClient.invalidateQueries({ queryKey: sourceKeys.list })} />
      <EditSourceDialog source={editing} onClose={() => setEditing(null)} />
      <DeleteSourceDialog
        source={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(source) => {
          if (detailId === source.id) setDetailId(null);
        }}
        onDisable={(source) => setEnabled(source, false)}
      />
    </div>
  );
}

function Skeleton() {
  return (
    <div role="status" className="space-y-2">
      <span className="sr-only">Loading sources</span>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} aria-hidden className="h-16 animate-pulse rounded-xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" />
      ))}
    </div>
  );
}
