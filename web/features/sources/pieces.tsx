import { useEffect, useId, useState, type ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, KeyRound, XCircle } from 'lucide-react';
import { COLLECTIONS } from '../../../contract/collections';
import type { TPreviewItem, TSourceKind, TSourceState } from '../../../contract/sources';
import { inputClass, selectClass } from '../../components/ui/form';
import { formatDate } from '../../lib/dates';
import { agoLabel, exactTime, MAX_INTERVAL_MINUTES, STATE_LABELS, untilLabel } from './source-state';
import { describedBy, FieldNotes, labelClass, RequiredMark } from './schema-fields';

/** Now, ticking every `everyMs` so relative times stay true between polls. */
export function useNow(everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

const STATE_TONES: Record<TSourceState, string> = {
  active: 'bg-emerald-100 text-emerald-900 ring-emerald-600/20 dark:bg-emerald-950/70 dark:text-emerald-200 dark:ring-emerald-400/30',
  failing: 'bg-red-100 text-red-900 ring-red-600/20 dark:bg-red-950/70 dark:text-red-200 dark:ring-red-400/30',
  disabled: 'bg-slate-100 text-slate-700 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300 dark:ring-slate-400/30',
};
const STATE_DOTS: Record<TSourceState, string> = { active: 'bg-emerald-600 dark:bg-emerald-400', failing: 'bg-red-600 dark:bg-red-400', disabled: 'bg-slate-400 dark:bg-slate-500' };

export function StateBadge({ state, reason }: { state: TSourceState; reason?: string | null }) {
  return (
    <span title={reason ?? undefined} className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${STATE_TONES[state]}`}>
      <span aria-hidden className={`size-1.5 rounded-full ${STATE_DOTS[state]}`} />
      {STATE_LABELS[state]}
    </span>
  );
}

/** A past time, relative, the exact moment on hover. */
export function Ago({ iso, now, never = 'Never' }: { iso: string | null; now: number; never?: string }) {
  if (!iso) return <span className="text-slate-500 dark:text-slate-400">{never}</span>;
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {agoLabel(iso, now)}
    </time>
  );
}

/** A time ahead, relative, the exact moment on hover. */
export function Until({ iso, now }: { iso: string | null; now: number }) {
  if (!iso) return <span className="text-slate-500 dark:text-slate-400">—</span>;
  return (
    <time dateTime={iso} title={exactTime(iso)}>
      {untilLabel(iso, now)}
    </time>
  );
}

/** A source's first items, as a preview or a candidate feed shows them. */
export function PreviewItems({ items, limit = 5, excerpts = false, label }: { items: readonly TPreviewItem[]; limit?: number; excerpts?: boolean; label: string }) {
  if (items.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">No items in it right now.</p>;
  const shown = items.slice(0, limit);
  return (
    <div>
      <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-800">
        {shown.map((item, index) => (
          <li key={`${item.url ?? ''}-${index}`} className="py-1.5">
            <div className="flex items-baseline justify-between gap-3 text-sm">
              <span className="min-w-0 truncate font-medium text-slate-800 dark:text-slate-100" title={item.title}>
                {item.title || 'Untitled'}
              </span>
              {item.published_at && (
                <time dateTime={item.published_at} title={exactTime(item.published_at)} className="shrink-0 text-xs text-slate-500 tabular-nums dark:text-slate-400">
                  {formatDate(item.published_at)}
                </time>
              )}
            </div>
            {excerpts && item.excerpt && <p className="mt-0.5 line-clamp-2 text-xs text-slate-600 dark:text-slate-400">{item.excerpt}</p>}
          </li>
        ))}
      </ul>
      {items.length > shown.length && <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">and {items.length - shown.length} more</p>}
    </div>
  );
}

/** The API keys a kind uses: each with its state and the environment variable that sets it. */
export function KeysPanel({ kind }: { kind: TSourceKind }) {
  if (kind.keys.length === 0) return null;
  const missing = kind.keys.filter((key) => key.required && !key.present);
  return (
    <section aria-label="API keys" className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 dark:border-slate-700 dark:bg-slate-800/50">
      <h3 className="flex items-center gap-1.5 text-sm font-semibold">
        <KeyRound aria-hidden className="size-4 text-slate-500 dark:text-slate-400" /> API keys
      </h3>
      <ul className="mt-1.5 space-y-2">
        {kind.keys.map((key) => (
          <li key={key.env} className="text-sm">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-medium">{key.label}</span>
              {key.present ? (
                <span className="inline-flex items-center gap-1 text-xs font-semibold text-emerald-800 dark:text-emerald-300">
                  <CheckCircle2 aria-hidden className="size-3.5" /> Set
                </span>
              ) : key.required ? (
                <span className="inline-flex items-center gap-1 text-xs font-semibold text-red-800 dark:text-red-300">
                  <XCircle aria-hidden className="size-3.5" /> Missing, required
                </span>
              ) : (
                <span className="inline-flex items-center gap-1 text-xs font-semibold text-amber-800 dark:text-amber-300">
                  <AlertTriangle aria-hidden className="size-3.5" /> Not set, optional
                </span>
              )}
              <code className="rounded bg-white px-1.5 py-0.5 font-mono text-xs text-slate-700 ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-700">{key.env}</code>
            </div>
            {key.help && <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{key.help}</p>}
          </li>
        ))}
      </ul>
      {missing.length > 0 && (
        <p className="mt-2 text-xs font-medium text-red-800 dark:text-red-300">
          Set {missing.map((key) => key.env).join(' and ')} in the server&apos;s environment and restart Herald; until then this source cannot run.
        </p>
      )}
    </section>
  );
}

export function CollectionSelect({ value, onChange, error, disabled, help = 'Where its documents are filed; topics and search filter by it.' }: { value: number; onChange: (id: number) => void; error?: string; disabled?: boolean; help?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Collection
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(Number(event.target.value))} className={selectClass} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, help, error)}>
        {COLLECTIONS.map((collection) => (
          <option key={collection.id} value={collection.id}>
            {collection.name}
          </option>
        ))}
      </select>
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
}

/** The schedule in minutes (the contract allows 1 minute to a week). */
export function IntervalField({ value, onChange, error, disabled }: { value: string; onChange: (text: string) => void; error?: string; disabled?: boolean }) {
  const id = useId();
  const help = 'Minutes between runs, 1 to 10,080 (a week).';
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Check every (minutes)
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_INTERVAL_MINUTES}
        step={1}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, help, error)}
      />
      <FieldNotes id={id} help={help} error={error} />
    </div>
  );
}


/** The source's name (required, at most 200 characters as the contract says). */
export function NameField({ value, onChange, error, placeholder }: { value: string; onChange: (name: string) => void; error?: string; placeholder?: string }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        Name
        <RequiredMark />
      </label>
      <input
        id={id}
        type="text"
        value={value}
        maxLength={200}
        placeholder={placeholder}
        onChange={(event) => onChange(event.target.value)}
        className={inputClass}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, false, error)}
      />
      <FieldNotes id={id} error={error} />
    </div>
  );
}

/** The kind of the 'Website or feed' path. */
export const FEED_KIND = 'feed';

/** The Add source dialog's buttons, kept in view at the foot of a long form. */
export function ActionBar({ children }: { children: ReactNode }) {
  return <div className="sticky -bottom-4 -mx-5 mt-5 -mb-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white px-5 py-3 dark:border-slate-700 dark:bg-slate-900">{children}</div>;
}
