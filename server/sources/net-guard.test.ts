import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { createHttpClient } from './http.js';
import { addressProblem, addressRefusal, checkUrl, guardedLookup, reachRefusal } from './net-guard.js';
import { SourceError, type HttpClient } from './types.js';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer([{ path: '/feed.xml', body: '<rss/>' }]);
});
afterAll(() => server.close());

async function refusal(promise: Promise<unknown>): Promise<SourceError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SourceError);
  expect(error).toMatchObject({ code: 'forbidden_address' });
  return error as SourceError;
}

const guarded = (fetchImpl?: typeof fetch): HttpClient =>
  createHttpClient({ userAgent: 'Herald-test/1.0', minRequestIntervalMs: 0, maxRetries: 2, baseDelayMs: 1, allowPrivate: false, ...(fetchImpl ? { fetchImpl } : {}) });

describe('addressProblem', () => {
  it.each([
    ['10.0.0.5', 'a private address'],
    ['172.16.3.4', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['127.0.0.1', 'a loopback address'],
    ['127.255.0.9', 'a loopback address'],
    ['0.0.0.0', 'an unspecified address'],
    ['169.254.169.254', 'a link-local address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['224.0.0.1', 'a multicast address'],
    ['255.255.255.255', 'a broadcast address'],
    ['::1', 'a loopback address'],
    ['[::1]', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fd00::1', 'a unique-local address'],
    ['fc00::1', 'a unique-local address'],
    ['fe80::1', 'a link-local address'],
    ['ff02::1', 'a multicast address'],
    ['::ffff:127.0.0.1', 'a loopback address'],
    ['::ffff:10.1.2.3', 'a private address'],
    ['::ffff:a9fe:a9fe', 'a link-local address'],
    ['::127.0.0.1', 'a loopback address'],
    ['64:ff9b::10.0.0.1', 'a private address'],
    ['2002:7f00:1::', 'a loopback address'],
  ])('refuses %s (%s)', (address, problem) => {
    expect(addressProblem(address)).toBe(problem);
  });

  it.each(['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8', '64:ff9b::8.8.8.8'])('allows the public address %s', (address) => {
    expect(addressProblem(address)).toBeNull();
  });
});

describe('checkUrl', () => {
  it('allows http and https only', () => {
    expect(checkUrl('https://example.com/feed', false).hostname).toBe('example.com');
    for (const url of ['file:///etc/passwd', 'ftp://example.com/x', 'data:text/plain,hi', 'gopher://example.com/']) {
      expect(() => checkUrl(url, true)).toThrow(/Refused: .* URLs are not fetched/);
    }
  });

  it.each(['http://127.1/', 'http://0x7f.1/', 'http://2130706433/', 'http://0.0.0.0/', 'http://[::1]:8080/', 'http://[::ffff:127.0.0.1]/', 'http://169.254.169.254/latest/meta-data/', 'http://[fd00::1]/', 'http://100.64.1.1/'])(
    'refuses the literal address in %s unless private addresses are allowed',
    (url) => {
      expect(() => checkUrl(url, false)).toThrow(/^Refused: .* \(set SOURCES_ALLOW_PRIVATE=1 to allow\)$/);
      expect(() => checkUrl(url, true)).not.toThrow();
    },
  );

  it('says which address and why, and which setting allows it', () => {
    expect(() => checkUrl('http://10.0.0.5/feed', false)).toThrow('Refused: 10.0.0.5 is a private address (set SOURCES_ALLOW_PRIVATE=1 to allow)');
    expect(() => checkUrl('http://10.0.0.5/hook', false, 'DELIVERY_ALLOW_PRIVATE')).toThrow('Refused: 10.0.0.5 is a private address (set DELIVERY_ALLOW_PRIVATE=1 to allow)');
  });
});

describe('addressRefusal: what is refused when a source is added', () => {
  it('refuses a user name or password in the address, even where private addresses are allowed', async () => {
    expect(await addressRefusal('https://ops:s3cret@feeds.example.com/rss', true)).toMatch(/may not carry a user name or password/);
  });

  it('refuses names and literals inside the network unless allowed, naming the setting', async () => {
    expect(await addressRefusal('http://localhost:8080/feed.xml', false)).toMatch(/^Refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address \(set SOURCES_ALLOW_PRIVATE=1 to allow\)$/);
    expect(await addressRefusal('http://192.168.1.10/feed.xml', false)).toMatch(/a private address/);
    expect(await reachRefusal('http://localhost/hook', false, 'DELIVERY_ALLOW_PRIVATE')).toMatch(/DELIVERY_ALLOW_PRIVATE/);
    expect(await addressRefusal('http://localhost:8080/feed.xml', true)).toBeNull();
    expect(await addressRefusal('ftp://example.com/feed', true)).toMatch(/http and https only/);
  });
});

describe('guardedLookup', () => {
  const lookup = (host: string, all: boolean) =>
    new Promise<unknown>((resolve, reject) => guardedLookup(host, { all }, (error, address, family) => (error ? reject(error) : resolve(all ? address : { address, family }))));

  it('answers public addresses in both forms Node asks for', async () => {
    expect(await lookup('8.8.8.8', false)).toEqual({ address: '8.8.8.8', family: 4 });
    expect(await lookup('8.8.8.8', true)).toEqual([{ address: '8.8.8.8', family: 4 }]);
  });

  it('refuses a name that resolves to a private address', async () => {
    await expect(lookup('localhost', true)).rejects.toThrow(/Refused: localhost resolves to (127\.0\.0\.1|::1), a loopback address/);
  });
});

describe('the HTTP client with the guard on', () => {
  it('refuses a loopback literal before connecting', async () => {
    const before = server.requests.length;
    const error = await refusal(guarded().get({ url: `${server.url}/feed.xml` }));
    expect(error.message).toBe('Refused: 127.0.0.1 is a loopback address (set SOURCES_ALLOW_PRIVATE=1 to allow)');
    expect(server.requests).toHaveLength(before);
  });

  it('refuses at connect time a name that resolves to loopback, without retrying', async () => {
    const http = guarded();
    const before = server.requests.length;
    const error = await refusal(http.get({ url: server.url.replace('127.0.0.1', 'localhost') + '/feed.xml' }));
    expect(error.message).toMatch(/^Refused: localhost resolves to/);
    expect(server.requests).toHaveLength(before);
    expect(http.stats()).toEqual({ requests: 1, notModified: 0, errors: 1 });
  });

  it('checks every redirect hop: a public feed that redirects to the metadata service is refused', async () => {
    const asked: string[] = [];
    const fetchImpl = (async (url: string) => {
      asked.push(url);
      return new Response(null, { status: 302, headers: { location: 'http://169.254.169.254/latest/meta-data/' } });
    }) as unknown as typeof fetch;
    const error = await refusal(guarded(fetchImpl).get({ url: 'https://feeds.example.com/rss' }));
    expect(error.message).toBe('Refused: 169.254.169.254 is a link-local address (set SOURCES_ALLOW_PRIVATE=1 to allow)');
    expect(asked).toEqual(['https://feeds.example.com/rss']);
  });

  it('lets loopback through when private addresses are allowed', async () => {
    const http = createHttpClient({ userAgent: 'Herald-test/1.0', minRequestIntervalMs: 0, allowPrivate: true });
    expect((await http.get({ url: `${server.url}/feed.xml` })).status).toBe(200);
  });
});
