import { afterAll, describe, expect, it } from 'vitest';
import { closePreparePool } from '../../documents/prepare-pool.js';
import { SourceError } from '../types.js';
import { parseFeed } from './feed-format.js';
import { FEED_MAX_BYTES, parseFetchedFeed } from './feed-parse.js';

afterAll(() => closePreparePool());

/** An RSS feed of `count` items of about `itemBytes` each. */
function rss(count: number, itemBytes = 1000): string {
  const filler = 'word '.repeat(Math.ceil(itemBytes / 5));
  const items = Array.from({ length: count }, (_, i) => `<item><title>Item ${i}</title><link>https://example.com/${i}</link><guid>id-${i}</guid><pubDate>Mon, 02 Mar 2026 10:00:00 GMT</pubDate><description>${filler}</description></item>`);
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>Big</title><link>https://example.com/</link>${items.join('')}</channel></rss>`;
}

describe('parseFetchedFeed', () => {
  it('parses a large feed on a worker thread, as the server thread would, while the thread stays free', async () => {
    const content = rss(4000);
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    const parsed = await parseFetchedFeed(content, 'https://example.com/feed.xml');
    clearInterval(timer);
    expect(parsed).toEqual(parseFeed(content, 'https://example.com/feed.xml'));
    expect(parsed.items).toHaveLength(4000);
    // Parsed here, the thread would have run no timer until the parse ended.
    expect(ticks).toBeGreaterThan(2);
  });

  it('says what is wrong with a large malformed feed, as a source error', async () => {
    const broken = rss(400).replace('</channel></rss>', '');
    const error = await parseFetchedFeed(`${broken}<item>`, 'https://example.com/feed.xml').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect(error).toMatchObject({ code: 'malformed' });
  });

  it('refuses a feed past 10 MB before building anything', async () => {
    const error = await parseFetchedFeed('<rss>'.padEnd(FEED_MAX_BYTES + 1, ' '), 'https://example.com/huge.xml').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as Error).message).toMatch(/a feed of 10\.0 MB, more than the 10 MB Herald reads/);
  });
});
