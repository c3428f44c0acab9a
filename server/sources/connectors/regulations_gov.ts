import { z } from 'zod';
import type { Connector, RawDocument } from '../types.js';
import { fetchPages, readPagedCursor } from './paging.js';
import {
  advance,
  buildUrl,
  daysBefore,
  isNewer,
  isObject,
  iso,
  malformed,
  parseJson,
  str,
  toDate,
  trimSlash,
  type Json,
  keyFor,
} from './util.js';

/** The service's own address: the only host its key goes to (util.ts keyFor). */
const HOME = 'https://api.regulations.gov/v4';

/**
 * regulations.gov API v4: /documents (or /dockets) modified since the last run
 * (`filter[lastModifiedDate][ge]`, Eastern time), sorted by lastModifiedDate, paged with
 * page[number] (1-20) x page[size] (<= 250). Past page 20 the run re-filters from the last
 * modification date seen, as the API documentation advises. Key: X-Api-Key (api.data.gov).
 */

export const regulationsGovConfig = z.object({
  resource: z.enum(['documents', 'dockets']).default('documents').describe("Read documents or dockets."),
  agencyId: z.string().min(1).optional().describe("Agency acronym, e.g. EPA."),
  docketId: z.string().min(1).optional().describe("One docket, e.g. EPA-HQ-OAR-2021-0317."),
  /** Notice, Rule, Proposed Rule, Supporting & Related Material, Other (documents only). */
  documentType: z.string().min(1).optional().describe("Notice, Rule, Proposed Rule, Supporting & Related Material or Other (documents only)."),
  searchTerm: z.string().min(1).optional().describe("Full-text search term."),
  pageSize: z.number().int().min(5).max(250).default(250).describe("Records per request (5 to 250)."),
  maxPagesPerRun: z.number().int().min(1).max(200).default(40).describe("Most requests one run makes."),
  lookbackDays: z.number().int().min(1).max(3650).default(7).describe("How far back the first run looks, in days."),
  baseUrl: z.url().default(HOME).describe("The API's address; change it only for a mirror."),
});

interface RegsRun {
  from: string;
  page: number;
}

const readCursor = (value: unknown) =>
  readPagedCursor<RegsRun>(value, (run) => (typeof run.from === 'string' && typeof run.page === 'number' ? { from: run.from, page: run.page } : undefined));

const EASTERN = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The API's date filter format: "YYYY-MM-DD HH:MM:SS" in Eastern time. */
export function easternDateTime(date: Date): string {
  const parts = Object.fromEntries(EASTERN.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export function regsDocument(item: Json, resource: 'documents' | 'dockets'): { doc: RawDocument; modified: string | null } | null {
  const id = str(item.id);
  const a = isObject(item.attributes) ? item.attributes : null;
  if (!id || !a) return null;
  const modified = iso(toDate(a.lastModifiedDate));
  const posted = toDate(a.postedDate);
  const isDocket = resource === 'dockets';
  const documentType = str(a.documentType);
  const title = str(a.title) ?? id;
  const summary = str(a.docAbstract) ?? str(a.highlightedContent);
  return {
    modified,
    doc: {
      externalId: id,
      title,
      text: summary ?? '',
      url: `https://www.regulations.gov/${isDocket ? 'docket' : 'document'}/${id}`,
      publisher: str(a.agencyId) ? `regulations.gov (${str(a.agencyId)})` : 'regulations.gov',
      publishedAt: posted ?? (modified ? new Date(modified) : null),
      language: 'en',
      contentType: isDocket ? 'regulations_docket' : `regulations_${(documentType ?? 'document').toLowerCase().replace(/[^a-z]+/g, '_')}`,
      metadata: {
        id,
        agencyId: str(a.agencyId),
        docketId: isDocket ? id : str(a.docketId),
        docketType: str(a.docketType),
        documentType,
        subtype: str(a.subtype),
        frDocNum: str(a.frDocNum),
        commentStartDate: str(a.commentStartDate),
        commentEndDate: str(a.commentEndDate),
        openForComment: typeof a.openForComment === 'boolean' ? a.openForComment : undefined,
        withdrawn: typeof a.withdrawn === 'boolean' ? a.withdrawn : undefined,
        lastModifiedDate: modified,
        objectId: str(a.objectId),
        apiUrl: isObject(item.links) ? str(item.links.self) : undefined,
      },
    },
  };
}

export const regulationsGov: Connector<typeof regulationsGovConfig> = {
  kind: 'regulations_gov',
  label: "Regulations.gov",
  description: "Documents and dockets of US federal rulemaking on Regulations.gov.",
  keys: [{ key: 'regulationsApiKey', required: false }],
  defaultCollectionId: 6,
  config: regulationsGovConfig,
  // About 1,000 requests an hour per key.
  minRequestIntervalMs: 3600,
  defaultIntervalMinutes: 120,
  async *fetch(context) {
    const { config, keys } = context;
    const cursor = readCursor(context.cursor);
    const headers = { 'X-Api-Key': keyFor(keys.regulationsApiKey, config.baseUrl, HOME, keys) ?? 'DEMO_KEY', accept: 'application/vnd.api+json, application/json' };
    const start = cursor.run?.from ?? easternDateTime(cursor.mark.since ? new Date(cursor.mark.since) : daysBefore(context.now, config.lookbackDays));
    yield* fetchPages<RegsRun>(context, {
      cursor,
      maxPages: config.maxPagesPerRun,
      page: (position, read) => {
        const from = position?.from ?? start;
        const page = position?.page ?? 1;
        const url = buildUrl(`${trimSlash(config.baseUrl)}/${config.resource}`, {
          'filter[lastModifiedDate][ge]': from,
          'filter[agencyId]': config.agencyId,
          'filter[docketId]': config.resource === 'documents' ? config.docketId : undefined,
          'filter[documentType]': config.resource === 'documents' ? config.documentType : undefined,
          'filter[searchTerm]': config.searchTerm,
          sort: 'lastModifiedDate',
          'page[size]': config.pageSize,
          'page[number]': page,
        });
        return {
          url,
          headers,
          conditional: read === 0 && page === 1,
          parse: (body, mark) => {
            const data = parseJson(body, url);
            if (!isObject(data) || !Array.isArray(data.data)) throw malformed(url, 'no data array');
            const documents: RawDocument[] = [];
            let newestOnPage: string | null = null;
            for (const item of data.data.filter(isObject)) {
              const parsed = regsDocument(item, config.resource);
              if (!parsed) continue;
              if (parsed.modified && (!newestOnPage || parsed.modified > newestOnPage)) newestOnPage = parsed.modified;
              if (!isNewer(cursor.mark, parsed.modified, parsed.doc.externalId) || !isNewer(mark, parsed.modified, parsed.doc.externalId)) continue;
              mark = advance(mark, parsed.modified, parsed.doc.externalId);
              documents.push(parsed.doc);
            }
            const meta = isObject(data.meta) ? data.meta : {};
            const hasNext = meta.hasNextPage === true && data.data.length > 0;
            const total = Number(meta.totalElements);
            let next: RegsRun | undefined;
            if (hasNext && page < 20) next = { from, page: page + 1 };
            else if (hasNext && newestOnPage) next = { from: easternDateTime(new Date(newestOnPage)), page: 1 };
            return { documents, mark, next, progress: [read * config.pageSize + data.data.length, Number.isFinite(total) ? total : undefined] };
          },
        };
      },
    });
  },
};
