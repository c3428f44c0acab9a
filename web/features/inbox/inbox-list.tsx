import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Archive, Armchair, AtSign, CheckCheck, Circle, CircleCheck, Flame, MessageSquare, PlugZap, Share2, TrendingUp, UserPlus, Wallet } from 'lucide-react';
import { INBOX_KIND_LABELS, type TInboxItem, type TInboxItemKind, type TInboxTab } from '../../../contract/inbox';
import { TabPanels } from '../../components/ui/tab-panels';
import { Spinner } from '../../components/ui/spinner';
import { relativeTime } from '../../lib/dates';
import { useInboxChanges, useInboxCounts, useInboxPages } from '../../lib/inbox';

const ICONS: Record<TInboxItemKind, typeof Flame> = {
  alert: Flame,
  spike: TrendingUp,
  share: Share2,
  mention: AtSign,
  comment: MessageSquare,
  member_joined: UserPlus,
  source_disabled: PlugZap,
  budget: Wallet,
  seats: Armchair,
};

/** Where an item leads: its article, else its topic's dashboard, the Sources page or the account. */
export function itemLink(item: TInboxItem): string | undefined {
  if (item.article_id !== null) return `/a/${item.article_id}${item.comment_id !== null ? `#comment-${item.comment_id}` : ''}`;
  if (item.kind === 'spike' && item.topic_id !== null) return `/topics/${item.topic_id}`;
  if (item.kind === 'source_disabled') return '/sources';
  if (item.kind === 'member_joined') return '/account';
  if (item.kind === 'budget' || item.kind === 'seats') return '/account/billing';
  return undefined;
}

const count = (n: number | undefined) => (n ? ` (${n > 99 ? '99+' : n})` : '');

/**
 * The inbox's tabs (All, Mentions, each with its unread count), mark all read, and the items in
 * pages of 25: opening one marks it read and goes where it leads; each can be marked read or
 * unread and archived. The bell's panel and the /inbox page both show it.
 */
export function InboxList({ onOpen }: { onOpen?: () => void }) {
  const [tab, setTab] = useState<TInboxTab>('all');
  const counts = useInboxCounts();
  const pages = useInboxPages(tab, counts.data?.latest_id);
  const { update, markAll } = useInboxChanges();
  const navigate = useNavigate();
  const items = pages.data?.pages.flatMap((p) => p.items) ?? [];
  const unreadHere = tab === 'all' ? counts.data?.unread : counts.data?.mentions;

  const open = (item: TInboxItem) => {
    if (!item.read) update.mutate({ id: item.id, change: { read: true } });
    const link = itemLink(item);
    onOpen?.();
    if (link) navigate(link);
  };

  return (
    <div className="flex min-h-0 flex-col">
      <TabPanels
        label="Inbox"
        selected={tab}
        onSelect={setTab}
        tabs={[
          { key: 'all', label: `All${count(counts.data?.unread)}` },
          { key: 'mentions', label: `Mentions${count(counts.data?.mentions)}` },
        ]}
      >
        <div className="flex items-center justify-end px-1 py-2">
          <button
            type="button"
            disabled={!unreadHere || markAll.isPending}
            onClick={() => markAll.mutate(tab)}
            className="inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed disabled:text-slate-400 dark:text-blue-400 dark:hover:bg-slate-800 dark:disabled:text-slate-500"
          >
            <CheckCheck aria-hidden className="size-4" /> Mark all read
          </button>
        </div>
        {pages.isPending ? (
          <Spinner label="Loading notifications" />
        ) : pages.isError ? (
          <p role="alert" className="px-2 py-6 text-sm text-red-700 dark:text-red-300">
            Failed to load notifications.
          </p>
        ) : items.length === 0 ? (
          <p className="px-2 py-8 text-center text-sm text-slate-600 dark:text-slate-400">{tab === 'mentions' ? 'No mentions yet. When a teammate mentions you, it shows here.' : 'You are all caught up.'}</p>
        ) : (
          <ul aria-label={tab === 'all' ? 'Notifications' : 'Mentions'} className="divide-y divide-slate-200 dark:divide-slate-800">
            {items.map((item) => (
              <InboxRow key={item.id} item={item} onOpen={() => open(item)} onRead={(read) => update.mutate({ id: item.id, change: { read } })} onArchive={() => update.mutate({ id: item.id, change: { archived: true } })} />
            ))}
          </ul>
        )}
        {pages.hasNextPage && (
          <div className="py-3 text-center">
            <button
              type="button"
              onClick={() => void pages.fetchNextPage()}
              disabled={pages.isFetchingNextPage}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-blue-700 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-400 dark:hover:bg-slate-800"
            >
              {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          </div>
        )}
      </TabPanels>
    </div>
  );
}

function InboxRow({ item, onOpen, onRead, onArchive }: { item: TInboxItem; onOpen: () => void; onRead: (read: boolean) => void; onArchive: () => void }) {
  const Icon = ICONS[item.kind];
  const iconButton = 'rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';
  return (
    <li className={`flex items-start gap-3 px-2 py-3 ${item.read ? '' : 'bg-blue-50/60 dark:bg-blue-950/30'}`}>
      <Icon aria-hidden className={`mt-0.5 size-5 shrink-0 ${item.kind === 'alert' ? 'text-red-600 dark:text-red-400' : 'text-blue-700 dark:text-blue-400'}`} />
      <button type="button" onClick={onOpen} className="min-w-0 flex-1 rounded text-left focus-visible:outline-2 focus-visible:outline-blue-600">
        <span className="block text-xs font-medium text-slate-500 dark:text-slate-400">
          {INBOX_KIND_LABELS[item.kind]} · {relativeTime(item.created_at)}
          {!item.read && <span className="sr-only"> · unread</span>}
        </span>
        <span className={`mt-0.5 block text-sm break-words ${item.read ? 'text-slate-700 dark:text-slate-300' : 'font-semibold text-slate-900 dark:text-white'}`}>{item.title}</span>
        {item.body && <span className="mt-1 line-clamp-2 block text-sm break-words text-slate-600 dark:text-slate-400">{item.body}</span>}
      </button>
      <div className="flex shrink-0 items-center">
        <button type="button" onClick={() => onRead(!item.read)} aria-label={item.read ? `Mark unread: ${item.title}` : `Mark read: ${item.title}`} title={item.read ? 'Mark unread' : 'Mark read'} className={iconButton}>
          {item.read ? <Circle aria-hidden className="size-4" /> : <CircleCheck aria-hidden className="size-4" />}
        </button>
        <button type="button" onClick={onArchive} aria-label={`Archive: ${item.title}`} title="Archive" className={iconButton}>
          <Archive aria-hidden className="size-4" />
        </button>
      </div>
    </li>
  );
}
