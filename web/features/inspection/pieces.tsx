import { useState, type ReactNode } from 'react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { formatDate, isoDate, relativeTime } from '../../lib/dates';
import type { Badge } from './pipeline-data';

const TONES: Record<Badge['tone'], string> = {
  green: 'bg-green-100 text-green-900 ring-green-300 dark:bg-green-950 dark:text-green-200 dark:ring-green-800',
  red: 'bg-red-100 text-red-900 ring-red-300 dark:bg-red-950 dark:text-red-200 dark:ring-red-800',
  amber: 'bg-amber-100 text-amber-900 ring-amber-300 dark:bg-amber-950 dark:text-amber-200 dark:ring-amber-800',
  blue: 'bg-blue-100 text-blue-900 ring-blue-300 dark:bg-blue-950 dark:text-blue-200 dark:ring-blue-800',
  violet: 'bg-violet-100 text-violet-900 ring-violet-300 dark:bg-violet-950 dark:text-violet-200 dark:ring-violet-800',
  slate: 'bg-slate-100 text-slate-800 ring-slate-300 dark:bg-slate-800 dark:text-slate-200 dark:ring-slate-600',
};

export function BadgeChip({ badge }: { badge: Badge }) {
  return (
    <span title={badge.title} className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${TONES[badge.tone]}`}>
      {badge.label}
    </span>
  );
}


/** A relative time with the full date as hover text. */
export function TimeAgo({ value }: { value: string | null | undefined }) {
  const iso = isoDate(value);
  return (
    <time dateTime={iso} title={iso ? new Date(iso).toString() : formatDate(value)} className="whitespace-nowrap">
      {relativeTime(value)}
    </time>
  );
}

/** A disclosure section whose open state is its own (toggles are independent). */
export function Collapsible({ summary, children, defaultOpen = false, className = '' }: { summary: ReactNode; children: ReactNode; defaultOpen?: boolean; className?: string }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <div className={className}>
      <button type="button" aria-expanded={open} onClick={() => setOpen((v) => !v)} className="flex w-full items-center gap-1.5 text-start text-sm font-medium text-slate-800 hover:text-blue-700 dark:text-slate-200 dark:hover:text-blue-400">
        {open ? <ChevronDown aria-hidden className="size-4 shrink-0" /> : <ChevronRight aria-hidden className="size-4 shrink-0" />}
        <span className="min-w-0 flex-1">{summary}</span>
      </button>
      {open && <div className="mt-2">{children}</div>}
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-1.5">
      <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{title}</h4>
      <div className="text-sm text-slate-800 dark:text-slate-200">{children}</div>
    </section>
  );
}

/** Vector score colours: 0.8 green, 0.6 yellow, 0.4 orange, else red; 3 decimals. */
export function ScoreChip({ score, label = 'Score' }: { score: number | null | undefined; label?: string }) {
  if (score === null || score === undefined || !Number.isFinite(score)) return null;
  const tone =
    score >= 0.8
      ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200'
      : score >= 0.6
        ? 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200'
        : score >= 0.4
          ? 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200'
          : 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200';
  return (
    <span className={`rounded px-1.5 py-0.5 font-mono text-xs ${tone}`}>
      {label} {score.toFixed(3)}
    </span>
  );
}

export function Pre({ children }: { children: string }) {
  return <pre tabIndex={0} className="max-h-96 overflow-auto rounded-md bg-slate-50 p-3 font-mono text-xs whitespace-pre-wrap text-slate-800 dark:bg-slate-950 dark:text-slate-200">{children}</pre>;
}
