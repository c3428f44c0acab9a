import { createHash } from 'node:crypto';
import {
  arr,
  collapse,
  decodeEntities,
  isObject,
  looksLikeHtml,
  malformed,
  parseJson,
  parseXml,
  repairXml,
  resolveUrl,
  stripTags,
  str,
  text,
  toDate,
  type Json,
} from './util.js';

/**
 * Reading syndication formats: RSS 2.0 (and 0.9x), RSS 1.0 (RDF), Atom 1.0 and JSON Feed 1.x, and
 * OPML. Lenient with what real feeds do: HTML entities XML does not know, bare ampersands,
 * relative links, unreadable dates, missing or repeated ids. The connector (feed.ts) fetches.
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

/** An item before its id is settled: the feed's own id when it has one, and a content hash to fall back on. */
interface Draft extends Omit<FeedItem, 'id'> {
  ownId?: string;
  hashId: string;
}

function hashId(...parts: (string | undefined)[]): string {
  return 'sha1:' + createHash('sha1').update(parts.map((p) => p ?? '').join('\u0000')).digest('hex');
}

/**
 * Ids every item keeps from run to run: the feed's own (guid, Atom id, JSON Feed id), else the
 * link when no other id-less item shares it, else a hash of the content. An id seen twice in one
 * feed is the same item repeated: only the first is kept.
 */
function settleIds(drafts: Draft[]): FeedItem[] {
  const linkUses = new Map<string, number>();
  for (const d of drafts) if (!d.ownId && d.link) linkUses.set(d.link, (linkUses.get(d.link) ?? 0) + 1);
  const seen = new Set<string>();
  const items: FeedItem[] = [];
  for (const { ownId, hashId: hashed, ...item } of drafts) {
    const id = ownId ?? (item.link && linkUses.get(item.link) === 1 ? item.link : hashed);
    if (seen.has(id)) continue;
    seen.add(id);
    items.push({ id, ...item });
  }
  return items;
}

const ZONES: Record<string, string> = { BST: '+0100', CET: '+0100', CEST: '+0200', EET: '+0200', EEST: '+0300', IST: '+0530', JST: '+0900', AEST: '+1000', AEDT: '+1100', NZST: '+1200' };

/**
 * A feed's date, more leniently than toDate: a date-time without a zone is UTC (not the server's
 * zone), and common zone abbreviations Date.parse does not know are read. Unreadable: null.
 */
export function feedDate(value: unknown): Date | null {
  const s = str(value)?.replace(/\s+/g, ' ');
  if (!s) return null;
  if (/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)) return toDate(s.replace(' ', 'T') + 'Z');
  const direct = toDate(s);
  if (direct) return direct;
  const zoned = /^(.*\d)\s+([A-Z]{3,4})$/.exec(s);
  return zoned && ZONES[zoned[2]!] ? toDate(`${zoned[1]} ${ZONES[zoned[2]!]}`) : null;
}

/** Content that may be HTML or plain text: returns {text} or {html}. */
function body(value: string): { text: string; html?: string } {
  const trimmed = value.trim();
  if (!trimmed) return { text: '' };
  return looksLikeHtml(trimmed) ? { text: '', html: trimmed } : { text: collapse(decodeEntities(trimmed)) };
}

function xmlBase(node: unknown, base: string | undefined): string | undefined {
  return (isObject(node) ? resolveUrl(str(node['@_xml:base']), base) : undefined) ?? base;
}

