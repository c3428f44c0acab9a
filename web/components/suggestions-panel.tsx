import { useState } from 'react';
import { Check, Plus, X } from 'lucide-react';
import { SUGGESTIONS_SHOWN } from '../../contract/constants';
import { SUGGESTION_MESSAGES } from '../../contract/onboarding-text';
import type { TSuggestion } from '../../contract/onboarding';

const ANIMATION_MS = 400;

export interface SuggestionActions {
  add(suggestion: TSuggestion): Promise<boolean>;
  remove(suggestion: TSuggestion): Promise<boolean>;
}

/**
 * The suggestions list: at most 12. A click adds
 * (blue spinner) or the x removes (red spinner) while the other cards are dimmed and unclickable;
 * an added card stays marked for 400 ms, a removed one fades out over 400 ms; a suggestion already
 * tracked shows a green check and cannot be clicked.
 */
export function SuggestionsList({ suggestions, tracked, loading, disabled, actions }: { suggestions: TSuggestion[]; tracked: (name: string) => boolean; loading: boolean; disabled: boolean; actions: SuggestionActions }) {
  const [busy, setBusy] = useState<{ id: number; kind: 'add' | 'remove' } | null>(null);
  const [done, setDone] = useState<{ id: number; kind: 'add' | 'remove' } | null>(null);
  const shown = suggestions.slice(0, SUGGESTIONS_SHOWN);

  const run = async (suggestion: TSuggestion, kind: 'add' | 'remove') => {
    if (busy || disabled) return;
    setBusy({ id: suggestion.id, kind });
    const ok = await (kind === 'add' ? actions.add(suggestion) : actions.remove(suggestion));
    setBusy(null);
    if (!ok) return;
    setDone({ id: suggestion.id, kind });
    await new Promise((resolve) => setTimeout(resolve, ANIMATION_MS));
    setDone(null);
  };

  if (loading) {
    return (
      <ul aria-hidden className="space-y-2">
        {Array.from({ length: 4 }, (_, i) => (
          <li key={i} className="h-14 animate-pulse rounded-lg bg-slate-100 dark:bg-slate-800/60" />
        ))}
      </ul>
    );
  }
  if (shown.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-400">{SUGGESTION_MESSAGES.none}</p>;
  return (
    <ul className="space-y-2">
      {shown.map((s) => {
        const isTracked = tracked(s.name);
        const mine = busy?.id === s.id ? busy.kind : null;
        const finished = done?.id === s.id ? done.kind : null;
        const dimmed = (busy && !mine) || (done && !finished);
        return (
          <li
            key={s.id}
            className={`flex items-stretch overflow-hidden rounded-lg border transition-opacity ${
              finished === 'remove' ? 'animate-fade-out' : ''
            } ${finished === 'add' || isTracked ? 'border-emerald-500 bg-emerald-50 dark:border-emerald-600 dark:bg-emerald-950/40' : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900'} ${dimmed ? 'pointer-events-none opacity-50' : ''}`}
          >
            <button
              type="button"
              disabled={isTracked || Boolean(busy) || disabled}
              onClick={() => void run(s, 'add')}
              aria-label={isTracked ? `${s.name} (already tracked)` : `Add ${s.name}`}
              className="flex min-w-0 flex-1 items-start gap-2 px-3 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-default disabled:hover:bg-transparent dark:hover:bg-slate-800"
            >
              <span aria-hidden className="mt-0.5 flex size-5 shrink-0 items-center justify-center">
                {mine === 'add' ? (
                  <span className="size-4 animate-spin rounded-full border-2 border-blue-200 border-t-blue-700" />
                ) : isTracked || finished === 'add' ? (
                  <Check className="size-4 text-emerald-600 dark:text-emerald-400" />
                ) : (
                  <Plus className="size-4 text-blue-700 dark:text-blue-400" />
                )}
              </span>
              <span className="min-w-0">
                <span className="block text-sm font-medium text-slate-900 dark:text-white">{s.name}</span>
                {s.reasoning && <span className="mt-0.5 line-clamp-2 block text-xs text-slate-600 dark:text-slate-400">{s.reasoning}</span>}
              </span>
            </button>
            {!isTracked && (
              <button
                type="button"
                disabled={Boolean(busy) || disabled}
                onClick={() => void run(s, 'remove')}
                aria-label={`Remove suggestion ${s.name}`}
                className="flex w-9 shrink-0 items-center justify-center text-slate-400 hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-50 dark:hover:bg-red-950/50 dark:hover:text-red-300"
              >
                {mine === 'remove' ? <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-red-200 border-t-red-600" /> : <X aria-hidden className="size-4" />}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
