import { Writable } from 'node:stream';
import { parseAtomFeed, parseJsonFeed, parseRssFeed } from 'feedsmith';
import pino from 'pino';
import { XMLValidator } from 'fast-xml-parser';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, events } from '../../db/schema/index.js';
import { FEEDS_OUT_MESSAGES, type TFeedUrls } from '../../../contract/feeds-out.js';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { feedKit } from '../feed/feed-test-kit.js';

let herald: TestHerald;
let kit: ReturnType<typeof feedKit>;
/** The server's log lines (request lines included). */
const logged: string[] = [];
beforeAll(async () => {
  const capture = new Writable({ write: (chunk: Buffer, _encoding, done) => (logged.push(chunk.toString('utf8')), done()) });
  herald = await createTestHerald({ PUBLIC_URL: 'https://herald.example.com' }, { logger: pino({ level: 'info' }, capture) });
  kit = feedKit(herald);
});
afterAll(async () => herald?.close());

/** A feed address as the app answers it (the path of the absolute URL). */
const fetchFeed = (url: string, headers: Record<string, string> = {}) => herald.app!.inject({ method: 'GET', url: new URL(url).pathname + new URL(url).search, headers });
const urlsOf = async (access: string) => (await kit.get('/api/me/feed-urls/', access)).json() as TFeedUrls;

