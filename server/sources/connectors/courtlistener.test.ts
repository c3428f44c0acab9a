import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from '../fixture-server.js';
import { courtListener } from './courtlistener.js';
import { failureCases, run, TEST_KEYS } from './test-kit.js';

// SYNTHESISED responses: no recorded CourtListener REST v4 JSON exists. The two search pages in
// fixtures/sources/courtlistener follow the documented /api/rest/v4/search/ layout (see
// SYNTHESISED.txt there) with invented placeholder cases.

const PATH = '/api/rest/v4/search/';
let server: FixtureServer;
let page1: string;
let page2: string;
beforeAll(async () => {
  server = await startFixtureServer();
  page1 = fixture('courtlistener/search_v4_opinions_page1.json').replaceAll('{{BASE}}', server.url);
  page2 = fixture('courtlistener/search_v4_opinions_page2.json').replaceAll('{{BASE}}', server.url);
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.route({ path: PATH, query: { cursor: 'cz0yMDI0LTAzLTAyJnA9MTAwMDAy' }, body: page2, contentType: 'application/json' });
  server.route({ path: PATH, body: page1, contentType: 'application/json' });
});

const NOW = new Date('2024-03-06T00:00:00Z');
const config = () => ({ query: 'example', court: 'ca9 deb cal', baseUrl: `${server.url}/api/rest/v4` });

describe('courtlistener connector', () => {
  it('parses search results and follows the next cursor', async () => {
    const { pages, documents, cursor } = await run(courtListener, config(), { now: NOW });
    expect(pages.map((p) => p.documents.length)).toEqual([2, 1]);
    expect(documents[0]).toMatchObject({
      externalId: 'o:100001',
      title: 'Example Corp. v. Sample Inc., 1 F.4th 1',
      url: 'https://www.courtlistener.com/opinion/100001/example-corp-v-sample-inc/',
      publisher: 'Court of Appeals for the Ninth Circuit',
      contentType: 'court_opinion',
      text: 'Synthesised opinion snippet about a contract dispute.',
    });
    expect(documents[0]!.publishedAt?.toISOString()).toBe('2024-03-01T00:00:00.000Z');
    expect(documents[0]!.metadata).toMatchObject({ courtId: 'ca9', docketNumber: '23-1234', docketId: 200001, status: 'Published' });
    expect(documents[1]!.metadata).toMatchObject({ status: 'Unpublished', courtId: 'deb' });
    expect(pages[0]!.cursor).toMatchObject({ run: { next: expect.stringContaining('cursor=cz0yMDI0LTAzLTAyJnA9MTAwMDAy') } });
    expect(cursor).toMatchObject({ mark: { since: '2024-03-05T00:00:00.000Z', ids: ['o:100003'] } });
    const first = server.requests[0]!;
    expect(first.headers.authorization).toBe(`Token ${TEST_KEYS.courtListenerToken}`);
    expect(first.query.get('type')).toBe('o');
    expect(first.query.get('court')).toBe('ca9 deb cal');
    expect(first.query.get('filed_after')).toBe('2024-02-28');
    expect(first.query.get('order_by')).toBe('dateFiled asc');
    expect(server.requests[1]!.headers.authorization).toBe(`Token ${TEST_KEYS.courtListenerToken}`);
  });

  it('sends no Authorization header without a token', async () => {
    await run(courtListener, config(), { now: NOW, keys: { contactEmail: 'ops@herald.test' } });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('resumes a run from the page cursor', async () => {
    const first = await run(courtListener, config(), { now: NOW });
    server.requests.length = 0;
    const resumed = await run(courtListener, config(), { now: NOW, cursor: first.pages[0]!.cursor });
    expect(resumed.documents.map((d) => d.externalId)).toEqual(['o:100003']);
    expect(server.requests).toHaveLength(1);
  });

  it('is incremental and answers 304', async () => {
    server.reset();
    server.route({ path: PATH, body: page2 });
    const first = await run(courtListener, config(), { now: NOW });
    expect(first.documents).toHaveLength(1);
    const second = await run(courtListener, config(), { now: NOW, cursor: first.cursor });
    expect(second.documents).toHaveLength(0);
    expect(server.requests.at(-1)!.query.get('filed_after')).toBe('2024-03-05');
    const third = await run(courtListener, config(), { now: NOW, cursor: second.cursor });
    expect(third.pages).toHaveLength(0);
  });

  failureCases({
    server: () => server,
    connector: courtListener,
    config,
    options: () => ({ now: NOW }),
    path: PATH,
    breakBody: (s) => s.route({ path: PATH, body: page1, behaviour: 'truncate' }, { first: true }),
  });
});
