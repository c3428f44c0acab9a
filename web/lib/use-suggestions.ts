import { useCallback, useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SUGGESTION_MESSAGES } from '../../contract/onboarding-text';
import type { TSuggestion } from '../../contract/onboarding';
import type { TTopic } from '../../contract/topics';
import { useToast } from '../components/ui/toast';
import { authClient } from './auth-client';
import { useViewing, withUser } from './viewing';
import type { SuggestionActions } from '../components/suggestions-panel';

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The viewed user's topics and suggestions, and what a suggestion click does: add or remove with
 * its toasts, then the remaining suggestions are expanded and the topics, suggestions and profile
 * refreshed. Shared by Manage Topics and the feed's
 * Suggestions column (one cache: both read the same queries).
 */
export function useSuggestions(onAdded?: (topic: TTopic) => void) {
  const viewing = useViewing();
  const { userId } = viewing;
  const toast = useToast();
  const queryClient = useQueryClient();
  const topicsQuery = useQuery({
    queryKey: ['topics', userId ?? 'self'],
    queryFn: ({ signal }) => authClient.authedApi<{ topics: TTopic[] }>(withUser('/me/topics/', userId), { signal }),
  });
  const suggestionsQuery = useQuery({
    queryKey: ['suggestions', userId ?? 'self'],
    queryFn: ({ signal }) => authClient.authedApi<{ suggestions: TSuggestion[]; total_suggestions: number }>(withUser('/me/suggestions/', userId), { signal }),
  });
  const topics = useMemo(() => topicsQuery.data?.topics ?? [], [topicsQuery.data]);

  /** The topics, the suggestions and the profile (sidebar, feed) after a change. */
  const refresh = useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: ['topics', userId ?? 'self'] }),
      queryClient.invalidateQueries({ queryKey: ['suggestions', userId ?? 'self'] }),
      viewing.reload().catch((e: unknown) => console.error('Failed to fetch user data', e)),
    ]);
  }, [queryClient, userId, viewing]);

  /** After adding or removing, the remaining suggestions are sent to be expanded. */
  const expand = useCallback(async () => {
    const remaining = (queryClient.getQueryData<{ suggestions: TSuggestion[] }>(['suggestions', userId ?? 'self'])?.suggestions ?? []).map((s) => s.name);
    await authClient.authedApi(withUser('/topics/expand-suggestions/', userId), { body: { existing_suggestions: remaining } }).catch((e: unknown) => console.error('Failed to expand suggestions', e));
  }, [queryClient, userId]);

  const actions: SuggestionActions = {
    add: async (suggestion) => {
      try {
        const answer = await authClient.authedApi<{ topic: TTopic; status: string }>(withUser('/topics/add-suggestion/', userId), { body: { suggestion: suggestion.name, sources: suggestion.sources } });
        onAdded?.(answer.topic);
        toast.show('success', SUGGESTION_MESSAGES.added(answer.topic.name));
        void expand().then(refresh);
        return true;
      } catch (e) {
        console.error('Failed to add suggestion', e);
        toast.show('error', SUGGESTION_MESSAGES.addFailed);
        return false;
      }
    },
    remove: async (suggestion) => {
      try {
        await authClient.authedApi(withUser('/topics/delete-suggestion/', userId), { body: { suggestion: suggestion.name } });
        toast.show('success', SUGGESTION_MESSAGES.removed);
        setTimeout(() => void expand().then(refresh), 400);
        return true;
      } catch (e) {
        console.error('Failed to remove suggestion', e);
        toast.show('error', SUGGESTION_MESSAGES.removeFailed);
        return false;
      }
    },
  };

  return {
    topicsQuery,
    topics,
    suggestions: suggestionsQuery.data?.suggestions ?? [],
    suggestionsLoading: suggestionsQuery.isPending,
    tracked: (name: string) => topics.some((t) => sameName(t.name, name)),
    actions,
    refresh,
  };
}
