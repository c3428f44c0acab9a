import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from '../fixture-server.js';
import { patentsView } from './patentsview.js';
import { failureCases, run, runError, TEST_KEYS } from './test-kit.js';

// Real PatentSearch responses (fixtures/sources/patentsview, bodies of the patentsview R
// package's VCR cassettes): patent 5116621 with all fields, and pre-grant publication 20010000002.
// The paging test's second page is the empty page the API returns after the last record.

const PATENT = fixture('patentsview/patentsearch_patent_by_id_allfields.json');
const PUBLICATION = fixture('patentsview/patentsearch_publication_pregrant.json');
const EMPTY_PAGE = JSON.stringify({ error: false, count: 0, total_hits: 1, patents: [] });
const PATH = '/api/v1/patent/';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.route({ path: PATH, query: { o: '{"size":1,"after":["1992-05-26","5116621"]}' }, body: EMPTY_PAGE, contentType: 'application/json' });
  server.route({ path: PATH, body: PATENT, contentType: 'application/json' });
  server.route({ path: '/api/v1/publication/', body: PUBLICATION, contentType: 'application/json' });
});

const NOW = new Date('1992-06-01T00:00:00Z');
const config = () => ({ query: { _text_any: { patent_abstract: 'analgesic patch' } }, baseUrl: `${server.url}/api/v1` });

describe('patentsview connector', () => {
  it('parses a recorded granted patent', async () => {
    const { documents } = await run(patentsView, config(), { now: NOW });
    expect(documents).toHaveLength(1);
    const patent = documents[0]!;
    expect(patent).toMatchObject({
      externalId: 'US5116621',
      title: 'Anti-inflammatory analgesic patch',
      url: 'https://patents.google.com/patent/US5116621',
      publisher: 'TEIKOKU SEIYAKU CO., LTD.',
      contentType: 'us_patent',
    });
    expect(patent.text).toMatch(/^An anti-inflammatory analgesic patch having a drug reservoir layer/);
    expect(patent.publishedAt?.toISOString()).toBe('1992-05-26T00:00:00.000Z');
    expect(patent.metadata).toMatchObject({ patentId: '5116621', type: 'utility', kind: 'A', earliestApplicationDate: '1990-12-24' });
    expect(patent.metadata?.assignees).toContain('TEIKOKU SEIYAKU CO., LTD.');
    expect(patent.metadata?.inventors).toContain('Noriyuki Sasaki');
    expect(patent.metadata?.cpc).toContain('A61K9/7061');
    const request = server.requests[0]!;
    expect(request.headers['x-api-key']).toBe(TEST_KEYS.patentsViewApiKey);
    expect(JSON.parse(request.query.get('q')!)).toEqual({ _and: [{ _text_any: { patent_abstract: 'analgesic patch' } }, { _gte: { patent_date: '1992-05-02' } }] });
    expect(JSON.parse(request.query.get('s')!)).toEqual([{ patent_date: 'asc' }, { patent_id: 'asc' }]);
    expect(JSON.parse(request.query.get('o')!)).toEqual({ size: 100 });
  });

  it('parses a recorded pre-grant publication', async () => {
    const { documents } = await run(patentsView, { endpoint: 'publication', baseUrl: `${server.url}/api/v1` }, { now: NOW });
    expect(documents[0]).toMatchObject({
      externalId: 'US20010000002-pub',
      title: 'Process for detecting and correcting a fiber orientation cross direction profile change',
      contentType: 'us_patent_application',
    });
    expect(documents[0]!.publishedAt?.toISOString()).toBe('2001-03-15T00:00:00.000Z');
    expect(documents[0]!.metadata).toMatchObject({ documentNumber: '20010000002', grantedPatentIds: ['6524441'], inventors: expect.arrayContaining(['Hans Loser']) });
  });

  it('pages with o.after = the last sort values', async () => {
    const { pages, cursor } = await run(patentsView, { ...config(), pageSize: 1 }, { now: NOW });
    expect(pages.map((p) => p.documents.length)).toEqual([1, 0]);
    expect(pages[0]!.cursor).toMatchObject({ run: { from: '1992-05-02', after: ['1992-05-26', '5116621'] } });
    expect(JSON.parse(server.requests[1]!.query.get('o')!)).toEqual({ size: 1, after: ['1992-05-26', '5116621'] });
    expect(cursor).toMatchObject({ mark: { since: '1992-05-26T00:00:00.000Z', ids: ['US5116621'] } });
  });

  it('is incremental and answers 304', async () => {
    const first = await run(patentsView, config(), { now: NOW });
    const second = await run(patentsView, config(), { now: NOW, cursor: first.cursor });
    expect(second.documents).toHaveLength(0);
    expect(JSON.parse(server.requests.at(-1)!.query.get('q')!)._and[1]).toEqual({ _gte: { patent_date: '1992-05-26' } });
    const third = await run(patentsView, config(), { now: NOW, cursor: second.cursor });
    expect(third.pages).toHaveLength(0);
  });

  it('needs an API key', async () => {
    const error = await runError(patentsView, config(), { now: NOW, keys: { contactEmail: 'ops@herald.test' } });
    expect(error.code).toBe('config');
    expect(server.requests).toHaveLength(0);
  });

  it("sends the install's key only to PatentsView's own host: another address is refused before any request", async () => {
    const { trustKeysAt: _trusted, ...keys } = TEST_KEYS;
    const error = await runError(patentsView, config(), { now: NOW, keys });
    expect(error.code).toBe('config');
    expect(error.message).toBe(`PatentsView's key goes only to search.patentsview.org, not to ${new URL(server.url).host}`);
    expect(server.requests).toHaveLength(0);
  });

  failureCases({
    server: () => server,
    connector: patentsView,
    config,
    options: () => ({ now: NOW }),
    path: PATH,
    breakBody: (s) => s.route({ path: PATH, body: '{"error":true,"count":0}' }, { first: true }),
  });
});
