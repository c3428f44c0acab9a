import { skipToken, useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TArticleJudgement } from '../../contract/feed';
import type { TJudgement } from '../../contract/judgement-text';
import { authClient } from './auth-client';
import { withUser } from './viewing';

/**
 * The reader's "More like this" / "Less like this" on an article, as every screen shows it.
 *
 * An article arrives with the judgement it had when its list was loaded; what the reader chooses
 * afterwards is kept in the query cache under the article's id (for the viewed user), so the Top
 * News card, the Latest card and the article page of one article agree at once, whichever list
 * loaded it and however long ago (Latest's pages are never refetched). Logout clears the cache.
 */
const judgementKey = (userId: string | undefined, articleId: number) => ['judgement', userId ?? 'self', articleId] as const;

interface Chosen {
  value: TJudgement | null;
}

/** PUT (a judgement) or DELETE (none) /articles/{id}/judgement/; the answer is the stored state. */
function saveJudgement(articleId: number, userId: string | undefined, value: TJudgement | null): Promise<TArticleJudgement> {
  const path = withUser(`/articles/${articleId}/judgement/`, userId);
  return value === null ? authClient.authedApi(path, { method: 'DELETE' }) : authClient.authedApi(path, { method: 'PUT', body: { judgement: value } });
}

export interface JudgementOutcome {
  saved?: TArticleJudgement;
  error?: unknown;
}

/**
 * The article's judgement and `choose(value)`: shown at once, saved, and put back as it was if
 * saving fails. `onSettled` hears how it went (for the confirmation or the failure's toast).
 * One change at a time per article: a choice made while one is being saved is ignored, so the
 * server cannot receive two in the wrong order.
 */
export function useJudgement(article: { id: number; judgement: TJudgement | null }, userId: string | undefined, onSettled: (outcome: JudgementOutcome) => void) {
  const queryClient = useQueryClient();
  const key = judgementKey(userId, article.id);
  // Nothing is fetched under this key: it only holds what the reader chose in this session.
  const chosen = useQuery<Chosen>({ queryKey: key, queryFn: skipToken, staleTime: Infinity, gcTime: Infinity });
  const current = chosen.data ? chosen.data.value : article.judgement;
  const saving = useIsMutating({ mutationKey: key }) > 0;

  const mutation = useMutation({
    mutationKey: key,
    mutationFn: (value: TJudgement | null) => saveJudgement(article.id, userId, value),
    onMutate: (value) => {
      queryClient.setQueryData<Chosen>(key, { value });
      return { before: current };
    },
    onError: (error, _value, context) => {
      queryClient.setQueryData<Chosen>(key, { value: context?.before ?? null });
      onSettled({ error });
    },
    onSuccess: (saved) => {
      queryClient.setQueryData<Chosen>(key, { value: saved.judgement });
      onSettled({ saved });
    },
  });

  const choose = (value: TJudgement | null) => {
    if (saving || mutation.isPending) return;
    mutation.mutate(value);
  };
  return { judgement: current, saving, choose };
}
