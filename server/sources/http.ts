import { deadline } from '../deadline.js';
import { fetch as undiciFetch, type Dispatcher } from 'undici';
import { checkUrl, guardedDispatcher, sourceErrorIn } from './net-guard.js';
import { SourceError, type HttpClient, type HttpRequest, type HttpResponse, type HttpStats, type SourceKeys, type Validators } from './types.js';

/**
 * HTTP for connectors (server/sources/types.ts HttpClient): a minimum interval between requests
 * (the source's rate limit), a per-request timeout, retries with full-jitter exponential backoff
 * on 429, 5xx, timeouts and network errors honouring Retry-After, conditional GET, a body size
 * cap, charset-aware decoding (feeds in ISO-8859-1 are common), gzip/deflate/brotli, redirects
 * followed by hand so each hop passes the address guard (net-guard.ts), and URLs in messages with
 * their secrets (api_key=..., token=...) blanked out.
 */
export interface HttpClientOptions {
  userAgent: string;
  /** Minimum interval between the starts of two requests made through this client. */
  minRequestIntervalMs: number;
  /** Per-attempt timeout (redirect hops and the body included); 20 s by default. */
  timeoutMs?: number;
  /** Retries after the first attempt; 3 by default. */
  maxRetries?: number;
  /** Backoff base: attempt n waits random(0, min(maxDelayMs, baseDelayMs * 2^n)); 500 ms by default. */
  baseDelayMs?: number;
  /** Backoff ceiling; 30 s by default. */
  maxDelayMs?: number;
  /** Longest Retry-After honoured (longer values are cut to this); 60 s by default. */
  retryAfterCapMs?: number;
  /** Larger bodies (after decompression) fail as `malformed`; 50 MB by default. */
  maxBodyBytes?: number;
  /**
   * Private, loopback, link-local... addresses may be fetched (the server's SOURCES_ALLOW_PRIVATE=1:
   * intranet feeds, tests). Refused unless said.
   */
  allowPrivate?: boolean;
  signal?: AbortSignal;
  /** Injected for tests; undici's fetch by default (the guarded Agent is passed as `dispatcher`). */
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

/** Redirect hops followed per request; a longer chain fails. */
export const MAX_REDIRECTS = 5;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const PERMANENT = new Set([301, 308]);

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

/** Query parameters that carry credentials (congress and PubMed take `api_key=` in the URL). */
const SECRET_PARAMETER = /(^|[^a-z])key$|apikey$|token|secret|passw|credential|signature$|^sig$|^auth/i;

/** The URL with the values of credential-like query parameters and any user info blanked: for messages and logs. */
export function redactUrl(url: string): string {
  return url
    .replace(/^([a-z][\w+.-]*:\/\/)[^/?#@]*@/i, '$1REDACTED@')
    .replace(/([?&])([^=&#]+)=([^&#]*)/g, (whole, separator: string, name: string) => {
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // A malformed escape: test the name as written.
      }
      return SECRET_PARAMETER.test(decoded) ? `${separator}${name}=REDACTED` : whole;
    });
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

/** The WHATWG name of a charset label ('latin1' -> 'windows-1252'); undefined when unknown. */
function encodingOf(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

function bomEncoding(bytes: Uint8Array): string | undefined {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 'utf-8';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  return undefined;
}

/** The charset the document names itself: the XML declaration, or an HTML meta tag. */
function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024));
  const label =
    /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1] ?? /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
  const encoding = encodingOf(label);
  // A declaration readable as ASCII cannot be UTF-16 (that needs a BOM): it was re-encoded and kept its old prolog.
  return encoding?.startsWith('utf-16') ? undefined : encoding;
}

/** Windows-1252's characters at 0x80-0x9F (where ISO-8859-1 has control codes); the five unassigned stay as they are. */
const CP1252_HIGH = '\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178';

/**
 * Windows-1252 by hand: Node 20's TextDecoder reads every label of it (windows-1252, latin1,
 * iso-8859-1, ascii) as ISO-8859-1, which turns curly quotes and dashes into control codes.
 */
function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder('latin1').decode(bytes).replace(/[\x80-\x9f]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

function decodeAs(encoding: string, bytes: Uint8Array): string {
  return encoding === 'windows-1252' ? decodeWindows1252(bytes) : new TextDecoder(encoding).decode(bytes);
}

function strictUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * The body as text. The charset is, first found wins: a byte-order mark; the Content-Type
 * header's charset; the document's own declaration (XML prolog, HTML meta tag); UTF-8. Two
 * corrections for what real servers say: bytes that are not valid UTF-8 where UTF-8 was chosen
 * (a server that labels everything utf-8, a Windows-1252 feed that declares nothing) are read in
 * the document's declared charset when it names another, else in windows-1252 (which is what
 * ISO-8859-1 means on the web); and bytes that are valid UTF-8 with multi-byte characters are
 * not read as windows-1252 because a label says so (an old server default, a stale prolog).
 */
export function decodeBody(bytes: Uint8Array, contentType: string): string {
  const bom = bomEncoding(bytes);
  if (bom) return new TextDecoder(bom).decode(bytes);
  const header = encodingOf(/charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType)?.[1]);
  const declared = declaredEncoding(bytes);
  const chosen = header ?? declared ?? 'utf-8';
  if (chosen === 'utf-8') return strictUtf8(bytes) ?? decodeAs(declared && declared !== 'utf-8' ? declared : 'windows-1252', bytes);
  if (chosen === 'windows-1252') {
    const utf8 = strictUtf8(bytes);
    if (utf8 !== null && /[\u0080-\uffff]/.test(utf8)) return utf8;
  }
  return decodeAs(chosen, bytes);
}

