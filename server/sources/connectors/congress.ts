import { z } from 'zod';
import { SourceError, type Connector, type RawDocument } from '../types.js';
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
const HOME = 'https://api.congress.gov/v3';

/**
 * congress.gov API v3: bills updated since the last run (`fromDateTime`, sorted by updateDate
 * ascending), paged with offset/limit while `pagination.next` is present. Key: `api_key`
 * (api.data.gov; DEMO_KEY when none is configured, which is heavily rate limited).
 */

const BILL_TYPES = ['hr', 's', 'hjres', 'sjres', 'hconres', 'sconres', 'hres', 'sres'] as const;

export const congressConfig = z
  .object({
    /** e.g. 119; all congresses when absent. */
    congress: z.number().int().min(93).max(200).optional().describe("Congress number, e.g. 119; every congress when empty."),
    /** Needs `congress`. */
    billType: z.enum(BILL_TYPES).optional().describe("Bill type, e.g. hr or s; needs a congress number."),
    pageSize: z.number().int().min(1).max(250).default(250).describe("Bills per request (at most 250)."),
    maxPagesPerRun: z.number().int().min(1).max(1000).default(40).describe("Most requests one run makes."),
    lookbackDays: z.number().int().min(1).max(3650).default(7).describe("How far back the first run looks, in days."),
    baseUrl: z.url().default(HOME).describe("The API's address; change it only for a mirror."),
  })
  .refine((c) => !c.billType || c.congress, { message: 'billType needs congress', path: ['billType'] });

/** While a run pages: the fromDateTime it started with and the next offset. */
interface CongressRun {
  from: string;
  offset: number;
}

const readCursor = (value: unknown) =>
  readPagedCursor<CongressRun>(value, (run) => (typeof run.from === 'string' && typeof run.offset === 'number' ? { from: run.from, offset: run.offset } : undefined));

const CHAMBER_PATH: Record<string, string> = {
  hr: 'house-bill',
  s: 'senate-bill',
  hjres: 'house-joint-resolution',
  sjres: 'senate-joint-resolution',
  hconres: 'house-concurrent-resolution',
  sconres: 'senate-concurrent-resolution',
  hres: 'house-resolution',
  sres: 'senate-resolution',
};

const TYPE_LABEL: Record<string, string> = {
  hr: 'H.R.',
  s: 'S.',
  hjres: 'H.J.Res.',
  sjres: 'S.J.Res.',
  hconres: 'H.Con.Res.',
  sconres: 'S.Con.Res.',
  hres: 'H.Res.',
  sres: 'S.Res.',
};

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

export function billDocument(bill: Json): { doc: RawDocument; updated: string | null } | null {
  const congress = Number(bill.congress);
  const type = str(bill.type)?.toLowerCase();
  const number = str(bill.number);
  if (!Number.isFinite(congress) || !type || !number) return null;
  const latest = isObject(bill.latestAction) ? bill.latestAction : {};
  const label = `${TYPE_LABEL[type] ?? type.toUpperCase()} ${number}`;
  const title = str(bill.title);
  const updated = iso(toDate(bill.updateDateIncludingText) ?? toDate(bill.updateDate));
  const latestText = str(latest.text);
  const latestDate = str(latest.actionDate);
  return {
    updated,
    doc: {
      externalId: `${congress}-${type}-${number}`,
      title: title ? `${label}: ${title}` : `${label} (${ordinal(congress)} Congress)`,
      text: [title, latestText ? `Latest action${latestDate ? ` (${latestDate})` : ''}: ${latestText}` : undefined].filter(Boolean).join('\n\n'),
      url: `https://www.congress.gov/bill/${ordinal(congress)}-congress/${CHAMBER_PATH[type] ?? type}/${number}`,
      publisher: 'Congress.gov',
      publishedAt: updated ? new Date(updated) : null,
      language: 'en',
      contentType: 'congress_bill',
      metadata: {
        congress,
        billType: type,
        number,
        originChamber: str(bill.originChamber),
        latestAction: latestText ? { date: latestDate, time: str(latest.actionTime), text: latestText } : undefined,
        updateDate: str(bill.updateDate),
        apiUrl: str(bill.url),
      },
    },
  };
}

/** fromDateTime wants YYYY-MM-DDTHH:MM:SSZ. */
const apiDateTime = (isoString: string) => isoString.replace(/\.\d{3}Z$/, 'Z');

export const congress: Connector<typeof congressConfig> = {
  kind: 'congress',
  label: "Congress.gov bills",
  description: "Bills and resolutions of the US Congress, newest actions first.",
  keys: [{ key: 'congressApiKey', required: false }],
  defaultCollectionId: 5,
  config: congressConfig,
  // 5,000 requests an hour.
  minRequestIntervalMs: 750,
  defaultIntervalMinutes: 60,
  async *fetch(context) {
    const { config, keys } = context;
    const cursor = readCursor(context.cursor);
    const apiKey = keyFor(keys.congressApiKey, config.baseUrl, HOME, keys) ?? 'DEMO_KEY';
    const path = ['bill', config.congress, config.billType].filter((p) => p !== undefined).join('/');
    const from = cursor.run?.from ?? apiDateTime(cursor.mark.since ?? daysBefore(context.now, config.lookbackDays).toISOString());
    yield* fetchPages<CongressRun>(context, {
      cursor,
      maxPages: config.maxPagesPerRun,
      page: (position) => {
        const offset = position?.offset ?? 0;
        const url = buildUrl(`${trimSlash(config.baseUrl)}/${path}`, {
          format: 'json',
          fromDateTime: from,
          sort: 'updateDate asc',
          limit: config.pageSize,
          offset,
        });
        return {
          url,
          requestUrl: buildUrl(url, { api_key: apiKey }),
          conditional: offset === 0,
          parse: (body, mark) => {
            const data = parseJson(body, url);
            if (!isObject(data) || !Array.isArray(data.bills)) {
              if (isObject(data) && isObject(data.error)) throw new SourceError(`congress.gov: ${str(data.error.message) ?? 'error'}`, 'http_error');
              throw malformed(url, 'no bills array');
            }
            const documents: RawDocument[] = [];
            for (const bill of data.bills.filter(isObject)) {
              const parsed = billDocument(bill);
              if (!parsed) continue;
              if (!isNewer(cursor.mark, parsed.updated, parsed.doc.externalId)) continue;
              mark = advance(mark, parsed.updated, parsed.doc.externalId);
              documents.push(parsed.doc);
            }
            const pagination = isObject(data.pagination) ? data.pagination : {};
            const nextOffset = offset + data.bills.length;
            const more = Boolean(str(pagination.next)) && data.bills.length > 0;
            const total = Number(pagination.count);
            return { documents, mark, next: more ? { from, offset: nextOffset } : undefined, progress: [nextOffset, Number.isFinite(total) ? total : undefined] };
          },
        };
      },
    });
  },
};
