import { z } from 'zod';
import { SourceError, type Connector, type RawDocument } from '../types.js';
import { conditionalGet } from './paging.js';
import {
  advance,
  daysBefore,
  EMPTY_MARK,
  getBody,
  isNewer,
  isObject,
  iso,
  malformed,
  parseJson,
  readMark,
  readRemembered,
  str,
  toDate,
  trimSlash,
  type Json,
  type Mark,
  type Remembered,
} from './util.js';

/**
 * SEC EDGAR submissions API: https://data.sec.gov/submissions/CIK##########.json per company.
 * `filings.recent` holds the latest ~1,000 filings as columnar arrays; older ones sit in overflow
 * files listed in `filings.files[]` (read on the first run when `includeHistory`). Document URL:
 * /Archives/edgar/data/{cik}/{accession without dashes}/{primaryDocument}. The SEC requires a
 * User-Agent naming a contact and at most 10 requests a second.
 */

export const secEdgarConfig = z.object({
  /** Company CIKs, with or without leading zeros. */
  ciks: z.array(z.union([z.string().regex(/^\d{1,10}$/), z.number().int().positive()])).min(1).max(200).describe("Company CIK numbers, with or without leading zeros, e.g. 320193."),
  /** Forms to keep, e.g. ['8-K', '10-K', '10-Q']; amendments (8-K/A) included. All forms when absent. */
  forms: z.array(z.string().min(1)).optional().describe("Forms to keep, e.g. 8-K, 10-K, 10-Q (amendments included); all when empty."),
  /** First run: also read the overflow files (the company's whole history). */
  includeHistory: z.boolean().default(false).describe("First run: also read the company's whole filing history."),
  /** First run without history: filings accepted in the last N days. */
  lookbackDays: z.number().int().min(1).max(36500).default(30).describe("First run without history: filings of the last N days."),
  baseUrl: z.url().default('https://data.sec.gov').describe("EDGAR's data address; change it only for a mirror."),
  archivesUrl: z.url().default('https://www.sec.gov').describe("EDGAR's archives address; change it only for a mirror."),
});

interface CikState {
  mark: Mark;
  validators?: Remembered;
  /** Overflow files still to read (first run with includeHistory). */
  history?: string[];
}

interface EdgarCursor {
  ciks: Record<string, CikState>;
}

function readCursor(value: unknown): EdgarCursor {
  const out: EdgarCursor = { ciks: {} };
  if (!isObject(value) || !isObject(value.ciks)) return out;
  for (const [cik, state] of Object.entries(value.ciks)) {
    if (!isObject(state)) continue;
    const validators = readRemembered(state.validators);
    const history = Array.isArray(state.history) ? state.history.filter((h): h is string => typeof h === 'string') : undefined;
    out.ciks[cik] = { mark: readMark(state.mark), ...(validators ? { validators } : {}), ...(history?.length ? { history } : {}) };
  }
  return out;
}

export const pad10 = (cik: string | number) => String(cik).replace(/^0+/, '').padStart(10, '0');

/** Common 8-K items (Form 8-K General Instructions B). */
const ITEMS_8K: Record<string, string> = {
  '1.01': 'Entry into a Material Definitive Agreement',
  '1.02': 'Termination of a Material Definitive Agreement',
  '1.05': 'Material Cybersecurity Incidents',
  '2.01': 'Completion of Acquisition or Disposition of Assets',
  '2.02': 'Results of Operations and Financial Condition',
  '2.03': 'Creation of a Direct Financial Obligation',
  '2.05': 'Costs Associated with Exit or Disposal Activities',
  '2.06': 'Material Impairments',
  '3.01': 'Notice of Delisting or Failure to Satisfy a Continued Listing Rule',
  '4.01': "Changes in Registrant's Certifying Accountant",
  '4.02': 'Non-Reliance on Previously Issued Financial Statements',
  '5.01': 'Changes in Control of Registrant',
  '5.02': 'Departure or Election of Directors or Officers; Compensatory Arrangements',
  '5.03': 'Amendments to Articles of Incorporation or Bylaws',
  '5.07': 'Submission of Matters to a Vote of Security Holders',
  '7.01': 'Regulation FD Disclosure',
  '8.01': 'Other Events',
  '9.01': 'Financial Statements and Exhibits',
};