async function readBody(response: Response, maxBytes: number, url: string): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  // Content-Length counts compressed bytes: it can refuse early, only the stream below can accept.
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceError(`Response from ${redactUrl(url)} is larger than ${maxBytes} bytes`, 'malformed', response.status);
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
      throw new SourceError(`Response from ${redactUrl(url)} is larger than ${maxBytes} bytes`, 'malformed', response.status);
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

/** Headers that must not follow a redirect to another origin (credentials). */
function isCredentialHeader(name: string): boolean {
  return name === 'authorization' || name === 'cookie' || name === 'proxy-authorization' || /key|token|secret|auth/i.test(name);
}

type Retry = { retry: true; delayMs: number | null; error: SourceError };
type Fetched = { response: Response; url: string; permanentRedirect?: string };
type FetchWithDispatcher = (url: string, init: RequestInit & { dispatcher?: Dispatcher }) => Promise<Response>;

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const timeoutMs = options.timeoutMs ?? DEFAULTS.timeoutMs;
  const maxRetries = options.maxRetries ?? DEFAULTS.maxRetries;
  const baseDelayMs = options.baseDelayMs ?? DEFAULTS.baseDelayMs;
  const maxDelayMs = options.maxDelayMs ?? DEFAULTS.maxDelayMs;
  const retryAfterCapMs = options.retryAfterCapMs ?? DEFAULTS.retryAfterCapMs;
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULTS.maxBodyBytes;
  const allowPrivate = options.allowPrivate ?? false;
  const fetchImpl = (options.fetchImpl ?? undiciFetch) as unknown as FetchWithDispatcher;
  const dispatcher = allowPrivate ? undefined : guardedDispatcher();
  const random = options.random ?? Math.random;
  const interval = Math.max(0, options.minRequestIntervalMs);
  const counts: HttpStats = { requests: 0, notModified: 0, errors: 0 };
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

  function headersFor(request: HttpRequest): Record<string, string> {
    const headers: Record<string, string> = { 'user-agent': options.userAgent, accept: '*/*', 'accept-encoding': 'gzip, deflate, br' };
    if (request.validators?.etag) headers['if-none-match'] = request.validators.etag;
    if (request.validators?.lastModified) headers['if-modified-since'] = request.validators.lastModified;
    for (const [name, value] of Object.entries(request.headers ?? {})) headers[name.toLowerCase()] = value;
    return headers;
  }

  /**
   * One request with its redirects, each hop checked by the address guard. The `permanentRedirect`
   * is where the permanent hops lead, before any temporary one: a 301 then a 302 keeps the 301's
   * target, the place the source has moved to.
   */
  async function follow(request: HttpRequest, signal: AbortSignal): Promise<Fetched> {
    const headers = headersFor(request);
    let url = request.url;
    let permanentRedirect: string | undefined;
    let onlyPermanent = true;
    for (let hop = 0; ; hop++) {
      const from = checkUrl(url, allowPrivate);
      const response = await fetchImpl(url, { headers, signal, redirect: 'manual', ...(dispatcher ? { dispatcher } : {}) });
      const location = REDIRECTS.has(response.status) ? response.headers.get('location') : null;
      if (!location) return { response, url, ...(permanentRedirect ? { permanentRedirect } : {}) };
      await response.body?.cancel().catch(() => undefined);
      if (hop >= MAX_REDIRECTS) throw new SourceError(`More than ${MAX_REDIRECTS} redirects from ${redactUrl(request.url)}`, 'http_error', response.status);
      const next = URL.canParse(location, from) ? new URL(location, from) : null;
      if (!next) throw new SourceError(`Redirect from ${redactUrl(url)} to an unreadable address`, 'http_error', response.status);
      onlyPermanent &&= PERMANENT.has(response.status);
      if (onlyPermanent) permanentRedirect = next.toString();
      if (next.origin !== from.origin) for (const name of Object.keys(headers)) if (isCredentialHeader(name)) delete headers[name];
      url = next.toString();
    }
  }

  async function attempt(request: HttpRequest): Promise<HttpResponse | Retry> {
    counts.requests++;
    // One timeout for the whole attempt: every redirect hop and the body share it.
    const perAttempt = deadline(request.timeoutMs ?? timeoutMs, options.signal);
    try {
      return await fetchAndAnswer(request, perAttempt.signal);
    } finally {
      perAttempt.clear();
    }
  }

  async function fetchAndAnswer(request: HttpRequest, signal: AbortSignal): Promise<HttpResponse | Retry> {
    let fetched: Fetched;
    try {
      fetched = await follow(request, signal);
    } catch (error) {
      if (error instanceof SourceError) throw error;
      if (options.signal?.aborted) throw abortReason(options.signal);
      const refused = sourceErrorIn(error);
      if (refused) throw refused;
      const shown = redactUrl(request.url);
      if (isTimeout(error)) return { retry: true, delayMs: null, error: new SourceError(`Timed out fetching ${shown}`, 'timeout') };
      const detail = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
      return { retry: true, delayMs: null, error: new SourceError(`Network error fetching ${shown}: ${detail}`, 'network') };
    }
    return answer(fetched);
  }

  async function answer({ response, url, permanentRedirect }: Fetched): Promise<HttpResponse | Retry> {
    const moved = permanentRedirect ? { permanentRedirect } : {};
    const shown = redactUrl(url);
    if (response.status === 304) {
      await response.body?.cancel().catch(() => undefined);
      counts.notModified++;
      return { status: 304, notModified: true, url, ...moved };
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel().catch(() => undefined);
      const error = new SourceError(`HTTP ${response.status} from ${shown}`, 'http_error', response.status);
      return { retry: true, delayMs: parseRetryAfter(response.headers.get('retry-after')), error };
    }
    if (response.status < 200 || response.status >= 300) {
      await response.body?.cancel().catch(() => undefined);
      throw new SourceError(`HTTP ${response.status} from ${shown}`, 'http_error', response.status);
    }
    let bytes: Uint8Array;
    try {
      bytes = await readBody(response, maxBodyBytes, url);
    } catch (error) {
      if (error instanceof SourceError) throw error;
      if (options.signal?.aborted) throw abortReason(options.signal);
      if (isTimeout(error)) return { retry: true, delayMs: null, error: new SourceError(`Timed out reading ${shown}`, 'timeout') };
      return { retry: true, delayMs: null, error: new SourceError(`Network error reading ${shown}: ${String(error)}`, 'network') };
    }
    const contentType = response.headers.get('content-type') ?? '';
    const validators: Validators = {};
    const etag = response.headers.get('etag');
    const lastModified = response.headers.get('last-modified');
    if (etag) validators.etag = etag;
    if (lastModified) validators.lastModified = lastModified;
    return { status: response.status, notModified: false, url, body: decodeBody(bytes, contentType), contentType, validators, ...moved };
  }

  /** An attempt, with failed ones counted (thrown or to be retried). */
  async function counted(request: HttpRequest): Promise<HttpResponse | Retry> {
    try {
      const result = await attempt(request);
      if ('retry' in result) counts.errors++;
      return result;
    } catch (error) {
      counts.errors++;
      throw error;
    }
  }

  return {
    async get(request) {
      for (let n = 0; ; n++) {
        await waitTurn();
        const result = await counted(request);
        if (!('retry' in result)) return result;
        if (n >= maxRetries) throw result.error;
        const delay = result.delayMs === null ? backoff(n) : Math.min(result.delayMs, retryAfterCapMs);
        await sleep(delay, options.signal);
      }
    },
    stats() {
      return { ...counts };
    },
  };
}
