import type { ReactNode } from 'react';
import { RefreshCw } from 'lucide-react';
import { FEED_END_MESSAGE_AFTER } from '../../../contract/constants';
import type { TArticleSummary } from '../../../contract/feed';
import { ApiError } from '../../lib/api';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { useTopNews } from './api';
import { LatestItem, TopNewsItem } from './article-card';
import type { useLiveFeed } from './use-live-feed';

export function SectionTitle({ id, children, aside }: { id: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="mb-3 flex items-center justify-between gap-3">
      <h2 id={id} className="text-lg font-bold tracking-tight text-slate-900 dark:text-white">
        {children}
      </h2>
      {aside}
    </div>
  );
}

export function StatusLine({ children, tone = 'muted', action }: { children: ReactNode; tone?: 'muted' | 'error'; action?: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`flex flex-wrap items-center justify-center gap-3 py-6 text-center text-sm ${tone === 'error' ? 'text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}>
      {tone === 'muted' && <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-blue-600 dark:border-slate-600 dark:border-t-blue-400" />}
      <span>{children}</span>
      {action}
    </div>
  );
}

function Skeleton({ className }: { className: string }) {
  return <div aria-hidden className={`animate-pulse rounded-xl bg-slate-200/70 dark:bg-slate-800 ${className}`} />;
}

/** Top News: at most 5, the first as the lead; hidden when there are none. */
export function TopNews({ userId, topicId }: { userId?: string; topicId?: number }) {
  const top = useTopNews(userId, topicId);
  if (top.isPending) {
    return (
      <div className="grid gap-3 md:grid-cols-2" aria-hidden>
        <Skeleton className="h-44 md:row-span-2 md:h-auto" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  }
  if (!top.data) return <StatusLine tone="error">{top.error instanceof ApiError ? top.error.message : 'Failed to load top articles'}</StatusLine>;
  const [lead, ...rest] = top.data.articles;
  if (!lead) return null;
  return (
    <section aria-labelledby="top-news-title">
      <SectionTitle id="top-news-title">Top News</SectionTitle>
      <div className="grid gap-3 md:grid-cols-2">
        <div className={rest.length ? 'md:row-span-2' : 'md:col-span-2'}>
          <TopNewsItem article={lead} userId={userId} lead />
        </div>
        {rest.map((article) => (
          <TopNewsItem key={article.id} article={article} userId={userId} />
        ))}
      </div>
    </section>
  );
}

type LiveFeed = ReturnType<typeof useLiveFeed>;

/**
 * Latest: infinite scroll by 25, 'Loading articles...', 'Failed to load
 * articles' (the list already shown stays), and once more than 6 articles are listed and there
 * is no next page, 'No more articles available'.
 */
export function LatestList({ feed, userId }: { feed: LiveFeed; userId?: string }) {
  const { latest, articles, highlighted } = feed;
  const failedMore = latest.isFetchNextPageError;
  const sentinel = useInfiniteScroll({
    hasMore: Boolean(latest.hasNextPage),
    loading: latest.isFetching,
    enabled: !failedMore,
    onLoadMore: () => void latest.fetchNextPage(),
  });

  return (
    <section aria-labelledby="latest-title">
      <SectionTitle id="latest-title">Latest</SectionTitle>
      <p className="sr-only" aria-live="polite">
        {highlighted.size > 0 ? `${highlighted.size} new ${highlighted.size === 1 ? 'article' : 'articles'}` : ''}
      </p>
      {latest.isPending ? (
        <StatusLine>Loading articles...</StatusLine>
      ) : latest.isError && articles.length === 0 ? (
        <StatusLine tone="error" action={<RetryButton onClick={() => void latest.refetch()} />}>
          Failed to load articles
        </StatusLine>
      ) : (
        <>
          <ul className="space-y-2">
            {articles.map((article: TArticleSummary) => (
              <li key={article.id}>
                <LatestItem article={article} userId={userId} highlighted={highlighted.has(article.id)} />
              </li>
            ))}
          </ul>
          <div ref={sentinel} aria-hidden className="h-px" />
          {latest.isFetchingNextPage && <StatusLine>Loading articles...</StatusLine>}
          {failedMore && (
            <StatusLine tone="error" action={<RetryButton onClick={() => void latest.fetchNextPage()} />}>
              Failed to load articles
            </StatusLine>
          )}
          {!latest.hasNextPage && articles.length > FEED_END_MESSAGE_AFTER && (
            <div className="py-8 text-center">
              <p className="font-medium text-slate-800 dark:text-slate-200">No more articles available</p>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Check back later for new articles in your feed</p>
            </div>
          )}
        </>
      )}
    </section>
  );
}

export function RetryButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
    >
      <RefreshCw aria-hidden className="size-3.5" /> Try again
    </button>
  );
}
