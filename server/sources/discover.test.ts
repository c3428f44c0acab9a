import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from './fixture-server.js';
import { createHttpClient } from './http.js';
import { COMMON_FEED_PATHS, discoverFeeds, excerpt, normaliseInput } from './discover.js';
import { SourceError } from './types.js';

// Sites and feeds from fixtures/sources/feeds-quirks/ (hand-written, see SYNTHESISED.txt), served over loopback.

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const quirk = (name: string) => fixture(`feeds-quirks/${name}`);
const http = () => createHttpClient({ userAgent: 'Herald-test/1.0', minRequestIntervalMs: 0, maxRetries: 0, timeoutMs: 2000, allowPrivate: true });

function serveHarbour() {
  server.route({ path: '/', body: quirk('page_with_alternates.html'), contentType: 'text/html; charset=UTF-8' });
  server.route({ path: '/feed/', body: quirk('rss2_harbour_times.xml'), contentType: 'application/rss+xml; charset=UTF-8' });
  server.route({ path: '/comments/feed/', body: quirk('rss2_harbour_comments.xml'), contentType: 'application/rss+xml; charset=UTF-8' });
  server.route({ path: '/wp-json/wp/v2/pages/2', body: '{"id":2,"title":{"rendered":"Home"}}', contentType: 'application/json' });
}

describe('discoverFeeds', () => {
  it("lists the feeds a page links to, each with its first items; what does not parse is left out", async () => {
    serveHarbour();
    const feeds = await discoverFeeds(http(), `${server.url}/`);
    expect(feeds.map((f) => [f.url, f.title, f.format])).toEqual([
      [`${server.url}/feed/`, 'The Harbour Times', 'rss2'],
      [`${server.url}/comments/feed/`, 'Comments for The Harbour Times', 'rss2'],
    ]);
    expect(feeds[0]!.items[0]).toEqual({
      title: 'New ferry timetable from Monday',
      url: 'https://harbourtimes.example/2025/06/ferry-timetable/',
      published_at: '2025-06-02T18:15:02.000Z',
      excerpt: 'Sailings every 20 minutes at peak, the operator said on Monday. […]',
    });
    // The page's REST link was tried (it is application/json) and left out; /feed/ was asked once.
    expect(server.requests.filter((r) => r.path === '/feed/')).toHaveLength(1);
    expect(server.requests.some((r) => r.path === '/wp-json/wp/v2/pages/2')).toBe(true);
  });

  it('a feed address answers for itself', async () => {
    serveHarbour();
    const feeds = await discoverFeeds(http(), `${server.url}/feed/`, { previewItems: 1 });
    expect(feeds).toHaveLength(1);
    expect(feeds[0]).toMatchObject({ url: `${server.url}/feed/`, title: 'The Harbour Times', format: 'rss2' });
    expect(feeds[0]!.items).toHaveLength(1);
  });

  it('keeps the address a feed moved to for good', async () => {
    serveHarbour();
    server.redirect('/rss', '/feed/', 301);
    const [found] = await discoverFeeds(http(), `${server.url}/rss`);
    expect(found!.url).toBe(`${server.url}/feed/`);
  });

  it('tries the usual places when the page links to no feed, and cuts long excerpts at 200 characters', async () => {
    server.route({ path: '/', body: quirk('page_without_alternates.html'), contentType: 'text/html' });
    server.route({ path: '/index.xml', body: quirk('atom_quiet_garden.xml'), contentType: 'application/atom+xml' });
    const feeds = await discoverFeeds(http(), `${server.url}/`);
    expect(feeds.map((f) => [f.url, f.format])).toEqual([[`${server.url}/index.xml`, 'atom']]);
    const { excerpt: text } = feeds[0]!.items[0]!;
    expect(text.length).toBeLessThanOrEqual(200);
    expect(text).toMatch(/^Runner beans sown at the end of May .*…$/);
    const tried = server.requests.map((r) => r.path);
    expect(tried).toEqual(['/', ...COMMON_FEED_PATHS.slice(0, COMMON_FEED_PATHS.indexOf('/index.xml') + 1)]);
  });

  it('says so when nothing is a feed', async () => {
    server.route({ path: '/', body: quirk('page_without_alternates.html'), contentType: 'text/html' });
    const error = await discoverFeeds(http(), `${server.url}/`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ code: 'malformed', message: `No feed found at ${server.url}/: the page links to no RSS, Atom or JSON feed` });
    server.route({ path: '/notes.txt', body: 'just text', contentType: 'text/plain' });
    await expect(discoverFeeds(http(), `${server.url}/notes.txt`)).rejects.toMatchObject({ code: 'malformed', message: expect.stringMatching(/^No feed found at/) });
  });

  it("passes on the client's errors for the address itself", async () => {
    await expect(discoverFeeds(http(), `${server.url}/missing`)).rejects.toMatchObject({ code: 'http_error', status: 404 });
    const guarded = createHttpClient({ userAgent: 'Herald-test/1.0', minRequestIntervalMs: 0, allowPrivate: false });
    await expect(discoverFeeds(guarded, `${server.url}/`)).rejects.toMatchObject({ code: 'forbidden_address' });
  });
});

describe('normaliseInput', () => {
  it('turns a bare host into an https address and keeps full URLs', () => {
    expect(normaliseInput('example.com')).toBe('https://example.com/');
    expect(normaliseInput('  example.com/blog ')).toBe('https://example.com/blog');
    expect(normaliseInput('http://example.com/feed.xml')).toBe('http://example.com/feed.xml');
  });

  it('refuses what is no web address', () => {
    for (const input of ['news', 'ftp://example.com/', 'http://', '']) expect(() => normaliseInput(input)).toThrow(/is not a web address/);
  });
});

describe('excerpt', () => {
  it('keeps short text and cuts long text at a word, within 200 characters', () => {
    expect(excerpt('  short   text ')).toBe('short text');
    const long = excerpt('word '.repeat(100));
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long.endsWith('word…')).toBe(true);
  });
});
