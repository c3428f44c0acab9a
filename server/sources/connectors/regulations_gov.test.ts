import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from '../fixture-server.js';
import { easternDateTime, regulationsGov } from './regulations_gov.js';
import { failureCases, run, TEST_KEYS } from './test-kit.js';

// fixtures/sources/regulations_gov/v4_dockets_list_page1.json: a real GET /v4/dockets response
// (10 dockets, meta.hasNextPage). The paging test splits that recorded page into two pages of five.

const RECORDED = fixture('regulations_gov/v4_dockets_list_page1.json');
const DATA = JSON.parse(RECORDED) as { data: unknown[]; meta: Record<string, unknown> };
const PATH = '/v4/dockets';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  const last = JSON.stringify({ ...DATA, meta: { ...DATA.meta, hasNextPage: false } });
  server.route({ path: PATH, body: last, contentType: 'application/vnd.api+json' });
});

const NOW = new Date('2021-05-10T12:00:00Z');
const config = () => ({ resource: 'dockets' as const, baseUrl: `${server.url}/v4`, pageSize: 10, agencyId: 'EPA' });

describe('regulations_gov connector', () => {
  it('parses the recorded dockets list', async () => {
    const { documents, cursor } = await run(regulationsGov, config(), { now: NOW });
    expect(documents).toHaveLength(10);
    expect(documents[0]).toMatchObject({
      externalId: 'ED-2021-SCC-0032',
      title: 'Title I, Part A Accountability Waiver Requests for School Year 2020-2021',
      url: 'https://www.regulations.gov/docket/ED-2021-SCC-0032',
      contentType: 'regulations_docket',
      publisher: 'regulations.gov (ED)',
    });
    expect(documents[0]!.publishedAt?.toISOString()).toBe('2021-05-10T07:48:24.000Z');
    expect(documents[0]!.metadata).toMatchObject({ agencyId: 'ED', docketId: 'ED-2021-SCC-0032', docketType: 'Nonrulemaking' });
    expect(documents[2]!.metadata).toMatchObject({ agencyId: 'EPA', docketType: 'Rulemaking' });
    expect(cursor).toMatchObject({ mark: { since: '2021-05-10T09:07:07.000Z', ids: ['EPA-HQ-OECA-2014-0056'] } });
    const request = server.requests[0]!;
    expect(request.headers['x-api-key']).toBe(TEST_KEYS.regulationsApiKey);
    expect(request.query.get('filter[lastModifiedDate][ge]')).toBe('2021-05-03 08:00:00');
    expect(request.query.get('filter[agencyId]')).toBe('EPA');
    expect(request.query.get('sort')).toBe('lastModifiedDate');
    expect(request.query.get('page[size]')).toBe('10');
  });

  it('pages with page[number] while meta.hasNextPage', async () => {
    server.reset();
    const half = (data: unknown[], pageNumber: number, hasNextPage: boolean) => JSON.stringify({ data, meta: { ...DATA.meta, pageNumber, pageSize: 5, hasNextPage } });
    server.route({ path: PATH, query: { 'page[number]': '1' }, body: half(DATA.data.slice(0, 5), 1, true) });
    server.route({ path: PATH, query: { 'page[number]': '2' }, body: half(DATA.data.slice(5), 2, false) });
    const { pages, documents } = await run(regulationsGov, { ...config(), pageSize: 5 }, { now: NOW });
    expect(pages.map((p) => p.documents.length)).toEqual([5, 5]);
    expect(documents.at(-1)!.externalId).toBe('EPA-HQ-OECA-2014-0056');
    expect(pages[0]!.cursor).toMatchObject({ mark: { since: null }, run: { from: '2021-05-03 08:00:00', page: 2 } });
  });

  it('past page 20 re-filters from the last modification date seen', async () => {
    server.reset();
    server.route({ path: PATH, query: { 'page[number]': '20' }, body: JSON.stringify({ data: DATA.data.slice(0, 5), meta: { ...DATA.meta, hasNextPage: true } }) });
    server.route({ path: PATH, query: { 'page[number]': '1' }, body: JSON.stringify({ data: DATA.data.slice(4), meta: { ...DATA.meta, hasNextPage: false } }) });
    const resumeAt20 = { mark: { since: null, ids: [] }, run: { from: '2021-05-03 08:00:00', page: 20 } };
    const { pages, documents } = await run(regulationsGov, config(), { now: NOW, cursor: resumeAt20 });
    expect(pages).toHaveLength(2);
    // The 5th docket (at the boundary instant) is not yielded twice.
    expect(documents).toHaveLength(10);
    const refilter = server.requests[1]!.query;
    expect(refilter.get('page[number]')).toBe('1');
    expect(refilter.get('filter[lastModifiedDate][ge]')).toBe(easternDateTime(new Date('2021-05-10T08:37:53Z')));
  });

  it('is incremental and answers 304', async () => {
    const first = await run(regulationsGov, config(), { now: NOW });
    const second = await run(regulationsGov, config(), { now: NOW, cursor: first.cursor });
    expect(second.documents).toHaveLength(0);
    expect(server.requests.at(-1)!.query.get('filter[lastModifiedDate][ge]')).toBe('2021-05-10 05:07:07');
    const third = await run(regulationsGov, config(), { now: NOW, cursor: second.cursor });
    expect(third.pages).toHaveLength(0);
  });

  it('formats Eastern time across daylight saving', () => {
    expect(easternDateTime(new Date('2021-01-15T12:00:00Z'))).toBe('2021-01-15 07:00:00');
    expect(easternDateTime(new Date('2021-07-15T12:00:00Z'))).toBe('2021-07-15 08:00:00');
  });

  failureCases({
    server: () => server,
    connector: regulationsGov,
    config,
    options: () => ({ now: NOW }),
    path: PATH,
    breakBody: (s) => s.route({ path: PATH, body: '{"data": {"unexpected": true}}' }, { first: true }),
  });
});
