import { z } from 'zod';
import { SourceError, type Connector, type RawDocument } from '../types.js';
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
  str,
  trimSlash,
  type Json,
  keyFor,
} from './util.js';

/** The service's own address: the only host its key goes to (util.ts keyFor). */
const HOME = 'https://search.patentsview.org/api/v1';

/**
 * PatentsView PatentSearch API: GET /api/v1/patent/ (granted) or /api/v1/publication/
 * (pre-grant) with q (JSON query: the configured one AND date >= the last date seen), f (fields),
 * s (sort by date then id) and o ({size, after: [last date, last id]}) as the paging cursor.
 * X-Api-Key required; about 45 requests a minute.
 */

const ENDPOINTS = {
  patent: {
    path: 'patent',
    list: 'patents',
    id: 'patent_id',
    date: 'patent_date',
    title: 'patent_title',
    abstract: 'patent_abstract',
    fields: ['patent_id', 'patent_title', 'patent_abstract', 'patent_date', 'patent_type', 'wipo_kind', 'patent_earliest_application_date', 'patent_num_times_cited_by_us_patents', 'assignees', 'inventors', 'cpc_current'],
  },
  publication: {
    path: 'publication',
    list: 'publications',
    id: 'document_number',
    date: 'publication_date',
    title: 'publication_title',
    abstract: 'publication_abstract',
    fields: ['document_number', 'publication_title', 'publication_abstract', 'publication_date', 'publication_type', 'assignees', 'inventors', 'cpc_current', 'granted_pregrant_crosswalk'],
  },
} as const;

export const patentsViewConfig = z.object({
  endpoint: z.enum(['patent', 'publication']).default('patent').describe("Granted patents or pre-grant publications."),
  /** A PatentSearch query object, e.g. {"_text_any": {"patent_abstract": "battery electrode"}}. */
  query: z.record(z.string(), z.unknown()).optional().describe("A PatentSearch query object, e.g. {\"_text_any\": {\"patent_abstract\": \"battery electrode\"}}."),
  pageSize: z.number().int().min(1).max(1000).default(100).describe("Records per request."),
  maxPagesPerRun: z.number().int().min(1).max(500).default(20).describe("Most requests one run makes."),
  lookbackDays: z.number().int().min(1).max(36500).default(30).describe("How far back the first run looks, in days."),
  baseUrl: z.url().default(HOME).describe("The API's address; change it only for a mirror."),
});

interface PvRun {
  from: string;
  after: [string, string];
}

const readCursor = (value: unknown) =>
  readPagedCursor<PvRun>(value, (run) =>
    typeof run.from === 'string' && Array.isArray(run.after) && run.after.length === 2 && run.after.every((x) => typeof x === 'string')
      ? { from: run.from, after: run.after as [string, string] }
      : undefined,
  );

const list = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);

function partyName(p: Json, prefix: 'assignee' | 'inventor'): string | undefined {
  const organization = str(p[`${prefix}_organization`]);
  if (organization) return organization;
  const first = str(p[`${prefix}_individual_name_first`]) ?? str(p[`${prefix}_name_first`]);
  const last = str(p[`${prefix}_individual_name_last`]) ?? str(p[`${prefix}_name_last`]);
  return [first, last].filter(Boolean).join(' ') || undefined;
}

