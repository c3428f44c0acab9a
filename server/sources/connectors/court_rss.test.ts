import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { FIXTURES_DIR, fixture, startFixtureServer, type FixtureServer } from '../fixture-server.js';
import { courtRss, splitCaseTitle } from './court_rss.js';
import { failureCases, run } from './test-kit.js';

// Real PACER "Recent Entries" RSS feeds (fixtures/sources/court_rss, from CourtListener's test assets).

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  // Served as bytes: the feeds declare ISO-8859-1.
  server.route({ path: '/ca10.xml', body: readFileSync(FIXTURES_DIR + 'court_rss/pacer_rss_ca10_appellate.xml'), contentType: 'application/xml' });
  server.route({ path: '/mdb.xml', body: readFileSync(FIXTURES_DIR + 'court_rss/pacer_rss_mdb_sample.xml'), contentType: 'application/rss+xml' });
});

describe('court_rss connector', () => {
  it('follows a feed moved for good, and says its new address to store', async () => {
    server.redirect('/moved.xml', '/ca10.xml', 301);
    const { pages, documents } = await run(courtRss, { url: `${server.url}/moved.xml`, court: 'ca10' });
    expect(documents).toHaveLength(3);
    expect(pages[0]!.settingsUpdate).toEqual({ url: `${server.url}/ca10.xml` });
  });

  it('parses the recorded Tenth Circuit feed', async () => {
    const { documents } = await run(courtRss, { url: `${server.url}/ca10.xml`, court: 'ca10' });
    expect(documents).toHaveLength(3);
    const first = documents[0]!;
    expect(first).toMatchObject({
      externalId: 'https://ecf.ca10.uscourts.gov/n/beam/servlet/TransportRoom?servlet=DocketReportFilter.jsp&caseNum=22-2127&partId=10974672',
      title: '22-2127 Navarette v. Horton, et al - Case termination for COA',
      url: 'https://ecf.ca10.uscourts.gov/n/beam/servlet/TransportRoom?servlet=DocketReportFilter.jsp&caseNum=22-2127',
      canonicalUrl: null,
      publisher: 'Tenth Circuit Court of Appeals',
      contentType: 'court_docket_entry',
    });
    expect(first.text).toBe('[Case termination for COA] ( Document )');
    expect(first.publishedAt?.toISOString()).toBe('2023-02-06T16:05:12.000Z');
    expect(first.metadata).toMatchObject({
      court: 'ca10',
      caseNumber: '22-2127',
      caseName: 'Navarette v. Horton, et al',
      entryType: 'Case termination for COA',
      documentUrl: 'https://ecf.ca10.uscourts.gov/docs1/010010808570',
    });
    expect(documents[1]!.metadata).toMatchObject({ caseName: 'United States v. Chavez', entryType: 'Case termination for order and judgment' });
  });

  it('parses the recorded bankruptcy court feed (whitespace in guid and title)', async () => {
    const { documents } = await run(courtRss, { url: `${server.url}/mdb.xml` });
    expect(documents).toHaveLength(1);
    expect(documents[0]).toMatchObject({
      externalId: 'https://ecf.mdb.uscourts.gov/cgi-bin/DktRpt.pl?711557-19',
      publisher: 'District of Maryland',
      text: 'Type: ap Office: 1 Chapter: [Close Adversary Case]',
    });
    expect(documents[0]!.metadata).toMatchObject({ caseNumber: '18-00079', caseName: 'Dozier v. CN of Dundalk, Inc. d/b/a CNAC of D', court: 'District of Maryland' });
    expect(documents[0]!.publishedAt?.toISOString()).toBe('2018-04-24T11:25:12.000Z');
  });

  it('is incremental by guid and answers 304', async () => {
    const first = await run(courtRss, { url: `${server.url}/ca10.xml` });
    const second = await run(courtRss, { url: `${server.url}/ca10.xml` }, { cursor: first.cursor });
    expect(second.pages).toHaveLength(0);
    expect(server.requests.at(-1)!.headers['if-none-match']).toBeDefined();
    server.reset();
    const body = fixture('court_rss/pacer_rss_ca10_appellate.xml').replace(
      '<item>',
      '<item><title>23-1001 Doe v. Roe</title><link>https://ecf.ca10.uscourts.gov/x?caseNum=23-1001</link><description>[Opinion issued]</description><guid isPermaLink="true">https://ecf.ca10.uscourts.gov/x?caseNum=23-1001&amp;partId=1</guid><pubDate>Tue, 07 Feb 2023 09:00:00 MST</pubDate></item><item>',
    );
    server.route({ path: '/ca10.xml', body });
    const third = await run(courtRss, { url: `${server.url}/ca10.xml` }, { cursor: first.cursor });
    expect(third.documents.map((d) => d.metadata?.caseNumber)).toEqual(['23-1001']);
  });

  it('splits case titles', () => {
    expect(splitCaseTitle('1:21-cv-00123 Smith v. Jones')).toEqual({ caseNumber: '1:21-cv-00123', caseName: 'Smith v. Jones' });
    expect(splitCaseTitle('In re Something')).toEqual({ caseName: 'In re Something' });
  });

  failureCases({
    server: () => server,
    connector: courtRss,
    config: () => ({ url: `${server.url}/ca10.xml` }),
    path: '/ca10.xml',
    breakBody: (s) => s.route({ path: '/ca10.xml', body: '<?xml version="1.0"?><rss version="2.0"><channel><item><title>x</title>' }, { first: true }),
  });
});
