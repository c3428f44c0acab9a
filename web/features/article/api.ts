import { useQuery } from '@tanstack/react-query';
import { SIDEBAR_LIST_MAX } from '../../../contract/constants';
import type { TArticleList, TArticlePage, TReaderArticle } from '../../../contract/feed';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { withUser } from '../../lib/viewing';

const key = (userId: string | undefined) => userId ?? 'self';

/** GET /for-you/article/{id}/ (with email=1 when opened from an email link). */
export function useArticle(id: number | undefined, userId: string | undefined, fromEmail: boolean) {
  return useQuery({
    queryKey: ['article', key(userId), id],
    queryFn: ({ signal }) => authClient.authedApi<TReaderArticle>(withUser(`/for-you/article/${id}/${fromEmail ? '?email=1' : ''}`, userId), { signal }),
    enabled: id !== undefined,
    // Not found and not yet generated are answers, not hiccups: no retries for them.
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: 60_000,
  });
}

/** The Latest side list: the newest articles, the current one left out. */
export function useSideLatest(userId: string | undefined, currentId: number | undefined) {
  return useQuery({
    queryKey: ['feed', key(userId), 'latest', 'all', 'side'],
    queryFn: ({ signal }) => authClient.authedApi<TArticlePage>(withUser(`/for-you/latest/?page=1&per_page=${SIDEBAR_LIST_MAX + 1}`, userId), { signal }),
    select: (page) => page.articles.filter((a) => a.id !== currentId).slice(0, SIDEBAR_LIST_MAX),
    staleTime: 30_000,
  });
}

/** GET /for-you/article/{id}/related/: up to 5, none of those in Latest. */
export function useRelated(id: number | undefined, userId: string | undefined) {
  return useQuery({
    queryKey: ['article', key(userId), id, 'related'],
    queryFn: ({ signal }) => authClient.authedApi<TArticleList>(withUser(`/for-you/article/${id}/related/`, userId), { signal }),
    enabled: id !== undefined,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: 60_000,
  });
}