function rssItem(item: Json, channelLanguage: string | undefined, base: string | undefined): Draft {
  const itemBase = xmlBase(item, base);
  const title = stripTags(text(item.title));
  const guid = text(item.guid) || undefined;
  // A guid is a permalink unless it says otherwise: the item's link when it has none.
  const permalink = guid && !(isObject(item.guid) && str(item.guid['@_isPermaLink']) === 'false') ? resolveUrl(guid, undefined) : undefined;
  const link = resolveUrl(text(item.link), itemBase) ?? permalink;
  const content = text(item['content:encoded']);
  const description = text(item.description) || text(item['dc:description']);
  const date = feedDate(text(item.pubDate)) ?? feedDate(text(item['dc:date'])) ?? feedDate(text(item.updated));
  const authors = [...arr(item['dc:creator']), ...arr(item.author)].map(text).filter(Boolean);
  const categories = [...arr(item.category), ...arr(item['dc:subject'])].map(text).filter(Boolean);
  return {
    ...(guid ? { ownId: guid } : {}),
    hashId: hashId(title, text(item.pubDate), description),
    title,
    ...(link ? { link } : {}),
    ...body(content || description),
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

function atomLink(links: unknown, base: string | undefined): string | undefined {
  const all = arr(links).filter(isObject);
  const alternate = all.find((l) => !l['@_rel'] || l['@_rel'] === 'alternate') ?? all[0];
  return alternate ? resolveUrl(str(alternate['@_href']), xmlBase(alternate, base)) : undefined;
}

function atomEntry(entry: Json, feedLanguage: string | undefined, base: string | undefined): Draft {
  const title = atomText(entry.title);
  const content = atomText(entry.content, true);
  const summary = atomText(entry.summary, true);
  const main = content.value ? content : summary;
  const link = atomLink(entry.link, xmlBase(entry, base));
  const language = str(entry['@_xml:lang']) ?? feedLanguage;
  const id = text(entry.id);
  const item: Draft = {
    ...(id ? { ownId: id } : {}),
    hashId: hashId(title.value, text(entry.updated)),
    title: title.html ? stripTags(title.value) : collapse(decodeEntities(title.value)),
    ...(link ? { link } : {}),
    text: '',
    publishedAt: feedDate(text(entry.published)) ?? feedDate(text(entry.updated)),
    authors: arr(entry.author).map((a) => (isObject(a) ? text(a.name) : text(a))).filter(Boolean),
    categories: arr(entry.category).map((c) => (isObject(c) ? (str(c['@_label']) ?? str(c['@_term']) ?? '') : text(c))).filter(Boolean),
    ...(language ? { language } : {}),
  };
  if (main.html || looksLikeHtml(main.value)) item.html = main.value.trim();
  else item.text = collapse(main.value);
  return item;
}

function jsonFeed(data: Json, base: string | undefined): ParsedFeed {
  if (!Array.isArray(data.items)) throw malformed('JSON Feed', 'no items array');
  const language = str(data.language);
  const feedAuthors = arr(data.authors ?? data.author).filter(isObject).map((a) => str(a.name) ?? '').filter(Boolean);
  const drafts = data.items.filter(isObject).map((item): Draft => {
    const link = resolveUrl(str(item.url), base) ?? resolveUrl(str(item.external_url), base);
    const html = str(item.content_html);
    const plain = str(item.content_text) ?? str(item.summary) ?? '';
    const authors = arr(item.authors ?? item.author).filter(isObject).map((a) => str(a.name) ?? '').filter(Boolean);
    const itemLanguage = str(item.language) ?? language;
    const id = str(item.id);
    return {
      ...(id ? { ownId: id } : {}),
      hashId: hashId(str(item.title), str(item.date_published)),
      title: collapse(str(item.title) ?? ''),
      ...(link ? { link } : {}),
      text: html ? '' : collapse(plain),
      ...(html ? { html } : {}),
      publishedAt: feedDate(item.date_published) ?? feedDate(item.date_modified),
      authors: authors.length ? authors : feedAuthors,
      categories: arr(item.tags).map((t) => str(t) ?? '').filter(Boolean),
      ...(itemLanguage ? { language: itemLanguage } : {}),
    };
  });
  const link = resolveUrl(str(data.home_page_url), base);
  return { format: 'jsonfeed', title: collapse(str(data.title) ?? ''), ...(link ? { link } : {}), ...(language ? { language } : {}), items: settleIds(drafts) };
}

function rssFeed(format: 'rss2' | 'rss1', root: Json, channel: Json, items: unknown, base: string | undefined): ParsedFeed {
  const channelBase = xmlBase(channel, xmlBase(root, base));
  const language = text(channel.language) || text(channel['dc:language']) || undefined;
  const link = resolveUrl(text(channel.link), channelBase);
  // Relative item links are relative to the site the channel names, else to the feed itself.
  const itemBase = link ?? channelBase;
  return {
    format,
    title: collapse(stripTags(text(channel.title))),
    ...(link ? { link } : {}),
    ...(language ? { language } : {}),
    items: settleIds(arr(items).filter(isObject).map((i) => rssItem(i, language, itemBase))),
  };
}

function atomFeed(feed: Json, base: string | undefined): ParsedFeed {
  const feedBase = xmlBase(feed, base);
  const language = str(feed['@_xml:lang']);
  const link = atomLink(feed.link, feedBase);
  return {
    format: 'atom',
    title: stripTags(atomText(feed.title).value),
    ...(link ? { link } : {}),
    ...(language ? { language } : {}),
    items: settleIds(arr(feed.entry).filter(isObject).map((e) => atomEntry(e, language, feedBase))),
  };
}

/**
 * Parses any supported feed format; unknown or broken content throws SourceError('malformed').
 * Relative links resolve against xml:base, the channel's link, then `baseUrl` (the feed's own
 * address; `what` when it is one).
 */
export function parseFeed(content: string, what = 'feed', options: { baseUrl?: string } = {}): ParsedFeed {
  const base = options.baseUrl ?? resolveUrl(what, undefined);
  const trimmed = content.replace(/^\uFEFF/, '').trimStart();
  if (trimmed.startsWith('{')) {
    const data = parseJson(trimmed, what);
    if (!isObject(data) || !/jsonfeed\.org/.test(String(data.version ?? ''))) throw malformed(what, 'JSON that is not a JSON Feed');
    return jsonFeed(data, base);
  }
  if (!trimmed.startsWith('<')) throw malformed(what, 'neither XML nor JSON');
  // Atom content and summary are kept raw: type="xhtml" holds markup, not text.
  const doc = parseXml(repairXml(trimmed), what, { stopNodes: ['feed.entry.content', 'feed.entry.summary'] });
  if (isObject(doc.rss)) {
    if (!isObject(doc.rss.channel)) throw malformed(what, 'RSS without a channel');
    return rssFeed('rss2', doc.rss, doc.rss.channel, doc.rss.channel.item, base);
  }
  const rdf = doc['rdf:RDF'];
  if (isObject(rdf)) return rssFeed('rss1', rdf, isObject(rdf.channel) ? rdf.channel : {}, rdf.item, base);
  if (isObject(doc.feed)) return atomFeed(doc.feed, base);
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
