import { expect, it } from 'vitest';
import type { z } from 'zod';
import type { FixtureServer } from '../fixture-server.js';
import { createHttpClient } from '../http.js';
import { SourceError, type Connector, type Page, type RawDocument, type SourceKeys } from '../types.js';

/** Shared pieces of the connector tests: a fast HTTP client, a run collector, the failure cases. */

export const TEST_KEYS: SourceKeys = {
  contactEmail: 'ops@herald.test',
  congressApiKey: 'congress-key',
  regulationsApiKey: 'regs-key',
  courtListenerToken: 'cl-token',
  patentsViewApiKey: 'pv-key',
  usptoApiKey: 'uspto-key',
  // The fixture server on loopback stands in for each service's own host.
  trustKeysAt: ['127.0.0.1', 'localhost'],
};

export interface RunResult {
  pages: Page[];
  documents: RawDocument[];
  cursor: unknown;
}

export interface RunOptions {
  cursor?: unknown;
  keys?: SourceKeys;
  now?: Date;
  timeoutMs?: number;
  maxRetries?: number;
}

/** Runs a connector to the end with a client tuned for tests (tiny backoff, Retry-After capped at 50 ms). */
export async function run<S extends z.ZodType>(connector: Connector<S>, config: z.input<S>, options: RunOptions = {}): Promise<RunResult> {
  const http = createHttpClient({
    userAgent: 'Herald-test/1.0 (+mailto:ops@herald.test)',
    minRequestIntervalMs: 0,
    timeoutMs: options.timeoutMs ?? 2000,
    maxRetries: options.maxRetries ?? 2,
    baseDelayMs: 5,
    maxDelayMs: 20,
    retryAfterCapMs: 50,
    // The fixture server listens on loopback.
    allowPrivate: true,
  });
  const pages: Page[] = [];
  let cursor: unknown = options.cursor ?? null;
  for await (const page of connector.fetch({
    config: connector.config.parse(config) as z.infer<S>,
    cursor: options.cursor ?? null,
    http,
    keys: options.keys ?? TEST_KEYS,
    signal: new AbortController().signal,
    now: options.now ?? new Date(),
  })) {
    pages.push(page);
    cursor = page.cursor;
  }
  return { pages, documents: pages.flatMap((p) => p.documents), cursor };
}

export async function runError<S extends z.ZodType>(connector: Connector<S>, config: z.input<S>, options: RunOptions = {}): Promise<SourceError> {
  try {
    await run(connector, config, options);
  } catch (error) {
    if (error instanceof SourceError) return error;
    throw error;
  }
  throw new Error('expected a SourceError');
}

export interface FailureCase<S extends z.ZodType> {
  server: () => FixtureServer;
  connector: Connector<S>;
  config: () => z.input<S>;
  /** The path of the first request, where the failures are staged. */
  path: string;
  /** Serves a broken body at `path` instead of the recorded one. */
  breakBody: (server: FixtureServer) => void;
  options?: () => RunOptions;
}

/** The failure cases every connector must survive: 429 + Retry-After, 500, timeout, malformed body. */
export function failureCases<S extends z.ZodType>(c: FailureCase<S>): void {
  it('waits for Retry-After on 429, then succeeds', async () => {
    const server = c.server();
    server.fail(c.path, 429, { retryAfter: '1' });
    const result = await run(c.connector, c.config(), c.options?.());
    expect(result.documents.length).toBeGreaterThan(0);
    const hits = server.requests.filter((r) => r.path === c.path);
    expect(hits.length).toBeGreaterThanOrEqual(2);
    // Retry-After: 1 is capped at 50 ms in tests; the retry waited at least that long.
    expect(hits[1]!.at - hits[0]!.at).toBeGreaterThanOrEqual(45);
  });

  it('retries a 500, then fails with http_error', async () => {
    const server = c.server();
    server.fail(c.path, 500, { times: 10 });
    const error = await runError(c.connector, c.config(), { ...c.options?.(), maxRetries: 2 });
    expect(error.code).toBe('http_error');
    expect(error.status).toBe(500);
    expect(server.requests.filter((r) => r.path === c.path)).toHaveLength(3);
  });

  it('fails with timeout when the server hangs', async () => {
    const server = c.server();
    server.hang(c.path);
    const error = await runError(c.connector, c.config(), { ...c.options?.(), timeoutMs: 80, maxRetries: 0 });
    expect(error.code).toBe('timeout');
  });

  it('fails with malformed on a broken body, without crashing', async () => {
    const server = c.server();
    c.breakBody(server);
    const error = await runError(c.connector, c.config(), c.options?.());
    expect(error.code).toBe('malformed');
  });
}
