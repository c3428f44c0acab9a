import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TrendRange } from '../../../contract/trends';
import { DEFAULT_RANGE, parseRange, RANGE_LABELS, RANGES } from './figures';

/** The range in the address (?range=, the default left out), so a range survives reload and can be shared. */
export function useRangeParam(): [TrendRange, (range: TrendRange) => void] {
  const [params, setParams] = useSearchParams();
  const range = parseRange(params.get('range'));
  const setRange = (next: TrendRange) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === DEFAULT_RANGE) updated.delete('range');
        else updated.set('range', next);
        return updated;
      },
      { replace: true },
    );
  return [range, setRange];
}

/**
 * The period switch: a radio group drawn as segmented buttons, with "Updating…" beside it while the new range loads. Native radios, so Tab reaches the
 * chosen one and the arrow keys move the choice; each transparent radio lies over its label, so a
 * click or tap lands on the radio itself.
 */
export function RangeSwitch({ value, onChange, busy = false }: { value: TrendRange; onChange: (range: TrendRange) => void; busy?: boolean }) {
  const name = useId();
  // The choice shows at once: the address changes in a transition, which would put the old one back meanwhile.
  const [chosen, setChosen] = useState(value);
  const [given, setGiven] = useState(value);
  if (value !== given) {
    setGiven(value);
    setChosen(value);
  }
  return (
    <div className="flex items-center gap-3">
      {busy && (
        <span role="status" className="text-xs text-slate-600 dark:text-slate-400">
          Updating…
        </span>
      )}
    <fieldset aria-busy={busy || undefined} className="min-w-0">
      <legend className="sr-only">Period</legend>
      <div className="inline-flex rounded-lg border border-slate-300 bg-white p-0.5 dark:border-slate-600 dark:bg-slate-900">
        {RANGES.map((range) => (
          <label key={range} className="relative">
            <input
              type="radio"
              name={name}
              value={range}
              checked={chosen === range}
              onChange={() => {
                setChosen(range);
                onChange(range);
              }}
              className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0"
            />
            <span className="block cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-slate-700 peer-checked:bg-blue-700 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-1 peer-focus-visible:outline-blue-600 hover:bg-slate-100 peer-checked:hover:bg-blue-700 dark:text-slate-200 dark:peer-checked:bg-blue-600 dark:hover:bg-slate-800 dark:peer-checked:hover:bg-blue-600">
              {RANGE_LABELS[range]}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
    </div>
  );
}
