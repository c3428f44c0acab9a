import http from 'node:http';
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHttpClient } from './http.js';
import { SourceError } from './types.js';

// A sender that answers at once and then trickles its body a byte at a time, for ever.
let server: http.Server;
let url: string;
beforeAll(async () => {
  server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/rss+xml' });
    const timer = setInterval(() => response.write(' '), 20);
    response.on('close', () => clearInterval(timer));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/feed.xml`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

it("ends an attempt at its timeout even when garbage is collected meanwhile (a run's signal beside it)", async () => {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  const run = new AbortController();
  const client = createHttpClient({ userAgent: 'Herald-test/1.0', minRequestIntervalMs: 0, baseDelayMs: 5, maxDelayMs: 20, allowPrivate: true, timeoutMs: 300, maxRetries: 0, signal: run.signal });
  const collecting = setInterval(gc, 25);
  const started = Date.now();
  try {
    const error = await client.get({ url }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(3000);
  } finally {
    clearInterval(collecting);
  }
}, 10_000);
