import { z } from 'zod';
import { SourceError, type Connector, type RawDocument } from '../types.js';
import { conditionalGet } from './paging.js';
import { arr, collapse, isObject, malformed, parseXml, readRemembered, text, toDate, trimSlash, type Json, type Remembered, keyFor } from './util.js';

/** The service's own address: the only host its key goes to (util.ts keyFor). */
const HOME = 'https://tsdrapi.uspto.gov/ts/cd';

/**
 * USPTO TSDR case status: GET /ts/cd/casestatus/sn{serial}/info.xml (or rn{registration}) for
 * each case listed in the config. Answers WIPO ST.66 XML (older) or ST.96 XML; both are read.
 * A document is yielded when a case's status (code + date) differs from the last run's, so each
 * status change is one event. API key required (header USPTO-API-KEY); about 60 calls a minute.
 */

export const usptoTsdrConfig = z
  .object({
    serialNumbers: z.array(z.string().regex(/^\d{8}$/)).default([]).describe("Application serial numbers (8 digits)."),
    registrationNumbers: z.array(z.string().regex(/^\d{7}$/)).default([]).describe("Registration numbers (7 digits)."),
    baseUrl: z.url().default(HOME).describe("The API's address; change it only for a mirror."),
  })
  .refine((c) => c.serialNumbers.length + c.registrationNumbers.length > 0, { message: 'list at least one serial or registration number', path: ['serialNumbers'] });

interface CaseState {
  validators?: Remembered;
  /** statusCode|statusDate of the last yielded status. */
  status?: string;
}

interface TsdrCursor {
  cases: Record<string, CaseState>;
}

function readCursor(value: unknown): TsdrCursor {
  const out: TsdrCursor = { cases: {} };
  if (!isObject(value) || !isObject(value.cases)) return out;
  for (const [key, state] of Object.entries(value.cases)) {
    if (!isObject(state)) continue;
    const validators = readRemembered(state.validators);
    out.cases[key] = { ...(validators ? { validators } : {}), ...(typeof state.status === 'string' ? { status: state.status } : {}) };
  }
  return out;
}

