import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, fixtureBytes, startFixtureServer, type FixtureServer } from '../fixture-server.js';
import { createHttpClient, type HttpClientOptions } from '../http.js';
import type { HttpClient, Page, RawDocument } from '../types.js';
import { feed, MAX_ITEMS_PER_FETCH, type FeedConfig } from './feed.js';
import { parseFeed } from './feed-format.js';
import { TEST_KEYS } from './test-kit.js';

// What real feeds do, from the hand-written recordings in fixtures/sources/feeds-quirks/ (see
// SYNTHESISED.txt there), served over loopback and read by the feed connector.

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const quirk = (name: string) => fixture(`feeds-quirks/${name}`);

function client(options: Partial<HttpClientOptions> = {}): HttpClient {
  return createHttpClient({ userAgent: 'Herald-test/1.0', minRequestIntervalMs: 0, timeoutMs: 2000, maxRetries: 1, baseDelayMs: 5, maxDelayMs: 20, retryAfterCapMs: 50, allowPrivate: true, ...options });
}

interface Logged {
  level: string;
  message: string;
  details?: Record<string, unknown>;
}

/** Runs the feed connector once, like the runner: pages, their documents and cursor, and what it logged. */
async function read(config: Partial<FeedConfig> & { url: string }, options: { cursor?: unknown; http?: HttpClient } = {}) {
  const pages: Page[] = [];
  const logged: Logged[] = [];
  const http = options.http ?? client();
  for await (const page of feed.fetch({
    config: feed.config.parse(config),
    cursor: options.cursor ?? null,
    http,
    keys: TEST_KEYS,
    signal: new AbortController().signal,
    now: new Date(),
    log: (level, message, details) => logged.push({ level, message, ...(details ? { details } : {}) }),
  })) {
    pages.push(page);
  }
  const documents: RawDocument[] = pages.flatMap((p) => p.documents);
  return { pages, documents, cursor: pages.at(-1)?.cursor, logged, http };
}

describe('encodings: BOM > HTTP header > XML prolog > UTF-8, with fallbacks', () => {
  it('reads Windows-1252 bytes under an ISO-8859-1 prolog, with no header charset (curly quotes, en dash, euro)', async () => {
    server.route({ path: '/gazette.xml', body: fixtureBytes('feeds-quirks/rss2_windows1252_prolog_latin1.xml'), contentType: 'application/rss+xml' });
    const { documents } = await read({ url: `${server.url}/gazette.xml` });
    expect(documents[0]!.title).toBe('Le conseil municipal adopte le budget – « un exercice difficile »');
    expect(documents[0]!.text).toBe('La mairesse a défendu un budget de 6,9 G€ qu’elle juge “prudent”.');
    expect(documents[0]!.publisher).toBe('Gazette de Montréal – Dernières nouvelles');
    expect(documents[1]!.title).toBe('Cafés et terrasses : la saison est lancée');
  });

  it('reads ISO-8859-1 that declares nothing (not valid UTF-8: the Windows-1252 fallback)', async () => {
    server.route({ path: '/zurich.xml', body: fixtureBytes('feeds-quirks/rss2_latin1_undeclared.xml'), contentType: 'text/xml' });
    const { documents } = await read({ url: `${server.url}/zurich.xml` });
    expect(documents[0]!.title).toBe('Straßenbahn: Neue Linie nach Oerlikon eröffnet');
    expect(documents[0]!.text).toContain('Grünaustraße');
    expect(documents[0]!.publisher).toBe('Zürcher Stadtanzeiger');
  });

  it('a header that says utf-8 over ISO-8859-1 bytes gives way to the prolog', async () => {
    server.route({ path: '/leon.xml', body: fixtureBytes('feeds-quirks/rss2_latin1_header_says_utf8.xml'), contentType: 'application/rss+xml; charset=utf-8' });
    const { documents } = await read({ url: `${server.url}/leon.xml` });
    expect(documents[0]!.title).toBe('La catedral reabre tras la restauración');
    expect(documents[0]!.text).toContain('año y medio');
    expect(documents[0]!.text).not.toContain('\uFFFD');
  });

  it('a byte-order mark wins over a header that says iso-8859-1', async () => {
    server.route({ path: '/tomsk.xml', body: fixtureBytes('feeds-quirks/rss2_utf8_bom.xml'), contentType: 'text/xml; charset=iso-8859-1' });
    const { documents } = await read({ url: `${server.url}/tomsk.xml` });
    expect(documents[0]!.title).toBe('Мост через Томь откроют в июле');
  });
});

