import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TTopicTrends, TrendRange, TTrendsOverview } from '../../../contract/trends';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { withUser } from '../../lib/viewing';

const who = (userId: string | undefined) => userId ?? 'self';

export const trendKeys = {
  topic: (userId: string | undefined, topicId: number | undefined, range: TrendRange) => ['trends', who(userId), 'topic', topicId, range] as const,
  overview: (userId: string | undefined, range: TrendRange) => ['trends', who(userId), 'overview', range] as const,
};

/** Not found (another reader's topic) and a refused range are answers, not hiccups: no retries for them. */
const retry = (count: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && count < 2;

/** A topic's dashboard (GET /topics/{id}/trends/?range=). */
export function useTopicTrends(topicId: number | undefined, range: TrendRange, userId: string | undefined) {
  return useQuery({
    queryKey: trendKeys.topic(userId, topicId, range),
    queryFn: ({ signal }) => authClient.authedApi<TTopicTrends>(withUser(`/topics/${topicId}/trends/?range=${range}`, userId), { signal }),
    enabled: topicId !== undefined,
    // Another range of the same topic: its figures stay while the new ones load; never another topic's.
    placeholderData: (previous) => (previous?.topic.id === topicId ? previous : undefined),
    retry,
    staleTime: 60_000,
  });
}

/** Every topic of the reader side by side (GET /trends/?range=). */
export function useTrendsOverview(range: TrendRange, userId: string | undefined) {
  return useQuery({
    queryKey: trendKeys.overview(userId, range),
    queryFn: ({ signal }) => authClient.authedApi<TTrendsOverview>(withUser(`/trends/?range=${range}`, userId), { signal }),
    placeholderData: keepPreviousData,
    retry,
    staleTime: 60_000,
  });
}
