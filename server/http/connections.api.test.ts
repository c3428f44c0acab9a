import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHerald, type TestHerald } from '../test/harness.js';

/*
 * A slow client does not hold a connection: a request whose headers or body do not arrive within
 * REQUEST_TIMEOUT_MS is answered 408 and closed (Node's default waits 300 s), and past
 * MAX_CONNECTIONS open connections a new one is closed at once.
 */
let herald: TestHerald;
let port: number;
beforeAll(async () => {
  herald = await createTestHerald({ REQUEST_TIMEOUT_MS: '400', MAX_CONNECTIONS: '3' }, { listen: true });
  port = Number(new URL(herald.url!).port);
});
afterAll(async () => herald?.close());

/** Opens a connection, writes `text` and resolves with what the server sent before it closed the connection (or '' after `waitMs`). */
function exchange(text: string, waitMs: number): Promise<{ data: string; closedAfterMs: number | null }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ data, closedAfterMs: null });
    }, waitMs);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ data, closedAfterMs: Date.now() - started });
    });
    socket.on('error', () => {});
  });
}

describe(`connections (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('answers 408 and closes a request whose body never finishes', async () => {
    const { data, closedAfterMs } = await exchange('POST /api/auth/login/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":', 5000);
    expect(data).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs).not.toBeNull();
    expect(closedAfterMs!).toBeLessThan(4000);
  });

  it('closes a request whose headers never finish', async () => {
    const { data, closedAfterMs } = await exchange('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ', 5000);
    expect(data).toMatch(/^HTTP\/1\.1 408/);
    expect(closedAfterMs!).toBeLessThan(4000);
  });

  it('keeps an idle connection open as long as browsers expect (Fastify’s 72 s, not Node’s 5 s)', () => {
    // A server that closes idle connections first races the browser's next request on them (ECONNRESET).
    expect(herald.app!.server.keepAliveTimeout).toBeGreaterThanOrEqual(60_000);
  });

  it('closes connections past the cap at once and serves again when they are gone', async () => {
    const held = await Promise.all([0, 1, 2].map(() => new Promise<net.Socket>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => resolve(s));
      s.on('error', () => {});
    })));
    // Let the server count them before the next one arrives.
    await new Promise((r) => setTimeout(r, 100));
    const extra = await exchange('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n', 2000);
    expect(extra.data).toBe('');
    expect(extra.closedAfterMs).not.toBeNull();
    for (const s of held) s.destroy();
    await new Promise((r) => setTimeout(r, 100));
    const after = await fetch(`${herald.url}/api/health`);
    expect(after.status).toBeLessThan(500);
  });
});
