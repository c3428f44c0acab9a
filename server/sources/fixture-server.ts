import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';

/**
 * Test helper: a local HTTP server on 127.0.0.1 (random port) that replays recorded API
 * responses by path and query, and misbehaves on demand: 304 when If-None-Match matches,
 * 429 with Retry-After, 500, a hang (for timeouts), truncated or malformed bodies; and answers as
 * real servers do: compressed bodies (gzip, deflate, brotli), redirects, 410 Gone.
 */

export const FIXTURES_DIR = fileURLToPath(new URL('../../fixtures/sources/', import.meta.url));

/** A recorded body from fixtures/sources/<path>. */
export function fixture(path: string): string {
  return readFileSync(FIXTURES_DIR + path, 'utf8');
}

/** A recorded body as bytes, for recordings that are not UTF-8 (a Windows-1252 feed). */
export function fixtureBytes(path: string): Buffer {
  return readFileSync(FIXTURES_DIR + path);
}

export interface Route {
  path: string;
  /** Every listed parameter must match (other parameters are ignored). */
  query?: Record<string, string>;
  status?: number;
  body?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  /** Sends this ETag (default: a hash of the body for 200s) and answers 304 to a matching If-None-Match. */
  etag?: string | false;
  lastModified?: string;
  /** 'hang' never answers; 'truncate' sends half the body; 'reset' drops the connection. */
  behaviour?: 'hang' | 'truncate' | 'reset';
  /** Answer this many requests, then let later routes answer. */
  times?: number;
  /** Sends the body compressed, with its Content-Encoding. */
  encoding?: 'gzip' | 'deflate' | 'br';
}

const COMPRESS = { gzip: gzipSync, deflate: deflateSync, br: brotliCompressSync };

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  at: number;
}

export interface FixtureServer {
  /** http://127.0.0.1:<port> */
  url: string;
  requests: RecordedRequest[];
  /** Adds a route after the existing ones (`first` puts it before them). */
  route(route: Route, options?: { first?: boolean }): void;
  /** Answers the next `times` requests to `path` with `status` (and Retry-After when given), then falls through. */
  fail(path: string, status: number, options?: { times?: number; retryAfter?: string }): void;
  hang(path: string, times?: number): void;
  /** Answers `path` with a redirect to `location` (a path on this server or a full URL). */
  redirect(path: string, location: string, status?: 301 | 302 | 303 | 307 | 308): void;
  reset(): void;
  close(): Promise<void>;
}

function etagOf(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
}

function matches(route: Route, path: string, query: URLSearchParams): boolean {
  if (route.path !== path) return false;
  if (route.times !== undefined && route.times <= 0) return false;
  return Object.entries(route.query ?? {}).every(([name, value]) => query.get(name) === value);
}

export async function startFixtureServer(initial: Route[] = []): Promise<FixtureServer> {
  let routes: Route[] = [...initial];
  const requests: RecordedRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer((req, res) => {
    const parsed = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? 'GET', path: parsed.pathname, query: parsed.searchParams, headers: req.headers, at: Date.now() });
    const route = routes.find((r) => matches(r, parsed.pathname, parsed.searchParams));
    if (!route) {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'no fixture for ' + req.url }));
      return;
    }
    if (route.times !== undefined) route.times -= 1;
    if (route.behaviour === 'hang') {
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    }
    if (route.behaviour === 'reset') {
      req.socket.destroy();
      return;
    }
    const status = route.status ?? 200;
    const body = route.body ?? '';
    const headers: Record<string, string> = { 'content-type': route.contentType ?? 'application/octet-stream', ...route.headers };
    const etag = route.etag === false ? undefined : (route.etag ?? (status === 200 ? etagOf(body) : undefined));
    if (etag) headers.etag = etag;
    if (route.lastModified) headers['last-modified'] = route.lastModified;
    if (etag && req.headers['if-none-match'] === etag) {
      res.writeHead(304, { etag });
      res.end();
      return;
    }
    if (route.behaviour === 'truncate') {
      const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body);
      res.writeHead(status, headers);
      res.end(buffer.subarray(0, Math.floor(buffer.length / 2)));
      return;
    }
    if (route.encoding) {
      headers['content-encoding'] = route.encoding;
      res.writeHead(status, headers);
      res.end(COMPRESS[route.encoding](body));
      return;
    }
    res.writeHead(status, headers);
    res.end(body);
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    route(route, options) {
      if (options?.first) routes.unshift(route);
      else routes.push(route);
    },
    fail(path, status, options) {
      const headers: Record<string, string> = {};
      if (options?.retryAfter !== undefined) headers['retry-after'] = options.retryAfter;
      routes.unshift({ path, status, body: 'error', headers, times: options?.times ?? 1, etag: false });
    },
    hang(path, times = 100) {
      routes.unshift({ path, behaviour: 'hang', times });
    },
    redirect(path, location, status = 301) {
      routes.unshift({ path, status, headers: { location }, etag: false });
    },
    reset() {
      routes = [];
      requests.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
