import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from '../fixture-server.js';
import { pubmed } from './pubmed.js';
import { failureCases, run, TEST_KEYS } from './test-kit.js';

// Recorded E-utilities responses (fixtures/sources/pubmed, from Biopython's test suite): an
// esearch with usehistory (WebEnv + QueryKey), a zero-hit esearch, two efetch PubmedArticleSets.

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());

const serve = () => {
  server.route({ path: '/eutils/esearch.fcgi', body: fixture('pubmed/esearch_pubmed_usehistory.xml'), contentType: 'text/xml' });
  server.route({ path: '/eutils/efetch.fcgi', query: { retstart: '0' }, body: fixture('pubmed/efetch_pubmed_2articles.xml'), contentType: 'text/xml' });
  server.route({ path: '/eutils/efetch.fcgi', query: { retstart: '2' }, body: fixture('pubmed/efetch_pubmed_pubmed4.xml'), contentType: 'text/xml' });
};
beforeEach(() => {
  server.reset();
  serve();
});

const NOW = new Date('2025-11-26T12:00:00Z');
const config = () => ({ term: 'cancer', baseUrl: `${server.url}/eutils`, batchSize: 2, maxPerRun: 3 });

describe('pubmed connector', () => {
  it('runs esearch (usehistory) then efetch in batches and parses the recorded articles', async () => {
    const { pages, documents } = await run(pubmed, config(), { now: NOW });
    expect(pages).toHaveLength(2);
    expect(documents.map((d) => d.externalId)).toEqual(['pmid:11748933', 'pmid:11700088', 'pmid:27797938']);
    const first = documents[0]!;
    expect(first.title).toBe(
      'Is cryopreservation a homogeneous process? Ultrastructure and motility of untreated, prefreezing, and postthawed spermatozoa of Diplodus puntazzo (Cetti).',
    );
    expect(first.text).toMatch(/^This study subdivides the cryopreservation procedure/);
    expect(first.url).toBe('https://pubmed.ncbi.nlm.nih.gov/11748933/');
    expect(first.publisher).toBe('Cryobiology');
    expect(first.language).toBe('en');
    expect(first.publishedAt?.toISOString()).toBe('2001-12-26T00:00:00.000Z');
    expect(first.metadata).toMatchObject({ doi: '10.1006/cryo.2001.2328', journalDate: '2001-06', volume: '42', issue: '4' });
    expect(first.metadata?.authors).toEqual(expect.arrayContaining(['A R Taddei', 'M Mazzini']));
    expect(first.metadata?.meshTerms).toContain('Cryopreservation');
    expect(documents[1]!.title).toBe('Proton MRI of (13)C distribution by J and chemical shift editing.');

    const [search, fetch1, fetch2] = server.requests;
    expect(search!.query.get('usehistory')).toBe('y');
    expect(search!.query.get('term')).toBe('cancer');
    expect(search!.query.get('mindate')).toBe('2025/11/19');
    expect(search!.query.get('maxdate')).toBe('2025/11/26');
    expect(search!.query.get('email')).toBe(TEST_KEYS.contactEmail);
    expect(search!.query.get('tool')).toBe('herald');
    expect(fetch1!.query.get('WebEnv')).toBe('MCID_6927d6e7fee3e90f880ec190');
    expect(fetch1!.query.get('query_key')).toBe('1');
    expect(fetch1!.query.get('retmax')).toBe('2');
    expect(fetch2!.query.get('retstart')).toBe('2');
    expect(fetch2!.query.get('retmax')).toBe('1');
  });

  it('sends api_key when configured and rates 10/s with a key, 3/s without', async () => {
    await run(pubmed, config(), { now: NOW, keys: { ...TEST_KEYS, pubmedApiKey: 'ncbi-key' } });
    expect(server.requests[0]!.query.get('api_key')).toBe('ncbi-key');
    expect(pubmed.requestIntervalMs!({ contactEmail: 'x@y' })).toBe(334);
    expect(pubmed.requestIntervalMs!({ contactEmail: 'x@y', pubmedApiKey: 'k' })).toBe(100);
  });

  it('is incremental: searches from the last run date and skips PMIDs already yielded', async () => {
    const first = await run(pubmed, config(), { now: NOW });
    expect(first.cursor).toMatchObject({ since: '2025/11/26' });
    const later = new Date('2025-11-27T08:00:00Z');
    const second = await run(pubmed, config(), { now: later, cursor: { ...(first.cursor as object), validators: undefined } });
    expect(second.documents).toHaveLength(0);
    const search = server.requests.filter((r) => r.path.endsWith('esearch.fcgi')).at(-1)!;
    expect(search.query.get('mindate')).toBe('2025/11/26');
  });

  it('a resumed run (mid-run cursor) skips what its earlier pages yielded', async () => {
    const first = await run(pubmed, config(), { now: NOW });
    const resumed = await run(pubmed, config(), { now: NOW, cursor: first.pages[0]!.cursor });
    expect(resumed.documents.map((d) => d.externalId)).toEqual(['pmid:27797938']);
  });

  it('answers 304 on the search with nothing', async () => {
    const first = await run(pubmed, config(), { now: NOW });
    const second = await run(pubmed, config(), { now: NOW, cursor: first.cursor });
    expect(second.documents).toHaveLength(0);
    // Same day, same query URL as the second run: the stored ETag is sent and the server answers 304.
    const third = await run(pubmed, config(), { now: NOW, cursor: second.cursor });
    expect(third.pages).toHaveLength(0);
    expect(third.cursor).toEqual(second.cursor);
    expect(server.requests.at(-1)!.headers['if-none-match']).toBeDefined();
  });

  it('handles a zero-hit search', async () => {
    server.reset();
    server.route({ path: '/eutils/esearch.fcgi', body: fixture('pubmed/esearch_pubmed_zero_results.xml') });
    const { documents, cursor } = await run(pubmed, config(), { now: NOW });
    expect(documents).toHaveLength(0);
    expect(cursor).toMatchObject({ since: '2025/11/26' });
    expect(server.requests).toHaveLength(1);
  });

  it('treats an E-utilities ERROR answer as malformed', async () => {
    server.reset();
    server.route({ path: '/eutils/esearch.fcgi', body: '<?xml version="1.0"?><eSearchResult><ERROR>Invalid query</ERROR></eSearchResult>' });
    await expect(run(pubmed, config(), { now: NOW })).rejects.toMatchObject({ code: 'malformed' });
  });

  failureCases({
    server: () => server,
    connector: pubmed,
    config,
    options: () => ({ now: NOW }),
    path: '/eutils/efetch.fcgi',
    breakBody: (s) => s.route({ path: '/eutils/efetch.fcgi', body: '<PubmedArticleSet><PubmedArticle><MedlineCitation>', etag: false }, { first: true }),
  });
});
