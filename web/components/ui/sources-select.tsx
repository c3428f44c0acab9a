import { useEffect, useId, useRef, useState } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { COLLECTIONS } from '../../../contract/collections';

/** The eight source types a topic can draw from, with their fixed ids. */
export const TOPIC_SOURCES = COLLECTIONS.filter((c) => c.topicSelectable);

export const sourceName = (id: number) => COLLECTIONS.find((c) => c.id === id)?.name ?? String(id);

/**
 * The sources multi-select: the button reads 'All sources'
 * while nothing is ticked, otherwise 'Sources' with the count. Escape or a click outside closes it.
 */
export function SourcesSelect({ value, onChange, disabled }: { value: number[]; onChange: (next: number[]) => void; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const toggle = (sourceId: number) => onChange(value.includes(sourceId) ? value.filter((v) => v !== sourceId) : [...value, sourceId]);
  const label = value.length === 0 ? 'All sources' : `Sources (${value.length})`;

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        disabled={disabled}
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={id}
        aria-haspopup="true"
        className="inline-flex w-full items-center justify-between gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60 sm:w-auto dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        {label}
        <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      {open && (
        <div
          id={id}
          role="group"
          aria-label="Sources"
          className="absolute left-0 z-30 mt-1 w-64 rounded-md border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {TOPIC_SOURCES.map((source) => {
            const checked = value.includes(source.id);
            return (
              <label key={source.id} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-sm hover:bg-slate-100 dark:hover:bg-slate-800">
                <input type="checkbox" checked={checked} onChange={() => toggle(source.id)} className="size-4 accent-blue-700" />
                <span className="flex-1">{source.name}</span>
                {checked && <Check aria-hidden className="size-4 text-blue-700 dark:text-blue-400" />}
              </label>
            );
          })}
          {value.length > 0 && (
            <button type="button" onClick={() => onChange([])} className="mt-1 w-full rounded px-2 py-1.5 text-left text-sm font-medium text-blue-700 hover:bg-slate-100 dark:text-blue-400 dark:hover:bg-slate-800">
              All sources
            </button>
          )}
        </div>
      )}
    </div>
  );
}

/** Small badges naming a topic's sources. */
export function SourceBadges({ names }: { names: string[] }) {
  if (names.length === 0) return null;
  return (
    <ul aria-label="Sources" className="flex flex-wrap gap-1">
      {names.map((name) => (
        <li key={name} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">
          {name}
        </li>
      ))}
    </ul>
  );
}
