import { useEffect, useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Search, X } from 'lucide-react';
import { inputClass } from '../components/ui/form';

export interface SelectableUser {
  id: string;
  name: string;
  detail: string;
}

/**
 * The user selector card of the sidebar: search, pick a
 * user to view as, a Previewing badge and a stop button while viewing. `load` answers the users a
 * search finds (superusers: everyone; admins: their account's users).
 */
export function UserSelector({
  title,
  load,
  activeUser,
  onSelect,
  onStop,
  queryKey,
}: {
  title: string;
  load: (search: string, signal: AbortSignal) => Promise<SelectableUser[]>;
  activeUser?: { id: string; name: string };
  onSelect: (user: SelectableUser) => void;
  onStop: () => void;
  queryKey: string;
}) {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [open, setOpen] = useState(false);
  const inputId = useId();
  const listId = useId();

  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search.trim()), 250);
    return () => clearTimeout(timer);
  }, [search]);

  const results = useQuery({
    queryKey: ['user-selector', queryKey, debounced],
    queryFn: ({ signal }) => load(debounced, signal),
    enabled: open,
    staleTime: 30_000,
  });

  return (
    <section aria-labelledby={`${inputId}-title`} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 id={`${inputId}-title`} className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          {title}
        </h3>
        {activeUser && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">Previewing</span>}
      </div>
      {activeUser && (
        <div className="mb-2 flex items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm dark:bg-amber-950/40">
          <span className="truncate font-medium">{activeUser.name}</span>
          <button
            type="button"
            onClick={onStop}
            className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-amber-100 dark:hover:bg-amber-900/60"
          >
            <X aria-hidden className="size-3.5" /> Stop viewing
          </button>
        </div>
      )}
      <label htmlFor={inputId} className="sr-only">
        Search users
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500" />
        <input
          id={inputId}
          type="search"
          value={search}
          placeholder="Search users..."
          onFocus={() => setOpen(true)}
          onChange={(event) => {
            setSearch(event.target.value);
            setOpen(true);
          }}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          className={`${inputClass} py-1.5 pl-8 text-sm`}
        />
      </div>
      {open && (
        <ul id={listId} role="listbox" aria-label="Users" className="mt-2 max-h-64 overflow-y-auto rounded-md border border-slate-200 dark:border-slate-700">
          {results.isLoading && <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">Loading users…</li>}
          {results.isError && <li className="px-3 py-2 text-sm text-red-700 dark:text-red-300">Failed to load users</li>}
          {results.data?.length === 0 && <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">No users found</li>}
          {results.data?.map((user) => (
            <li key={user.id} role="option" aria-selected={activeUser?.id === user.id}>
              <button
                type="button"
                onClick={() => {
                  onSelect(user);
                  setOpen(false);
                  setSearch('');
                }}
                className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
              >
                <span className="block truncate font-medium">{user.name}</span>
                <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{user.detail}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
