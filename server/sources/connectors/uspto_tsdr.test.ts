import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from '../fixture-server.js';
import { failureCases, run, runError, TEST_KEYS } from './test-kit.js';
import { parseTsdr, usptoTsdr } from './uspto_tsdr.js';

// Real TSDR case status XML (fixtures/sources/uspto_tsdr, from Plumage-py's tests): serial
// 76044902 (PYTHON) in ST.66 and registration 2178784 (JAVA) in ST.96.

const ST66 = fixture('uspto_tsdr/tsdr_sn76044902_ST66.xml');
const ST96 = fixture('uspto_tsdr/tsdr_rn2178784_ST96_v2.2.1.xml');
const SN_PATH = '/ts/cd/casestatus/sn76044902/info.xml';
const RN_PATH = '/ts/cd/casestatus/rn2178784/info.xml';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.route({ path: SN_PATH, body: ST66, contentType: 'application/xml' });
  server.route({ path: RN_PATH, body: ST96, contentType: 'application/xml' });
});

const config = () => ({ serialNumbers: ['76044902'], registrationNumbers: ['2178784'], baseUrl: `${server.url}/ts/cd` });

describe('uspto_tsdr connector', () => {
  it('parses ST.66 and ST.96 case status, one page per case', async () => {
    const { pages, documents } = await run(usptoTsdr, config());
    expect(pages).toHaveLength(2);
    const [python, java] = documents;
    expect(python).toMatchObject({
      externalId: 'tm:sn76044902:702:2010-09-08',
      title: 'Trademark PYTHON (US serial 76044902, reg. 2824281): A Sections 8 and 15 combined declaration has been accepted and acknowledged.',
      publisher: 'USPTO',
      contentType: 'trademark_status',
      canonicalUrl: null,
      url: 'https://tsdr.uspto.gov/#caseNumber=76044902&caseType=SERIAL_NO&searchType=statusSearch',
    });
    expect(python!.publishedAt?.toISOString()).toBe('2010-09-08T04:00:00.000Z');
    expect(python!.metadata).toMatchObject({
      format: 'ST.66',
      serialNumber: '76044902',
      registrationNumber: '2824281',
      markText: 'PYTHON',
      statusCode: '702',
      applicationDate: '2000-05-09',
      registrationDate: '2004-03-23',
      owner: 'PYTHON SOFTWARE FOUNDATION',
    });
    expect(python!.text).toContain('Class 009: Computer programs and downloadable computer programs that implement an object-oriented computer programming language');
    expect(java).toMatchObject({ externalId: 'tm:sn74631225:800:2008-08-11' });
    expect(java!.title).toBe('Trademark JAVA (US serial 74631225, reg. 2178784): The registration has been renewed.');
    expect(java!.metadata).toMatchObject({ format: 'ST.96', markText: 'JAVA', statusCode: '800', owner: 'Oracle America, Inc.', registrationDate: '1998-08-04' });
    expect((java!.metadata?.classes as { classNumber: string }[])[0]!.classNumber).toBe('009');
    expect(server.requests[0]!.headers['uspto-api-key']).toBe(TEST_KEYS.usptoApiKey);
  });

  it('is incremental: unchanged status yields nothing, a new status yields one event; 304 yields nothing', async () => {
    const first = await run(usptoTsdr, config());
    const unchangedCursor = structuredClone(first.cursor) as { cases: Record<string, { validators?: unknown }> };
    for (const state of Object.values(unchangedCursor.cases)) delete state.validators;
    const second = await run(usptoTsdr, config(), { cursor: unchangedCursor });
    expect(second.documents).toHaveLength(0);

    const third = await run(usptoTsdr, config(), { cursor: first.cursor });
    expect(third.pages).toHaveLength(0);
    expect(server.requests.at(-1)!.headers['if-none-match']).toBeDefined();

    server.reset();
    server.route({ path: SN_PATH, body: ST66.replace('<MarkCurrentStatusCode>702</MarkCurrentStatusCode><MarkCurrentStatusDate>2010-09-08-04:00', '<MarkCurrentStatusCode>800</MarkCurrentStatusCode><MarkCurrentStatusDate>2014-03-20-04:00') });
    server.route({ path: RN_PATH, body: ST96 });
    const fourth = await run(usptoTsdr, config(), { cursor: unchangedCursor });
    expect(fourth.documents.map((d) => d.externalId)).toEqual(['tm:sn76044902:800:2014-03-20']);
  });

  it('needs an API key', async () => {
    const error = await runError(usptoTsdr, config(), { keys: { contactEmail: 'ops@herald.test' } });
    expect(error.code).toBe('config');
  });

  it('rejects XML that is no TSDR status', () => {
    expect(() => parseTsdr('<html><body/></html>')).toThrow(/neither an ST.66/);
  });

  failureCases({
    server: () => server,
    connector: usptoTsdr,
    config,
    path: SN_PATH,
    breakBody: (s) => s.route({ path: SN_PATH, body: ST66, behaviour: 'truncate' }, { first: true }),
  });
});
