import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChartColumn, Pencil, Trash2 } from 'lucide-react';
import type { TTopic } from '../../../contract/topics';
import { SourceBadges } from '../../components/ui/sources-select';
import { capitalised } from './messages';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">{children}</dd>
    </div>
  );
}

const list = (items: string[]) => (items.length ? items.join(', ') : '—');

/**
 * A topic card: the capitalised name, 'Processing...' while the description is
 * being written, a link to its trends dashboard, edit and delete. On phones it also shows the topic's details and a 'New' badge.
 */
export function TopicCard({ topic, mobile, isNew, animate, onEdit, onDelete }: { topic: TTopic; mobile: boolean; isNew: boolean; animate?: { delayMs: number }; onEdit?: () => void; onDelete?: () => void }) {
  const name = capitalised(topic.name);
  return (
    <li
      className={`flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${animate ? 'animate-drop-in' : ''}`}
      style={animate ? { animationDelay: `${animate.delayMs}ms` } : undefined}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <h3 className="font-semibold break-words text-slate-900 dark:text-white">{name}</h3>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {topic.processing && (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/50 dark:text-amber-100">
                <span aria-hidden className="size-2 animate-pulse rounded-full bg-amber-500" /> Processing...
              </span>
            )}
            {mobile && isNew && <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900/50 dark:text-emerald-100">New</span>}
          </div>
        </div>
        <Link
          to={`/topics/${topic.id}`}
          aria-label={`Trends for ${name}`}
          title="Trends"
          className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
        >
          <ChartColumn aria-hidden className="size-4" />
        </Link>
        {onEdit && (
          <button
            type="button"
            onClick={onEdit}
            aria-label={`Edit ${name}`}
            className="rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <Pencil aria-hidden className="size-4" />
          </button>
        )}
        {onDelete && (
          <button
            type="button"
            onClick={onDelete}
            aria-label={`Remove ${name}`}
            className="rounded-md p-1.5 text-slate-500 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-400 dark:hover:bg-red-950/50 dark:hover:text-red-300"
          >
            <Trash2 aria-hidden className="size-4" />
          </button>
        )}
      </div>
      {mobile && !topic.processing && (
        <dl className="space-y-2">
          <Detail label="Description">{topic.description || topic.information_sought || '—'}</Detail>
          <Detail label="Query">{topic.query || '—'}</Detail>
          <Detail label="Key events">{list(topic.key_events)}</Detail>
          <Detail label="Key entities">{list(topic.key_entities)}</Detail>
          <Detail label="Key places">{list(topic.key_places)}</Detail>
          <Detail label="Sources">
            <SourceBadges names={Object.values(topic.sources)} />
          </Detail>
        </dl>
      )}
    </li>
  );
}

/** Six placeholders while the topics load. */
export function TopicSkeletons() {
  return (
    <ul aria-hidden className="grid gap-3 md:grid-cols-2">
      {Array.from({ length: 6 }, (_, i) => (
        <li key={i} className="h-20 animate-pulse rounded-lg border border-slate-200 bg-slate-100 dark:border-slate-800 dark:bg-slate-800/60" />
      ))}
    </ul>
  );
}