describe('entities and CDATA', () => {
  it('decodes HTML named entities XML does not define, keeps CDATA HTML, survives a bare ampersand', async () => {
    server.route({ path: '/cafe.xml', body: quirk('rss2_entities_cdata.xml'), contentType: 'application/rss+xml; charset=UTF-8' });
    const { documents } = await read({ url: `${server.url}/cafe.xml` });
    expect(documents).toHaveLength(3);
    const [first, second, third] = documents as [RawDocument, RawDocument, RawDocument];
    expect(first.publisher).toBe('Café Society – Notes & News');
    expect(first.title).toBe('Why the “flat white” won’t go away');
    expect(first.text).toBe('Espresso + milk, done right … AT&T sponsored nothing here © 2025');
    expect(first.url).toBe('https://cafesociety.example/2025/05/flat-white?utm_source=rss&utm_medium=feed');
    expect(first.metadata).toMatchObject({ authors: ['Renée O’Brien'] });
    // CDATA: a title with markup is plain text; the HTML content is kept for ingest to read.
    expect(second.title).toBe('Barista championship: results & reactions');
    expect(second.html).toContain('Zo&euml; M&uuml;ller');
    expect(second.html).toContain('Kenji Sat&#333;');
    // &#150; is the Windows-1252 en dash it meant; an unknown entity stays as text.
    expect(third.title).toBe('Price list – summer 2025 &unknownentity; edition');
    expect(third.html).toBe('<p>Double-escaped: caf&eacute; prices up 5&nbsp;%.</p>');
  });
});

describe('relative links', () => {
  it('resolves Atom links against xml:base on the feed and on the entry', () => {
    const parsed = parseFeed(quirk('atom_xml_base.xml'), 'https://engineering.example.org/blog/atom.xml');
    expect(parsed.link).toBe('https://engineering.example.org/blog/');
    expect(parsed.items.map((i) => i.link)).toEqual([
      'https://engineering.example.org/blog/2025/06/queues-on-postgres/',
      'https://engineering.example.org/talks/observability-on-a-budget',
      'https://other.example.net/post/7',
    ]);
  });

  it('resolves RSS links against the channel link; a permalink guid is the link; javascript: is dropped', async () => {
    server.route({ path: '/press/feed.xml', body: quirk('rss2_relative_links.xml'), contentType: 'application/rss+xml' });
    const { documents } = await read({ url: `${server.url}/press/feed.xml` });
    expect(documents.map((d) => d.url)).toEqual([
      'https://council.example.gov/press/2025/library-hours',
      'https://council.example.gov/press/2025/high-street-works',
      'https://council.example.gov/press/2025/permalink-only',
      undefined,
    ]);
  });

  it('resolves against the feed URL when the channel link is relative too', async () => {
    server.route({ path: '/site/feed.xml', body: quirk('rss2_relative_channel_link.xml'), contentType: 'application/rss+xml' });
    const { documents } = await read({ url: `${server.url}/site/feed.xml` });
    expect(documents[0]!.url).toBe(`${server.url}/posts/hello-world/`);
  });
});

