import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TComment, TCommentThread, TMentionable } from '../../contract/comments';
import { INBOX_POLL_MS } from '../../contract/inbox';
import { authClient } from './auth-client';

/**
 * An article's comment thread (issue 39 item 5): read while the page is open (refreshed at the
 * inbox's cadence, slower), written by post, edit and delete, which refresh it; and the teammates
 * an @ may name.
 */
const threadKey = (articleId: number) => ['comments', articleId] as const;

export function useComments(articleId: number | undefined) {
  return useQuery({
    queryKey: threadKey(articleId ?? 0),
    queryFn: ({ signal }) => authClient.authedApi<TCommentThread>(`/articles/${articleId}/comments/`, { signal }),
    enabled: articleId !== undefined,
    retry: false,
    refetchInterval: INBOX_POLL_MS * 10,
    refetchIntervalInBackground: false,
    staleTime: INBOX_POLL_MS,
  });
}

export function useCommentChanges(articleId: number) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: threadKey(articleId) });
  const post = useMutation({
    mutationFn: (body: string) => authClient.authedApi<TComment>(`/articles/${articleId}/comments/`, { method: 'POST', body: { body } }),
    onSuccess: refresh,
  });
  const edit = useMutation({
    mutationFn: ({ id, body }: { id: number; body: string }) => authClient.authedApi<TComment>(`/articles/${articleId}/comments/${id}/`, { method: 'PATCH', body: { body } }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => authClient.authedApi<void>(`/articles/${articleId}/comments/${id}/`, { method: 'DELETE' }),
    onSettled: refresh,
  });
  return { post, edit, remove };
}

export function useMentionable(articleId: number, query: string | undefined) {
  return useQuery({
    queryKey: ['mentionable', articleId, query ?? ''],
    queryFn: ({ signal }) => authClient.authedApi<{ teammates: TMentionable[] }>(`/articles/${articleId}/comments/mentionable/?q=${encodeURIComponent(query ?? '')}`, { signal }),
    enabled: query !== undefined,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
