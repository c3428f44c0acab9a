import { describe, expect, it } from 'vitest';
import { activeFilterCount, minScoreOf, NO_FILTERS, searchRequest } from './search-filters';

const NOW = Date.parse('2026-03-01T12:00:00Z');

describe('search filters', () => {
  it('sends only the filters that apply', () => {
    expect(searchRequest('  lithium  ', NO_FILTERS, NOW)).toEqual({ query: 'lithium', limit: 20, offset: 0, filters: {} });
    const body = searchRequest('x', { ...NO_FILTERS, collections: [1, 8], dateMode: 'preset', preset: '24h', minScore: '0.42' }, NOW);
    expect(body).toEqual({
      query: 'x',
      limit: 20,
      offset: 0,
      filters: { collections: [1, 8], date_range: { canonical_at_timestamp: { $gte: NOW / 1000 - 86_400, $lte: NOW / 1000 } } },
      min_score: 0.42,
    });
  });

  it.each([
    ['', undefined],
    ['0', undefined],
    ['abc', undefined],
    ['1.5', undefined],
    ['-0.2', undefined],
    ['0.5', 0.5],
    ['1', 1],
  ])('reads min score %j as %j', (input, expected) => expect(minScoreOf(input)).toBe(expected));

  it('ignores an invalid custom date and keeps a valid bound', () => {
    const body = searchRequest('x', { ...NO_FILTERS, dateMode: 'custom', customFrom: 'not a date', customTo: '2026-02-01T00:00' }, NOW);
    expect(body.filters?.date_range?.canonical_at_timestamp).toEqual({ $lte: Math.floor(new Date('2026-02-01T00:00').getTime() / 1000) });
    expect(searchRequest('x', { ...NO_FILTERS, dateMode: 'custom', customFrom: 'bad' }, NOW).filters).toEqual({});
    expect(activeFilterCount({ ...NO_FILTERS, dateMode: 'custom', customFrom: 'bad', minScore: '0' })).toBe(0);
  });
});
