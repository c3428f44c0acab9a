import { useState } from 'react';
import { STORAGE_KEYS } from '../../../contract/constants';
import type { TTimelineMode } from '../../../contract/inspection';
import { Spinner } from '../../components/ui/spinner';
import { useViewing } from '../../lib/viewing';
import { ItemRow } from './item-row';
import { useTimelineItems } from './use-timeline-items';

const MODES: { key: TTimelineMode; label: string }[] = [
  { key: 'events', label: 'Events' },
  { key: 'articles', label: 'Articles' },
  { key: 'qa', label: 'QA Articles' },
];

function readMode(): TTimelineMode {
  const stored = localStorage.getItem(STORAGE_KEYS.timelineMode);
  return MODES.some((m) => m.key === stored) ? (stored as TTimelineMode) : 'articles';
}

/**
 * The superuser's internal timeline at /: Events, Articles and QA Articles
 * with counts (the mode kept locally, default Articles), refreshed every 10 s, items the refresh
 * brings highlighted for 3 s, expandable rows. Another viewed user aborts the fetch and refetches.
 */
export default function TimelinePage() {
  const { userId, viewed, isImpersonating } = useViewing();
  const [mode, setModeState] = useState<TTimelineMode>(readMode);
  const setMode = (next: TTimelineMode) => {
    localStorage.setItem(STORAGE_KEYS.timelineMode, next);
    setModeState(next);
  };
  const { timeline, items, counts, highlighted } = useTimelineItems(userId, mode);

  return (
    <div className="mx-auto w-full max-w-4xl space-y-4 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-bold text-slate-900 dark:text-white">
          Pipeline timeline
          {isImpersonating && <span className="ms-2 text-sm font-normal text-slate-600 dark:text-slate-400">for {[viewed.first_name, viewed.last_name].filter(Boolean).join(' ') || viewed.email}</span>}
        </h1>
        <div role="tablist" aria-label="Timeline mode" className="inline-flex rounded-lg border border-slate-200 bg-slate-50 p-1 dark:border-slate-700 dark:bg-slate-800">
          {MODES.map((m) => (
            <button
              key={m.key}
              type="button"
              role="tab"
              aria-selected={mode === m.key}
              onClick={() => setMode(m.key)}
              className={`rounded-md px-3 py-1.5 text-sm font-medium ${mode === m.key ? 'bg-white text-slate-900 shadow dark:bg-slate-900 dark:text-white' : 'text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white'}`}
            >
              {m.label} <span className="text-xs text-slate-500 dark:text-slate-400">({counts ? counts[m.key] : '…'})</span>
            </button>
          ))}
        </div>
      </div>
      {timeline.isPending ? (
        <Spinner label="Loading the timeline" />
      ) : timeline.isError && !timeline.data ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">
          Failed to load articles
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600 dark:border-slate-600 dark:text-slate-400">
          {mode === 'events' ? 'No events yet.' : mode === 'qa' ? 'No QA-ranked articles yet.' : 'No articles yet.'} The list refreshes every 10 seconds.
        </p>
      ) : (
        <>
          <ul className="space-y-2" aria-label={MODES.find((m) => m.key === mode)!.label}>
            {items.map((item) => (
              <ItemRow key={`${mode}-${item.id}`} item={item} kind={mode === 'events' ? 'event' : 'article'} userId={userId} highlighted={highlighted.has(item.id)} />
            ))}
          </ul>
          {timeline.hasNextPage && (
            <div className="flex justify-center">
              <button type="button" disabled={timeline.isFetchingNextPage} onClick={() => void timeline.fetchNextPage()} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-800">
                {timeline.isFetchingNextPage ? 'Loading…' : 'Load more'}
              </button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
