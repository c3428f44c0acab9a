import { z } from 'zod';
import type { Connector, RawDocument } from '../types.js';
import { fetchPages, readPagedCursor } from './paging.js';
import {
  advance,
  buildUrl,
  day,
  daysBefore,
  isNewer,
  isObject,
  malformed,
  parseJson,
  stripTags,
  str,
  trimSlash,
  type Json,
  keyFor,
} from './util.js';

/** The service's own address: the only host its key goes to (util.ts keyFor). */
const HOME = 'https://www.courtlistener.com/api/rest/v4';

/**
 * CourtListener REST API v4 search: /search/?q=...&type=o (opinions), r (RECAP dockets) or oa (oral
 * arguments), filed_after the last filing date seen, ordered by dateFiled ascending, paged by the
 * `next` cursor URL. Token auth (`Authorization: Token ...`) when a token is configured.
 */

export const courtListenerConfig = z.object({
  query: z.string().min(1).default('*').describe("Search query; * for everything."),
  type: z.enum(['o', 'r', 'oa']).default('o').describe("o: opinions, r: RECAP dockets, oa: oral arguments."),
  /** Space-separated court ids, e.g. `scotus ca9`. */
  court: z.string().min(1).optional().describe("Space-separated court ids, e.g. scotus ca9; every court when empty."),
  maxPagesPerRun: z.number().int().min(1).max(500).default(20).describe("Most requests one run makes."),
  lookbackDays: z.number().int().min(1).max(3650).default(7).describe("How far back the first run looks, in days."),
  baseUrl: z.url().default(HOME).describe("The API's address; change it only for a mirror."),
});

/** While a run pages: the next page's URL (path and query, rebased on baseUrl). */
interface ClRun {
  next: string;
}

const readCursor = (value: unknown) => readPagedCursor<ClRun>(value, (run) => (typeof run.next === 'string' ? { next: run.next } : undefined));

const CONTENT_TYPES = { o: 'court_opinion', r: 'court_docket', oa: 'oral_argument' } as const;

export function clDocument(result: Json, type: 'o' | 'r' | 'oa'): { doc: RawDocument; filed: string | null } | null {
  const id = type === 'o' ? result.cluster_id : type === 'r' ? result.docket_id : (result.id ?? result.audio_id);
  const caseName = str(result.caseName) ?? str(result.caseNameFull);
  if ((typeof id !== 'number' && typeof id !== 'string') || !caseName) return null;
  const filed = str(result.dateFiled) ?? str(result.dateArgued) ?? null;
  const filedDay = filed ? filed.slice(0, 10) : null;
  const opinions = Array.isArray(result.opinions) ? result.opinions.filter(isObject) : [];
  const snippets = opinions.map((o) => str(o.snippet)).filter((s): s is string => Boolean(s));
  const absolute = str(result.absolute_url);
  const citations = Array.isArray(result.citation) ? result.citation.filter((c): c is string => typeof c === 'string') : [];
  return {
    filed: filedDay ? `${filedDay}T00:00:00.000Z` : null,
    doc: {
      externalId: `${type}:${id}`,
      title: citations.length ? `${caseName}, ${citations[0]}` : caseName,
      text: snippets.map(stripTags).join('\n\n') || stripTags(str(result.snippet) ?? ''),
      ...(absolute ? { url: new URL(absolute, 'https://www.courtlistener.com').toString() } : {}),
      publisher: str(result.court) ?? 'CourtListener',
      publishedAt: filedDay ? new Date(`${filedDay}T00:00:00Z`) : null,
      language: 'en',
      contentType: CONTENT_TYPES[type],
      metadata: {
        court: str(result.court),
        courtId: str(result.court_id),
        docketNumber: str(result.docketNumber),
        docketId: result.docket_id,
        clusterId: result.cluster_id,
        caseNameFull: str(result.caseNameFull),
        citations,
        judge: str(result.judge),
        status: str(result.status),
        dateFiled: filedDay,
        suitNature: str(result.suitNature),
        opinionIds: opinions.map((o) => o.id).filter((x) => x !== undefined),
      },
    },
  };
}

/** The `next` URL's path and query, on the configured base URL's origin (tests, proxies). */
function rebase(next: string, baseUrl: string): string {
  const target = new URL(next, baseUrl);
  const base = new URL(baseUrl);
  return `${base.origin}${target.pathname}${target.search}`;
}

export const courtListener: Connector<typeof courtListenerConfig> = {
  kind: 'courtlistener',
  label: "CourtListener",
  description: "Opinions, RECAP dockets or oral arguments from CourtListener search.",
  keys: [{ key: 'courtListenerToken', required: false }],
  defaultCollectionId: 7,
  config: courtListenerConfig,
  // 5,000 requests an hour for authenticated users.
  minRequestIntervalMs: 750,
  defaultIntervalMinutes: 60,
  async *fetch(context) {
    const { config, keys } = context;
    const cursor = readCursor(context.cursor);
    const headers: Record<string, string> = { accept: 'application/json' };
    const token = keyFor(keys.courtListenerToken, config.baseUrl, HOME, keys);
    if (token) headers.authorization = `Token ${token}`;
    const from = cursor.mark.since ? cursor.mark.since.slice(0, 10) : day(daysBefore(context.now, config.lookbackDays));
    const firstUrl = buildUrl(`${trimSlash(config.baseUrl)}/search/`, {
      q: config.query,
      type: config.type,
      court: config.court,
      filed_after: from,
      order_by: config.type === 'oa' ? 'dateArgued asc' : 'dateFiled asc',
    });
    // A stored next URL is rebased once, as the run starts.
    const start = cursor.run ? { ...cursor, run: { next: rebase(cursor.run.next, config.baseUrl) } } : cursor;
    yield* fetchPages<ClRun>(context, {
      cursor: start,
      maxPages: config.maxPagesPerRun,
      page: (position, read) => {
        const url = position ? position.next : firstUrl;
        return {
          url,
          headers,
          conditional: url === firstUrl,
          parse: (body, mark) => {
            const data = parseJson(body, url);
            if (!isObject(data) || !Array.isArray(data.results)) throw malformed(url, 'no results array');
            const documents: RawDocument[] = [];
            for (const result of data.results.filter(isObject)) {
              const parsed = clDocument(result, config.type);
              if (!parsed) continue;
              if (!isNewer(cursor.mark, parsed.filed, parsed.doc.externalId)) continue;
              mark = advance(mark, parsed.filed, parsed.doc.externalId);
              documents.push(parsed.doc);
            }
            const next = str(data.next);
            const total = Number(data.count);
            const nextUrl = next ? rebase(next, config.baseUrl) : undefined;
            return {
              documents,
              mark,
              next: nextUrl && data.results.length > 0 ? { next: nextUrl } : undefined,
              progress: [read + 1, Number.isFinite(total) && data.results.length ? Math.ceil(total / data.results.length) : undefined],
            };
          },
        };
      },
    });
  },
};