describe('dates and ids', () => {
  const url = () => `${server.url}/wire.xml`;
  beforeEach(() => server.route({ path: '/wire.xml', body: quirk('rss2_dates_and_guids.xml'), contentType: 'application/rss+xml' }));

  it('keeps items with missing or unreadable dates (date null), reads zone abbreviations and zone-less times as UTC', async () => {
    const { documents } = await read({ url: url() });
    const byTitle = Object.fromEntries(documents.map((d) => [d.title, d.publishedAt?.toISOString() ?? null]));
    expect(byTitle['Acme Corp. reports record quarter']).toBe('2025-06-01T13:00:00.000Z');
    expect(byTitle['Globex names new chief executive']).toBeNull();
    expect(byTitle['Initech opens Austin office']).toBe('2025-05-30T16:45:00.000Z');
    expect(byTitle['Umbrella Ltd. recalls batch 42']).toBeNull();
    expect(byTitle['Hooli statement']).toBeNull();
  });

  it('drops a repeated guid, derives stable ids from the link or the content, keeps items without a link', async () => {
    const first = await read({ url: url() });
    const ids = first.documents.map((d) => d.externalId);
    expect(first.documents).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(ids[0]).toBe('bw-20250601-001');
    expect(ids[1]).toBe('https://bizwire.example.com/releases/globex-ceo');
    // Two guid-less releases share the index link: each gets a hash of its own content.
    expect(ids.slice(2)).toEqual(ids.slice(2).map(() => expect.stringMatching(/^sha1:[0-9a-f]{40}$/)));
    const untitled = first.documents[4]!;
    expect(untitled.url).toBeUndefined();
    expect(untitled.title).toBe('');
    expect(untitled.text).toMatch(/^An item with neither title nor link/);
    // The same feed again: the same ids, so nothing is new.
    server.reset();
    server.route({ path: '/wire.xml', body: quirk('rss2_dates_and_guids.xml'), etag: '"other"' });
    const again = await read({ url: url() }, { cursor: { seen: ids } });
    expect(again.documents).toHaveLength(0);
  });
});

describe('transport', () => {
  it.each(['gzip', 'br', 'deflate'] as const)('reads a %s-compressed feed', async (encoding) => {
    server.route({ path: '/compressed.xml', body: quirk('rss2_harbour_times.xml'), contentType: 'application/rss+xml', encoding });
    const { documents } = await read({ url: `${server.url}/compressed.xml` });
    expect(documents.map((d) => d.title)).toEqual(['New ferry timetable from Monday', 'Fish market to close for repairs in July']);
    expect(server.requests[0]!.headers['accept-encoding']).toContain('br');
  });

  it.each([301, 308] as const)('a permanent redirect (%i) gives the new url as a settings update, and the validators follow it', async (status) => {
    server.redirect('/old.xml', '/new.xml', status);
    server.route({ path: '/new.xml', body: quirk('rss2_harbour_times.xml'), contentType: 'application/rss+xml' });
    const first = await read({ url: `${server.url}/old.xml` });
    expect(first.documents).toHaveLength(2);
    expect(first.pages[0]!.settingsUpdate).toEqual({ url: `${server.url}/new.xml` });
    expect(first.cursor).toMatchObject({ validators: { url: `${server.url}/new.xml` } });
    // Read from the new address next time: a conditional GET, 304, nothing new and no update.
    const second = await read({ url: `${server.url}/new.xml` }, { cursor: first.cursor });
    expect(second.pages).toHaveLength(0);
    expect(server.requests.at(-1)!.headers['if-none-match']).toBeTruthy();
  });

  it.each([302, 307] as const)('a temporary redirect (%i) leaves the url alone', async (status) => {
    server.redirect('/feed', '/feed.xml', status);
    server.route({ path: '/feed.xml', body: quirk('rss2_harbour_times.xml'), contentType: 'application/rss+xml' });
    const { pages, cursor } = await read({ url: `${server.url}/feed` });
    expect(pages[0]!.documents).toHaveLength(2);
    expect(pages[0]!.settingsUpdate).toBeUndefined();
    expect(cursor).toMatchObject({ validators: { url: `${server.url}/feed` } });
  });

  it('a feed that moved for good still reports its new url when the answer is 304', async () => {
    server.redirect('/old.xml', '/new.xml', 301);
    server.route({ path: '/new.xml', body: 'unused', etag: '"v1"' });
    const cursor = { validators: { url: `${server.url}/old.xml`, etag: '"v1"' }, seen: ['a'] };
    const { pages } = await read({ url: `${server.url}/old.xml` }, { cursor });
    expect(pages).toEqual([{ documents: [], cursor: { validators: { url: `${server.url}/new.xml`, etag: '"v1"' }, seen: ['a'] }, settingsUpdate: { url: `${server.url}/new.xml` } }]);
  });

  it('410 Gone fails with its status (the runner disables the source)', async () => {
    server.route({ path: '/gone.xml', status: 410, body: 'Gone' });
    await expect(read({ url: `${server.url}/gone.xml` })).rejects.toMatchObject({ code: 'http_error', status: 410 });
  });

  it('honours a 429 Retry-After before reading the feed', async () => {
    server.fail('/busy.xml', 429, { retryAfter: '1' });
    server.route({ path: '/busy.xml', body: quirk('rss2_harbour_times.xml'), contentType: 'application/rss+xml' });
    const { documents, http } = await read({ url: `${server.url}/busy.xml` }, { http: client({ retryAfterCapMs: 5000 }) });
    expect(documents).toHaveLength(2);
    const [refused, served] = server.requests;
    expect(served!.at - refused!.at).toBeGreaterThanOrEqual(950);
    expect(http.stats()).toEqual({ requests: 2, notModified: 0, errors: 1 });
  });
});

