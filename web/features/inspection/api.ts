import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TInspectionDetail, TInspectionList, TTimelineMode } from '../../../contract/inspection';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { withUser } from '../../lib/viewing';

/** Timeline polling. */
export const TIMELINE_POLL_MS = 10_000;

export const inspectionKeys = {
  list: (userId: string | undefined, mode: TTimelineMode) => ['inspection', userId ?? 'self', 'list', mode] as const,
  detail: (userId: string | undefined, id: number) => ['inspection', userId ?? 'self', 'detail', id] as const,
};

/**
 * GET /articles/ for the timeline, page by page, refreshed every 10 s (the refreshes carry p=1).
 * The viewed user is in the key: choosing another user aborts the running fetch and refetches.
 */
export function useTimeline(userId: string | undefined, mode: TTimelineMode) {
  const queryClient = useQueryClient();
  return useInfiniteQuery({
    queryKey: inspectionKeys.list(userId, mode),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal, queryKey }) => {
      const polling = queryClient.getQueryData(queryKey) !== undefined;
      return authClient.authedApi<TInspectionList>(withUser(`/articles/?mode=${mode}&page=${pageParam}${polling ? '&p=1' : ''}`, userId), { signal });
    },
    getNextPageParam: (last) => (last.has_next ? last.page + 1 : undefined),
    refetchInterval: TIMELINE_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

/** GET /articles/{id}/details/: loaded when a row is expanded, and by the detailed article view. */
export function useItemDetail(userId: string | undefined, id: number | undefined, enabled = true) {
  return useQuery({
    queryKey: inspectionKeys.detail(userId, id ?? 0),
    queryFn: ({ signal }) => authClient.authedApi<TInspectionDetail>(withUser(`/articles/${id}/details/`, userId), { signal }),
    enabled: enabled && id !== undefined,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    staleTime: 30_000,
  });
}
