import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from '../fixture-server.js';
import { pad10, secEdgar } from './sec_edgar.js';
import { failureCases, run, runError } from './test-kit.js';

// Real EDGAR submissions JSON for Apple (CIK 320193) and its overflow file
// (fixtures/sources/sec_edgar, from sec-edgar-downloader's test data).

const PATH = '/submissions/CIK0000320193.json';
const RECENT = fixture('sec_edgar/submissions_CIK0000320193.json');
const OVERFLOW = fixture('sec_edgar/submissions_CIK0000320193-submissions-001.json');

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.route({ path: PATH, body: RECENT, contentType: 'application/json' });
  server.route({ path: '/submissions/CIK0000320193-submissions-001.json', body: OVERFLOW, contentType: 'application/json' });
});

const NOW = new Date('2023-08-10T00:00:00Z');
const config = () => ({ ciks: ['320193'], forms: ['8-K', '10-Q', '10-K'], baseUrl: server.url, archivesUrl: 'https://www.sec.gov' });

describe('sec_edgar connector', () => {
  it('parses the columnar recent filings, filters forms, builds document URLs', async () => {
    const { documents, pages } = await run(secEdgar, config(), { now: NOW });
    expect(pages).toHaveLength(1);
    expect(documents.map((d) => d.externalId)).toEqual(['0000320193-23-000077', '0000320193-23-000075']);
    const tenQ = documents[0]!;
    expect(tenQ).toMatchObject({
      title: 'Apple Inc.: Form 10-Q filed 2023-08-04',
      url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019323000077/aapl-20230701.htm',
      publisher: 'Apple Inc.',
      contentType: '10-Q',
    });
    expect(tenQ.publishedAt?.toISOString()).toBe('2023-08-03T18:04:43.000Z');
    expect(tenQ.metadata).toMatchObject({ cik: '320193', tickers: ['AAPL'], form: '10-Q', reportDate: '2023-07-01', fileNumber: '001-36743', isXBRL: true });
    const eightK = documents[1]!;
    expect(eightK.text).toContain('Items: 2.02 Results of Operations and Financial Condition; 9.01 Financial Statements and Exhibits.');
    expect(eightK.metadata?.items).toEqual(['2.02', '9.01']);
    // The SEC's User-Agent rule: product and contact email.
    expect(server.requests[0]!.headers['user-agent']).toBe('Herald/0.1 ops@herald.test');
  });

  it('reads the overflow files listed in filings.files[] on a first run with includeHistory', async () => {
    const { pages, documents, cursor } = await run(secEdgar, { ...config(), forms: ['10-K'], includeHistory: true }, { now: NOW });
    expect(pages.map((p) => p.documents.length)).toEqual([10, 19]);
    expect(documents[0]!.externalId).toBe('0000320193-22-000108');
    const old = documents[10]!;
    expect(old).toMatchObject({ externalId: '0001193125-12-444068', url: 'https://www.sec.gov/Archives/edgar/data/320193/000119312512444068/d411355d10k.htm' });
    // No primaryDocument: the filing index.
    expect(documents.at(-1)!.url).toBe('https://www.sec.gov/Archives/edgar/data/320193/000032019394000016/0000320193-94-000016-index.htm');
    // The first page's cursor still lists the overflow file; the last one does not.
    expect(pages[0]!.cursor).toMatchObject({ ciks: { '0000320193': { history: ['CIK0000320193-submissions-001.json'] } } });
    expect((cursor as { ciks: Record<string, { history?: unknown; mark: { since: string } }> }).ciks['0000320193']!.history).toBeUndefined();
    expect((cursor as { ciks: Record<string, { mark: { since: string } }> }).ciks['0000320193']!.mark.since).toBe('2022-10-27T18:01:14.000Z');
  });

  it('is incremental per CIK and answers 304', async () => {
    const first = await run(secEdgar, config(), { now: NOW });
    const noValidators = structuredClone(first.cursor) as { ciks: Record<string, { validators?: unknown }> };
    for (const state of Object.values(noValidators.ciks)) delete state.validators;
    const second = await run(secEdgar, config(), { now: NOW, cursor: noValidators });
    expect(second.documents).toHaveLength(0);
    const third = await run(secEdgar, config(), { now: NOW, cursor: first.cursor });
    expect(third.pages).toHaveLength(0);
    expect(server.requests.at(-1)!.headers['if-none-match']).toBeDefined();
  });

  it('needs a contact email', async () => {
    const error = await runError(secEdgar, config(), { now: NOW, keys: { contactEmail: '' } });
    expect(error.code).toBe('config');
  });

  it('pads CIKs to ten digits', () => {
    expect(pad10('320193')).toBe('0000320193');
    expect(pad10(320193)).toBe('0000320193');
    expect(pad10('0000320193')).toBe('0000320193');
  });

  failureCases({
    server: () => server,
    connector: secEdgar,
    config,
    options: () => ({ now: NOW }),
    path: PATH,
    breakBody: (s) => s.route({ path: PATH, body: '{"cik":"320193","filings":{}}' }, { first: true }),
  });
});
