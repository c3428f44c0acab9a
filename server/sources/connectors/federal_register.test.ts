import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixture, startFixtureServer, type FixtureServer } from '../fixture-server.js';
import { federalRegister } from './federal_register.js';
import { failureCases, run } from './test-kit.js';

// SYNTHESISED list responses: no recorded documents.json exists. fixtures/sources/federal_register/
// documents_page{1,2}.json follow the API's documented layout (open_api_v3.yml, API docs) and carry
// five real documents of the 15 April 2016 daily issue (see SYNTHESISED.txt there).

const PATH = '/api/v1/documents.json';
let server: FixtureServer;
let page1: string;
let page2: string;
beforeAll(async () => {
  server = await startFixtureServer();
  page1 = fixture('federal_register/documents_page1.json').replaceAll('{{BASE}}', server.url);
  page2 = fixture('federal_register/documents_page2.json').replaceAll('{{BASE}}', server.url);
});
afterAll(() => server.close());
beforeEach(() => {
  server.reset();
  server.route({ path: PATH, query: { page: '1' }, body: page1, contentType: 'application/json' });
  server.route({ path: PATH, query: { page: '2' }, body: page2, contentType: 'application/json' });
});

const NOW = new Date('2016-04-15T18:00:00Z');
const config = () => ({ baseUrl: `${server.url}/api/v1`, perPage: 3, agencies: ['food-and-drug-administration'], types: ['RULE' as const, 'NOTICE' as const] });

describe('federal_register connector', () => {
  it('parses documents.json results and pages with page/per_page', async () => {
    const { pages, documents, cursor } = await run(federalRegister, config(), { now: NOW });
    expect(pages.map((p) => p.documents.length)).toEqual([3, 2]);
    expect(documents.map((d) => d.externalId)).toEqual(['2016-08717', '2016-08792', '2016-08776', '2016-08622', '2016-08651']);
    const folic = documents[1]!;
    expect(folic.title).toBe('Food Additives Permitted for Direct Addition to Food for Human Consumption; Folic Acid');
    expect(folic.contentType).toBe('federal_register_rule');
    expect(folic.publishedAt?.toISOString()).toBe('2016-04-15T00:00:00.000Z');
    expect(folic.text).toMatch(/^Action: Final rule\./);
    expect(folic.url).toMatch(/^https:\/\/www\.federalregister\.gov\/documents\/2016\/04\/15\/2016-08792\//);
    expect(folic.metadata).toMatchObject({
      documentNumber: '2016-08792',
      agencies: ['Department of Health and Human Services', 'Food and Drug Administration'],
      pdfUrl: 'https://www.govinfo.gov/content/pkg/FR-2016-04-15/pdf/2016-08792.pdf',
    });
    expect(documents[4]!.contentType).toBe('federal_register_notice');
    expect(pages[0]!.cursor).toMatchObject({ run: { from: '2016-04-08', page: 2 } });
    expect(cursor).toMatchObject({ mark: { since: '2016-04-15T00:00:00.000Z' } });
    const first = server.requests[0]!.query;
    expect(first.get('conditions[publication_date][gte]')).toBe('2016-04-08');
    expect(first.getAll('conditions[agencies][]')).toEqual(['food-and-drug-administration']);
    expect(first.getAll('conditions[type][]')).toEqual(['RULE', 'NOTICE']);
    expect(first.getAll('fields[]')).toContain('document_number');
    expect(first.get('order')).toBe('oldest');
    expect(first.get('per_page')).toBe('3');
  });

  it('is incremental (same day again skips seen numbers) and answers 304', async () => {
    const first = await run(federalRegister, config(), { now: NOW });
    const second = await run(federalRegister, config(), { now: NOW, cursor: first.cursor });
    expect(second.documents).toHaveLength(0);
    expect(server.requests.at(-1)!.query.get('conditions[publication_date][gte]')).toBe('2016-04-15');
    const third = await run(federalRegister, config(), { now: NOW, cursor: second.cursor });
    expect(third.pages).toHaveLength(0);
    expect(server.requests.at(-1)!.headers['if-none-match']).toBeDefined();
  });

  it('accepts an empty result set', async () => {
    server.reset();
    server.route({ path: PATH, body: '{"count":0,"description":"Documents published on or after 04/08/2016","total_pages":0}' });
    const { documents } = await run(federalRegister, config(), { now: NOW });
    expect(documents).toHaveLength(0);
  });

  failureCases({
    server: () => server,
    connector: federalRegister,
    config,
    options: () => ({ now: NOW }),
    path: PATH,
    breakBody: (s) => s.route({ path: PATH, body: '<html>Service Unavailable</html>', contentType: 'text/html' }, { first: true }),
  });
});
