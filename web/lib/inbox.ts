import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { INBOX_POLL_MS, type TArticleShare, type TArticleShares, type TInboxCounts, type TInboxItem, type TInboxPage, type TInboxTab, type TShareCreate, type TTeammate } from '../../contract/inbox';
import { authClient } from './auth-client';

/**
 * The inbox's calls and cache (issue 39): the bell's counts polled at the feed's cadence while the
 * page is visible, the pages of a tab, and the changes (read, archive, mark all read), which
 * refresh both. Shares of an article live here too: the inbox and the article page use them.
 */
export const INBOX_KEY = ['inbox'] as const;

export function useInboxCounts() {
  return useQuery({
    queryKey: [...INBOX_KEY, 'counts'],
    queryFn: ({ signal }) => authClient.authedApi<TInboxCounts>('/inbox/counts/', { signal }),
    refetchInterval: INBOX_POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    staleTime: INBOX_POLL_MS / 2,
  });
}

export function useInboxPages(tab: TInboxTab, latestId: number | undefined) {
  return useInfiniteQuery({
    // The newest id in the key: a new item (seen by the counts poll) brings the first page again.
    queryKey: [...INBOX_KEY, 'pages', tab, latestId ?? 0],
    queryFn: ({ pageParam, signal }) => authClient.authedApi<TInboxPage>(`/inbox/?tab=${tab}${pageParam ? `&before=${pageParam}` : ''}`, { signal }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    placeholderData: (previous) => previous,
  });
}

export function useInboxChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: INBOX_KEY });
  const update = useMutation({
    mutationFn: ({ id, change }: { id: number; change: { read?: boolean; archived?: true } }) => authClient.authedApi<TInboxItem>(`/inbox/${id}/`, { method: 'PATCH', body: change }),
    onSettled: refresh,
  });
  const markAll = useMutation({
    mutationFn: (tab: TInboxTab) => authClient.authedApi<TInboxCounts>('/inbox/read-all/', { method: 'POST', body: { tab } }),
    onSettled: refresh,
  });
  return { update, markAll };
}

export function useTeammates(enabled: boolean) {
  return useQuery({
    queryKey: ['teammates'],
    queryFn: ({ signal }) => authClient.authedApi<{ teammates: TTeammate[] }>('/me/teammates/', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

export function useArticleShares(articleId: number | undefined) {
  return useQuery({
    queryKey: ['article-shares', articleId],
    queryFn: ({ signal }) => authClient.authedApi<TArticleShares>(`/articles/${articleId}/shares/`, { signal }),
    enabled: articleId !== undefined,
    retry: false,
    staleTime: 30_000,
  });
}

export function useShareArticle(articleId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TShareCreate) => authClient.authedApi<TArticleShare>(`/articles/${articleId}/shares/`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['article-shares', articleId] }),
  });
}
