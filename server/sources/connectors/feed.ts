import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { Connector, RawDocument } from '../types.js';
import {
  arr,
  collapse,
  decodeEntities,
  isObject,
  looksLikeHtml,
  malformed,
  parseJson,
  parseXml,
  readRemembered,
  remember,
  stripTags,
  str,
  text,
  toDate,
  validatorsFor,
  type Json,
  type Remembered,
} from './util.js';

/**
 * Syndication feeds: RSS 2.0 (and 0.9x), RSS 1.0 (RDF), Atom 1.0 and JSON Feed 1.x. One feed URL
 * per source. Incremental by conditional GET and by the ids seen in the feed's last window.
 */

export interface FeedItem {
  id: string;
  title: string;
  link?: string;
  /** Plain text when the feed gives plain text. */
  text: string;
  /** HTML content or description when the feed gives HTML. */
  html?: string;
  publishedAt: Date | null;
  authors: string[];
  categories: string[];
  language?: string;
}

export interface ParsedFeed {
  format: 'rss2' | 'rss1' | 'atom' | 'jsonfeed';
  title: string;
  link?: string;
  language?: string;
  items: FeedItem[];
}

function hashId(...parts: (string | undefined)[]): string {
  return 'sha1:' + createHash('sha1').update(parts.map((p) => p ?? '').join('\u0000')).digest('hex');
}

/** Content that may be HTML or plain text: returns {text} or {html}. */
function body(value: string): { text: string; html?: string } {
  const trimmed = value.trim();
  if (!trimmed) return { text: '' };
  return looksLikeHtml(trimmed) ? { text: '', html: trimmed } : { text: collapse(trimmed) };
}

function rssItem(item: Json, channelLanguage: string | undefined): FeedItem {
  const title = stripTags(text(item.title));
  const link = text(item.link) || undefined;
  const guid = text(item.guid) || undefined;
  const content = text(item['content:encoded']);
  const description = text(item.description) || text(item['dc:description']);
  const date = toDate(text(item.pubDate)) ?? toDate(text(item['dc:date'])) ?? toDate(text(item.updated));
  const authors = [...arr(item['dc:creator']), ...arr(item.author)].map(text).filter(Boolean);
  const categories = [...arr(item.category), ...arr(item['dc:subject'])].map(text).filter(Boolean);
  const main = content || description;
  return {
    id: guid ?? link ?? hashId(title, text(item.pubDate), description),
    title,
    ...(link ? { link } : {}),
    ...body(main),
    publishedAt: date,
    authors,
    categories,
    ...(channelLanguage ? { language: channelLanguage } : {}),
  };
}

/** Raw content of an Atom stop node (content, summary): CDATA unwrapped, entities decoded unless xhtml. */
function unwrapRaw(raw: string): string {
  return raw.replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, (_, inner: string) => inner.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
}

function atomText(node: unknown, raw = false): { value: string; html: boolean } {
  const type = isObject(node) ? str(node['@_type']) : undefined;
  const value = isObject(node) || typeof node === 'string' ? text(node) : '';
  if (!raw) return { value, html: type === 'html' || type === 'xhtml' };
  if (type === 'xhtml') return { value: value.replace(/^<div[^>]*>([\s\S]*)<\/div>$/, '$1').trim(), html: true };
  return { value: decodeEntities(unwrapRaw(value)), html: type === 'html' };
}

function atomLink(links: unknown): string | undefined {
  const all = arr(links).filter(isObject);
  const alternate = all.find((l) => !l['@_rel'] || l['@_rel'] === 'alternate') ?? all[0];
  return alternate ? str(alternate['@_href']) : undefined;
}

