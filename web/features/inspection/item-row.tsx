import { useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown, ChevronRight, FileText } from 'lucide-react';
import type { TInspectionItem } from '../../../contract/inspection';
import { Spinner } from '../../components/ui/spinner';
import { articleHref } from '../../lib/article-data';
import { useItemDetail } from './api';
import { ArticleDetails, EventDetails } from './item-details';
import { itemBadges } from './pipeline-data';
import { BadgeChip, TimeAgo } from './pieces';

/**
 * One timeline row: an event (title event_summary) or an article
 * (title article_title, 'Untitled Article'), its badges and relative time; expanded, it loads its
 * own details. New rows are highlighted.
 */
export function ItemRow({ item, kind, userId, highlighted }: { item: TInspectionItem; kind: 'event' | 'article'; userId: string | undefined; highlighted: boolean }) {
  const [open, setOpen] = useState(false);
  const detail = useItemDetail(userId, item.id, open);
  const hasArticle = item.article_generated && Boolean(item.article_title);
  const href = articleHref(item.id, userId);
  const title = kind === 'article' ? (item.article_title ?? 'Untitled Article') : item.event_summary;
  return (
    <li
      data-testid="timeline-item"
      data-highlighted={highlighted || undefined}
      className={`rounded-xl border bg-white transition-colors duration-700 dark:bg-slate-900 ${highlighted ? 'border-amber-400 bg-amber-50 dark:border-amber-600 dark:bg-amber-950/40' : 'border-slate-200 dark:border-slate-700'}`}
    >
      <div className="flex items-start gap-2 p-3">
        <button type="button" aria-expanded={open} aria-label={open ? 'Collapse' : 'Expand'} onClick={() => setOpen((v) => !v)} className="mt-0.5 rounded p-0.5 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
          {open ? <ChevronDown aria-hidden className="size-5" /> : <ChevronRight aria-hidden className="size-5" />}
        </button>
        <div className="min-w-0 flex-1">
          {kind === 'article' ? (
            <Link to={href} className="line-clamp-2 font-semibold text-slate-900 hover:text-blue-700 hover:underline dark:text-white dark:hover:text-blue-400">
              {title}
            </Link>
          ) : (
            <button type="button" onClick={() => setOpen((v) => !v)} title={title} className="line-clamp-2 text-start font-semibold text-slate-900 dark:text-white">
              {title}
            </button>
          )}
          <div className="mt-1 flex flex-wrap items-center gap-1.5 text-xs text-slate-600 dark:text-slate-400">
            {kind === 'article' && <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium dark:bg-slate-800">Order {item.rank}</span>}
            {itemBadges(item).map((b) => (
              <BadgeChip key={b.key} badge={b} />
            ))}
            {hasArticle && (
              <Link to={href} className="inline-flex items-center gap-1 rounded-full bg-blue-700 px-2 py-0.5 font-medium text-white hover:bg-blue-800">
                <FileText aria-hidden className="size-3" /> Article
              </Link>
            )}
            <span className="ms-1">{item.topic.name}</span>
            <span aria-hidden>·</span>
            <TimeAgo value={kind === 'article' ? (item.article_generated_at ?? item.created_at) : item.created_at} />
          </div>
        </div>
      </div>
      {open && (
        <div className="border-t border-slate-200 p-3 dark:border-slate-700">
          {detail.isPending ? <Spinner label="Loading details" /> : detail.isError || !detail.data ? <p className="text-sm text-red-700 dark:text-red-300">{detail.error instanceof Error ? detail.error.message : 'Failed to load articles'}</p> : kind === 'article' ? <ArticleDetails detail={detail.data} /> : <EventDetails detail={detail.data} />}
        </div>
      )}
    </li>
  );
}