/** Depth-first, document order: the first value under `key`. */
function findFirst(node: unknown, key: string): unknown {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findFirst(item, key);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (!isObject(node)) return undefined;
  if (key in node) return node[key];
  for (const [name, child] of Object.entries(node)) {
    if (name.startsWith('@_')) continue;
    const found = findFirst(child, key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Every object that has all the given keys. */
function findObjects(node: unknown, keys: string[], out: Json[] = []): Json[] {
  if (Array.isArray(node)) for (const item of node) findObjects(item, keys, out);
  else if (isObject(node)) {
    if (keys.every((k) => k in node)) out.push(node);
    for (const child of Object.values(node)) findObjects(child, keys, out);
  }
  return out;
}

export interface TrademarkStatus {
  format: 'ST.66' | 'ST.96';
  serialNumber: string;
  registrationNumber?: string;
  markText: string;
  statusCode: string;
  statusText?: string;
  statusDate: Date | null;
  applicationDate: Date | null;
  registrationDate: Date | null;
  owner?: string;
  markKind?: string;
  classes: { classNumber: string; goodsServices: string }[];
}

/** Parses a TSDR case status XML document (ST.66 or ST.96). */
export function parseTsdr(xml: string, what = 'TSDR'): TrademarkStatus {
  const doc = parseXml(xml, what, { removeNSPrefix: true });
  let format: TrademarkStatus['format'];
  let mark: unknown;
  let applicant: unknown;
  if (isObject(doc.Transaction)) {
    format = 'ST.66';
    mark = findFirst(doc.Transaction, 'TradeMark');
    applicant = arr(findFirst(findFirst(doc.Transaction, 'ApplicantDetails'), 'Applicant'))[0];
  } else if (isObject(doc.TrademarkTransaction)) {
    format = 'ST.96';
    mark = findFirst(doc.TrademarkTransaction, 'Trademark');
    applicant = arr(findFirst(findFirst(mark, 'ApplicantBag'), 'Applicant'))[0];
  } else {
    throw malformed(what, 'neither an ST.66 Transaction nor an ST.96 TrademarkTransaction');
  }
  if (!isObject(mark)) throw malformed(what, 'no trademark');
  const serialNumber = text(findFirst(mark, 'ApplicationNumberText')) || text(findFirst(mark, 'ApplicationNumber'));
  if (!serialNumber) throw malformed(what, 'no application (serial) number');
  const classes =
    format === 'ST.66'
      ? findObjects(mark, ['ClassNumber', 'GoodsServicesDescription']).map((c) => ({ classNumber: text(c.ClassNumber), goodsServices: collapse(text(c.GoodsServicesDescription)) }))
      : findObjects(mark, ['ClassNumber', 'GoodsServicesDescriptionText']).map((c) => ({ classNumber: text(c.ClassNumber), goodsServices: collapse(text(c.GoodsServicesDescriptionText)) }));
  const owner =
    text(findFirst(applicant, 'EntityName')) || text(findFirst(applicant, 'OrganizationStandardName')) || text(findFirst(applicant, 'FreeFormatNameLine')) || undefined;
  const registrationNumber = text(findFirst(mark, 'RegistrationNumber')) || undefined;
  const statusText = collapse(text(findFirst(mark, 'MarkCurrentStatusExternalDescriptionText'))) || undefined;
  const markKind = text(findFirst(mark, 'KindMark')) || text(findFirst(mark, 'MarkCategory')) || undefined;
  return {
    format,
    serialNumber,
    ...(registrationNumber ? { registrationNumber } : {}),
    markText: text(findFirst(mark, 'MarkVerbalElementText')),
    statusCode: text(findFirst(mark, 'MarkCurrentStatusCode')),
    ...(statusText ? { statusText } : {}),
    statusDate: toDate(text(findFirst(mark, 'MarkCurrentStatusDate'))),
    applicationDate: toDate(text(findFirst(mark, 'ApplicationDate'))),
    registrationDate: toDate(text(findFirst(mark, 'RegistrationDate'))),
    ...(owner ? { owner } : {}),
    ...(markKind ? { markKind } : {}),
    classes,
  };
}

const ymd = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : undefined);

export function statusDocument(status: TrademarkStatus): RawDocument {
  const name = status.markText || `Serial ${status.serialNumber}`;
  const statusDay = ymd(status.statusDate);
  const lines = [
    `${name}: ${status.statusText ?? `status ${status.statusCode}`}${statusDay ? ` (${statusDay})` : ''}.`,
    status.owner ? `Owner: ${status.owner}.` : undefined,
    ...status.classes.map((c) => `Class ${c.classNumber}: ${c.goodsServices}`),
  ];
  return {
    externalId: `tm:sn${status.serialNumber}:${status.statusCode}:${statusDay ?? ''}`,
    title: `Trademark ${name} (US serial ${status.serialNumber}${status.registrationNumber ? `, reg. ${status.registrationNumber}` : ''}): ${status.statusText ?? `status ${status.statusCode}`}`,
    text: lines.filter(Boolean).join('\n'),
    url: `https://tsdr.uspto.gov/#caseNumber=${status.serialNumber}&caseType=SERIAL_NO&searchType=statusSearch`,
    // One URL per case, shared by each of its status events.
    canonicalUrl: null,
    publisher: 'USPTO',
    publishedAt: status.statusDate,
    language: 'en',
    contentType: 'trademark_status',
    metadata: {
      format: status.format,
      serialNumber: status.serialNumber,
      registrationNumber: status.registrationNumber,
      markText: status.markText,
      markKind: status.markKind,
      statusCode: status.statusCode,
      statusText: status.statusText,
      statusDate: statusDay,
      applicationDate: ymd(status.applicationDate),
      registrationDate: ymd(status.registrationDate),
      owner: status.owner,
      classes: status.classes,
    },
  };
}

export const usptoTsdr: Connector<typeof usptoTsdrConfig> = {
  kind: 'uspto_tsdr',
  label: "USPTO trademarks (TSDR)",
  description: "Status changes of chosen US trademark applications and registrations.",
  keys: [{ key: 'usptoApiKey', required: true }],
  defaultCollectionId: 11,
  config: usptoTsdrConfig,
  // About 60 status calls a minute.
  minRequestIntervalMs: 1000,
  defaultIntervalMinutes: 1440,
  async *fetch(context) {
    const { config, keys } = context;
    const apiKey = keyFor(keys.usptoApiKey, config.baseUrl, HOME, keys);
    if (!apiKey) throw new SourceError(keys.usptoApiKey ? `USPTO TSDR's key goes only to ${new URL(HOME).host}, not to ${new URL(config.baseUrl).host}` : 'USPTO TSDR needs an API key (USPTO-API-KEY)', 'config');
    const cursor = readCursor(context.cursor);
    const cases = [...new Set([...config.serialNumbers.map((n) => `sn${n}`), ...config.registrationNumbers.map((n) => `rn${n}`)])];
    let done = 0;
    for (const key of cases) {
      const state = cursor.cases[key] ?? {};
      const url = `${trimSlash(config.baseUrl)}/casestatus/${key}/info.xml`;
      const fresh = await conditionalGet(context, url, state.validators, { headers: { 'USPTO-API-KEY': apiKey, accept: 'application/xml' } });
      context.progress?.(++done, cases.length);
      if (!fresh) continue;
      const status = parseTsdr(fresh.body, url);
      const fingerprint = `${status.statusCode}|${ymd(status.statusDate) ?? ''}`;
      const documents = fingerprint === state.status ? [] : [statusDocument(status)];
      const { remembered } = fresh;
      cursor.cases[key] = { ...(remembered ? { validators: remembered } : {}), status: fingerprint };
      yield { documents, cursor: structuredClone(cursor) };
    }
  },
};