describe('huge feeds', () => {
  it(`takes the newest ${MAX_ITEMS_PER_FETCH} items, says so, and remembers the rest as seen`, async () => {
    const items = Array.from({ length: 620 }, (_, i) => {
      // Feed order is not date order: the generator appends, oldest first.
      const date = new Date(Date.UTC(2025, 0, 1) + i * 3_600_000).toUTCString();
      return `<item><title>Entry ${i}</title><link>https://archive.example/entries/${i}</link><guid>archive-${i}</guid><pubDate>${date}</pubDate><description>Entry number ${i}.</description></item>`;
    });
    server.route({ path: '/archive.xml', body: `<?xml version="1.0"?><rss version="2.0"><channel><title>Archive</title><link>https://archive.example/</link>${items.join('')}</channel></rss>`, contentType: 'application/rss+xml', etag: false });
    const first = await read({ url: `${server.url}/archive.xml` });
    expect(first.documents).toHaveLength(MAX_ITEMS_PER_FETCH);
    expect(first.documents[0]!.externalId).toBe('archive-619');
    expect(first.documents.at(-1)!.externalId).toBe(`archive-${620 - MAX_ITEMS_PER_FETCH}`);
    expect(first.logged).toEqual([expect.objectContaining({ level: 'warn', message: `the feed has 620 items: only its newest ${MAX_ITEMS_PER_FETCH} are taken` })]);
    const second = await read({ url: `${server.url}/archive.xml` }, { cursor: first.cursor });
    expect(second.documents).toHaveLength(0);
  });
});

