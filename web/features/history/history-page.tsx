import { Link } from 'react-router';
import { useInfiniteQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { PAGE_SIZE } from '../../../contract/constants';
import type { TArticlePage, TArticleSummary } from '../../../contract/feed';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { articleHref, isRightToLeft, plainText } from '../../lib/article-data';
import { authClient } from '../../lib/auth-client';
import { formatDate, isoDate } from '../../lib/dates';
import { useInfiniteScroll } from '../../lib/use-infinite-scroll';
import { useViewing, withUser } from '../../lib/viewing';

interface PageParam {
  page: number;
  cursor?: string;
}

/**
 * Previous Articles: cards of every article, newest first. The page counter
 * starts at 1; the next page loads when the end is within 300 px, at most once a second, until
 * has_next is false.
 */
export default function HistoryPage() {
  const { userId } = useViewing();
  const history = useInfiniteQuery({
    queryKey: ['history', userId ?? 'self'],
    initialPageParam: { page: 1 } as PageParam,
    queryFn: ({ pageParam, signal }) =>
      authClient.authedApi<TArticlePage>(withUser(`/articles/history/?page=${pageParam.page}&per_page=${PAGE_SIZE}${pageParam.cursor ? `&cursor=${pageParam.cursor}` : ''}`, userId), { signal }),
    getNextPageParam: (last): PageParam | undefined => (last.has_next && last.next_cursor ? { page: last.page + 1, cursor: last.next_cursor } : undefined),
  });
  const articles = history.data?.pages.flatMap((page) => page.articles) ?? [];
  const failed = history.isError;
  const sentinel = useInfiniteScroll({
    hasMore: Boolean(history.hasNextPage),
    loading: history.isFetching,
    enabled: !failed,
    onLoadMore: () => void history.fetchNextPage(),
  });
  const errorText = history.error instanceof ApiError && history.error.status < 500 ? history.error.message : 'Failed to load articles';

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 md:px-6 md:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl dark:text-white">Previous Articles</h1>
      {history.isPending ? (
        <Spinner label="Loading articles" />
      ) : articles.length === 0 && failed ? (
        <p role="alert" className="mt-8 text-center text-red-700 dark:text-red-300">
          {errorText}
        </p>
      ) : articles.length === 0 ? (
        <div className="mt-10 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
          <History aria-hidden className="mx-auto size-10 text-slate-400" />
          <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">No previous articles found</h2>
          <p className="mx-auto mt-2 max-w-md text-sm text-slate-600 dark:text-slate-400">It looks like you don&apos;t have any previous articles yet. Check back after more content has been processed.</p>
        </div>
      ) : (
        <>
          <ul className="mt-6 space-y-4">
            {articles.map((article) => (
              <li key={article.id}>
                <HistoryCard article={article} userId={userId} />
              </li>
            ))}
          </ul>
          <div ref={sentinel} aria-hidden className="h-px" />
          {history.isFetchingNextPage && (
            <p role="status" className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">
              Loading more articles...
            </p>
          )}
          {failed && (
            <div role="alert" className="flex items-center justify-center gap-3 py-6 text-sm text-red-700 dark:text-red-300">
              {errorText}
              <button type="button" onClick={() => void history.fetchNextPage()} className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800">
                Try again
              </button>
            </div>
          )}
          {!history.hasNextPage && !failed && <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">You&apos;ve reached the end of your article history</p>}
        </>
      )}
    </div>
  );
}

export function HistoryCard({ article, userId }: { article: TArticleSummary; userId?: string }) {
  return (
    <article dir={isRightToLeft(article.language) ? 'rtl' : undefined} lang={article.language || undefined} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900">
      {article.theme && <p className="text-xs font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">{article.theme}</p>}
      <h2 className="mt-1 text-lg leading-snug font-semibold text-slate-900 dark:text-white">
        <Link to={articleHref(article.id, userId)} className="hover:underline focus-visible:outline-2 focus-visible:outline-blue-600">
          {article.title}
        </Link>
      </h2>
      {article.points.length > 0 && (
        <ul className="mt-3 list-disc space-y-1 ps-5 text-sm text-slate-700 dark:text-slate-300">
          {article.points.slice(0, 4).map((point, index) => (
            <li key={index} className="line-clamp-2">
              {plainText(point)}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
        {/* One date rule with the feed and the article page: a replayed document's own date first, then its arrival. */}
        {article.original_published_at ? (
          <>
            Published <time dateTime={isoDate(article.original_published_at)}>{formatDate(article.original_published_at)}</time> · replayed{' '}
            <time dateTime={isoDate(article.published_at)}>{formatDate(article.published_at)}</time>
          </>
        ) : (
          <>
            Published <time dateTime={isoDate(article.published_at)}>{formatDate(article.published_at)}</time>
          </>
        )}
      </p>
    </article>
  );
}
