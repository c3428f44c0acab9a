import { num, parseJson, parseList, record } from '../../contract/tolerant-json';

/**
 * Tolerant reading of article data for the reader article and the inspection views, on the
 * readers shared with the server (contract/tolerant-json.ts): documents, takeaways and data
 * tables come as structures or as JSON text, sometimes malformed. Nothing here throws: what
 * cannot be read is empty, or plain text.
 */

export { parseJson, parseList };

const asRecord = (value: unknown): Record<string, unknown> | undefined => record(value) ?? undefined;
const asText = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : typeof value === 'number' ? String(value) : undefined);
const asNumber = (value: unknown): number | undefined => num(value) ?? undefined;

/** A source an inline [n] marker can point at: a reference, a supporting document, or both merged. */
export interface ReferenceSource {
  documentId?: string | number;
  title: string;
  source: string;
  date?: string;
  number?: number;
  initialNumber?: number;
  finalNumber?: number;
  wasCited?: boolean;
}

/** Supporting documents or references in any of their shapes. */
export function parseSources(value: unknown): ReferenceSource[] {
  return parseList(value).flatMap((item): ReferenceSource[] => {
    const r = asRecord(item);
    if (!r) return [];
    const documentId = r.document_id ?? r.documentId ?? r.id;
    const finalNumber = asNumber(r.final_reference_number);
    return [
      {
        documentId: typeof documentId === 'string' || typeof documentId === 'number' ? documentId : undefined,
        title: asText(r.title) ?? asText(r.name) ?? 'Untitled',
        source: asText(r.source) ?? asText(r.publisher) ?? 'Unknown',
        date: asText(r.date) ?? asText(r.canonical_at) ?? asText(r.canonical_date) ?? asText(r.published_at),
        number: asNumber(r.number),
        initialNumber: asNumber(r.initial_reference_number),
        finalNumber,
        wasCited: typeof r.was_cited === 'boolean' ? r.was_cited : undefined,
      },
    ];
  });
}

/**
 * The sources markers resolve against: the references in their order (what the reader sees
 * listed), each enriched with its supporting document's numbers, then the supporting documents
 * no reference names.
 */
export function mergeSources(references: unknown, documents: unknown): ReferenceSource[] {
  const refs = parseSources(references);
  const docs = parseSources(documents);
  const key = (s: ReferenceSource) => (s.documentId === undefined ? undefined : String(s.documentId));
  const byId = new Map(docs.filter((d) => key(d) !== undefined).map((d) => [key(d)!, d]));
  const used = new Set<string>();
  const merged = refs.map((ref) => {
    const doc = key(ref) === undefined ? undefined : byId.get(key(ref)!);
    if (doc) used.add(key(doc)!);
    return doc ? { ...doc, ...ref, initialNumber: doc.initialNumber, finalNumber: doc.finalNumber, wasCited: doc.wasCited } : ref;
  });
  return [...merged, ...docs.filter((d) => key(d) === undefined || !used.has(key(d)!))];
}

/**
 * The source an [n] marker means: the cited document whose final reference
 * number is n; then any with final number n; then number n; then initial number n; then the n-th.
 */
export function resolveReference(n: number, sources: ReferenceSource[]): ReferenceSource | undefined {
  return (
    sources.find((s) => s.wasCited === true && s.finalNumber === n) ??
    sources.find((s) => s.finalNumber === n) ??
    sources.find((s) => s.number === n) ??
    sources.find((s) => s.initialNumber === n) ??
    (n >= 1 ? sources[n - 1] : undefined)
  );
}

/** The document page of a source, in a new tab; the reader view strips a trailing '-number'. */
export function documentHref(documentId: string | number | undefined, stripSuffix = true): string | undefined {
  if (documentId === undefined || String(documentId).trim() === '') return undefined;
  const id = stripSuffix ? String(documentId).replace(/-\d+$/, '') : String(documentId);
  return `/d/${encodeURIComponent(id)}`;
}

/** [1], [2, 3] and [4][5] markers; not the text of a markdown link ([1](https://...)). */
export const MARKER = /\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\](?!\()/g;

export type TextPart = { text: string } | { marker: number };

/** Splits text into plain runs and reference numbers. */
export function splitMarkers(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(MARKER)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) });
    for (const n of match[1]!.split(',')) parts.push({ marker: Number(n.trim()) });
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

/** Takeaways: a list (array or JSON text of one), or plain text; nothing when empty. */
export function parseTakeaways(value: unknown): { items: string[] } | { text: string } | undefined {
  const parsed = parseJson(value);
  if (Array.isArray(parsed)) {
    const items = parsed.map((item) => asText(item) ?? asText(asRecord(item)?.text) ?? asText(asRecord(item)?.takeaway)).filter((item): item is string => item !== undefined);
    return items.length ? { items } : undefined;
  }
  return typeof parsed === 'string' && parsed.trim() !== '' ? { text: parsed.trim() } : undefined;
}

export interface DataTable {
  columns: string[];
  rows: (unknown[] | Record<string, unknown>)[];
}

/** The data table as an object or JSON text with columns and rows; anything else is no table. */
export function parseDataTable(value: unknown): DataTable | undefined {
  const r = asRecord(parseJson(value));
  if (!r) return undefined;
  const columns = parseList(r.columns).map((c) => asText(c) ?? '');
  const rows = parseList(r.rows).filter((row): row is unknown[] | Record<string, unknown> => Array.isArray(row) || asRecord(row) !== undefined);
  return { columns, rows };
}

/** Right to left for Arabic ('ar', 'ar-EG'...). */
export function isRightToLeft(language: string | null | undefined): boolean {
  return typeof language === 'string' && language.trim().toLowerCase().startsWith('ar');
}

/** Text for a card or a title attribute: markers and markdown emphasis removed. */
export function plainText(text: string): string {
  return text
    .replace(MARKER, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/(\*\*|__|`)/g, '')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** The address of an article page; `user_id` when viewing as another user. */
export function articleHref(id: number, userId?: string): string {
  return userId ? `/a/${id}?user_id=${encodeURIComponent(userId)}` : `/a/${id}`;
}
