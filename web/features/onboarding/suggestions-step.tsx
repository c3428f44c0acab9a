import { useState } from 'react';
import { Check, Plus } from 'lucide-react';
import { SUGGESTIONS_ONBOARDING_MAX } from '../../../contract/constants';
import type { TSuggestion } from '../../../contract/onboarding';
import { Alert, Button } from '../../components/ui/form';
import { sourceName } from '../../components/ui/sources-select';
import { ONBOARDING_TEXT } from './messages';

/** The suggestions step: at most 36 suggestions to toggle; a chosen one pulses for 1 second. */
export function SuggestionsStep({ suggestions, busy, error, onFinish }: { suggestions: TSuggestion[]; busy: boolean; error?: string; onFinish: (chosen: string[]) => void }) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [pulse, setPulse] = useState<{ name: string; n: number } | null>(null);
  const toggle = (name: string) => {
    const on = !chosen.includes(name);
    setChosen((current) => (on ? [...current, name] : current.filter((n) => n !== name)));
    // A new key restarts the one-second pulse on every selection.
    if (on) setPulse((p) => ({ name, n: (p?.n ?? 0) + 1 }));
  };
  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Suggested topics</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{ONBOARDING_TEXT.suggestionsIntro}</p>
      </div>
      <ul aria-label="Suggested topics" className="grid gap-3 sm:grid-cols-2">
        {suggestions.slice(0, SUGGESTIONS_ONBOARDING_MAX).map((s) => {
          const selected = chosen.includes(s.name);
          return (
            <li key={`${s.id}-${pulse?.name === s.name ? pulse.n : 0}`} className={selected && pulse?.name === s.name ? 'animate-pulse-once rounded-lg' : undefined}>
              <button
                type="button"
                aria-pressed={selected}
                onClick={() => toggle(s.name)}
                className={`flex h-full w-full items-start gap-3 rounded-lg border p-3 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
                  selected
                    ? 'border-blue-600 bg-blue-50 dark:border-blue-500 dark:bg-blue-950/50'
                    : 'border-slate-200 bg-white hover:border-slate-300 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:hover:bg-slate-800'
                }`}
              >
                <span aria-hidden className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border ${selected ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-400 text-slate-500'}`}>
                  {selected ? <Check className="size-3.5" /> : <Plus className="size-3.5" />}
                </span>
                <span className="min-w-0">
                  <span className="block font-medium text-slate-900 dark:text-white">{s.name}</span>
                  {s.reasoning && <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">{s.reasoning}</span>}
                  {s.sources.length > 0 && <span className="mt-1 block text-xs text-slate-500 dark:text-slate-400">{s.sources.map(sourceName).join(' · ')}</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex flex-col items-stretch gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
          {chosen.length === 0 ? 'No topics selected' : `${chosen.length} selected`}
        </p>
        <Button type="button" className="sm:w-auto" busy={busy} busyLabel="Saving…" onClick={() => onFinish(chosen)}>
          Finish
        </Button>
      </div>
    </div>
  );
}
