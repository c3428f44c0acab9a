import { describe, expect, it, vi } from 'vitest';
import { ApiError, type RequestOptions } from './api';
import { createAuthClient } from './auth-client';

function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
    map,
  };
}

const unauthorized = () => new ApiError(401, 'Unauthorized', 'token_invalid', 'expired');

/** A fake server: tokens named by generation; only the current access token is accepted. */
function fakeServer(options: { refreshFails?: number } = {}) {
  let generation = 1;
  const calls: { path: string; token?: string | null }[] = [];
  let releaseRefresh: () => void = () => undefined;
  const refreshGate = new Promise<void>((resolve) => (releaseRefresh = resolve));
  const request = vi.fn(async <T,>(path: string, opts: RequestOptions = {}): Promise<T> => {
    calls.push({ path, token: opts.token });
    if (path === '/auth/refresh/') {
      await refreshGate;
      if (options.refreshFails) throw new ApiError(options.refreshFails, 'x', 'refresh_invalid', 'Your session has expired.');
      const body = opts.body as { refresh: string };
      if (body.refresh !== `refresh-${generation}`) throw new ApiError(401, 'Unauthorized', 'refresh_invalid', 'replay');
      generation += 1;
      return { access: `access-${generation}`, refresh: `refresh-${generation}` } as T;
    }
    if (opts.token !== `access-${generation}`) throw unauthorized();
    return { path, token: opts.token } as T;
  });
  return { request, calls, releaseRefresh };
}

describe('auth client', () => {
  it('refreshes once when several requests fail at the same time, then retries each', async () => {
    const server = fakeServer();
    const storage = memoryStorage({ accessToken: 'stale', refreshToken: 'refresh-1' });
    const client = createAuthClient(server.request as never, storage);
    const pending = Promise.all(['/a/', '/b/', '/c/'].map((path) => client.authedApi<{ token: string }>(path)));
    await vi.waitFor(() => expect(server.calls.filter((c) => c.path === '/auth/refresh/')).toHaveLength(1));
    server.releaseRefresh();
    const results = await pending;
    expect(results.map((r) => r.token)).toEqual(['access-2', 'access-2', 'access-2']);
    expect(server.calls.filter((c) => c.path === '/auth/refresh/')).toHaveLength(1);
    expect(storage.map.get('accessToken')).toBe('access-2');
    expect(storage.map.get('refreshToken')).toBe('refresh-2');
  });

  it('keeps a pair stored while a refresh of the ended session was out (a change of password), and retries with it', async () => {
    const server = fakeServer({ refreshFails: 401 });
    const storage = memoryStorage({ accessToken: 'access-old', refreshToken: 'refresh-old' });
    const client = createAuthClient(server.request as never, storage);
    const ended = vi.fn();
    client.onSessionEnded(ended);
    // A poll meets the ended session and refreshes with the old token; the change's answer lands meanwhile.
    const poll = client.authedApi<{ token: string }>('/a/');
    await vi.waitFor(() => expect(server.calls.filter((c) => c.path === '/auth/refresh/')).toHaveLength(1));
    client.store({ access: 'access-1', refresh: 'refresh-1' });
    server.releaseRefresh();
    expect((await poll).token).toBe('access-1');
    expect(ended).not.toHaveBeenCalled();
    expect(storage.map.get('refreshToken')).toBe('refresh-1');
  });

  it('retries with a token another request already refreshed, without a second refresh', async () => {
    const server = fakeServer();
    server.releaseRefresh();
    const storage = memoryStorage({ accessToken: 'stale', refreshToken: 'refresh-1' });
    const client = createAuthClient(server.request as never, storage);
    await client.authedApi('/a/');
    // A request that went out with the stale token before the refresh landed.
    storage.setItem('accessToken', 'access-2');
    const late = createAuthClient(server.request as never, storage);
    await expect(late.authedApi('/b/')).resolves.toMatchObject({ token: 'access-2' });
    expect(server.calls.filter((c) => c.path === '/auth/refresh/')).toHaveLength(1);
  });

  it('ends the session once when the refresh is refused, and clears both tokens', async () => {
    const server = fakeServer({ refreshFails: 401 });
    server.releaseRefresh();
    const storage = memoryStorage({ accessToken: 'stale', refreshToken: 'refresh-1' });
    const client = createAuthClient(server.request as never, storage);
    const ended = vi.fn();
    client.onSessionEnded(ended);
    const results = await Promise.allSettled([client.authedApi('/a/'), client.authedApi('/b/')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(storage.map.size).toBe(0);
  });

  it('keeps the session when the refresh fails with a server error', async () => {
    const server = fakeServer({ refreshFails: 503 });
    server.releaseRefresh();
    const storage = memoryStorage({ accessToken: 'stale', refreshToken: 'refresh-1' });
    const client = createAuthClient(server.request as never, storage);
    const ended = vi.fn();
    client.onSessionEnded(ended);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(client.authedApi('/a/')).rejects.toMatchObject({ status: 503 });
    expect(ended).not.toHaveBeenCalled();
    expect(storage.map.get('refreshToken')).toBe('refresh-1');
  });

  it('logs out without calling the server when there is no refresh token', async () => {
    const server = fakeServer();
    const storage = memoryStorage({ accessToken: 'stale' });
    const client = createAuthClient(server.request as never, storage);
    const ended = vi.fn();
    client.onSessionEnded(ended);
    await expect(client.authedApi('/a/')).rejects.toMatchObject({ message: 'No refresh token available' });
    expect(ended).toHaveBeenCalledTimes(1);
    expect(server.calls.map((c) => c.path)).toEqual(['/a/']);
  });
});