function atomEntry(entry: Json, feedLanguage: string | undefined): FeedItem {
  const title = atomText(entry.title);
  const content = atomText(entry.content, true);
  const summary = atomText(entry.summary, true);
  const main = content.value ? content : summary;
  const link = atomLink(entry.link);
  const language = str(entry['@_xml:lang']) ?? feedLanguage;
  const item: FeedItem = {
    id: text(entry.id) || link || hashId(title.value, text(entry.updated)),
    title: title.html ? stripTags(title.value) : collapse(title.value),
    ...(link ? { link } : {}),
    text: '',
    publishedAt: toDate(text(entry.published)) ?? toDate(text(entry.updated)),
    authors: arr(entry.author).map((a) => (isObject(a) ? text(a.name) : text(a))).filter(Boolean),
    categories: arr(entry.category).map((c) => (isObject(c) ? (str(c['@_label']) ?? str(c['@_term']) ?? '') : text(c))).filter(Boolean),
    ...(language ? { language } : {}),
  };
  if (main.html || looksLikeHtml(main.value)) item.html = main.value.trim();
  else item.text = collapse(main.value);
  return item;
}

function jsonFeed(data: Json): ParsedFeed {
  if (!Array.isArray(data.items)) throw malformed('JSON Feed', 'no items array');
  const language = str(data.language);
  const feedAuthors = arr(data.authors ?? data.author).filter(isObject).map((a) => str(a.name) ?? '').filter(Boolean);
  const items = data.items.filter(isObject).map((item): FeedItem => {
    const link = str(item.url) ?? str(item.external_url);
    const html = str(item.content_html);
    const plain = str(item.content_text) ?? str(item.summary) ?? '';
    const authors = arr(item.authors ?? item.author).filter(isObject).map((a) => str(a.name) ?? '').filter(Boolean);
    const itemLanguage = str(item.language) ?? language;
    return {
      id: str(item.id) ?? link ?? hashId(str(item.title), str(item.date_published)),
      title: collapse(str(item.title) ?? ''),
      ...(link ? { link } : {}),
      text: html ? '' : collapse(plain),
      ...(html ? { html } : {}),
      publishedAt: toDate(item.date_published) ?? toDate(item.date_modified),
      authors: authors.length ? authors : feedAuthors,
      categories: arr(item.tags).map((t) => str(t) ?? '').filter(Boolean),
      ...(itemLanguage ? { language: itemLanguage } : {}),
    };
  });
  const link = str(data.home_page_url);
  return { format: 'jsonfeed', title: collapse(str(data.title) ?? ''), ...(link ? { link } : {}), ...(language ? { language } : {}), items };
}

/** Parses any supported feed format; unknown or broken content throws SourceError('malformed'). */
export function parseFeed(content: string, what = 'feed'): ParsedFeed {
  const trimmed = content.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('{')) {
    const data = parseJson(trimmed, what);
    if (!isObject(data) || !/jsonfeed\.org/.test(String(data.version ?? ''))) throw malformed(what, 'JSON that is not a JSON Feed');
    return jsonFeed(data);
  }
  if (!trimmed.startsWith('<')) throw malformed(what, 'neither XML nor JSON');
  // Atom content and summary are kept raw: type="xhtml" holds markup, not text.
  const doc = parseXml(trimmed, what, { stopNodes: ['feed.entry.content', 'feed.entry.summary'] });
  if (isObject(doc.rss)) {
    const channel = doc.rss.channel;
    if (!isObject(channel)) throw malformed(what, 'RSS without a channel');
    const language = text(channel.language) || text(channel['dc:language']) || undefined;
    const link = text(channel.link) || undefined;
    return {
      format: 'rss2',
      title: collapse(text(channel.title)),
      ...(link ? { link } : {}),
      ...(language ? { language } : {}),
      items: arr(channel.item).filter(isObject).map((i) => rssItem(i, language)),
    };
  }
  const rdf = doc['rdf:RDF'];
  if (isObject(rdf)) {
    const channel = isObject(rdf.channel) ? rdf.channel : {};
    const language = text(channel['dc:language']) || undefined;
    const link = text(channel.link) || undefined;
    return {
      format: 'rss1',
      title: collapse(text(channel.title)),
      ...(link ? { link } : {}),
      ...(language ? { language } : {}),
      items: arr(rdf.item).filter(isObject).map((i) => rssItem(i, language)),
    };
  }
  if (isObject(doc.feed)) {
    const feed = doc.feed;
    const language = str(feed['@_xml:lang']);
    const link = atomLink(feed.link);
    return {
      format: 'atom',
      title: stripTags(atomText(feed.title).value),
      ...(link ? { link } : {}),
      ...(language ? { language } : {}),
      items: arr(feed.entry).filter(isObject).map((e) => atomEntry(e, language)),
    };
  }
  throw malformed(what, 'not RSS, RDF, Atom or JSON Feed');
}