describe('feeds out', () => {
  it('serves the feed as RSS 2.0, Atom and JSON Feed that real parsers read: items link to the article and carry its points and references', async () => {
    const me = await kit.reader({ topics: ['Federal Reserve monetary policy', 'Bank capital rules'] });
    await kit.publish(me.userId, me.topics[0]!.id, { title: 'Fed raises rates', publishedAt: new Date(Date.now() - 60_000) });
    const newest = await kit.publish(me.userId, me.topics[1]!.id, { title: 'Basel endgame <revised>' });
    // The newest is a replayed document's article: it says when the document was first published.
    const [replayed] = await herald.database.db.select({ documentId: events.documentId }).from(events).where(eq(events.id, newest));
    await herald.database.db.update(documents).set({ metadata: { original_published_at: '1997-03-25' } }).where(eq(documents.id, replayed!.documentId));
    const urls = await urlsOf(me.access);
    expect(urls.rss).toMatch(/^https:\/\/herald\.example\.com\/api\/feeds\/[\w-]{54}\/rss\.xml$/);
    expect(urls.topics.map((t) => t.name)).toEqual(['Bank capital rules', 'Federal Reserve monetary policy']);

    const rss = await fetchFeed(urls.rss);
    expect(rss.statusCode).toBe(200);
    expect(rss.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(XMLValidator.validate(rss.body)).toBe(true);
    const parsedRss = parseRssFeed(rss.body);
    expect(parsedRss.items?.map((item) => item.title)).toEqual(['Basel endgame <revised>', 'Fed raises rates']);
    expect(parsedRss.items?.[0]?.link).toBe(`https://herald.example.com/a/${newest}`);
    const html = parsedRss.items?.[0]?.content?.encoded ?? '';
    expect(html).toContain('The committee raised the target range by 25 basis points. [1]');
    expect(html).toContain('<li value="1"><a href="https://herald.example.com/d/');
    expect(html).toContain('Originally published 1997-03-25 (replayed).');

    const atom = await fetchFeed(urls.atom);
    expect(atom.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const parsedAtom = parseAtomFeed(atom.body);
    expect(parsedAtom.id).toBeTruthy();
    expect(parsedAtom.updated).toBeTruthy();
    expect(parsedAtom.entries?.map((entry) => entry.links?.[0]?.href)).toContain(`https://herald.example.com/a/${newest}`);

    const json = await fetchFeed(urls.json);
    expect(json.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const parsedJson = parseJsonFeed(json.body);
    expect(parsedJson.items?.map((item) => item.url)).toEqual([`https://herald.example.com/a/${newest}`, expect.stringMatching(/\/a\/\d+$/)]);
    expect(parsedJson.items?.[0]?.content_html).toContain('References');

    // One topic's feed holds that topic's articles only.
    const topic = urls.topics.find((t) => t.name === 'Bank capital rules')!;
    const topicFeed = parseRssFeed((await fetchFeed(topic.rss)).body);
    expect(topicFeed.title).toBe('Herald: Bank capital rules');
    expect(topicFeed.items?.map((item) => item.title)).toEqual(['Basel endgame <revised>']);
  });

  it('writes a hostile title and lead as text in every format: no section ends early, no markup runs', async () => {
    const hostile = 'Evil ]]> <script>alert(1)</script> ]]> <b>bold</b> & more';
    const me = await kit.reader();
    const id = await kit.publish(me.userId, me.topics[0]!.id, { title: hostile });
    const [row] = await herald.database.db.select({ article: events.article }).from(events).where(eq(events.id, id));
    await herald.database.db.update(events).set({ article: { ...row!.article!, introduction: hostile } }).where(eq(events.id, id));
    const urls = await urlsOf(me.access);
    const unsplit = (text: string | undefined) => text?.replace(/\u200b/g, '');
    // No element but the feed's own: the text never became markup.
    const elements = (xml: string) => [...new Set([...xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '').matchAll(/<([a-zA-Z][\w:-]*)/g)].map((m) => m[1]))];

    const rss = (await fetchFeed(urls.rss)).body;
    expect(XMLValidator.validate(rss)).toBe(true);
    expect(elements(rss)).not.toContain('script');
    const rssItem = parseRssFeed(rss).items![0]!;
    expect(unsplit(rssItem.title)).toBe(hostile);
    expect(rssItem.description).toBe('Evil ]]&gt; &lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; &lt;b&gt;bold&lt;/b&gt; &amp; more');

    const atom = (await fetchFeed(urls.atom)).body;
    expect(XMLValidator.validate(atom)).toBe(true);
    expect(elements(atom)).not.toContain('script');
    const entry = parseAtomFeed(atom).entries![0]!;
    // type="html": the HTML of the text, which a reader shows as the text itself.
    expect(entry.title).toEqual({ type: 'html', value: 'Evil ]]&gt; &lt;script&gt;alert(1)&lt;/script&gt; ]]&gt; &lt;b&gt;bold&lt;/b&gt; &amp; more' });
    expect(entry.summary).toEqual(entry.title);

    const json = parseJsonFeed((await fetchFeed(urls.json)).body);
    expect(json.items![0]!.title).toBe(hostile);
    expect(json.items![0]!.content_html).not.toContain('<script');
  });

  it('keeps the secret of a feed address out of the log', async () => {
    const me = await kit.reader();
    const { rss } = await urlsOf(me.access);
    const key = new URL(rss).pathname.split('/')[3]!;
    expect((await fetchFeed(rss)).statusCode).toBe(200);
    const lines = logged.filter((line) => line.includes('/api/feeds/'));
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('')).toContain('/api/feeds/[redacted]/rss.xml');
    expect(logged.join('')).not.toContain(key);
  });

  it('answers 304 to a matching ETag or If-Modified-Since, and 200 again once an article arrives', async () => {
    const me = await kit.reader();
    await kit.publish(me.userId, me.topics[0]!.id, { publishedAt: new Date(Date.now() - 120_000) });
    const { atom } = await urlsOf(me.access);
    const first = await fetchFeed(atom);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"/);
    const unchanged = await fetchFeed(atom, { 'if-none-match': etag });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');
    expect(unchanged.headers['content-length'] ?? '0').toBe('0');
    expect((await fetchFeed(atom, { 'if-modified-since': String(first.headers['last-modified']) })).statusCode).toBe(304);
    expect((await fetchFeed(atom, { 'if-none-match': 'W/"other"' })).statusCode).toBe(200);
    await kit.publish(me.userId, me.topics[0]!.id);
    const changed = await fetchFeed(atom, { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('regenerating the secret retires every earlier address; bad keys, other users’ topics and tokens are refused', async () => {
    const me = await kit.reader();
    const other = await kit.reader();
    const before = await urlsOf(me.access);
    expect((await fetchFeed(before.rss)).statusCode).toBe(200);
    const regenerated = await herald.app!.inject({ method: 'POST', url: '/api/me/feed-urls/regenerate/', headers: { authorization: `Bearer ${me.access}` } });
    expect(regenerated.statusCode).toBe(200);
    const after = regenerated.json() as TFeedUrls;
    expect(after.rss).not.toBe(before.rss);
    const old = await fetchFeed(before.rss);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ code: 'not_found', error: FEEDS_OUT_MESSAGES.notFound });
    expect((await fetchFeed(after.rss)).statusCode).toBe(200);

    const key = new URL(after.rss).pathname.split('/')[3]!;
    const tampered = key.slice(0, -1) + (key.endsWith('A') ? 'B' : 'A');
    for (const path of [`/api/feeds/${tampered}/rss.xml`, '/api/feeds/short/rss.xml', `/api/feeds/${key}/rss.xml?topic_id=${other.topics[0]!.id}`]) {
      expect((await herald.app!.inject({ method: 'GET', url: path })).statusCode, path).toBe(404);
    }
    expect((await herald.app!.inject({ method: 'GET', url: `/api/feeds/${key}/rss.xml?topic_id=abc` })).statusCode).toBe(400);
    expect((await kit.get('/api/me/feed-urls/', 'hrld_nope')).statusCode).toBe(401);
  });
});
