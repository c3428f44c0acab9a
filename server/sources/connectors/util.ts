import { decodeHTML, decodeHTMLStrict } from 'entities';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { lazyRequire } from '../../lazy.js';
import { SourceError, type ConnectorContext, type HttpResponse, type SourceKeys, type Validators } from '../types.js';

const linkedom = lazyRequire<typeof import('linkedom')>('linkedom');

/** Shared helpers for connectors: parsing with `malformed` errors, incremental watermarks, dates. */

export type Json = Record<string, unknown>;

/** Parses XML (attributes as `@_name`, text of elements with attributes as `#text`); malformed -> SourceError. */
export function parseXml(xml: string, what: string, options: { removeNSPrefix?: boolean; stopNodes?: string[] } = {}): Json {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new SourceError(`Malformed XML from ${what}: ${valid.err.msg} (line ${valid.err.line})`, 'malformed');
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    htmlEntities: true,
    removeNSPrefix: options.removeNSPrefix ?? false,
    stopNodes: options.stopNodes ?? [],
    processEntities: true,
  });
  try {
    return parser.parse(xml) as Json;
  } catch (error) {
    throw new SourceError(`Malformed XML from ${what}: ${(error as Error).message}`, 'malformed');
  }
}

export function parseJson(body: string, what: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch (error) {
    throw new SourceError(`Malformed JSON from ${what}: ${(error as Error).message}`, 'malformed');
  }
}

