import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Bell } from 'lucide-react';
import { useInboxCounts } from '../../lib/inbox';
import { useIsMobile } from '../../lib/use-media';
import { InboxList } from './inbox-list';

const bellClass =
  'relative rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

function Badge({ unread }: { unread: number }) {
  if (!unread) return null;
  return (
    <span aria-hidden data-testid="inbox-badge" className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 font-semibold text-white">
      {unread > 99 ? '99+' : unread}
    </span>
  );
}

/**
 * The bell in the top bar with the unread count (polled): on desktop it opens the inbox as a
 * panel under it (Escape or a click outside closes it), on phones it goes to /inbox.
 */
export function InboxBell() {
  const mobile = useIsMobile();
  const counts = useInboxCounts();
  const unread = counts.data?.unread ?? 0;
  const label = unread ? `Inbox, ${unread} unread` : 'Inbox';
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    const onClick = (event: MouseEvent) => {
      if (box.current && !box.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onClick);
    };
  }, [open]);

  if (mobile)
    return (
      <Link to="/inbox" aria-label={label} className={bellClass}>
        <Bell aria-hidden className="size-5" />
        <Badge unread={unread} />
      </Link>
    );

  return (
    <div ref={box} className="relative">
      <button type="button" aria-label={label} aria-expanded={open} aria-controls="inbox-panel" onClick={() => setOpen((o) => !o)} className={bellClass}>
        <Bell aria-hidden className="size-5" />
        <Badge unread={unread} />
      </button>
      {open && (
        <div
          id="inbox-panel"
          role="dialog"
          aria-label="Inbox"
          className="absolute top-12 right-0 z-50 flex max-h-[min(36rem,calc(100dvh-5rem))] w-[26rem] flex-col overflow-y-auto rounded-xl border border-slate-200 bg-white p-2 shadow-2xl dark:border-slate-700 dark:bg-slate-900"
        >
          <div className="flex items-center justify-between px-2 pt-1 pb-2">
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">Inbox</h2>
            <Link to="/inbox" onClick={() => setOpen(false)} className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
              Open as page
            </Link>
          </div>
          <InboxList onOpen={() => setOpen(false)} />
        </div>
      )}
    </div>
  );
}
