import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from '../fixture-server.js';
import { feed } from './feed.js';
import { parseFeed, parseOpml } from './feed-format.js';
import { failureCases, run } from './test-kit.js';

// Recorded feeds from fixtures/sources/feed/{rss,atom} (see SOURCE.txt); the JSON Feed and the
// OPML file are synthesised from their specifications (see SYNTHESISED.txt).

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

const serve = () => {
  server.route({ path: '/wordpress.xml', body: fixture('feed/rss/rss2_wordpress.xml'), contentType: 'application/rss+xml; charset=UTF-8' });
  server.route({ path: '/rdf.xml', body: fixture('feed/rss/rss1_rdf_utf8.xml'), contentType: 'application/rdf+xml' });
  server.route({ path: '/atom.xml', body: fixture('feed/atom/atom_github_commits_small.xml'), contentType: 'application/atom+xml' });
  server.route({ path: '/large.atom', body: fixture('feed/atom/atom_large.xml'), contentType: 'application/atom+xml' });
  server.route({ path: '/large.rss', body: fixture('feed/rss/rss2_dustri_large.xml'), contentType: 'application/rss+xml' });
  server.route({ path: '/otw.rss', body: fixture('feed/rss/rss2_onethingwell.rss'), contentType: 'application/rss+xml' });
  server.route({ path: '/feed.json', body: fixture('feed/jsonfeed/jsonfeed_1_1.json'), contentType: 'application/feed+json' });
};

beforeEach(() => {
  server.reset();
  serve();
});