/** A response body that does not have the expected shape. */
export function malformed(what: string, detail: string): SourceError {
  return new SourceError(`Unexpected response from ${what}: ${detail}`, 'malformed');
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Zero, one or many XML children as an array. */
export function arr<T = unknown>(value: T | T[] | undefined | null): T[] {
  if (value === undefined || value === null || value === '') return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of an XML node (a string, or `#text` of an element with attributes). */
export function text(node: unknown): string {
  if (node === undefined || node === null) return '';
  if (typeof node === 'string') return node.trim();
  if (typeof node === 'number' || typeof node === 'boolean') return String(node);
  if (Array.isArray(node)) return text(node[0]);
  if (isObject(node)) return text(node['#text']);
  return '';
}

export function str(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() || undefined;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** HTML character references decoded as a browser does (every named entity, &#150; as the en dash it meant); no-break spaces as spaces. */
export function decodeEntities(value: string): string {
  return decodeHTML(value).replace(/\u00a0/g, ' ');
}

const XML_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);

function isXmlChar(code: number): boolean {
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || (code >= 0x10000 && code <= 0x10ffff);
}

function numericReferences(text: string): string {
  return [...text].map((char) => `&#${char.codePointAt(0)};`).join('');
}

function mendReference(reference: string, number: string | undefined, name: string | undefined, declared: Set<string>): string {
  if (number !== undefined) {
    const code = /^x/i.test(number) ? parseInt(number.slice(1), 16) : parseInt(number, 10);
    // &#150; and friends: Windows-1252 code points written as references; HTML reads them as such.
    if (code >= 0x80 && code <= 0x9f) return numericReferences(decodeHTML(reference));
    return isXmlChar(code) ? reference : '&#xFFFD;';
  }
  if (name === undefined) return '&amp;';
  if (XML_ENTITIES.has(name) || declared.has(name)) return reference;
  const decoded = decodeHTMLStrict(reference);
  return decoded === reference ? `&amp;${name};` : numericReferences(decoded);
}

/**
 * What real feeds get wrong about XML, mended before parsing: HTML named entities XML does not
 * define (&eacute;, &rsquo;) become numeric references, an unknown entity or a bare & (AT&T,
 * unescaped query strings) becomes text, and control characters XML forbids are dropped.
 * CDATA sections are left as they are, and entities the document declares itself are kept.
 */
export function repairXml(xml: string): string {
  const declared = new Set([...xml.matchAll(/<!ENTITY\s+([\w.:-]+)/g)].map((m) => m[1]!));
  return xml.replace(
    // eslint-disable-next-line no-control-regex -- the control characters XML forbids are what this drops
    /<!\[CDATA\[[\s\S]*?\]\]>|&(?:#(\d+|x[0-9a-f]+);|([a-z][\w.-]*);)?|[\x00-\x08\x0b\x0c\x0e-\x1f]/gi,
    (match: string, number: string | undefined, name: string | undefined) => {
      if (match.startsWith('<')) return match;
      if (match !== '&' && match.length === 1) return '';
      return mendReference(match, number, name, declared);
    },
  );
}

/** An absolute http(s) URL from a reference and its base; undefined when unusable (javascript:, mailto:, garbage). */
export function resolveUrl(reference: string | undefined, base: string | undefined): string | undefined {
  const trimmed = reference?.trim();
  if (!trimmed) return undefined;
  try {
    const url = new URL(trimmed, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}

/** A body that is an HTML page rather than a feed (an XHTML prolog allowed). */
export function isHtmlPage(body: string): boolean {
  return /^\uFEFF?\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html[\s>]|head[\s>])/i.test(body);
}

const FEED_TYPES = new Set(['application/rss+xml', 'application/atom+xml', 'application/feed+json', 'application/json', 'application/rdf+xml', 'application/xml', 'text/xml']);

/**
 * The feeds an HTML page names in its head (`<link rel="alternate" type="application/rss+xml"
 * href="...">`: feed autodiscovery), resolved against the page (or its `<base>`), in page order,
 * without repeats.
 */
export function alternateFeedLinks(html: string, pageUrl: string): { url: string; type: string; title?: string }[] {
  const { document } = linkedom().parseHTML(html);
  const base = resolveUrl(document.querySelector('base[href]')?.getAttribute('href') ?? undefined, pageUrl) ?? pageUrl;
  const found = new Map<string, { url: string; type: string; title?: string }>();
  for (const link of document.querySelectorAll('link[rel][href]')) {
    const rel = (link.getAttribute('rel') ?? '').toLowerCase().split(/\s+/);
    const type = (link.getAttribute('type') ?? '').toLowerCase().split(';')[0]!.trim();
    if (!rel.includes('alternate') || !FEED_TYPES.has(type)) continue;
    const url = resolveUrl(link.getAttribute('href') ?? undefined, base);
    const title = link.getAttribute('title')?.trim();
    if (url && !found.has(url)) found.set(url, { url, type, ...(title ? { title } : {}) });
  }
  return [...found.values()];
}

export function looksLikeHtml(value: string): boolean {
  return /<\/?[a-z][\w-]*(\s[^>]*)?\/?>/i.test(value);
}

/** Tags dropped, entities decoded, whitespace collapsed: for short fields (titles, snippets). */
export function stripTags(value: string): string {
  return decodeEntities(value.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}

export function collapse(value: string): string {
  return value.replace(/\s+/g, ' ').trim();
}

/** A Date from an ISO or RFC 822 string; null when unreadable. */
export function toDate(value: unknown): Date | null {
  const s = str(value);
  if (!s) return null;
  // Dates with a trailing offset like 2000-05-09-04:00 (XML Schema date with zone).
  const xsDate = /^(\d{4}-\d{2}-\d{2})([+-]\d{2}:\d{2}|Z)$/.exec(s);
  const time = xsDate ? Date.parse(`${xsDate[1]}T00:00:00${xsDate[2]}`) : Date.parse(s);
  return Number.isNaN(time) ? null : new Date(time);
}

export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}

/** YYYY-MM-DD of a date (UTC). */
export function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function daysBefore(date: Date, days: number): Date {
  return new Date(date.getTime() - days * 86_400_000);
}

/**
 * A high-water mark: the newest timestamp seen and the ids seen at exactly that timestamp, so
 * a query "since the mark" (inclusive, as most APIs filter) skips what was already yielded.
 */
export interface Mark {
  since: string | null;
  ids: string[];
}

export const EMPTY_MARK: Mark = { since: null, ids: [] };

export function isNewer(mark: Mark, timestamp: string | null, id: string): boolean {
  if (!mark.since) return true;
  if (!timestamp) return !mark.ids.includes(id);
  if (timestamp > mark.since) return true;
  return timestamp === mark.since && !mark.ids.includes(id);
}

export function advance(mark: Mark, timestamp: string | null, id: string): Mark {
  if (!timestamp) return mark;
  if (!mark.since || timestamp > mark.since) return { since: timestamp, ids: [id] };
  if (timestamp === mark.since && !mark.ids.includes(id)) return { since: mark.since, ids: [...mark.ids, id].slice(-1000) };
  return mark;
}

export function readMark(value: unknown): Mark {
  if (isObject(value) && (typeof value.since === 'string' || value.since === null) && Array.isArray(value.ids)) {
    return { since: value.since, ids: value.ids.filter((x): x is string => typeof x === 'string') };
  }
  return EMPTY_MARK;
}

/** Validators remembered for one URL (the first page of a run), for a conditional GET next time. */
export interface Remembered {
  url: string;
  etag?: string;
  lastModified?: string;
}

export function readRemembered(value: unknown): Remembered | undefined {
  if (isObject(value) && typeof value.url === 'string') {
    return {
      url: value.url,
      ...(typeof value.etag === 'string' ? { etag: value.etag } : {}),
      ...(typeof value.lastModified === 'string' ? { lastModified: value.lastModified } : {}),
    };
  }
  return undefined;
}

export function validatorsFor(remembered: Remembered | undefined, url: string): Validators | undefined {
  if (!remembered || remembered.url !== url) return undefined;
  const { etag, lastModified } = remembered;
  return { ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
}

/** The settings update of a feed that moved for good (301/308): its new `url`. */
export function movedTo(response: HttpResponse): { url: string } | undefined {
  return response.permanentRedirect ? { url: response.permanentRedirect } : undefined;
}

export function remember(response: HttpResponse, url: string): Remembered | undefined {
  if (response.notModified) return undefined;
  const { etag, lastModified } = response.validators;
  if (!etag && !lastModified) return undefined;
  return { url, ...(etag ? { etag } : {}), ...(lastModified ? { lastModified } : {}) };
}

/** GET that must be a 200 with a body (paging beyond the first page never sends validators). */
export async function getBody(context: ConnectorContext<unknown>, url: string, headers?: Record<string, string>): Promise<string> {
  const response = await context.http.get({ url, ...(headers ? { headers } : {}) });
  if (response.notModified) throw malformed(url, 'unexpected 304');
  return response.body;
}

/** A URL from a base and query parameters (arrays repeat the parameter). */
export function buildUrl(base: string, params: Record<string, string | number | boolean | string[] | undefined | null>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(name, item);
    else url.searchParams.set(name, String(value));
  }
  return url.toString();
}

export function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/**
 * A server key for a request to `url`: only when it goes to the service's own host (that of its
 * default address, `home`). A source's address can be changed to a mirror, which gets no key: the
 * install's keys never go to a host a user typed.
 */
export function keyFor(key: string | undefined, url: string, home: string, keys: Pick<SourceKeys, 'trustKeysAt'>): string | undefined {
  if (!key) return undefined;
  const host = new URL(url).host;
  return host === new URL(home).host || keys.trustKeysAt?.includes(new URL(url).hostname) ? key : undefined;
}
