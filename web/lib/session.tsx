import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TMe, TTokenPair } from '../../contract/auth';
import { STORAGE_KEYS } from '../../contract/constants';
import { api, ApiError } from './api';
import { authClient } from './auth-client';
import { setTheme } from './theme';

export type SessionStatus = 'checking' | 'anonymous' | 'authenticated';

export interface Session {
  status: SessionStatus;
  user: TMe | null;
}

export interface SessionApi extends Session {
  /** Stores the tokens, loads the user and marks the session signed in; resolves with the user. */
  signIn(tokens: TTokenPair): Promise<TMe>;
  /** Ends the session on the server and here. */
  logout(): Promise<void>;
  /** Replaces the cached profile of the signed-in user (after a reload of GET /me/). */
  replaceUser(user: TMe): void;
}

const SessionContext = createContext<SessionApi>({
  status: 'checking',
  user: null,
  signIn: () => Promise.reject(new Error('no SessionProvider')),
  logout: () => Promise.resolve(),
  replaceUser: () => undefined,
});

export function useSession(): SessionApi {
  return useContext(SessionContext);
}

/** Only a path on this site may be a `next` target; anything else goes home. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  return next;
}

/**
 * The session: a spinner shows while the stored session is checked; no token
 * means logged out; a refused token is refreshed once, and a failed refresh logs the user out.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [session, setSession] = useState<Session>(() =>
    authClient.accessToken() || authClient.refreshToken() ? { status: 'checking', user: null } : { status: 'anonymous', user: null },
  );

  useEffect(() => authClient.onSessionEnded(() => setSession({ status: 'anonymous', user: null })), []);

  useEffect(() => {
    if (!authClient.accessToken() && !authClient.refreshToken()) return;
    const controller = new AbortController();
    authClient
      .authedApi<TMe>('/me/', { signal: controller.signal })
      .then((user) => setSession({ status: 'authenticated', user }))
      .catch((error: unknown) => {
        if ((error as Error).name === 'AbortError') return;
        if (error instanceof ApiError && error.status < 500) authClient.clear();
        else console.error('Failed to fetch user data', error);
        // A start-up failure ends the checking state.
        setSession({ status: 'anonymous', user: null });
      });
    return () => controller.abort();
  }, []);

  const signIn = useCallback(async (tokens: TTokenPair) => {
    authClient.store(tokens);
    try {
      const user = await authClient.authedApi<TMe>('/me/');
      setSession({ status: 'authenticated', user });
      return user;
    } catch (error) {
      authClient.clear();
      setSession({ status: 'anonymous', user: null });
      throw error;
    }
  }, []);

  const logout = useCallback(async () => {
    const refresh = authClient.refreshToken();
    authClient.clear();
    localStorage.removeItem(STORAGE_KEYS.impersonation);
    setSession({ status: 'anonymous', user: null });
    // Nothing of this user's stays cached for the next one.
    queryClient.cancelQueries().catch(() => undefined);
    queryClient.clear();
    // Logout resets the interface to the light theme.
    setTheme('light');
    if (refresh) await api('/auth/logout/', { body: { refresh } }).catch((error: unknown) => console.error('Logout failed', error));
  }, [queryClient]);

  const replaceUser = useCallback((user: TMe) => setSession((current) => (current.status === 'authenticated' ? { status: 'authenticated', user } : current)), []);

  const value = useMemo<SessionApi>(() => ({ ...session, signIn, logout, replaceUser }), [session, signIn, logout, replaceUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
