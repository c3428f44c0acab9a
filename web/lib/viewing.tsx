import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMe } from '../../contract/auth';
import { STORAGE_KEYS } from '../../contract/constants';
import { authClient } from './auth-client';
import { useSession } from './session';

/** What the app keeps in local storage while a superuser impersonates (or an admin previews). */
export interface StoredImpersonation {
  impersonatedUserId: string;
  impersonatedUserName: string;
  isImpersonating: boolean;
  impersonatedUserData?: TMe;
}

export type ViewMode = 'timeline' | 'user';

export interface Viewing {
  /** The signed-in user. */
  me: TMe;
  /** The user whose data the screens show: `me`, or the impersonated / previewed user once loaded. */
  viewed: TMe;
  /** Set only while viewing as another user: send it as `user_id` (see `withUser`). */
  userId: string | undefined;
  isImpersonating: boolean;
  /** True while the viewed user's profile is being loaded ('Loading impersonated user...'). */
  loadingViewed: boolean;
  /** Superusers see the internal timeline unless they chose the user view. */
  viewMode: ViewMode;
  setViewMode(mode: ViewMode): void;
  start(user: { id: string; name: string }): void;
  stop(): void;
  /** Reloads the viewed user's profile without cache (after onboarding, topic or profile edits). */
  reload(): Promise<void>;
}

const ViewingContext = createContext<Viewing | null>(null);

export function useViewing(): Viewing {
  const value = useContext(ViewingContext);
  if (!value) throw new Error('useViewing() outside <ViewingProvider>');
  return value;
}

/** Adds `user_id` to a user-scoped path while viewing as another user. */
export function withUser(path: string, userId: string | undefined): string {
  if (!userId) return path;
  return `${path}${path.includes('?') ? '&' : '?'}user_id=${encodeURIComponent(userId)}`;
}

/** The query key of a profile: the viewed user's id, or 'self'. */
export const profileKey = (userId: string | undefined) => ['me', userId ?? 'self'] as const;

/** Cached user lifetime: 5 minutes. */
const PROFILE_STALE_MS = 5 * 60_000;

export function readStoredImpersonation(): StoredImpersonation | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.impersonation);
    if (!raw) return null;
    const value = JSON.parse(raw) as StoredImpersonation;
    return value?.isImpersonating && typeof value.impersonatedUserId === 'string' ? value : null;
  } catch {
    return null;
  }
}

function readViewMode(): ViewMode {
  return localStorage.getItem(STORAGE_KEYS.viewMode) === 'user' ? 'user' : 'timeline';
}

/**
 * The viewed user: selecting a user makes them the viewed one,
 * which changes every query key (running fetches are aborted, data refetched); clearing returns to
 * self. Restored from local storage on load, cleared on logout (session.tsx) and content restart.
 * The server decides who may view whom (superusers anyone, admins the users of their account).
 */
export function ViewingProvider({ children }: { children: ReactNode }) {
  const { user: me, replaceUser } = useSession();
  const queryClient = useQueryClient();
  const [stored, setStored] = useState<StoredImpersonation | null>(() => readStoredImpersonation());
  const [viewMode, setViewModeState] = useState<ViewMode>(readViewMode);
  const userId = stored && stored.impersonatedUserId !== me?.id ? stored.impersonatedUserId : undefined;
  const [mountedAt] = useState(() => Date.now());

  const viewedQuery = useQuery({
    queryKey: profileKey(userId),
    queryFn: ({ signal }) => authClient.authedApi<TMe>(withUser('/me/', userId), { signal }),
    enabled: Boolean(me),
    staleTime: PROFILE_STALE_MS,
    // The session refresh: every 120 s while signed in.
    refetchInterval: 120_000,
    initialData: userId ? stored?.impersonatedUserData : (me ?? undefined),
    initialDataUpdatedAt: userId ? 0 : mountedAt,
  });

  // The caller's own profile, refreshed with the session: keep the session's copy current.
  useEffect(() => {
    if (!userId && viewedQuery.data && viewedQuery.data !== me) replaceUser(viewedQuery.data);
  }, [userId, viewedQuery.data, me, replaceUser]);

  // A stored impersonation that cannot be restored (user gone, rights lost) is dropped.
  useEffect(() => {
    if (userId && viewedQuery.isError) {
      console.error('Failed to restore impersonation', viewedQuery.error);
      localStorage.removeItem(STORAGE_KEYS.impersonation);
      queueMicrotask(() => setStored(null));
    }
  }, [userId, viewedQuery.isError, viewedQuery.error]);

  useEffect(() => {
    if (userId && viewedQuery.data && stored && stored.impersonatedUserData?.id !== viewedQuery.data.id) {
      const next = { ...stored, impersonatedUserData: viewedQuery.data };
      localStorage.setItem(STORAGE_KEYS.impersonation, JSON.stringify(next));
    }
  }, [userId, viewedQuery.data, stored]);

  const start = useCallback(
    (user: { id: string; name: string }) => {
      void queryClient.cancelQueries();
      const next: StoredImpersonation = { impersonatedUserId: user.id, impersonatedUserName: user.name, isImpersonating: true };
      localStorage.setItem(STORAGE_KEYS.impersonation, JSON.stringify(next));
      setStored(next);
    },
    [queryClient],
  );
  const stop = useCallback(() => {
    void queryClient.cancelQueries();
    localStorage.removeItem(STORAGE_KEYS.impersonation);
    setStored(null);
  }, [queryClient]);
  const setViewMode = useCallback((mode: ViewMode) => {
    localStorage.setItem(STORAGE_KEYS.viewMode, mode);
    setViewModeState(mode);
  }, []);
  const reload = useCallback(async () => {
    await queryClient.fetchQuery({ queryKey: profileKey(userId), queryFn: ({ signal }) => authClient.authedApi<TMe>(withUser('/me/', userId), { signal }), staleTime: 0 });
  }, [queryClient, userId]);

  const value = useMemo<Viewing | null>(() => {
    if (!me) return null;
    const loadingViewed = Boolean(userId) && (!viewedQuery.data || viewedQuery.data.id !== userId);
    const viewed = userId ? (viewedQuery.data?.id === userId ? viewedQuery.data : me) : (viewedQuery.data ?? me);
    return { me, viewed, userId, isImpersonating: Boolean(userId), loadingViewed, viewMode, setViewMode, start, stop, reload };
  }, [me, userId, viewedQuery.data, viewMode, setViewMode, start, stop, reload]);

  if (!value) return null;
  return <ViewingContext.Provider value={value}>{children}</ViewingContext.Provider>;
}