/** OPML import: every outline with an xmlUrl, nested outlines included. */
export function parseOpml(xml: string): { title: string; url: string }[] {
  const doc = parseXml(xml, 'OPML');
  const opml = doc.opml;
  if (!isObject(opml) || !isObject(opml.body)) throw malformed('OPML', 'no opml body');
  const out: { title: string; url: string }[] = [];
  const seen = new Set<string>();
  const walk = (nodes: unknown) => {
    for (const node of arr(nodes)) {
      if (!isObject(node)) continue;
      const url = str(node['@_xmlUrl']);
      if (url && !seen.has(url)) {
        seen.add(url);
        out.push({ title: str(node['@_title']) ?? str(node['@_text']) ?? url, url });
      }
      walk(node.outline);
    }
  };
  walk(opml.body.outline);
  return out;
}

const MAX_SEEN = 2000;

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
  url: z.url(),
  /** News (1), Press releases (2) or Blogs (3). */
  collectionId: z.union([z.literal(1), z.literal(2), z.literal(3)]).default(1),
  /** Shown as the publisher; the feed's own title when absent. */
  publisher: z.string().min(1).optional(),
});

export type FeedConfig = z.infer<typeof feedConfig>;

export const feed: Connector<typeof feedConfig> = {
  kind: 'feed',
  defaultCollectionId: 1,
  config: feedConfig,
  minRequestIntervalMs: 1000,
  defaultIntervalMinutes: 30,
  async *fetch(context) {
    const { config } = context;
    const cursor = readFeedCursor(context.cursor);
    const validators = validatorsFor(cursor.validators, config.url);
    const response = await context.http.get({
      url: config.url,
      headers: { accept: 'application/rss+xml, application/atom+xml, application/feed+json, application/xml;q=0.9, */*;q=0.8' },
      ...(validators ? { validators } : {}),
    });
    if (response.notModified) return;
    const parsed = parseFeed(response.body, config.url);
    const seen = new Set(cursor.seen);
    const publisher = config.publisher ?? (parsed.title || undefined);
    const documents: RawDocument[] = [];
    for (const item of parsed.items) {
      if (seen.has(item.id)) continue;
      documents.push({
        externalId: item.id,
        title: item.title || item.link || item.id,
        text: item.text,
        ...(item.html ? { html: item.html } : {}),
        ...(item.link ? { url: item.link } : {}),
        ...(publisher ? { publisher } : {}),
        publishedAt: item.publishedAt,
        ...(item.language ? { language: item.language } : {}),
        contentType: `${parsed.format}_item`,
        metadata: { authors: item.authors, categories: item.categories, feedTitle: parsed.title, feedUrl: config.url },
        collectionId: config.collectionId,
      });
    }
    context.progress?.(documents.length, documents.length);
    const window = parsed.items.map((i) => i.id);
    const nextSeen = [...new Set([...window, ...cursor.seen])].slice(0, MAX_SEEN);
    const remembered = remember(response, config.url);
    yield { documents, cursor: { ...(remembered ? { validators: remembered } : {}), seen: nextSeen } satisfies FeedCursor };
  },
};
