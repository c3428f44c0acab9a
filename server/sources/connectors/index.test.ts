import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../../contract/collections.js';
import { CONNECTORS, getConnector } from './index.js';

describe('CONNECTORS registry', () => {
  it('has one connector per kind, keyed by its own kind', () => {
    expect(Object.keys(CONNECTORS).sort()).toEqual(
      ['arxiv', 'clinicaltrials', 'congress', 'court_rss', 'courtlistener', 'federal_register', 'feed', 'patentsview', 'pubmed', 'regulations_gov', 'sec_edgar', 'uspto_tsdr'].sort(),
    );
    for (const [kind, connector] of Object.entries(CONNECTORS)) expect(connector.kind).toBe(kind);
    expect(getConnector('feed')).toBe(CONNECTORS.feed);
    expect(getConnector('toString')).toBeUndefined();
  });

  it('declares valid collections, schedules and rate limits', () => {
    const ids = new Set(COLLECTIONS.map((c) => c.id));
    for (const connector of Object.values(CONNECTORS)) {
      expect(ids.has(connector.defaultCollectionId)).toBe(true);
      expect(connector.defaultIntervalMinutes).toBeGreaterThan(0);
      expect(connector.minRequestIntervalMs).toBeGreaterThan(0);
    }
    expect(CONNECTORS.sec_edgar!.minRequestIntervalMs).toBeGreaterThanOrEqual(100);
    expect(CONNECTORS.pubmed!.minRequestIntervalMs).toBeGreaterThanOrEqual(334);
  });

  it('every config has a base URL pointing at the real API by default', () => {
    const minimal: Record<string, unknown> = {
      feed: { url: 'https://example.org/feed.xml' },
      arxiv: { query: 'cat:cs.CL' },
      pubmed: { term: 'crispr' },
      congress: {},
      federal_register: {},
      regulations_gov: {},
      courtlistener: {},
      court_rss: { url: 'https://ecf.ca10.uscourts.gov/cgi-bin/rss_outside.pl' },
      sec_edgar: { ciks: ['320193'] },
      clinicaltrials: {},
      patentsview: {},
      uspto_tsdr: { serialNumbers: ['76044902'] },
    };
    const expected: Record<string, string> = {
      arxiv: 'https://export.arxiv.org/api/query',
      pubmed: 'https://eutils.ncbi.nlm.nih.gov/entrez/eutils',
      congress: 'https://api.congress.gov/v3',
      federal_register: 'https://www.federalregister.gov/api/v1',
      regulations_gov: 'https://api.regulations.gov/v4',
      courtlistener: 'https://www.courtlistener.com/api/rest/v4',
      sec_edgar: 'https://data.sec.gov',
      clinicaltrials: 'https://clinicaltrials.gov/api/v2',
      patentsview: 'https://search.patentsview.org/api/v1',
      uspto_tsdr: 'https://tsdrapi.uspto.gov/ts/cd',
    };
    for (const [kind, connector] of Object.entries(CONNECTORS)) {
      const parsed = connector.config.parse(minimal[kind]) as { baseUrl?: string };
      if (expected[kind]) expect(parsed.baseUrl).toBe(expected[kind]);
    }
  });

  it('rejects bad configs', () => {
    expect(CONNECTORS.feed!.config.safeParse({ url: 'not a url' }).success).toBe(false);
    expect(CONNECTORS.feed!.config.safeParse({ url: 'https://x.org/f', collectionId: 7 }).success).toBe(false);
    expect(CONNECTORS.arxiv!.config.safeParse({}).success).toBe(false);
    expect(CONNECTORS.sec_edgar!.config.safeParse({ ciks: [] }).success).toBe(false);
    expect(CONNECTORS.uspto_tsdr!.config.safeParse({}).success).toBe(false);
    expect(CONNECTORS.congress!.config.safeParse({ billType: 'hr' }).success).toBe(false);
  });
});