describe('feed connector', () => {
  it('parses a recorded WordPress RSS 2.0 feed (content:encoded as HTML, dc:creator, categories)', async () => {
    const { documents } = await run(feed, { url: `${server.url}/wordpress.xml`, collectionId: 3 });
    expect(documents).toHaveLength(2);
    const first = documents[0]!;
    expect(first.title).toBe('Новость 1');
    expect(first.externalId).toBe('https://example.com/?p=2244');
    expect(first.url).toBe('https://example.com/news-1/');
    expect(first.publishedAt?.toISOString()).toBe('2023-09-24T08:35:23.000Z');
    expect(first.text).toBe('');
    expect(first.html).toContain('Какой-то контент.');
    expect(first.language).toBe('ru-RU');
    expect(first.publisher).toBe('Юникодный заголовок');
    expect(first.collectionId).toBe(3);
    expect(first.contentType).toBe('rss2_item');
    expect(first.metadata).toMatchObject({ authors: ['Какой-то Автор'] });
    expect(first.metadata?.categories).toContain('Open source');
    expect(documents[1]!.publishedAt?.toISOString()).toBe('2023-08-30T19:56:11.000Z');
  });

  it('parses a recorded RSS 1.0 (RDF) feed with plain-text descriptions', async () => {
    const { documents } = await run(feed, { url: `${server.url}/rdf.xml` });
    expect(documents).toHaveLength(60);
    expect(documents[1]!.title).toBe('Mega-Deal: IBM übernimmt Red Hat');
    expect(documents[1]!.text).toContain('IBM übernimmt den Open-Source-Anbieter Red Hat');
    expect(documents[1]!.html).toBeUndefined();
    expect(documents[1]!.contentType).toBe('rss1_item');
    expect(documents[1]!.publisher).toBe('heise online News');
    expect(documents[1]!.collectionId).toBe(1);
  });

  it('parses recorded Atom feeds (small and large)', async () => {
    const small = await run(feed, { url: `${server.url}/atom.xml` });
    expect(small.documents).toHaveLength(20);
    const first = small.documents[0]!;
    expect(first.title).toBe('Parse podcast categories');
    expect(first.externalId).toBe('tag:github.com,2008:Grit::Commit/6d97f8b4582414b6ce69467656824690057d4793');
    expect(first.url).toBe('https://github.com/miniflux/v2/commit/6d97f8b4582414b6ce69467656824690057d4793');
    expect(first.publishedAt?.toISOString()).toBe('2024-03-12T05:30:27.000Z');
    expect(first.html).toContain('<pre');
    expect(first.language).toBe('en-US');
    expect(first.metadata).toMatchObject({ authors: ['fguillot'] });

    const large = await run(feed, { url: `${server.url}/large.atom` });
    expect(large.documents).toHaveLength(25);
    expect(large.documents[0]!.title).toBe('Using vale with vim');
    expect(large.documents[0]!.publishedAt?.toISOString()).toBe('2024-03-10T16:15:00.000Z');
    expect(large.documents[0]!.metadata?.categories).toEqual(['sysadmin']);
  });

  it('parses recorded RSS 2.0 feeds with HTML descriptions', async () => {
    const large = await run(feed, { url: `${server.url}/large.rss` });
    expect(large.documents).toHaveLength(25);
    expect(large.documents[0]!.title).toBe('Using vale with vim');
    expect(large.documents[0]!.html).toContain('<a href="https://vale.sh/">vale</a>');
    const otw = await run(feed, { url: `${server.url}/otw.rss` });
    expect(otw.documents).toHaveLength(20);
    expect(otw.documents[0]!.title).toBe('CSVfix');
    expect(otw.documents[0]!.externalId).toBe('http://onethingwell.org/post/127163643556');
  });

  it('parses a JSON Feed 1.1 (HTML and plain-text items)', async () => {
    const { documents } = await run(feed, { url: `${server.url}/feed.json`, collectionId: 2, publisher: 'Example' });
    expect(documents).toHaveLength(2);
    expect(documents[0]).toMatchObject({ title: 'Second post: HTML content', text: '', language: 'en-GB', publisher: 'Example', contentType: 'jsonfeed_item', collectionId: 2 });
    expect(documents[0]!.html).toContain('<strong>world</strong>');
    expect(documents[0]!.publishedAt?.toISOString()).toBe('2026-07-02T08:30:00.000Z');
    expect(documents[1]).toMatchObject({ externalId: '2', text: 'This item carries plain text only.' });
    expect(documents[1]!.metadata).toMatchObject({ authors: ['A. Writer'] });
  });

  it('is incremental: a second run over the same window yields nothing new, a new item only', async () => {
    const first = await run(feed, { url: `${server.url}/wordpress.xml` });
    expect(first.documents).toHaveLength(2);
    server.reset();
    // Same feed, new ETag (no 304), one new item at the top.
    const body = fixture('feed/rss/rss2_wordpress.xml').replace(
      '<item>',
      '<item><title>Новость 3</title><link>https://example.com/news-3/</link><guid isPermaLink="false">https://example.com/?p=9999</guid><pubDate>Mon, 25 Sep 2023 10:00:00 +0000</pubDate><description>plain</description></item><item>',
    );
    server.route({ path: '/wordpress.xml', body });
    const second = await run(feed, { url: `${server.url}/wordpress.xml` }, { cursor: first.cursor });
    expect(second.documents.map((d) => d.externalId)).toEqual(['https://example.com/?p=9999']);
    const third = await run(feed, { url: `${server.url}/wordpress.xml` }, { cursor: { ...(second.cursor as object), validators: undefined } });
    expect(third.documents).toHaveLength(0);
  });

  it('sends If-None-Match and yields nothing on 304', async () => {
    const first = await run(feed, { url: `${server.url}/atom.xml` });
    const second = await run(feed, { url: `${server.url}/atom.xml` }, { cursor: first.cursor });
    expect(second.pages).toHaveLength(0);
    const last = server.requests.at(-1)!;
    expect(last.headers['if-none-match']).toMatch(/^"/);
    expect(second.cursor).toEqual(first.cursor);
  });

  it('parses OPML subscriptions, nested and de-duplicated', () => {
    expect(parseOpml(fixture('feed/opml_sample.opml'))).toEqual([
      { title: 'heise online News', url: 'https://www.heise.de/newsticker/heise.rdf' },
      { title: 'One Thing Well', url: 'https://onethingwell.org/rss' },
      { title: 'Recent Commits to v2:main', url: 'https://github.com/miniflux/v2/commits/main.atom' },
    ]);
  });

  it('reads Atom xhtml, html (escaped and CDATA) and text content', () => {
    const parsed = parseFeed(`<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
      <entry><id>a</id><title>X</title><updated>2024-01-01T00:00:00Z</updated><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Hi <b>there</b> &amp; all</p></div></content></entry>
      <entry><id>b</id><title>Y</title><updated>2024-01-01T00:00:00Z</updated><summary type="html"><![CDATA[<p>In <i>CDATA</i> &amp; more</p>]]></summary></entry>
      <entry><id>c</id><title>Z</title><updated>2024-01-01T00:00:00Z</updated><summary>Plain &amp; simple</summary></entry>
    </feed>`);
    expect(parsed.items[0]!.html).toBe('<p>Hi <b>there</b> &amp; all</p>');
    expect(parsed.items[1]!.html).toBe('<p>In <i>CDATA</i> &amp; more</p>');
    expect(parsed.items[2]).toMatchObject({ text: 'Plain & simple' });
    expect(parsed.items[2]!.html).toBeUndefined();
  });

  it('rejects content that is no feed', () => {
    expect(() => parseFeed('<html><body>hi</body></html>')).toThrow(/not RSS/);
    expect(() => parseFeed('{"hello": 1}')).toThrow(/JSON Feed/);
    expect(() => parseFeed('plain text')).toThrow(/neither XML nor JSON/);
  });

  failureCases({
    server: () => server,
    connector: feed,
    config: () => ({ url: `${server.url}/atom.xml` }),
    path: '/atom.xml',
    breakBody: (s) => s.route({ path: '/atom.xml', behaviour: 'truncate', body: fixture('feed/atom/atom_github_commits_small.xml') }, { first: true }),
  });
});