describe('a web page instead of a feed (autodiscovery)', () => {
  beforeEach(() => {
    server.route({ path: '/', body: quirk('page_with_alternates.html'), contentType: 'text/html; charset=UTF-8' });
    server.route({ path: '/feed/', body: quirk('rss2_harbour_times.xml'), contentType: 'application/rss+xml; charset=UTF-8' });
    server.route({ path: '/comments/feed/', body: quirk('rss2_harbour_comments.xml'), contentType: 'application/rss+xml; charset=UTF-8' });
  });

  it("follows the page's first alternate feed link, and reads it conditionally next time", async () => {
    const first = await read({ url: `${server.url}/` });
    expect(first.documents.map((d) => d.externalId)).toEqual(['https://harbourtimes.example/?p=5121', 'https://harbourtimes.example/?p=5118']);
    expect(first.documents[0]!.publisher).toBe('The Harbour Times');
    expect(first.pages[0]!.settingsUpdate).toBeUndefined();
    expect(first.cursor).toMatchObject({ validators: { url: `${server.url}/feed/` } });
    const second = await read({ url: `${server.url}/` }, { cursor: first.cursor });
    expect(second.pages).toHaveLength(0);
    expect(server.requests.map((r) => r.path)).toEqual(['/', '/feed/', '/', '/feed/']);
    expect(server.requests[3]!.headers['if-none-match']).toBeTruthy();
  });

  it('a page that links to no feed fails as malformed, saying so', async () => {
    server.route({ path: '/about', body: quirk('page_without_alternates.html'), contentType: 'text/html' });
    await expect(read({ url: `${server.url}/about` })).rejects.toMatchObject({ code: 'malformed', message: expect.stringContaining('links to no RSS, Atom or JSON feed') });
  });
});

describe('full article text (fullText)', () => {
  const long = 'A long wire item that carries its whole story already. '.repeat(25);
  beforeEach(() => {
    // The items' links are relative to the channel's link: the site is this loopback server.
    const body = quirk('rss2_headlines_only.xml').replace('LONG_TEXT', long).replace('<link>https://wire.example/</link>', `<link>${server.url}/</link>`);
    server.route({ path: '/headlines.xml', body, contentType: 'application/rss+xml', etag: false });
    server.route({ path: '/stories/port-strike-ends', body: quirk('article_port_strike.html'), contentType: 'text/html; charset=utf-8' });
    server.route({ path: '/stories/rates-held', status: 404, body: 'Not found' });
  });

  it("gives short items their page's HTML, keeps the feed's text when the page fails, skips long and linkless items", async () => {
    const { documents, logged } = await read({ url: `${server.url}/headlines.xml`, fullText: true });
    const [strike, rates, longItem, linkless] = documents as [RawDocument, RawDocument, RawDocument, RawDocument];
    expect(strike.url).toBe(`${server.url}/stories/port-strike-ends`);
    expect(strike.text).toBe('');
    expect(strike.html).toContain('Dock workers at the city');
    expect(strike.metadata).toMatchObject({ fullText: true });
    expect(rates).toMatchObject({ text: 'The decision was unanimous.' });
    expect(rates.html).toBeUndefined();
    expect(longItem.text.length).toBeGreaterThan(1000);
    expect(linkless.text).toBe('Nothing to fetch.');
    expect(server.requests.map((r) => r.path)).toEqual(['/headlines.xml', '/stories/port-strike-ends', '/stories/rates-held']);
    expect(logged).toEqual([expect.objectContaining({ level: 'warn', message: expect.stringContaining('1 page(s) could not be read') })]);
  });

  it('reads pages only for items it has not seen, and not at all when the option is off', async () => {
    const first = await read({ url: `${server.url}/headlines.xml`, fullText: true });
    server.requests.length = 0;
    await read({ url: `${server.url}/headlines.xml`, fullText: true }, { cursor: first.cursor });
    expect(server.requests.map((r) => r.path)).toEqual(['/headlines.xml']);
    server.requests.length = 0;
    await read({ url: `${server.url}/headlines.xml` });
    expect(server.requests.map((r) => r.path)).toEqual(['/headlines.xml']);
  });
});

describe('settings', () => {
  it('describe every field, take fullText off by default and refuse non-http URLs', () => {
    for (const [name, field] of Object.entries(feed.config.shape)) expect(field.description, name).toBeTruthy();
    expect(feed.config.parse({ url: 'https://example.com/feed.xml' })).toMatchObject({ fullText: false, collectionId: 1 });
    expect(feed.config.safeParse({ url: 'ftp://example.com/feed.xml' }).success).toBe(false);
    expect(feed.label).toBe('RSS / Atom feed');
    expect(feed.description).toBeTruthy();
  });
});
