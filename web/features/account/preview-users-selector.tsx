import { useId, useState } from 'react';
import { Search, X } from 'lucide-react';
import { inputClass } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { useSession } from '../../lib/session';
import { accountApi, useAccountUsers } from './api';
import { displayName, matchesSearch } from './users';

export interface PreviewUsersSelectorProps {
  /** Called once the server has accepted (and audited) the start of the preview. */
  onSelect(user: { id: string; name: string }): void;
  onStop(): void;
  /** The user being previewed, if any. */
  activeUserId?: string;
}

/**
 * The sidebar's 'Preview users' selector for an ADMIN who
 * is not a superuser, in an account of more than one user: the account's active users (GET
 * /a/users/), searchable; choosing one tells the server (POST /a/preview/{id}/, which checks and
 * audits) before the shell switches to that user's read-only view. A Previewing badge and a stop
 * button show while a preview runs.
 */
export function PreviewUsersSelector({ onSelect, onStop, activeUserId }: PreviewUsersSelectorProps) {
  const toast = useToast();
  const { user: me } = useSession();
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState(false);
  const [starting, setStarting] = useState<string | null>(null);
  const users = useAccountUsers(open || Boolean(activeUserId));
  const inputId = useId();
  const listId = useId();

  const people = (users.data?.results ?? []).filter((user) => user.status === 'ACTIVE' && user.id !== me?.id);
  const found = people.filter((user) => matchesSearch(user, search));
  const active = activeUserId ? (users.data?.results.find((user) => user.id === activeUserId) ?? null) : null;

  const start = async (id: string, name: string) => {
    setStarting(id);
    try {
      await accountApi.startPreview(id);
      onSelect({ id, name });
      setOpen(false);
      setSearch('');
    } catch {
      toast.show('error', 'Failed to fetch user data');
    } finally {
      setStarting(null);
    }
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h3 id={`${inputId}-title`} className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
          Preview users
        </h3>
        {activeUserId && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/60 dark:text-amber-100">Previewing</span>}
      </div>
      {activeUserId && (
        <div className="mb-2 flex items-center justify-between gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm dark:bg-amber-950/40">
          <span className="truncate font-medium">{active ? displayName(active) : 'Loading impersonated user...'}</span>
          <button
            type="button"
            onClick={onStop}
            className="inline-flex shrink-0 items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-amber-100 dark:hover:bg-amber-900/60"
          >
            <X aria-hidden className="size-3.5" /> Stop previewing
          </button>
        </div>
      )}
      <label htmlFor={inputId} className="sr-only">
        Search users to preview
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
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          className={`${inputClass} py-1.5 pl-8 text-sm`}
        />
      </div>
      {open && (
        <ul id={listId} role="listbox" aria-label="Users to preview" className="mt-2 max-h-64 overflow-y-auto rounded-md border border-slate-200 dark:border-slate-700">
          {users.isPending && <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">Loading users…</li>}
          {users.isError && <li className="px-3 py-2 text-sm text-red-700 dark:text-red-300">Failed to load users</li>}
          {users.data && found.length === 0 && <li className="px-3 py-2 text-sm text-slate-600 dark:text-slate-400">No users found</li>}
          {found.map((user) => (
            <li key={user.id} role="option" aria-selected={user.id === activeUserId}>
              <button
                type="button"
                disabled={starting !== null}
                onClick={() => void start(user.id, displayName(user))}
                className="block w-full px-3 py-2 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 focus-visible:outline-none disabled:opacity-60 dark:hover:bg-slate-800 dark:focus-visible:bg-slate-800"
              >
                <span className="block truncate font-medium">{starting === user.id ? 'Starting preview…' : displayName(user)}</span>
                <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{[user.email, user.title].filter(Boolean).join(' · ')}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
