import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from '../fixture-server.js';
import { arxiv } from './arxiv.js';
import { failureCases, run } from './test-kit.js';

// fixtures/sources/arxiv/arxiv_api_idlist_2entries.xml: a real export API response (2012).
// The paging test serves two one-entry pages cut from that same recorded response.

const RECORDED = fixture('arxiv/arxiv_api_idlist_2entries.xml');
const [HEAD, ENTRY1, ENTRY2] = (() => {
  const first = RECORDED.indexOf('<entry>');
  const second = RECORDED.indexOf('<entry>', first + 1);
  const end = RECORDED.indexOf('</feed>');
  return [RECORDED.slice(0, first), RECORDED.slice(first, second), RECORDED.slice(second, end)];
})();

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.route({ path: '/api/query', body: RECORDED, contentType: 'application/atom+xml' });
});

const config = () => ({ query: 'cat:cond-mat.soft', baseUrl: `${server.url}/api/query` });

describe('arxiv connector', () => {
  it('parses the recorded Atom response', async () => {
    const { documents, pages } = await run(arxiv, config());
    expect(pages).toHaveLength(1);
    expect(documents).toHaveLength(2);
    const [a, b] = documents;
    expect(a).toMatchObject({
      externalId: 'arxiv:1205.1001',
      title: 'Membrane lateral structure: The influence of immobilized particles on domain size',
      url: 'https://arxiv.org/abs/1205.1001',
      publisher: 'arXiv',
      contentType: 'arxiv_preprint',
    });
    expect(a!.publishedAt?.toISOString()).toBe('2012-05-04T16:23:05.000Z');
    expect(a!.text).toMatch(/^In experiments on model membranes/);
    expect(a!.metadata).toMatchObject({
      version: 'v1',
      authors: ['Timo Fischer', 'H. Jelger Risselada', 'Richard L. C. Vink'],
      primaryCategory: 'cond-mat.soft',
      categories: ['cond-mat.soft', 'physics.bio-ph'],
      comment: 'submitted to PCCP',
      pdfUrl: 'http://arxiv.org/pdf/1205.1001v1',
    });
    expect(b!.externalId).toBe('arxiv:1001.1001');
    expect(b!.metadata?.authors).toEqual(['Philip G. Judge']);
    const request = server.requests[0]!;
    expect(request.query.get('search_query')).toBe('cat:cond-mat.soft');
    expect(request.query.get('sortBy')).toBe('lastUpdatedDate');
    expect(request.query.get('sortOrder')).toBe('descending');
  });

  it('pages with start/max_results and stores the run position in each page cursor', async () => {
    server.reset();
    const page = (entry: string, start: number) =>
      (HEAD + entry + '</feed>').replace(/<opensearch:startIndex([^>]*)>0</, `<opensearch:startIndex$1>${start}<`);
    server.route({ path: '/api/query', query: { start: '0' }, body: page(ENTRY1!, 0) });
    server.route({ path: '/api/query', query: { start: '1' }, body: page(ENTRY2!, 1) });
    const { pages, documents, cursor } = await run(arxiv, { ...config(), pageSize: 1 });
    expect(pages).toHaveLength(2);
    expect(documents.map((d) => d.externalId)).toEqual(['arxiv:1205.1001', 'arxiv:1001.1001']);
    expect(pages[0]!.cursor).toMatchObject({ since: null, run: { start: 1, newest: '2012-05-04T16:23:05.000Z' } });
    expect(cursor).toMatchObject({ since: '2012-05-04T16:23:05.000Z' });
    expect(server.requests.map((r) => r.query.get('max_results'))).toEqual(['1', '1']);
  });

  it('is incremental: the next run stops at what it has seen', async () => {
    const first = await run(arxiv, config());
    const second = await run(arxiv, config(), { cursor: { ...(first.cursor as object), validators: undefined } });
    expect(second.documents).toHaveLength(0);
    // A newer entry at the top is the only thing yielded.
    server.reset();
    const newer = ENTRY1!.replaceAll('1205.1001v1', '1208.0001v1').replace(/<updated>[^<]*</, '<updated>2012-08-08T10:00:00Z<');
    server.route({ path: '/api/query', body: HEAD + newer + ENTRY1 + ENTRY2 + '</feed>' });
    const third = await run(arxiv, config(), { cursor: second.cursor });
    expect(third.documents.map((d) => d.externalId)).toEqual(['arxiv:1208.0001']);
  });

  it('answers 304 with nothing', async () => {
    const first = await run(arxiv, config());
    const second = await run(arxiv, config(), { cursor: first.cursor });
    expect(second.pages).toHaveLength(0);
    expect(server.requests.at(-1)!.headers['if-none-match']).toBeDefined();
  });

  it('treats an arXiv error entry as malformed', async () => {
    server.reset();
    server.route({
      path: '/api/query',
      body: HEAD + '<entry><id>http://arxiv.org/api/errors#incorrect_id_format</id><title>Error</title><summary>incorrect id format for 1234</summary></entry></feed>',
    });
    await expect(run(arxiv, config())).rejects.toMatchObject({ code: 'malformed' });
  });

  failureCases({
    server: () => server,
    connector: arxiv,
    config,
    path: '/api/query',
    breakBody: (s) => s.route({ path: '/api/query', body: RECORDED, behaviour: 'truncate' }, { first: true }),
  });
});
