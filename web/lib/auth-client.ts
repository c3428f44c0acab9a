import type { TTokenPair } from '../../contract/auth';
import { STORAGE_KEYS } from '../../contract/constants';
import { api, ApiError, type RequestOptions } from './api';

type Request = <T>(path: string, options?: RequestOptions) => Promise<T>;
type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface AuthClient {
  /** An API call with the stored access token; a 401 or 403 refreshes the token once and retries. */
  authedApi<T>(path: string, options?: Omit<RequestOptions, 'token'>): Promise<T>;
  /** One refresh at a time: callers arriving while a refresh runs share its result. */
  refresh(): Promise<string>;
  accessToken(): string | null;
  refreshToken(): string | null;
  store(tokens: TTokenPair): void;
  clear(): void;
  /** Called once whenever a failed refresh ends the session; returns an unsubscribe function. */
  onSessionEnded(listener: () => void): () => void;
}

/**
 * The session's tokens: accessToken and refreshToken in local storage.
 * Refreshing is single-flight: the server rotates the refresh token on use, so two parallel
 * refreshes with the same token would make one of them fail and log the user out.
 */
export function createAuthClient(request: Request, storage: KeyValueStore): AuthClient {
  let inflight: Promise<string> | null = null;
  const listeners = new Set<() => void>();

  const accessToken = () => storage.getItem(STORAGE_KEYS.accessToken);
  const refreshToken = () => storage.getItem(STORAGE_KEYS.refreshToken);
  const store = (tokens: TTokenPair) => {
    storage.setItem(STORAGE_KEYS.accessToken, tokens.access);
    storage.setItem(STORAGE_KEYS.refreshToken, tokens.refresh);
  };
  const clear = () => {
    storage.removeItem(STORAGE_KEYS.accessToken);
    storage.removeItem(STORAGE_KEYS.refreshToken);
  };
  const endSession = () => {
    clear();
    listeners.forEach((listener) => listener());
  };

  function refresh(): Promise<string> {
    if (inflight) return inflight;
    inflight = (async () => {
      const token = refreshToken();
      if (!token) {
        endSession();
        throw new ApiError(401, 'Unauthorized', 'no_refresh_token', 'No refresh token available');
      }
      let pair: TTokenPair;
      try {
        pair = await request<TTokenPair>('/auth/refresh/', { body: { refresh: token } });
      } catch (error) {
        // Server errors of 500 or more only log; the session stays.
        if (error instanceof ApiError && error.status >= 500) {
          console.error('Failed to refresh token', error);
          throw error;
        }
        // A new pair stored while this refresh was out (a change of password ends the old session
        // and answers with a new one): the session goes on with it.
        const current = accessToken();
        if (refreshToken() !== token && current) return current;
        endSession();
        throw error instanceof ApiError ? error : new ApiError(401, 'Unauthorized', 'refresh_failed', 'Failed to refresh token');
      }
      store(pair);
      return pair.access;
    })().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  async function authedApi<T>(path: string, options: Omit<RequestOptions, 'token'> = {}): Promise<T> {
    let token = accessToken();
    if (!token) {
      // No access token but a refresh token: get a new access token first.
      if (!refreshToken()) throw new ApiError(401, 'Unauthorized', 'no_access_token', 'No access token available');
      token = await refresh();
    }
    try {
      return await request<T>(path, { ...options, token });
    } catch (error) {
      if (!(error instanceof ApiError) || (error.status !== 401 && error.status !== 403)) throw error;
      // Another request may have refreshed already while this one was in flight.
      const current = accessToken();
      const fresh = current && current !== token ? current : await refresh();
      return request<T>(path, { ...options, token: fresh });
    }
  }

  return {
    authedApi,
    refresh,
    accessToken,
    refreshToken,
    store,
    clear,
    onSessionEnded(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one auth client, on the browser's local storage. */
export const authClient = createAuthClient(api, globalThis.localStorage);
