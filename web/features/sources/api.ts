import { useQuery } from '@tanstack/react-query';
import type {
  TCreateSource,
  TDeleteSourceResult,
  TDiscoverResponse,
  TOpmlImportResult,
  TPreviewResponse,
  TSource,
  TSourceDetail,
  TSourceImpact,
  TSourceKinds,
  TSourceList,
  TUpdateSource,
} from '../../../contract/sources';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { pollInterval } from './source-state';
import { saveFile } from '../../lib/save-file';

/** The Sources calls (contract/sources.ts): superusers only. */
export const sourceKeys = {
  all: ['sources'] as const,
  list: ['sources', 'list'] as const,
  kinds: ['sources', 'kinds'] as const,
  detail: (id: number) => ['sources', 'detail', id] as const,
  impact: (id: number) => ['sources', 'impact', id] as const,
};

/** Every source; polled every 2 s while one runs (or `fast` says a run was just asked for), else every 15 s. */
export function useSources(fast: (sources: TSource[]) => boolean = () => false) {
  return useQuery({
    queryKey: sourceKeys.list,
    queryFn: ({ signal }) => authClient.authedApi<TSourceList>('/sources/', { signal }),
    refetchInterval: (query) => {
      const sources = query.state.data?.sources ?? [];
      return pollInterval(sources, fast(sources));
    },
  });
}

export function useSourceDetail(id: number | null, fast = false) {
  return useQuery({
    queryKey: sourceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => authClient.authedApi<TSourceDetail>(`/sources/${id}/`, { signal }),
    enabled: id !== null,
    refetchInterval: (query) => pollInterval(query.state.data ? [query.state.data.source] : [], fast),
  });
}

/** The kinds change only with a new release (and keys with a restart): read once per page visit. */
export function useSourceKinds() {
  return useQuery({
    queryKey: sourceKeys.kinds,
    queryFn: ({ signal }) => authClient.authedApi<TSourceKinds>('/sources/kinds/', { signal }),
    staleTime: 5 * 60_000,
  });
}

export function useSourceImpact(id: number | null) {
  return useQuery({
    queryKey: sourceKeys.impact(id ?? 0),
    queryFn: ({ signal }) => authClient.authedApi<TSourceImpact>(`/sources/${id}/impact/`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}

export const sourcesApi = {
  create: (body: TCreateSource) => authClient.authedApi<TSource>('/sources/', { method: 'POST', body }),
  update: (id: number, body: TUpdateSource) => authClient.authedApi<TSource>(`/sources/${id}/`, { method: 'PATCH', body }),
  remove: (id: number) => authClient.authedApi<TDeleteSourceResult>(`/sources/${id}/`, { method: 'DELETE' }),
  run: (id: number) => authClient.authedApi<{ queued: boolean; already_running: boolean }>(`/sources/${id}/run/`, { method: 'POST' }),
  discover: (url: string, signal?: AbortSignal) => authClient.authedApi<TDiscoverResponse>('/sources/discover/', { method: 'POST', body: { url }, signal }),
  preview: (kind: string, settings: Record<string, unknown>, signal?: AbortSignal) =>
    authClient.authedApi<TPreviewResponse>('/sources/preview/', { method: 'POST', body: { kind, settings }, signal }),
  /** `collectionId`: where the file's feeds go unless an outline names a collection of its own. */
  importOpml: (file: File, dryRun: boolean, collectionId?: number) => {
    const form = new FormData();
    form.append('file', file, file.name);
    const query = new URLSearchParams({ ...(dryRun ? { dry_run: '1' } : {}), ...(collectionId !== undefined ? { collection_id: String(collectionId) } : {}) }).toString();
    return authClient.authedApi<TOpmlImportResult>(`/sources/import-opml/${query ? `?${query}` : ''}`, { method: 'POST', body: form });
  },
  exportOpml: downloadOpml,
};

/** The file name from a Content-Disposition header, or a dated default. */
export function attachmentName(disposition: string | null, today = new Date()): string {
  const star = disposition ? /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition) : null;
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = disposition ? /filename\s*=\s*"?([^";]+)"?/i.exec(disposition) : null;
  if (plain?.[1]) return plain[1].trim();
  return `herald-sources-${today.toISOString().slice(0, 10)}.opml`;
}

/**
 * GET /sources/export-opml/ is a file, not JSON: fetched with the access token (refreshed once on
 * 401/403, as authedApi does) and saved through a temporary link.
 */
async function downloadOpml(): Promise<string> {
  const get = (token: string | null) => fetch('/api/sources/export-opml/', { headers: token ? { authorization: `Bearer ${token}` } : {} });
  let token = authClient.accessToken() ?? (await authClient.refresh());
  let response: Response;
  try {
    response = await get(token);
    if (response.status === 401 || response.status === 403) {
      token = await authClient.refresh();
      response = await get(token);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(500, 'Internal Server Error', 'network_error', 'An unexpected error occurred. Please try again later.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: string; code?: string } | null;
    throw new ApiError(response.status, response.statusText, body?.code ?? 'http_error', body?.error ?? 'The export failed. Please try again.');
  }
  const blob = await response.blob();
  const name = attachmentName(response.headers.get('content-disposition'));
  saveFile(name, blob);
  return name;
}

/** The server's sentence for a refused call (every answer carries one), or the fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** The field messages of a refused call, first message per field path ('settings.url'). */
export function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([field, messages]) => [field, messages[0] ?? '']));
}

/** The messages of `settings.*` fields keyed by the setting's name; the rest stay under their path. */
export function splitFieldErrors(errors: Record<string, string>): { settings: Record<string, string>; other: Record<string, string> } {
  const settings: Record<string, string> = {};
  const other: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = /^settings\.([^.]+)/.exec(path);
    if (match?.[1]) settings[match[1]] ??= message;
    else other[path] = message;
  }
  return { settings, other };
}
