import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../contract/constants';
import type { TArticleList, TArticlePage, TSourcePreview } from '../../../contract/feed';
import { authClient } from '../../lib/auth-client';
import { withUser } from '../../lib/viewing';

/** Query string of the feed calls: the topic when one is chosen, and extra parameters. */
function path(base: string, params: Record<string, string | number | undefined>, userId: string | undefined): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') query.set(key, String(value));
  const text = query.toString();
  return withUser(text ? `${base}?${text}` : base, userId);
}

export const feedKeys = {
  all: (userId: string | undefined) => ['feed', userId ?? 'self'] as const,
  top: (userId: string | undefined, topicId: number | undefined) => ['feed', userId ?? 'self', 'top', topicId ?? 'all'] as const,
  latest: (userId: string | undefined, topicId: number | undefined) => ['feed', userId ?? 'self', 'latest', topicId ?? 'all'] as const,
  head: (userId: string | undefined, topicId: number | undefined) => ['feed', userId ?? 'self', 'head', topicId ?? 'all'] as const,
  search: (userId: string | undefined, topicId: number | undefined, q: string) => ['feed', userId ?? 'self', 'search', topicId ?? 'all', q] as const,
  previews: (userId: string | undefined) => ['feed', userId ?? 'self', 'previews'] as const,
};

/** Top News (GET /for-you/top/): at most 5. */
export function useTopNews(userId: string | undefined, topicId: number | undefined) {
  return useQuery({
    queryKey: feedKeys.top(userId, topicId),
    queryFn: ({ signal }) => authClient.authedApi<TArticleList>(path('/for-you/top/', { topic_id: topicId }, userId), { signal }),
  });
}

interface PageParam {
  page: number;
  cursor?: string;
}

/** Latest (GET /for-you/latest/): 25 a page; each next page by the cursor of the one before. */
export function useLatest(userId: string | undefined, topicId: number | undefined) {
  return useInfiniteQuery({
    queryKey: feedKeys.latest(userId, topicId),
    initialPageParam: { page: 1 } as PageParam,
    queryFn: ({ pageParam, signal }) =>
      authClient.authedApi<TArticlePage>(path('/for-you/latest/', { page: pageParam.page, per_page: PAGE_SIZE, topic_id: topicId, cursor: pageParam.cursor }, userId), { signal }),
    getNextPageParam: (last): PageParam | undefined => (last.has_next && last.next_cursor ? { page: last.page + 1, cursor: last.next_cursor } : undefined),
    // A poll finds new articles through the feed head; refetching every page would lose the place.
    staleTime: Infinity,
  });
}

/** The feed head (GET /for-you/ with the polling flag), polled at `interval` ms. */
export function useFeedHead(userId: string | undefined, topicId: number | undefined, interval: number, enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.head(userId, topicId),
    queryFn: ({ signal }) => authClient.authedApi<TArticleList>(path('/for-you/', { topic_id: topicId, p: 1 }, userId), { signal }),
    refetchInterval: interval,
    refetchIntervalInBackground: false,
    enabled,
  });
}

export function useTimelineSearch(userId: string | undefined, topicId: number | undefined, q: string | undefined) {
  return useQuery({
    queryKey: feedKeys.search(userId, topicId, q ?? ''),
    queryFn: ({ signal }) => authClient.authedApi<TArticleList>(path('/for-you/timeline-search/', { q, topic_id: topicId }, userId), { signal }),
    enabled: Boolean(q),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

/** Source previews for the setup screen (GET /for-you/recent-abstracts/). */
export function useRecentAbstracts(userId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: feedKeys.previews(userId),
    queryFn: ({ signal }) => authClient.authedApi<{ results: TSourcePreview[] }>(path('/for-you/recent-abstracts/', {}, userId), { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
