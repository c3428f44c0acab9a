import { z } from 'zod';
import { addFullText } from '../full-text.js';
import { redactUrl } from '../http.js';
import type { Connector, ConnectorContext, HttpResponse, RawDocument } from '../types.js';
import { type FeedItem, type ParsedFeed } from './feed-format.js';
import { parseFetchedFeed } from './feed-parse.js';
import {
  alternateFeedLinks,
  arr,
  isHtmlPage,
  isObject,
  malformed,
  movedTo,
  readRemembered,
  remember,
  validatorsFor,
  type Remembered,
} from './util.js';

/**
 * Syndication feeds as a source: one feed URL per source, or a web page that links to its feed
 * (formats read by feed-format.ts). Incremental by conditional GET and by the ids seen in the
 * feed's last window; a huge feed gives its newest items, said in the log.
 */

const MAX_SEEN = 2000;
/** Ids remembered at most, however long the feed (a longer feed's oldest may come back once). */
const MAX_WINDOW = 10_000;
/** Items taken from one fetch: a feed of thousands (a whole archive) gives its newest this many. */
export const MAX_ITEMS_PER_FETCH = 500;
/** Candidates tried when the feed's address is a page that links to feeds. */
const MAX_ALTERNATES = 3;

export interface FeedCursor {
  validators?: Remembered;
  seen: string[];
}

export function readFeedCursor(value: unknown): FeedCursor {
  if (!isObject(value)) return { seen: [] };
  const validators = readRemembered(value.validators);
  return { ...(validators ? { validators } : {}), seen: arr(value.seen as string[]).filter((s) => typeof s === 'string') };
}

export const feedConfig = z.object({
  url: z
    .url({ protocol: /^https?$/ })
    .describe("The feed's address (RSS, Atom or JSON Feed), e.g. https://example.com/feed.xml; a web page that links to its feed works too."),
  /** News (1), Press releases (2) or Blogs (3). */
  collectionId: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1).describe('Where its items go: News (1), Press releases (2) or Blogs (3).'),
  /** Shown as the publisher; the feed's own title when absent. */
  publisher: z.string().min(1).optional().describe("Shown as the publisher of its items; the feed's own title when empty."),
  fullText: z
    .boolean()
    .default(false)
    .describe("Read each new item's web page for the whole article, for feeds that carry only a headline and a line (one page a second)."),
});

export type FeedConfig = z.infer<typeof feedConfig>;

const FEED_ACCEPT = 'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, text/html;q=0.8, */*;q=0.7';

interface Fetched {
  response: HttpResponse;
  /** The URL whose validators the answer carries (the feed itself, when the address is a page). */
  feedUrl: string;
  parsed?: ParsedFeed;
}

