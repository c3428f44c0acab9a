import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from '../fixture-server.js';
import { congress } from './congress.js';
import { failureCases, run, TEST_KEYS } from './test-kit.js';

// fixtures/sources/congress/bills_list_117_hr.json: a real GET /v3/bill/117/hr response (20 bills,
// pagination.next). The paging test splits that recorded page into two pages of ten.

const RECORDED = fixture('congress/bills_list_117_hr.json');
const DATA = JSON.parse(RECORDED) as { bills: unknown[]; pagination: Record<string, unknown>; request: unknown };
const PATH = '/v3/bill/117/hr';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.route({ path: PATH, body: RECORDED, contentType: 'application/json' });
});

const NOW = new Date('2022-04-05T00:00:00Z');
const config = () => ({ congress: 117, billType: 'hr' as const, baseUrl: `${server.url}/v3`, maxPagesPerRun: 1 });

describe('congress connector', () => {
  it('parses the recorded bill list', async () => {
    const { documents } = await run(congress, config(), { now: NOW });
    expect(documents).toHaveLength(20);
    const more = documents[0]!;
    expect(more).toMatchObject({
      externalId: '117-hr-3617',
      title: 'H.R. 3617: MORE Act',
      url: 'https://www.congress.gov/bill/117th-congress/house-bill/3617',
      contentType: 'congress_bill',
      publisher: 'Congress.gov',
    });
    expect(more.publishedAt?.toISOString()).toBe('2022-04-03T00:00:00.000Z');
    expect(more.text).toContain('Latest action (2022-04-01): Motion to reconsider laid on the table Agreed to without objection.');
    expect(more.metadata).toMatchObject({ congress: 117, billType: 'hr', number: '3617', originChamber: 'House' });
    // Bills listed without a title get a readable label.
    expect(documents[1]).toMatchObject({ externalId: '117-hr-7343', title: 'H.R. 7343 (117th Congress)' });
    const request = server.requests[0]!;
    expect(request.query.get('api_key')).toBe(TEST_KEYS.congressApiKey);
    expect(request.query.get('format')).toBe('json');
    expect(request.query.get('sort')).toBe('updateDate asc');
    expect(request.query.get('fromDateTime')).toBe('2022-03-29T00:00:00Z');
  });

  it("sends the install's key only to congress.gov: a mirror's address gets the shared DEMO_KEY", async () => {
    const { trustKeysAt: _trusted, ...keys } = TEST_KEYS;
    await run(congress, config(), { now: NOW, keys });
    expect(server.requests[0]!.query.get('api_key')).toBe('DEMO_KEY');
  });

  it('pages with offset while pagination.next is present; each page cursor can resume', async () => {
    server.reset();
    const half = (bills: unknown[], next: boolean) =>
      JSON.stringify({ ...DATA, bills, pagination: { count: 20, ...(next ? { next: 'https://api.congress.gov/v3/bill/117/hr?offset=10&limit=10&format=json' } : {}) } });
    server.route({ path: PATH, query: { offset: '0' }, body: half(DATA.bills.slice(0, 10), true) });
    server.route({ path: PATH, query: { offset: '10' }, body: half(DATA.bills.slice(10), false) });
    const { pages, documents, cursor } = await run(congress, { ...config(), pageSize: 10, maxPagesPerRun: 5 }, { now: NOW });
    expect(pages.map((p) => p.documents.length)).toEqual([10, 10]);
    expect(new Set(documents.map((d) => d.externalId)).size).toBe(20);
    expect(pages[0]!.cursor).toMatchObject({ mark: { since: null }, run: { from: '2022-03-29T00:00:00Z', offset: 10 } });
    expect(cursor).toMatchObject({ mark: { since: '2022-04-03T00:00:00.000Z' } });
    expect((cursor as { run?: unknown }).run).toBeUndefined();
    // Resuming from the first page's cursor reads only the second page.
    server.requests.length = 0;
    const resumed = await run(congress, { ...config(), pageSize: 10, maxPagesPerRun: 5 }, { now: NOW, cursor: pages[0]!.cursor });
    expect(resumed.documents).toHaveLength(10);
    expect(server.requests.map((r) => r.query.get('offset'))).toEqual(['10']);
  });

  it('is incremental (fromDateTime = last update seen, ids at that instant skipped) and answers 304', async () => {
    const first = await run(congress, config(), { now: NOW });
    const second = await run(congress, config(), { now: NOW, cursor: first.cursor });
    expect(second.documents).toHaveLength(0);
    expect(server.requests.at(-1)!.query.get('fromDateTime')).toBe('2022-04-03T00:00:00Z');
    const third = await run(congress, config(), { now: NOW, cursor: second.cursor });
    expect(third.pages).toHaveLength(0);
    expect(server.requests.at(-1)!.headers['if-none-match']).toBeDefined();
  });

  failureCases({
    server: () => server,
    connector: congress,
    config,
    options: () => ({ now: NOW }),
    path: PATH,
    breakBody: (s) => s.route({ path: PATH, body: RECORDED, behaviour: 'truncate' }, { first: true }),
  });
});