export function patentDocument(record: Json, endpoint: 'patent' | 'publication'): { doc: RawDocument; date: string | null; id: string; rawDate: string } | null {
  const spec = ENDPOINTS[endpoint];
  const id = str(record[spec.id]);
  const title = str(record[spec.title]);
  if (!id || !title) return null;
  const rawDate = str(record[spec.date]) ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(rawDate) ? `${rawDate}T00:00:00.000Z` : null;
  const assignees = list(record.assignees)
    .map((a) => partyName(a, 'assignee'))
    .filter((a): a is string => Boolean(a));
  const inventors = list(record.inventors)
    .map((i) => partyName(i, 'inventor'))
    .filter((i): i is string => Boolean(i));
  const cpc = [...new Set(list(record.cpc_current).map((c) => str(c.cpc_group_id) ?? str(c.cpc_subclass_id)).filter((c): c is string => Boolean(c)))];
  const isPatent = endpoint === 'patent';
  return {
    id,
    rawDate,
    date,
    doc: {
      externalId: isPatent ? `US${id}` : `US${id}-pub`,
      title,
      text: str(record[spec.abstract]) ?? '',
      url: `https://patents.google.com/patent/US${id}`,
      publisher: assignees[0] ?? 'USPTO',
      publishedAt: date ? new Date(date) : null,
      language: 'en',
      contentType: isPatent ? 'us_patent' : 'us_patent_application',
      metadata: {
        [isPatent ? 'patentId' : 'documentNumber']: id,
        type: str(record.patent_type) ?? str(record.publication_type),
        kind: str(record.wipo_kind),
        date: rawDate || undefined,
        earliestApplicationDate: str(record.patent_earliest_application_date),
        citedByUsPatents: str(record.patent_num_times_cited_by_us_patents),
        assignees,
        assigneeCountries: [...new Set(list(record.assignees).map((a) => str(a.assignee_country)).filter(Boolean))],
        inventors,
        cpc,
        grantedPatentIds: list(record.granted_pregrant_crosswalk).map((g) => str(g.patent_id)).filter(Boolean),
      },
    },
  };
}

export const patentsView: Connector<typeof patentsViewConfig> = {
  kind: 'patentsview',
  label: "PatentsView (USPTO patents)",
  description: "US patents or pre-grant publications from the PatentSearch API.",
  keys: [{ key: 'patentsViewApiKey', required: true }],
  defaultCollectionId: 10,
  config: patentsViewConfig,
  // About 45 requests a minute.
  minRequestIntervalMs: 1400,
  defaultIntervalMinutes: 1440,
  async *fetch(context) {
    const { config, keys } = context;
    const apiKey = keyFor(keys.patentsViewApiKey, config.baseUrl, HOME, keys);
    if (!apiKey) throw new SourceError(keys.patentsViewApiKey ? `PatentsView's key goes only to ${new URL(HOME).host}, not to ${new URL(config.baseUrl).host}` : 'PatentsView needs an API key (X-Api-Key)', 'config');
    const spec = ENDPOINTS[config.endpoint];
    const cursor = readCursor(context.cursor);
    const headers = { 'X-Api-Key': apiKey, accept: 'application/json' };
    const from = cursor.run?.from ?? (cursor.mark.since ? cursor.mark.since.slice(0, 10) : day(daysBefore(context.now, config.lookbackDays)));
    const dateClause = { _gte: { [spec.date]: from } };
    const q = config.query && Object.keys(config.query).length ? { _and: [config.query, dateClause] } : dateClause;
    const s = [{ [spec.date]: 'asc' }, { [spec.id]: 'asc' }];
    yield* fetchPages<PvRun>(context, {
      cursor,
      maxPages: config.maxPagesPerRun,
      page: (position, read) => {
        const after = position?.after;
        const url = buildUrl(`${trimSlash(config.baseUrl)}/${spec.path}/`, {
          q: JSON.stringify(q),
          f: JSON.stringify(spec.fields),
          s: JSON.stringify(s),
          o: JSON.stringify(after ? { size: config.pageSize, after } : { size: config.pageSize }),
        });
        return {
          url,
          headers,
          conditional: !after,
          parse: (body, mark) => {
            const data = parseJson(body, url);
            if (!isObject(data)) throw malformed(url, 'not an object');
            if (data.error === true) throw malformed(url, 'error: true');
            const records = data[spec.list] === null ? [] : data[spec.list];
            if (!Array.isArray(records)) throw malformed(url, `no ${spec.list} array`);
            const documents: RawDocument[] = [];
            let lastKey: [string, string] | undefined;
            for (const record of records.filter(isObject)) {
              const parsed = patentDocument(record, config.endpoint);
              if (!parsed) continue;
              lastKey = [parsed.rawDate, parsed.id];
              if (!isNewer(cursor.mark, parsed.date, parsed.doc.externalId)) continue;
              mark = advance(mark, parsed.date, parsed.doc.externalId);
              documents.push(parsed.doc);
            }
            const total = Number(data.total_hits);
            const next = records.length < config.pageSize || !lastKey ? undefined : { from, after: lastKey };
            return { documents, mark, next, progress: [read * config.pageSize + records.length, Number.isFinite(total) ? total : undefined] };
          },
        };
      },
    });
  },
};
