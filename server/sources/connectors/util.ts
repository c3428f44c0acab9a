import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { SourceError, type ConnectorContext, type HttpResponse, type Validators } from '../types.js';

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

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
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
