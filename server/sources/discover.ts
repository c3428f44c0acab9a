import { type ParsedFeed } from './connectors/feed-format.js';
import { parseFetchedFeed } from './connectors/feed-parse.js';
import { alternateFeedLinks, isHtmlPage, stripTags } from './connectors/util.js';
import { redactUrl } from './http.js';
import { SourceError, type HttpClient, type HttpResponse } from './types.js';

/**
 * Finding a site's feeds from what an operator types: a bare host ("example.com"), a page of the
 * site, or a feed's own address. A feed answers for itself; a page is read for the feeds it links
 * to (`<link rel="alternate">`), and when it links to none, the places feeds usually live on its
 * site are tried. Each candidate is fetched and parsed: what does not parse is left out.
 */

export interface DiscoveredItem {
  title: string;
  url: string | null;
  published_at: string | null;
  /** Plain text, at most 200 characters. */
  excerpt: string;
}

export interface DiscoveredFeed {
  url: string;
  title: string;
  format: ParsedFeed['format'];
  /** The feed's first items (5 unless asked otherwise). */
  items: DiscoveredItem[];
}

export interface DiscoverOptions {
  /** Linked feeds fetched at most (a page may link to dozens); 8 by default. */
  maxCandidates?: number;
  /** Items previewed per feed; 5 by default. */
  previewItems?: number;
}

/** Where feeds usually live when a page does not say: WordPress, Hugo, Jekyll, Ghost, Blogger... */
export const COMMON_FEED_PATHS = ['/feed', '/rss', '/feed.xml', '/rss.xml', '/atom.xml', '/index.xml', '/feed.json', '/feeds/posts/default'];

const ACCEPT = 'text/html, application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, */*;q=0.8';
const EXCERPT_CHARS = 200;

/** "example.com" -> https://example.com/; a full URL as it is. Not a web address: SourceError('config'). */
export function normaliseInput(input: string): string {
  const trimmed = input.trim();
  const withScheme = /^[a-z][\w+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed.replace(/^\/+/, '')}`;
  try {
    const url = new URL(withScheme);
    // A single word ("news") is a typo more often than a host on the local network.
    const host = url.hostname;
    if ((url.protocol === 'http:' || url.protocol === 'https:') && (host.includes('.') || host.startsWith('[') || host === 'localhost')) return url.toString();
  } catch {
    // Reported below.
  }
  throw new SourceError(`"${input}" is not a web address (e.g. example.com or https://example.com/feed.xml)`, 'config');
}

export function excerpt(value: string): string {
  const plain = value.replace(/\s+/g, ' ').trim();
  if (plain.length <= EXCERPT_CHARS) return plain;
  const cut = plain.slice(0, EXCERPT_CHARS - 1);
  const word = cut.replace(/\s+\S*$/, '');
  return `${(word.length > EXCERPT_CHARS / 2 ? word : cut).trimEnd()}…`;
}

function describeFeed(url: string, parsed: ParsedFeed, previewItems: number): DiscoveredFeed {
  return {
    url,
    title: parsed.title || new URL(url).hostname,
    format: parsed.format,
    items: parsed.items.slice(0, previewItems).map((item) => ({
      title: item.title || item.link || 'Untitled',
      url: item.link ?? null,
      published_at: item.publishedAt ? item.publishedAt.toISOString() : null,
      excerpt: excerpt(item.text || stripTags(item.html ?? '')),
    })),
  };
}

/** The address to keep for a feed: where a permanent redirect sent it, else where it was asked. */
function keptUrl(requested: string, response: HttpResponse): string {
  return response.permanentRedirect ?? requested;
}

/** A candidate fetched and parsed; null when it fails either way. */
async function tryFeed(http: HttpClient, url: string, previewItems: number): Promise<DiscoveredFeed | null> {
  try {
    const response = await http.get({ url, headers: { accept: ACCEPT } });
    if (response.notModified || isHtmlPage(response.body)) return null;
    return describeFeed(keptUrl(url, response), await parseFetchedFeed(response.body, redactUrl(url), { baseUrl: response.url }), previewItems);
  } catch (error) {
    // A refused address is the operator's to know, not a candidate to skip quietly.
    if (error instanceof SourceError && error.code === 'forbidden_address') throw error;
    return null;
  }
}

/** The same feed reached twice (a page that links /feed and /rss to one feed). */
function sameFeed(a: DiscoveredFeed, b: DiscoveredFeed): boolean {
  return a.url === b.url || (a.title === b.title && a.format === b.format && JSON.stringify(a.items) === JSON.stringify(b.items));
}

/** The feeds a page leads to, and why there are none when there are none. */
async function fromPage(http: HttpClient, page: HttpResponse & { notModified: false }, options: Required<DiscoverOptions>): Promise<DiscoveredFeed[]> {
  const links = alternateFeedLinks(page.body, page.url).slice(0, options.maxCandidates);
  const found: DiscoveredFeed[] = [];
  for (const link of links) {
    const feed = await tryFeed(http, link.url, options.previewItems);
    if (feed && !found.some((f) => sameFeed(f, feed))) found.push(feed);
  }
  if (found.length > 0) return found;
  if (links.length > 0) throw new SourceError(`No feed found at ${redactUrl(page.url)}: the feeds the page links to could not be read as RSS, Atom or JSON Feed`, 'malformed');
  // Nothing linked: the usual places on the same site, the first that answers with a feed.
  const origin = new URL(page.url).origin;
  for (const path of COMMON_FEED_PATHS) {
    const feed = await tryFeed(http, origin + path, options.previewItems);
    if (feed) return [feed];
  }
  return [];
}

/**
 * The feeds `input` leads to, each with its first items. Throws SourceError: 'config' when the
 * input is no web address, 'malformed' when nothing there is a feed, the client's own errors
 * (unreachable, HTTP error, refused address) when the address itself cannot be read.
 */
export async function discoverFeeds(http: HttpClient, input: string, options: DiscoverOptions = {}): Promise<DiscoveredFeed[]> {
  const settings = { maxCandidates: options.maxCandidates ?? 8, previewItems: options.previewItems ?? 5 };
  const url = normaliseInput(input);
  const response = await http.get({ url, headers: { accept: ACCEPT } });
  if (response.notModified) return [];
  const shown = redactUrl(url);
  if (!isHtmlPage(response.body)) {
    try {
      return [describeFeed(keptUrl(url, response), await parseFetchedFeed(response.body, shown, { baseUrl: response.url }), settings.previewItems)];
    } catch (error) {
      throw new SourceError(`No feed found at ${shown}: ${(error as Error).message}`, 'malformed');
    }
  }
  const found = await fromPage(http, response, settings);
  if (found.length === 0) throw new SourceError(`No feed found at ${shown}: the page links to no RSS, Atom or JSON feed`, 'malformed');
  return found;
}