interface Company {
  cik: string;
  name: string;
  tickers: string[];
  sic?: string;
  sicDescription?: string;
}

/** Columnar `filings.recent` (or an overflow file) -> one object per filing. */
export function filingRows(columns: Json): Json[] {
  const accession = columns.accessionNumber;
  if (!Array.isArray(accession)) throw malformed('EDGAR submissions', 'no accessionNumber column');
  return accession.map((_, i) => {
    const row: Json = {};
    for (const [name, values] of Object.entries(columns)) if (Array.isArray(values)) row[name] = values[i];
    return row;
  });
}

export function filingDocument(row: Json, company: Company, archivesUrl: string): { doc: RawDocument; accepted: string | null } | null {
  const accession = str(row.accessionNumber);
  const form = str(row.form);
  if (!accession || !form) return null;
  const plainCik = company.cik.replace(/^0+/, '');
  const folder = `${trimSlash(archivesUrl)}/Archives/edgar/data/${plainCik}/${accession.replaceAll('-', '')}`;
  const primary = str(row.primaryDocument);
  const filingDate = str(row.filingDate);
  const reportDate = str(row.reportDate);
  const accepted = iso(toDate(row.acceptanceDateTime)) ?? (filingDate ? `${filingDate}T00:00:00.000Z` : null);
  const items = (str(row.items) ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const description = str(row.primaryDocDescription);
  const itemText = items.map((item) => (ITEMS_8K[item] ? `${item} ${ITEMS_8K[item]}` : item)).join('; ');
  const text = [
    `${company.name} (CIK ${plainCik}) filed a Form ${form}${filingDate ? ` on ${filingDate}` : ''}.`,
    reportDate ? `Period of report: ${reportDate}.` : undefined,
    itemText ? `Items: ${itemText}.` : undefined,
    description && description !== form ? `Primary document: ${description}.` : undefined,
  ]
    .filter(Boolean)
    .join(' ');
  return {
    accepted,
    doc: {
      externalId: accession,
      title: `${company.name}: Form ${form}${filingDate ? ` filed ${filingDate}` : ''}`,
      text,
      url: primary ? `${folder}/${primary}` : `${folder}/${accession}-index.htm`,
      publisher: company.name,
      publishedAt: accepted ? new Date(accepted) : null,
      language: 'en',
      contentType: form,
      metadata: {
        cik: plainCik,
        companyName: company.name,
        tickers: company.tickers,
        sic: company.sic,
        sicDescription: company.sicDescription,
        form,
        accessionNumber: accession,
        filingDate,
        reportDate,
        acceptanceDateTime: str(row.acceptanceDateTime),
        items,
        primaryDocument: primary,
        primaryDocDescription: description,
        fileNumber: str(row.fileNumber),
        size: typeof row.size === 'number' ? row.size : undefined,
        isXBRL: row.isXBRL === 1,
        indexUrl: `${folder}/${accession}-index.htm`,
      },
    },
  };
}

function formFilter(forms: string[] | undefined): (form: string) => boolean {
  if (!forms?.length) return () => true;
  const wanted = new Set(forms.map((f) => f.toUpperCase()));
  return (form) => wanted.has(form.toUpperCase()) || wanted.has(form.toUpperCase().replace(/\/A$/, ''));
}

export const secEdgar: Connector<typeof secEdgarConfig> = {
  kind: 'sec_edgar',
  label: "SEC EDGAR filings",
  description: "Filings of chosen companies from SEC EDGAR (8-K, 10-K, 10-Q and others).",
  keys: [{ key: 'contactEmail', required: true }],
  defaultCollectionId: 8,
  config: secEdgarConfig,
  // At most 10 requests a second.
  minRequestIntervalMs: 100,
  defaultIntervalMinutes: 30,
  async *fetch(context) {
    const { config, keys } = context;
    if (!keys.contactEmail || !keys.contactEmail.includes('@')) {
      throw new SourceError('SEC EDGAR needs a contact email for its User-Agent (set the contact email in the configuration)', 'config');
    }
    const headers = { 'user-agent': `Herald/0.1 ${keys.contactEmail}`, accept: 'application/json' };
    const cursor = readCursor(context.cursor);
    const keep = formFilter(config.forms);
    const base = trimSlash(config.baseUrl);
    const floor = daysBefore(context.now, config.lookbackDays).toISOString();
    const ciks = [...new Set(config.ciks.map(pad10))];
    let done = 0;
    for (const cik of ciks) {
      const state: CikState = cursor.ciks[cik] ?? { mark: EMPTY_MARK };
      const url = `${base}/submissions/CIK${cik}.json`;
      const fresh = await conditionalGet(context, url, state.validators, { headers });
      let company: Company | undefined;
      if (fresh) {
        const data = parseJson(fresh.body, url);
        if (!isObject(data) || !isObject(data.filings) || !isObject(data.filings.recent)) throw malformed(url, 'no filings.recent');
        company = {
          cik,
          name: str(data.name) ?? `CIK ${cik}`,
          tickers: Array.isArray(data.tickers) ? data.tickers.filter((t): t is string => typeof t === 'string') : [],
          ...(str(data.sic) ? { sic: str(data.sic)! } : {}),
          ...(str(data.sicDescription) ? { sicDescription: str(data.sicDescription)! } : {}),
        };
        const firstRun = state.mark.since === null;
        const history =
          firstRun && config.includeHistory && Array.isArray(data.filings.files)
            ? data.filings.files.filter(isObject).map((f) => str(f.name)).filter((n): n is string => Boolean(n))
            : (state.history ?? []);
        const documents: RawDocument[] = [];
        let mark = state.mark;
        for (const row of filingRows(data.filings.recent)) {
          const parsed = filingDocument(row, company, config.archivesUrl);
          if (!parsed || !keep(parsed.doc.contentType)) continue;
          if (firstRun && !config.includeHistory && (!parsed.accepted || parsed.accepted < floor)) continue;
          if (!isNewer(state.mark, parsed.accepted, parsed.doc.externalId)) continue;
          mark = advance(mark, parsed.accepted, parsed.doc.externalId);
          documents.push(parsed.doc);
        }
        const { remembered } = fresh;
        cursor.ciks[cik] = {
          // A company with nothing matching still gets a mark, so the next run is not a first run.
          mark: mark.since ? mark : { since: context.now.toISOString(), ids: [] },
          ...(remembered ? { validators: remembered } : {}),
          ...(history.length ? { history } : {}),
        };
        yield { documents, cursor: structuredClone(cursor) };
      }
      // Overflow files (older filings), one page each; the mark stays on the newest recent filing.
      for (;;) {
        const pending = cursor.ciks[cik]?.history ?? [];
        const name = pending[0];
        if (!name) break;
        const fileUrl = `${base}/submissions/${name}`;
        const columns = parseJson(await getBody(context, fileUrl, headers), fileUrl);
        if (!isObject(columns)) throw malformed(fileUrl, 'not an object');
        const who: Company = company ?? { cik, name: `CIK ${cik.replace(/^0+/, '')}`, tickers: [] };
        const documents = filingRows(columns)
          .map((row) => filingDocument(row, who, config.archivesUrl))
          .filter((p): p is NonNullable<typeof p> => p !== null && keep(p.doc.contentType))
          .map((p) => p.doc);
        const rest = pending.slice(1);
        const current = cursor.ciks[cik]!;
        cursor.ciks[cik] = { mark: current.mark, ...(current.validators ? { validators: current.validators } : {}), ...(rest.length ? { history: rest } : {}) };
        yield { documents, cursor: structuredClone(cursor) };
      }
      context.progress?.(++done, ciks.length);
    }
  },
};
