import { SourceError, type HttpClient, type HttpRequest, type HttpResponse, type SourceKeys, type Validators } from './types.js';

/**
 * HTTP for connectors (server/sources/types.ts HttpClient): a minimum interval between requests
 * (the source's rate limit), a per-request timeout, retries with full-jitter exponential backoff
 * on 429, 5xx, timeouts and network errors honouring Retry-After, conditional GET, a body size
 * cap and charset-aware decoding (feeds in ISO-8859-1 are common).
 */
export interface HttpClientOptions {
  userAgent: string;
  /** Minimum interval between the starts of two requests made through this client. */
  minRequestIntervalMs: number;
  /** Per-attempt timeout; 20 s by default. */
  timeoutMs?: number;
  /** Retries after the first attempt; 3 by default. */
  maxRetries?: number;
  /** Backoff base: attempt n waits random(0, min(maxDelayMs, baseDelayMs * 2^n)); 500 ms by default. */
  baseDelayMs?: number;
  /** Backoff ceiling; 30 s by default. */
  maxDelayMs?: number;
  /** Longest Retry-After honoured (longer values are cut to this); 60 s by default. */
  retryAfterCapMs?: number;
  /** Larger bodies fail as `malformed`; 50 MB by default. */
  maxBodyBytes?: number;
  signal?: AbortSignal;
  fetchImpl?: typeof fetch;
  /** Injected for tests; Math.random by default. */
  random?: () => number;
}

const DEFAULTS = {
  timeoutMs: 20_000,
  maxRetries: 3,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  retryAfterCapMs: 60_000,
  maxBodyBytes: 50 * 1024 * 1024,
};

/** The User-Agent Herald sends: names the product and a contact (EDGAR requires one). */
export function userAgentFor(keys: Pick<SourceKeys, 'contactEmail'>, version = '0.1'): string {
  return `Herald/${version} (+mailto:${keys.contactEmail})`;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (ms <= 0) return signal?.aborted ? Promise.reject(abortReason(signal)) : Promise.resolve();
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal!));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('Aborted', 'AbortError');
}

/** Charset from the Content-Type header, else the XML declaration, else UTF-8. */
function decode(bytes: Uint8Array, contentType: string): string {
  let charset = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1];
  if (!charset) {
    const head = new TextDecoder('latin1').decode(bytes.subarray(0, 200));
    charset = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
  }
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

async function readBody(response: Response, maxBytes: number, url: string): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceError(`Response from ${url} is larger than ${maxBytes} bytes`, 'malformed', response.status);
  }
  if (!response.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new SourceError(`Response from ${url} is larger than ${maxBytes} bytes`, 'malformed', response.status);
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || (error as { code?: string }).code === 'UND_ERR_HEADERS_TIMEOUT');
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxRetries = options.maxRetries ?? DEFAULTS.maxRetries;
  const baseDelayMs = options.baseDelayMs ?? DEFAULTS.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? DEFAULTS.maxDelayMs;
  const retryAfterCapMs = options.retryAfterCapMs ?? DEFAULTS.retryAfterCapMs;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const fetchImpl = options.fetchImpl ?? fetch;
  const random = options.random ?? Math.random;
  const interval = Math.max(0, options.minRequestIntervalMs);
  let nextSlot = 0;

  /** Reserves the next start time: requests leave at least `interval` apart, in call order. */
  async function waitTurn(): Promise<void> {
    const now = Date.now();
    const at = Math.max(now, nextSlot);
    nextSlot = at + interval;
    await sleep(at - now, options.signal);
  }

  function backoff(attempt: number): number {
    return Math.floor(random() * Math.min(maxDelayMs, baseDelayMs * 2 ** attempt));
  }

  async function attempt(request: HttpRequest): Promise<HttpResponse | { retry: true; delayMs: number | null; error: SourceError }> {
    await waitTurn();
    const headers: Record<string, string> = { 'user-agent': options.userAgent, accept: '*/*' };
    if (request.validators?.etag) headers['if-none-match'] = request.validators.etag;
    if (request.validators?.lastModified) headers['if-modified-since'] = request.validators.lastModified;
    for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;

    const perAttempt = AbortSignal.timeout(request.timeoutMs ?? timeoutMs);
    const signal = options.signal ? AbortSignal.any([perAttempt, options.signal]) : perAttempt;
    let response: Response;
    try {
      response = await fetchImpl(request.url, { headers, signal, redirect: 'follow' });
    } catch (error) {
      if (options.signal?.aborted) throw abortReason(options.signal);
      if (isTimeout(error)) return { retry: true, delayMs: null, error: new SourceError(`Timed out fetching ${request.url}`, 'timeout') };
      const detail = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      return { retry: true, delayMs: null, error: new SourceError(`Network error fetching ${request.url}: ${detail}`, 'network') };
    }
    const url = response.url || request.url;

    if (response.status === 304) {
      await response.body?.cancel().catch(() => undefined);
      return { status: 304, notModified: true, url };
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel().catch(() => undefined);
      return {
        retry: true,
        delayMs: parseRetryAfter(response.headers.get('retry-after')),
        error: new SourceError(`HTTP ${response.status} from ${url}`, 'http_error', response.status),
      };
    }
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => undefined);
      throw new SourceError(`HTTP ${response.status} from ${url}`, 'http_error', response.status);
    }

    let bytes: Uint8Array;
    try {
      bytes = await readBody(response, maxBodyBytes, url);
    } catch (error) {
      if (error instanceof SourceError) throw error;
      if (options.signal?.aborted) throw abortReason(options.signal);
      if (isTimeout(error)) return { retry: true, delayMs: null, error: new SourceError(`Timed out reading ${url}`, 'timeout') };
      return { retry: true, delayMs: null, error: new SourceError(`Network error reading ${url}: ${String(error)}`, 'network') };
    }
    const contentType = response.headers.get('content-type') ?? '';
    const validators: Validators = {};
    const etag = response.headers.get('etag');
    const lastModified = response.headers.get('last-modified');
    if (etag) validators.etag = etag;
    if (lastModified) validators.lastModified = lastModified;
    return { status: response.status, notModified: false, url, body: decode(bytes, contentType), contentType, validators };
  }

  return {
    async get(request) {
      for (let n = 0; ; n++) {
        const result = await attempt(request);
        if (!('retry' in result)) return result;
        if (n >= maxRetries) throw result.error;
        const delay = result.delayMs === null ? backoff(n) : Math.min(result.delayMs, retryAfterCapMs);
        await sleep(delay, options.signal);
      }
    },
  };
}
