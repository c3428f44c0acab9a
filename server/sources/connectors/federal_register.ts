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
  str,
  trimSlash,
  type Json,
} from './util.js';

/**
 * FederalRegister.gov API v1: GET /documents.json with conditions[publication_date][gte] = the
 * last publication date seen, order=oldest, paged with page/per_page (<= 1000). No key.
 */

const TYPES = ['RULE', 'PRORULE', 'NOTICE', 'PRESDOCU'] as const;

export const federalRegisterConfig = z.object({
  term: z.string().min(1).optional().describe("Full-text search term; everything when empty."),
  /** Agency slugs, e.g. `environmental-protection-agency`. */
  agencies: z.array(z.string().min(1)).optional().describe("Agency slugs, e.g. environmental-protection-agency."),
  types: z.array(z.enum(TYPES)).optional().describe("Document types to keep (RULE, PRORULE, NOTICE, PRESDOCU); all when empty."),
  perPage: z.number().int().min(1).max(1000).default(200).describe("Documents per request."),
  maxPagesPerRun: z.number().int().min(1).max(100).default(20).describe("Most requests one run makes."),
  lookbackDays: z.number().int().min(1).max(3650).default(7).describe("How far back the first run looks, in days."),
  baseUrl: z.url().default('https://www.federalregister.gov/api/v1').describe("The API's address; change it only for a mirror."),
});

const FIELDS = [
  'title',
  'type',
  'abstract',
  'action',
  'document_number',
  'html_url',
  'pdf_url',
  'publication_date',
  'agencies',
  'docket_ids',
  'regulation_id_numbers',
  'citation',
  'effective_on',
  'comments_close_on',
  'significant',
];

interface FrRun {
  from: string;
  page: number;
}

const readCursor = (value: unknown) =>
  readPagedCursor<FrRun>(value, (run) => (typeof run.from === 'string' && typeof run.page === 'number' ? { from: run.from, page: run.page } : undefined));

export function frDocument(result: Json): { doc: RawDocument; date: string | null } | null {
  const number = str(result.document_number);
  const title = str(result.title);
  if (!number || !title) return null;
  const date = str(result.publication_date) ?? null;
  const agencies = Array.isArray(result.agencies) ? result.agencies.filter(isObject) : [];
  const type = str(result.type) ?? 'Document';
  const abstract = str(result.abstract);
  const action = str(result.action);
  return {
    date,
    doc: {
      externalId: number,
      title,
      text: [action ? `Action: ${action}` : undefined, abstract].filter(Boolean).join('\n\n'),
      url: str(result.html_url) ?? `https://www.federalregister.gov/d/${number}`,
      publisher: 'Federal Register',
      publishedAt: date ? new Date(`${date}T00:00:00Z`) : null,
      language: 'en',
      contentType: `federal_register_${type.toLowerCase().replace(/\s+/g, '_')}`,
      metadata: {
        documentNumber: number,
        type,
        action,
        agencies: agencies.map((a) => str(a.name) ?? str(a.raw_name)).filter(Boolean),
        agencySlugs: agencies.map((a) => str(a.slug)).filter(Boolean),
        docketIds: Array.isArray(result.docket_ids) ? result.docket_ids : [],
        regulationIdNumbers: Array.isArray(result.regulation_id_numbers) ? result.regulation_id_numbers : [],
        citation: str(result.citation),
        effectiveOn: str(result.effective_on),
        commentsCloseOn: str(result.comments_close_on),
        significant: typeof result.significant === 'boolean' ? result.significant : undefined,
        pdfUrl: str(result.pdf_url),
        publicationDate: date,
      },
    },
  };
}

export const federalRegister: Connector<typeof federalRegisterConfig> = {
  kind: 'federal_register',
  label: "Federal Register",
  description: "Rules, proposed rules, notices and presidential documents of the Federal Register.",
  defaultCollectionId: 6,
  config: federalRegisterConfig,
  minRequestIntervalMs: 500,
  defaultIntervalMinutes: 60,
  async *fetch(context) {
    const { config } = context;
    const cursor = readCursor(context.cursor);
    const from = cursor.run?.from ?? (cursor.mark.since ? cursor.mark.since.slice(0, 10) : day(daysBefore(context.now, config.lookbackDays)));
    yield* fetchPages<FrRun>(context, {
      cursor,
      maxPages: config.maxPagesPerRun,
      page: (position) => {
        const page = position?.page ?? 1;
        const url = buildUrl(`${trimSlash(config.baseUrl)}/documents.json`, {
          'conditions[publication_date][gte]': from,
          'conditions[term]': config.term,
          'conditions[agencies][]': config.agencies,
          'conditions[type][]': config.types,
          'fields[]': FIELDS,
          order: 'oldest',
          per_page: config.perPage,
          page,
        });
        return {
          url,
          conditional: page === 1,
          parse: (body, mark) => {
            const data = parseJson(body, url);
            if (!isObject(data)) throw malformed(url, 'not an object');
            // An empty result set comes without `results`.
            const results = data.results === undefined && typeof data.count === 'number' ? [] : data.results;
            if (!Array.isArray(results)) throw malformed(url, 'no results array');
            const documents: RawDocument[] = [];
            for (const result of results.filter(isObject)) {
              const parsed = frDocument(result);
              if (!parsed) continue;
              const stamp = parsed.date ? `${parsed.date}T00:00:00.000Z` : null;
              if (!isNewer(cursor.mark, stamp, parsed.doc.externalId)) continue;
              mark = advance(mark, stamp, parsed.doc.externalId);
              documents.push(parsed.doc);
            }
            const totalPages = Number(data.total_pages);
            const more = Boolean(str(data.next_page_url)) && results.length > 0 && (!Number.isFinite(totalPages) || page < totalPages);
            return { documents, mark, next: more ? { from, page: page + 1 } : undefined, progress: [page, Number.isFinite(totalPages) ? totalPages : undefined] };
          },
        };
      },
    });
  },
};