/** The feed a page links to: the first of its alternates that parses. */
async function followAlternates(context: ConnectorContext<FeedConfig>, page: HttpResponse & { notModified: false }, cursor: FeedCursor): Promise<Fetched> {
  const shown = redactUrl(page.url);
  const links = alternateFeedLinks(page.body, page.url).slice(0, MAX_ALTERNATES);
  if (links.length === 0) throw malformed(shown, 'an HTML page that links to no RSS, Atom or JSON feed');
  let failure: unknown;
  for (const { url } of links) {
    try {
      const validators = validatorsFor(cursor.validators, url);
      const response = await context.http.get({ url, headers: { accept: FEED_ACCEPT }, ...(validators ? { validators } : {}) });
      if (response.notModified) return { response, feedUrl: url };
      return { response, feedUrl: url, parsed: await parseFetchedFeed(response.body, redactUrl(url), { baseUrl: response.url }) };
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/** The configured address read: a feed, or a page whose linked feed is read instead. */
async function readFeed(context: ConnectorContext<FeedConfig>, cursor: FeedCursor): Promise<Fetched & { moved?: { url: string } }> {
  const { url } = context.config;
  const validators = validatorsFor(cursor.validators, url);
  const response = await context.http.get({ url, headers: { accept: FEED_ACCEPT }, ...(validators ? { validators } : {}) });
  const moved = movedTo(response);
  const feedUrl = moved?.url ?? url;
  if (response.notModified) return { response, feedUrl, ...(moved ? { moved } : {}) };
  if (isHtmlPage(response.body)) return { ...(await followAlternates(context, response, cursor)), ...(moved ? { moved } : {}) };
  return { response, feedUrl, parsed: await parseFetchedFeed(response.body, redactUrl(url), { baseUrl: response.url }), ...(moved ? { moved } : {}) };
}

/** The newest MAX_ITEMS_PER_FETCH items (undated ones after the dated, in feed order), with a warning. */
function capItems(context: ConnectorContext<FeedConfig>, items: FeedItem[]): FeedItem[] {
  if (items.length <= MAX_ITEMS_PER_FETCH) return items;
  context.log?.('warn', `the feed has ${items.length} items: only its newest ${MAX_ITEMS_PER_FETCH} are taken`, { url: redactUrl(context.config.url), items: items.length, taken: MAX_ITEMS_PER_FETCH });
  const time = (item: FeedItem) => item.publishedAt?.getTime() ?? -Infinity;
  return [...items].sort((a, b) => time(b) - time(a)).slice(0, MAX_ITEMS_PER_FETCH);
}

function toDocument(item: FeedItem, parsed: ParsedFeed, config: FeedConfig, publisher: string | undefined): RawDocument {
  return {
    externalId: item.id,
    // No title: ingest takes one from the text; a bare link is better than nothing when there is none.
    title: item.title || (item.text || item.html ? '' : (item.link ?? '')),
    text: item.text,
    ...(item.html ? { html: item.html } : {}),
    ...(item.link ? { url: item.link } : {}),
    ...(publisher ? { publisher } : {}),
    publishedAt: item.publishedAt,
    ...(item.language ? { language: item.language } : {}),
    contentType: `${parsed.format}_item`,
    metadata: { authors: item.authors, categories: item.categories, feedTitle: parsed.title, feedUrl: config.url },
    collectionId: config.collectionId,
  };
}

export const feed: Connector<typeof feedConfig> = {
  kind: 'feed',
  label: 'RSS / Atom feed',
  description: 'Any RSS, Atom or JSON Feed (news sites, blogs, press rooms), found from the site page too; optionally with each article read in full.',
  defaultCollectionId: 1,
  config: feedConfig,
  minRequestIntervalMs: 1000,
  defaultIntervalMinutes: 30,
  async *fetch(context) {
    const { config } = context;
    const cursor = readFeedCursor(context.cursor);
    const { response, feedUrl, parsed, moved } = await readFeed(context, cursor);
    if (!parsed) {
      // Not modified; a feed that moved for good still gets its new address (its validators follow it).
      if (moved) yield { documents: [], cursor: { ...cursor, ...(cursor.validators ? { validators: { ...cursor.validators, url: moved.url } } : {}) }, settingsUpdate: moved };
      return;
    }
    const seen = new Set(cursor.seen);
    const publisher = config.publisher ?? (parsed.title || undefined);
    const documents = capItems(context, parsed.items)
      .filter((item) => !seen.has(item.id))
      .map((item) => toDocument(item, parsed, config, publisher));
    if (config.fullText) await addFullText(context.http, documents, { signal: context.signal, log: context.log });
    context.progress?.(documents.length, documents.length);
    const window = parsed.items.map((i) => i.id);
    const nextSeen = [...new Set([...window, ...cursor.seen])].slice(0, Math.min(MAX_WINDOW, Math.max(MAX_SEEN, window.length)));
    const remembered = remember(response, feedUrl);
    yield {
      documents,
      cursor: { ...(remembered ? { validators: remembered } : {}), seen: nextSeen } satisfies FeedCursor,
      ...(moved ? { settingsUpdate: moved } : {}),
    };
  },
};
