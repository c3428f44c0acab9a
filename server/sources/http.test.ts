import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFixtureServer, type FixtureServer } from './fixture-server.js';
import { createHttpClient, decodeBody, MAX_REDIRECTS, parseRetryAfter, redactUrl, userAgentFor, type HttpClientOptions } from './http.js';
import { SourceError } from './types.js';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.route({ path: '/ok', body: '{"ok":true}', contentType: 'application/json', lastModified: 'Tue, 01 Jul 2025 10:00:00 GMT' });
});

const client = (options: Partial<HttpClientOptions> = {}) =>
  createHttpClient({ userAgent: 'Herald-test/1.0 (+mailto:ops@herald.test)', minRequestIntervalMs: 0, baseDelayMs: 5, maxDelayMs: 20, retryAfterCapMs: 50, allowPrivate: true, ...options });

async function failure(promise: Promise<unknown>): Promise<SourceError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SourceError);
    return error as SourceError;
  }
  throw new Error('expected a failure');
}

describe('createHttpClient', () => {
  it('returns body, content type and validators, and sends the User-Agent', async () => {
    const response = await client().get({ url: `${server.url}/ok`, headers: { 'X-Api-Key': 'k' } });
    expect(response.notModified).toBe(false);
    if (response.notModified) return;
    expect(response.status).toBe(200);
    expect(JSON.parse(response.body)).toEqual({ ok: true });
    expect(response.contentType).toBe('application/json');
    expect(response.validators.etag).toMatch(/^"[0-9a-f]+"$/);
    expect(response.validators.lastModified).toBe('Tue, 01 Jul 2025 10:00:00 GMT');
    const request = server.requests[0]!;
    expect(request.headers['user-agent']).toBe('Herald-test/1.0 (+mailto:ops@herald.test)');
    expect(request.headers['x-api-key']).toBe('k');
  });

  it('sends validators and answers notModified on 304', async () => {
    const http = client();
    const first = await http.get({ url: `${server.url}/ok` });
    if (first.notModified) throw new Error('unexpected 304');
    const second = await http.get({ url: `${server.url}/ok`, validators: first.validators });
    expect(second).toEqual({ status: 304, notModified: true, url: `${server.url}/ok` });
    expect(server.requests[1]!.headers['if-none-match']).toBe(first.validators.etag);
    expect(server.requests[1]!.headers['if-modified-since']).toBe('Tue, 01 Jul 2025 10:00:00 GMT');
  });

  it('honours Retry-After (seconds) on 429, then succeeds', async () => {
    server.fail('/ok', 429, { retryAfter: '1' });
    const started = Date.now();
    const response = await client({ retryAfterCapMs: 5000 }).get({ url: `${server.url}/ok` });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it('caps a long Retry-After', async () => {
    server.fail('/ok', 503, { retryAfter: '3600' });
    const started = Date.now();
    const response = await client({ retryAfterCapMs: 30 }).get({ url: `${server.url}/ok` });
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('retries 5xx with backoff and gives up with http_error', async () => {
    server.fail('/ok', 502, { times: 10 });
    const error = await failure(client({ maxRetries: 3 }).get({ url: `${server.url}/ok` }));
    expect(error.code).toBe('http_error');
    expect(error.status).toBe(502);
    expect(server.requests).toHaveLength(4);
  });

  it('recovers when a 500 is followed by a success', async () => {
    server.fail('/ok', 500, { times: 2 });
    const response = await client({ maxRetries: 3 }).get({ url: `${server.url}/ok` });
    expect(response.status).toBe(200);
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry other 4xx', async () => {
    server.fail('/ok', 404, { times: 10 });
    const error = await failure(client().get({ url: `${server.url}/ok` }));
    expect(error).toMatchObject({ code: 'http_error', status: 404 });
    expect(server.requests).toHaveLength(1);
  });

  it('times out a hanging server with code timeout (after retries)', async () => {
    server.hang('/ok');
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 100, maxRetries: 1 }).get({ url: `${server.url}/ok` }));
    expect(error.code).toBe('timeout');
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a per-request timeout overrides the default', async () => {
    server.hang('/ok');
    const error = await failure(client({ timeoutMs: 20_000, maxRetries: 0 }).get({ url: `${server.url}/ok`, timeoutMs: 50 }));
    expect(error.code).toBe('timeout');
  });

  it('reports network errors with code network', async () => {
    server.route({ path: '/reset', behaviour: 'reset' });
    const error = await failure(client({ maxRetries: 1 }).get({ url: `${server.url}/reset` }));
    expect(error.code).toBe('network');
    expect(server.requests).toHaveLength(2);
    const refused = await failure(client({ maxRetries: 0 }).get({ url: 'http://127.0.0.1:1/' }));
    expect(refused.code).toBe('network');
  });

  it('rejects bodies over the size cap as malformed', async () => {
    server.route({ path: '/big', body: 'x'.repeat(10_000) });
    const error = await failure(client({ maxBodyBytes: 1000 }).get({ url: `${server.url}/big` }));
    expect(error.code).toBe('malformed');
  });

  it('decodes ISO-8859-1 from the header or the XML declaration', async () => {
    const latin1 = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><t>Café</t>', 'latin1');
    server.route({ path: '/latin1', body: latin1, contentType: 'application/xml' });
    server.route({ path: '/latin1-header', body: Buffer.from('Zürich', 'latin1'), contentType: 'text/plain; charset=iso-8859-1' });
    const a = await client().get({ url: `${server.url}/latin1` });
    const b = await client().get({ url: `${server.url}/latin1-header` });
    expect(a.notModified === false && a.body).toContain('<t>Café</t>');
    expect(b.notModified === false && b.body).toBe('Zürich');
  });

  it('spaces requests by the minimum interval', async () => {
    const http = client({ minRequestIntervalMs: 60 });
    await Promise.all([http.get({ url: `${server.url}/ok` }), http.get({ url: `${server.url}/ok` }), http.get({ url: `${server.url}/ok` })]);
    const times = server.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(50);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(50);
  });

  it('stops when the caller aborts', async () => {
    server.hang('/ok');
    const controller = new AbortController();
    const pending = client({ signal: controller.signal, timeoutMs: 5000 }).get({ url: `${server.url}/ok` });
    setTimeout(() => controller.abort(new Error('stopped')), 30);
    await expect(pending).rejects.toThrow('stopped');
  });

  it('uses an injected fetch', async () => {
    const fetchImpl = (async () => new Response('hi', { status: 200, headers: { etag: '"x"' } })) as typeof fetch;
    const response = await client({ fetchImpl }).get({ url: 'http://example.invalid/' });
    expect(response.notModified === false && response.validators).toEqual({ etag: '"x"' });
  });
});

describe('redirects, compression and limits', () => {
  const feedBody = '<rss><channel><title>t</title></channel></rss>';
  beforeEach(() => server.route({ path: '/final', body: feedBody, contentType: 'application/rss+xml' }));

  it('follows redirects by hand: the permanent target is reported, a temporary hop ends it', async () => {
    server.redirect('/a', '/b', 301);
    server.redirect('/b', '/c', 308);
    server.redirect('/c', '/final', 302);
    const response = await client().get({ url: `${server.url}/a` });
    expect(response).toMatchObject({ status: 200, url: `${server.url}/final`, permanentRedirect: `${server.url}/c` });
    server.redirect('/t', '/final', 307);
    const temporary = await client().get({ url: `${server.url}/t` });
    expect(temporary.permanentRedirect).toBeUndefined();
    expect(temporary.url).toBe(`${server.url}/final`);
  });

  it(`gives up after ${MAX_REDIRECTS} hops`, async () => {
    for (let i = 0; i <= MAX_REDIRECTS; i++) server.redirect(`/loop${i}`, `/loop${i + 1}`, 302);
    server.redirect(`/loop${MAX_REDIRECTS + 1}`, '/final', 302);
    const error = await failure(client().get({ url: `${server.url}/loop0` }));
    expect(error.message).toMatch(/More than 5 redirects/);
    expect(server.requests).toHaveLength(MAX_REDIRECTS + 1);
  });

  it('refuses a redirect to another scheme', async () => {
    server.redirect('/to-file', 'file:///etc/passwd', 301);
    const error = await failure(client().get({ url: `${server.url}/to-file` }));
    expect(error).toMatchObject({ code: 'forbidden_address' });
  });

  it('drops credentials on a redirect to another origin, keeps them on the same one', async () => {
    const other = await startFixtureServer([{ path: '/final', body: feedBody }]);
    try {
      server.redirect('/same', '/final', 302);
      server.redirect('/away', `${other.url}/final`, 302);
      const headers = { authorization: 'Token t', 'X-Api-Key': 'k', accept: 'application/json' };
      await client().get({ url: `${server.url}/same`, headers });
      await client().get({ url: `${server.url}/away`, headers });
      expect(server.requests.find((r) => r.path === '/final')!.headers).toMatchObject({ authorization: 'Token t', 'x-api-key': 'k' });
      const away = other.requests[0]!.headers;
      expect(away.authorization).toBeUndefined();
      expect(away['x-api-key']).toBeUndefined();
      expect(away.accept).toBe('application/json');
    } finally {
      await other.close();
    }
  });

  it('one timeout covers every hop of an attempt', async () => {
    server.redirect('/slow', '/hang', 302);
    server.hang('/hang');
    const started = Date.now();
    const error = await failure(client({ timeoutMs: 100, maxRetries: 0 }).get({ url: `${server.url}/slow` }));
    expect(error.code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it.each(['gzip', 'br'] as const)('decompresses %s, and the size cap counts the decompressed bytes', async (encoding) => {
    server.route({ path: '/packed', body: 'a'.repeat(100_000), encoding });
    const response = await client().get({ url: `${server.url}/packed` });
    expect(response.notModified === false && response.body.length).toBe(100_000);
    server.redirect('/packed-moved', '/packed', 301);
    const error = await failure(client({ maxBodyBytes: 10_000 }).get({ url: `${server.url}/packed-moved` }));
    expect(error.code).toBe('malformed');
    expect(error.message).toMatch(/larger than 10000 bytes/);
  });

  it('counts attempts, 304 answers and failed attempts', async () => {
    const http = client({ maxRetries: 2 });
    const first = await http.get({ url: `${server.url}/ok` });
    await http.get({ url: `${server.url}/ok`, validators: first.notModified ? {} : first.validators });
    server.fail('/ok', 503, { times: 1 });
    await http.get({ url: `${server.url}/ok` });
    await failure(http.get({ url: `${server.url}/missing` }));
    expect(http.stats()).toEqual({ requests: 5, notModified: 1, errors: 2 });
  });

  it('keeps credentials in query strings out of messages', async () => {
    server.fail('/secret', 404);
    const error = await failure(client().get({ url: `${server.url}/secret?format=json&api_key=SECRET123&q=x` }));
    expect(error.message).toBe(`HTTP 404 from ${server.url}/secret?format=json&api_key=REDACTED&q=x`);
    const refused = await failure(client({ maxRetries: 0 }).get({ url: 'http://127.0.0.1:1/?token=SECRET123' }));
    expect(refused.message).not.toContain('SECRET123');
  });
});

describe('redactUrl', () => {
  it('blanks credential-like parameters and user info, and nothing else', () => {
    expect(redactUrl('https://api.congress.gov/v3/bill?api_key=abc&format=json')).toBe('https://api.congress.gov/v3/bill?api_key=REDACTED&format=json');
    expect(redactUrl('https://eutils.ncbi.nlm.nih.gov/esearch.fcgi?db=pubmed&term=x&api_key=abc&email=a%40b.org')).toBe(
      'https://eutils.ncbi.nlm.nih.gov/esearch.fcgi?db=pubmed&term=x&api_key=REDACTED&email=a%40b.org',
    );
    expect(redactUrl('https://x.example/?apikey=1&access_token=2&client_secret=3&password=4&X-Amz-Signature=5&key=6&keyword=7#k')).toBe(
      'https://x.example/?apikey=REDACTED&access_token=REDACTED&client_secret=REDACTED&password=REDACTED&X-Amz-Signature=REDACTED&key=REDACTED&keyword=7#k',
    );
    expect(redactUrl('https://user:pass@x.example/feed')).toBe('https://REDACTED@x.example/feed');
    expect(redactUrl('https://x.example/feed.xml')).toBe('https://x.example/feed.xml');
  });
});

describe('decodeBody', () => {
  const bytes = (text: string, encoding: BufferEncoding) => new Uint8Array(Buffer.from(text, encoding));
  const cp1252 = new Uint8Array([0x93, 0x51, 0x94, 0x20, 0x96, 0x20, 0x80]); // “Q” – €

  it('BOM > header > prolog > UTF-8', () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from('Zürich')]);
    expect(decodeBody(withBom, 'text/xml; charset=iso-8859-1')).toBe('Zürich');
    expect(decodeBody(bytes('Zürich', 'latin1'), 'text/plain; charset=ISO-8859-1')).toBe('Zürich');
    expect(decodeBody(bytes('<?xml version="1.0" encoding="windows-1252"?><t>é</t>', 'latin1'), 'application/xml')).toContain('<t>é</t>');
    expect(decodeBody(bytes('<meta charset="iso-8859-1"><p>é</p>', 'latin1'), 'text/html')).toContain('<p>é</p>');
    expect(decodeBody(bytes('Zürich', 'utf8'), '')).toBe('Zürich');
  });

  it('reads Windows-1252 as such, not as ISO-8859-1 control codes', () => {
    expect(decodeBody(cp1252, 'text/plain; charset=iso-8859-1')).toBe('“Q” – €');
    expect(decodeBody(cp1252, '')).toBe('“Q” – €');
  });

  it('mends wrong labels: bytes that are not UTF-8 under a utf-8 label, UTF-8 under a latin-1 label', () => {
    const latin1 = bytes('<?xml version="1.0" encoding="ISO-8859-1"?><t>año</t>', 'latin1');
    expect(decodeBody(latin1, 'application/xml; charset=utf-8')).toContain('<t>año</t>');
    expect(decodeBody(bytes('año', 'latin1'), 'text/plain; charset=utf-8')).toBe('año');
    expect(decodeBody(bytes('<?xml version="1.0" encoding="ISO-8859-1"?><t>año</t>', 'utf8'), 'application/xml')).toContain('<t>año</t>');
    expect(decodeBody(bytes('<?xml version="1.0" encoding="UTF-16"?><t>año</t>', 'utf8'), 'application/xml')).toContain('<t>año</t>');
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates', () => {
    const now = Date.parse('Wed, 21 Oct 2015 07:28:00 GMT');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});

describe('userAgentFor', () => {
  it('names Herald and the contact', () => {
    expect(userAgentFor({ contactEmail: 'ops@example.org' })).toBe('Herald/0.1 (+mailto:ops@example.org)');
  });
});
