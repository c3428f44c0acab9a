import { describe, expect, it } from 'vitest';
import { citationNumbers, confidenceTone, readKeyMetrics, recogniseColumn } from './key-metrics';

describe('recogniseColumn', () => {
  it.each([
    ['metric', 'metric'],
    ['Metric', 'metric'],
    [' VALUE ', 'value'],
    ['Unit', 'unit'],
    ['ENTITY', 'entity'],
    ['Geography', 'geography'],
    ['geo', 'geography'],
    ['Geo', 'geography'],
    ['Date', 'date'],
    ['period', 'period'],
    ['context_note', 'context_note'],
    ['Context Note', 'context_note'],
    ['Citations', 'citations'],
    ['confidence', 'confidence'],
    ['Notes', undefined],
    ['metrics', undefined],
    ['', undefined],
  ])('%j -> %s', (name, field) => {
    expect(recogniseColumn(name)).toBe(field);
  });
});

describe('readKeyMetrics', () => {
  it('reads array rows by column position, keeping the table’s column order and dropping unknown columns', () => {
    const read = readKeyMetrics({ columns: ['Value', 'Notes', 'Metric', 'Confidence'], rows: [['25', 'skip', 'Rate rise', 'High']] });
    expect(read).toEqual({ fields: ['value', 'metric', 'confidence'], rows: [{ value: '25', metric: 'Rate rise', confidence: 'High' }] });
  });

  it('reads object rows by key, case-insensitively, with geo for geography', () => {
    const read = readKeyMetrics({ columns: ['metric', 'geography'], rows: [{ METRIC: 'Arrivals', Geo: 'Greece', extra: 1 }] });
    expect(read).toEqual({ fields: ['metric', 'geography'], rows: [{ metric: 'Arrivals', geography: 'Greece' }] });
  });

  it('is hidden with no recognised columns or no rows with content', () => {
    expect(readKeyMetrics(undefined)).toBeUndefined();
    expect(readKeyMetrics({ columns: [], rows: [['a']] })).toBeUndefined();
    expect(readKeyMetrics({ columns: ['Notes'], rows: [['a']] })).toBeUndefined();
    expect(readKeyMetrics({ columns: ['Metric'], rows: [] })).toBeUndefined();
    expect(readKeyMetrics({ columns: ['Metric'], rows: [[''], [null], {}] })).toBeUndefined();
  });
});

describe('confidenceTone and citationNumbers', () => {
  it.each([
    ['high', 'high'],
    ['HIGH', 'high'],
    [' Medium ', 'medium'],
    ['low', 'other'],
    [0.9, 'other'],
    [undefined, 'other'],
  ])('%j -> %s', (value, tone) => {
    expect(confidenceTone(value)).toBe(tone);
  });

  it('reads citations as numbers in any shape', () => {
    expect(citationNumbers(3)).toEqual([3]);
    expect(citationNumbers('1, 2')).toEqual([1, 2]);
    expect(citationNumbers('[1][2][1]')).toEqual([1, 2]);
    expect(citationNumbers([4, '5'])).toEqual([4, 5]);
    expect(citationNumbers(null)).toEqual([]);
  });
});
