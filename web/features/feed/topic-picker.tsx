import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Check, ChevronDown, Search } from 'lucide-react';
import { POPOVER_WIDTH_PX } from '../../../contract/constants';
import type { TTopic } from '../../../contract/topics';
import { capitalise } from '../../lib/text';

export const ALL_TOPICS = 'All topics';

/**
 * The topic picker: a button opening a popover with a search box over the
 * options, 'All topics' first. The box is a combobox: arrows move through the options, Enter
 * picks, Escape closes and focus returns to the button.
 */
export function TopicPicker({ topics, selected, onSelect }: { topics: TTopic[]; selected: TTopic | undefined; onSelect: (topic: TTopic | undefined) => void }) {
  const [open, setOpen] = useState(false);
  const [term, setTerm] = useState('');
  const [active, setActive] = useState(0);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);

  const options = useMemo(() => {
    const needle = term.trim().toLowerCase();
    const matching = topics.filter((t) => !needle || t.name.toLowerCase().includes(needle));
    return [...(needle && !ALL_TOPICS.toLowerCase().includes(needle) ? [] : [undefined]), ...matching];
  }, [topics, term]);

  useEffect(() => {
    if (!open) return;
    input.current?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => {
    setOpen(false);
    setTerm('');
    button.current?.focus();
  };
  const pick = (topic: TTopic | undefined) => {
    onSelect(topic);
    close();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((i) => Math.min(options.length - 1, i + 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (options.length) pick(options[Math.min(active, options.length - 1)]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };
  const optionId = (index: number) => `${id}-option-${index}`;

  return (
    <div ref={root} className="relative min-w-0">
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-label={`Topic: ${selected?.name ?? ALL_TOPICS}`}
        onClick={() => {
          setActive(0);
          setOpen((value) => !value);
        }}
        className="inline-flex h-10 max-w-full min-w-0 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <span className="truncate">{selected ? capitalise(selected.name) : ALL_TOPICS}</span>
        <ChevronDown aria-hidden className="size-4 shrink-0 text-slate-500" />
      </button>
      {open && (
        <div
          role="dialog"
          aria-label="Choose a topic"
          style={{ width: POPOVER_WIDTH_PX }}
          className="absolute top-full left-0 z-30 mt-1 max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="relative">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500" />
            <input
              ref={input}
              type="search"
              role="combobox"
              aria-label="Search topics"
              aria-expanded="true"
              aria-controls={`${id}-list`}
              aria-autocomplete="list"
              aria-activedescendant={options.length ? optionId(Math.min(active, options.length - 1)) : undefined}
              placeholder="Search topics"
              value={term}
              onChange={(event) => {
                setTerm(event.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
              className="block h-9 w-full rounded-md border border-slate-300 bg-white ps-8 pe-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/30 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100"
            />
          </div>
          <ul id={`${id}-list`} role="listbox" aria-label="Topics" className="mt-2 max-h-72 overflow-y-auto">
            {options.length === 0 && <li className="px-2 py-2 text-sm text-slate-600 dark:text-slate-400">No topics match</li>}
            {options.map((topic, index) => {
              const isSelected = topic?.id === selected?.id;
              return (
                <li
                  key={topic?.id ?? 'all'}
                  id={optionId(index)}
                  role="option"
                  aria-selected={isSelected}
                  onMouseEnter={() => setActive(index)}
                  onClick={() => pick(topic)}
                  className={`flex cursor-pointer items-center justify-between gap-2 rounded-md px-2 py-2 text-sm ${
                    index === Math.min(active, options.length - 1) ? 'bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100' : 'text-slate-800 dark:text-slate-200'
                  }`}
                >
                  <span className="truncate">{topic ? capitalise(topic.name) : ALL_TOPICS}</span>
                  {isSelected && <Check aria-hidden className="size-4 shrink-0" />}
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
