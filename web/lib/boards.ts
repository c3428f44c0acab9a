import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBoard, TBoardCreate, TBoardItem, TBoardPage, TBoardUpdate } from '../../contract/boards';
import { authClient } from './auth-client';

/**
 * Team boards (issue 39 item 6): the boards the signed-in reader sees (the sidebar and the "Add to
 * board" picker, which asks which hold its article), a board's pages of items, and the changes,
 * which refresh every board query (counts in the sidebar included).
 */
export const BOARDS_KEY = ['boards'] as const;

export function useBoards(articleId?: number, enabled = true) {
  return useQuery({
    queryKey: [...BOARDS_KEY, 'list', articleId ?? 0],
    queryFn: ({ signal }) => authClient.authedApi<{ boards: TBoard[] }>(`/boards/${articleId ? `?article_id=${articleId}` : ''}`, { signal }),
    enabled,
    staleTime: 30_000,
  });
}

export function useBoardPages(boardId: number | undefined) {
  return useInfiniteQuery({
    queryKey: [...BOARDS_KEY, 'page', boardId ?? 0],
    queryFn: ({ pageParam, signal }) => authClient.authedApi<TBoardPage>(`/boards/${boardId}/${pageParam ? `?before=${pageParam}` : ''}`, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_before ?? undefined,
    enabled: boardId !== undefined,
    retry: false,
  });
}

export function useBoardChanges() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: BOARDS_KEY });
  const create = useMutation({
    mutationFn: (input: TBoardCreate) => authClient.authedApi<TBoard>('/boards/', { method: 'POST', body: input }),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, change }: { id: number; change: TBoardUpdate }) => authClient.authedApi<TBoard>(`/boards/${id}/`, { method: 'PATCH', body: change }),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: number) => authClient.authedApi<void>(`/boards/${id}/`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
  const add = useMutation({
    mutationFn: ({ boardId, articleId, note }: { boardId: number; articleId: number; note?: string }) =>
      authClient.authedApi<TBoardItem>(`/boards/${boardId}/items/`, { method: 'POST', body: { article_id: articleId, ...(note?.trim() ? { note } : {}) } }),
    onSettled: refresh,
  });
  const editNote = useMutation({
    mutationFn: ({ boardId, itemId, note }: { boardId: number; itemId: number; note: string }) => authClient.authedApi<TBoardItem>(`/boards/${boardId}/items/${itemId}/`, { method: 'PATCH', body: { note } }),
    onSuccess: refresh,
  });
  const removeItem = useMutation({
    mutationFn: ({ boardId, itemId }: { boardId: number; itemId: number }) => authClient.authedApi<void>(`/boards/${boardId}/items/${itemId}/`, { method: 'DELETE' }),
    onSettled: refresh,
  });
  return { create, update, remove, add, editNote, removeItem };
}
