import type { TErrorBody } from '../../contract/errors';

/** An API failure carrying the server's stable code and message (or a network failure as 500). */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly statusText: string,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  token?: string | null;
}

/**
 * The one HTTP wrapper: JSON in and out (a FormData body goes as multipart, for uploads), 204
 * returns undefined, errors become ApiError.
 */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData ? options.body : undefined;
  // The browser writes the multipart content type itself, with its boundary.
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      signal: options.signal,
    });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(500, 'Internal Server Error', 'network_error', 'An unexpected error occurred. Please try again later.');
  }
  if (response.status === 204) return undefined as T;
  const payload: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const body = (payload ?? {}) as Partial<TErrorBody>;
    throw new ApiError(
      response.status,
      response.statusText,
      body.code ?? 'http_error',
      body.error ?? 'An error occurred, please try again later',
      body.fields,
    );
  }
  return payload as T;
}

/** The server's sentence for a refused request (4xx), else `fallback` (a failure the reader cannot act on). */
export function refusalText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback;
}

/** The first message of each field of a refused request, under the field's top name (`topic_ids.0` is `topic_ids`). */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(error.fields)) {
    const field = key.split('.')[0]!;
    if (messages[0] && !out[field]) out[field] = messages[0];
  }
  return out;
}
