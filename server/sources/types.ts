import type { z } from 'zod';
import type { RawDocument } from '../documents/raw.js';

/**
 * The connector interface. A connector speaks one real source API and yields documents in pages;
 * the runner (server/sources/runner.ts) ingests each page, then stores the page's cursor, so a
 * crash mid-run resumes after the last ingested page. Connectors never touch the database.
 */

/** The documents connectors yield are ingest's input, so their type lives with ingest. */
export type { RawDocument };

/** Conditional GET validators remembered per URL. */
export interface Validators {
  etag?: string;
  lastModified?: string;
}

export type HttpResponse = (
  | { status: 304; notModified: true; url: string }
  | { status: number; notModified: false; url: string; body: string; contentType: string; validators: Validators }
) & {
  /**
   * Set when the requested URL answered a permanent redirect (301/308): the URL reached through
   * permanent redirects only, which the source should read from now on. `url` is where the
   * answer finally came from (temporary redirects included).
   */
  permanentRedirect?: string;
};

export interface HttpRequest {
  url: string;
  headers?: Record<string, string>;
  /** Send If-None-Match / If-Modified-Since from these; a 304 answers notModified. */
  validators?: Validators;
  /** Overrides the 20 s default. */
  timeoutMs?: number;
}

/**
 * HTTP for connectors: timeout, retries with jittered backoff on 429/5xx and network errors
 * honouring Retry-After, the source's rate limit, and the contact User-Agent. Non-2xx after
 * retries throws a `SourceError`. Implemented in server/sources/http.ts.
 */
export interface HttpClient {
  get(request: HttpRequest): Promise<HttpResponse>;
  /** Counts since the client was made: attempts (retries included), 304 answers, failed attempts. */
  stats(): HttpStats;
}

export interface HttpStats {
  requests: number;
  notModified: number;
  errors: number;
}

export interface ConnectorContext<C> {
  /** The source's own settings, already parsed by the connector's `config` schema. */
  config: C;
  /** What the last successful page returned as its cursor; null on the first run. */
  cursor: unknown;
  http: HttpClient;
  /** API keys and contact details from the server configuration (env). */
  keys: SourceKeys;
  signal: AbortSignal;
  now: Date;
  /** Optional progress report (the CLI draws a bar): items done, and the total when known. */
  progress?(done: number, total?: number): void;
  /** Optional: something the operator should know that is not a failure (a feed cut to its newest items). */
  log?(level: 'info' | 'warn', message: string, details?: Record<string, unknown>): void;
}

export interface SourceKeys {
  congressApiKey?: string;
  regulationsApiKey?: string;
  courtListenerToken?: string;
  patentsViewApiKey?: string;
  usptoApiKey?: string;
  pubmedApiKey?: string;
  /** Contact email: EDGAR's User-Agent and PubMed's `email` parameter. */
  contactEmail: string;
  /**
   * Tests only (the connectors' fixture server): hosts that may receive keys besides each
   * service's own. Never read from the environment or a source's settings.
   */
  trustKeysAt?: readonly string[];
}

export interface Page {
  documents: RawDocument[];
  /** Cursor to resume after this page (JSON-serialisable), stored once the page is ingested. */
  cursor: unknown;
  /**
   * Settings to merge into the source's stored settings once the page is ingested: a feed that
   * moved for good (301/308) gives its new `url`.
   */
  settingsUpdate?: Record<string, unknown>;
}

export interface Connector<S extends z.ZodType = z.ZodType> {
  /** Stable kind name stored on the source row: 'rss', 'arxiv', 'pubmed', ... */
  kind: string;
  /** The collection its documents belong to unless a document says otherwise. */
  defaultCollectionId: number;
  /** Settings a source of this kind takes (feed URL, query, CIKs...). */
  config: S;
  /** Minimum interval between two requests to this API, in milliseconds (rate limit). */
  minRequestIntervalMs: number;
  /**
   * Optional: the interval given the configured keys, when a key raises the limit (PubMed: 334 ms
   * without an API key, 100 ms with). The runner uses it instead of `minRequestIntervalMs` when present.
   */
  requestIntervalMs?(keys: SourceKeys): number;
  /** Default schedule: minutes between runs. */
  defaultIntervalMinutes: number;
  /** Its name for people, on the Sources page ("RSS / Atom feed", "arXiv"). */
  label: string;
  /** One sentence: what it reads. */
  description: string;
  /** The API keys (SourceKeys fields) it uses; required ones make it refuse to run without them. */
  keys?: { key: Exclude<keyof SourceKeys, 'trustKeysAt'>; required: boolean }[];
  /** Yields pages until there is nothing new; a 304 yields nothing. */
  fetch(context: ConnectorContext<z.infer<S>>): AsyncIterable<Page>;
}

/** A failure the runner records on the source (and counts towards disabling it). */
export class SourceError extends Error {
  constructor(
    message: string,
    /** forbidden_address: a URL Herald refuses to fetch (a private address, a non-http scheme). */
    readonly code: 'http_error' | 'timeout' | 'malformed' | 'network' | 'config' | 'forbidden_address',
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}
