import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from '../fixture-server.js';
import { clinicalTrials } from './clinicaltrials.js';
import { failureCases, run } from './test-kit.js';

// fixtures/sources/clinicaltrials/ctg_export_3studies.json holds three REAL v2 study objects. The
// list endpoint's page wrapper {studies, nextPageToken, totalCount} was not recorded anywhere, so
// the test builds it around those real studies, as the API documentation describes.

const STUDIES = JSON.parse(fixture('clinicaltrials/ctg_export_3studies.json')) as unknown[];
const PATH = '/api/v2/studies';

let server: FixtureServer;
beforeAll(async () => {
  server = await startFixtureServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.route({ path: PATH, query: { pageToken: 'NF0g5JGBlPMuwQY' }, body: JSON.stringify({ studies: STUDIES.slice(2) }), contentType: 'application/json' });
  server.route({ path: PATH, body: JSON.stringify({ studies: STUDIES.slice(0, 2), nextPageToken: 'NF0g5JGBlPMuwQY', totalCount: 3 }), contentType: 'application/json' });
});

const NOW = new Date('2024-08-01T00:00:00Z');
const config = () => ({ condition: 'herniated disc', statuses: ['COMPLETED'], pageSize: 2, lookbackDays: 3650, baseUrl: `${server.url}/api/v2` });

describe('clinicaltrials connector', () => {
  it('parses real v2 study objects and pages with pageToken', async () => {
    const { pages, documents, cursor } = await run(clinicalTrials, config(), { now: NOW });
    expect(pages.map((p) => p.documents.length)).toEqual([2, 1]);
    expect(documents.map((d) => d.externalId)).toEqual(['NCT01339377', 'NCT03884387', 'NCT05245214']);
    const first = documents[0]!;
    expect(first).toMatchObject({
      title: 'Safety and Effectiveness Study of the AO-1000 Device to Treat Contained Herniated Discs',
      url: 'https://clinicaltrials.gov/study/NCT01339377',
      publisher: 'ClinicalTrials.gov',
      contentType: 'clinical_trial',
    });
    expect(first.text).toMatch(/^To evaluate the safety and effectiveness of the AO-1000 device/);
    expect(first.publishedAt?.toISOString()).toBe('2016-07-15T00:00:00.000Z');
    expect(first.metadata).toMatchObject({
      nctId: 'NCT01339377',
      overallStatus: 'COMPLETED',
      leadSponsor: 'ActiveO Inc.',
      sponsorClass: 'INDUSTRY',
      conditions: ['Disk, Herniated'],
      startDate: '2011-08',
      firstPosted: '2011-04-20',
    });
    expect(documents[1]!.metadata).toMatchObject({ collaborators: ['University of Southern Denmark'] });
    expect(pages[0]!.cursor).toMatchObject({ run: { from: '2014-08-04', pageToken: 'NF0g5JGBlPMuwQY' } });
    expect(cursor).toMatchObject({ mark: { since: '2024-07-23T00:00:00.000Z', ids: ['NCT03884387'] } });
    const [p1, p2] = server.requests;
    expect(p1!.query.get('query.cond')).toBe('herniated disc');
    expect(p1!.query.get('filter.overallStatus')).toBe('COMPLETED');
    expect(p1!.query.get('filter.advanced')).toBe('AREA[LastUpdatePostDate]RANGE[2014-08-04,MAX]');
    expect(p1!.query.get('sort')).toBe('LastUpdatePostDate:asc');
    expect(p1!.query.get('countTotal')).toBe('true');
    expect(p2!.query.get('pageToken')).toBe('NF0g5JGBlPMuwQY');
  });

  it('resumes a run from a page cursor', async () => {
    const first = await run(clinicalTrials, config(), { now: NOW });
    server.requests.length = 0;
    const resumed = await run(clinicalTrials, config(), { now: NOW, cursor: first.pages[0]!.cursor });
    expect(resumed.documents.map((d) => d.externalId)).toEqual(['NCT05245214']);
    expect(server.requests).toHaveLength(1);
  });

  it('is incremental and answers 304', async () => {
    const first = await run(clinicalTrials, config(), { now: NOW });
    const second = await run(clinicalTrials, config(), { now: NOW, cursor: first.cursor });
    expect(second.documents).toHaveLength(0);
    const firstOfSecond = server.requests.filter((r) => !r.query.has('pageToken')).at(-1)!;
    expect(firstOfSecond.query.get('filter.advanced')).toBe('AREA[LastUpdatePostDate]RANGE[2024-07-23,MAX]');
    const third = await run(clinicalTrials, config(), { now: NOW, cursor: second.cursor });
    expect(third.pages).toHaveLength(0);
  });

  failureCases({
    server: () => server,
    connector: clinicalTrials,
    config,
    options: () => ({ now: NOW }),
    path: PATH,
    breakBody: (s) => s.route({ path: PATH, body: '{"studies": [', etag: false }, { first: true }),
  });
});
