import { describe, expect, it } from 'vitest';
import { TREND_RANGES } from '../../../contract/trends';
import { bucketStarts, changeText, inSpike, kindName, momentumText, orderKinds, parseRange, peakOf, RANGES, spikeDates, timelineLabel } from './figures';

describe('trend figures', () => {
  it('offers the contract’s ranges, and reads an unknown one as 30 days', () => {
    expect([...RANGES]).toEqual([...TREND_RANGES]);
    expect(parseRange('7d')).toBe('7d');
    expect(parseRange('1y')).toBe('30d');
    expect(parseRange(null)).toBe('30d');
  });

  it('says the change against the period before, and when it had none', () => {
    expect(changeText({ total: 50, previous_total: 40, change: 0.25 }, '30d')).toEqual({ text: '+25% vs previous 30 days', direction: 'up' });
    expect(changeText({ total: 6, previous_total: 10, change: -0.4 }, '7d')).toEqual({ text: '−40% vs previous 7 days', direction: 'down' });
    expect(changeText({ total: 10, previous_total: 10, change: 0.001 }, '24h')).toEqual({ text: 'no change vs previous 24 hours', direction: 'flat' });
    expect(changeText({ total: 10, previous_total: 0, change: null }, '30d')).toEqual({ text: 'none in the previous 30 days', direction: 'new' });
    expect(changeText({ total: 1200, previous_total: 100, change: 11 }, '90d').text).toBe('+1,100% vs previous 90 days');
  });

  it('names kinds from the collections, in their order', () => {
    expect(kindName('clinical_trials')).toBe('Clinical trials');
    expect(kindName('something_else')).toBe('Something else');
    expect(orderKinds(['regulations', 'zzz', 'news', 'news'])).toEqual(['news', 'regulations', 'zzz']);
  });

  it('writes momentum, spike dates and timeline labels', () => {
    expect(momentumText(3.24)).toBe('×3.2 vs previous 30 days');
    expect(momentumText(12.6)).toBe('×13 vs previous 30 days');
    expect(momentumText(null)).toBe('not named in the previous 30 days');
    expect(spikeDates({ start: '2026-03-20T00:00:00.000Z', end: '2026-03-20T00:00:00.000Z' }, 'day')).toBe('Mar 20, 2026');
    expect(spikeDates({ start: '2026-03-20T00:00:00.000Z', end: '2026-03-22T00:00:00.000Z' }, 'day')).toBe('Mar 20 – Mar 22, 2026');
    expect([0, 1, 2].map((i) => timelineLabel(i, 3))).toEqual(['First report', 'Update', 'Latest']);
    expect(timelineLabel(0, 1)).toBe('First report');
  });

  it('places buckets: spikes cover their first to last bucket; starts from the period’s first bucket', () => {
    const spike = { start: '2026-03-20T00:00:00Z', end: '2026-03-21T00:00:00Z' };
    expect(inSpike('2026-03-20T00:00:00.000Z', spike)).toBe(true);
    expect(inSpike('2026-03-21T00:00:00.000Z', spike)).toBe(true);
    expect(inSpike('2026-03-22T00:00:00.000Z', spike)).toBe(false);
    expect(bucketStarts('2026-03-01T10:20:00Z', 'day', 2)).toEqual(['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z']);
    expect(bucketStarts('2026-03-01T10:20:00Z', 'hour', 2)).toEqual(['2026-03-01T10:00:00.000Z', '2026-03-01T11:00:00.000Z']);
    expect(peakOf([0, 3, 5, 5, 1])).toEqual({ index: 2, count: 5 });
    expect(peakOf([0, 0])).toBeUndefined();
  });
});
