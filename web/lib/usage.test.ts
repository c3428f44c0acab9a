import { describe, expect, it } from 'vitest';
import type { TUsageReport } from '../../contract/billing';
import { usageCsv, usd } from './usage';

const report: TUsageReport = {
  range: '7d',
  group: 'member',
  interval: 'day',
  currency: 'USD',
  buckets: ['2026-11-26', '2026-11-27'],
  rows: [
    { key: 'u1', label: 'Ada, "the first"', builtin: false, calls: 3, prompt_tokens: 90, response_tokens: 10, total_tokens: 100, cost_usd: 0.5, points: [{ calls: 1, tokens: 40, cost_usd: 0.2 }, { calls: 2, tokens: 60, cost_usd: 0.3 }] },
    { key: 'u2', label: '=HYPERLINK("x")', builtin: false, calls: 1, prompt_tokens: 5, response_tokens: 5, total_tokens: 10, cost_usd: 0, points: [{ calls: 0, tokens: 0, cost_usd: 0 }, { calls: 1, tokens: 10, cost_usd: 0 }] },
  ],
  totals: { calls: 4, prompt_tokens: 95, response_tokens: 15, total_tokens: 110, cost_usd: 0.5, points: [] },
  budget: null,
};

describe('usageCsv', () => {
  it('writes one line per row and bucket used, quotes what needs it and keeps formulas as text', () => {
    expect(usageCsv(report).split('\r\n')).toEqual([
      'day,member,label,calls,tokens,cost_usd',
      '2026-11-26,u1,"Ada, ""the first""",1,40,0.2',
      '2026-11-27,u1,"Ada, ""the first""",2,60,0.3',
      `2026-11-27,u2,"'=HYPERLINK(""x"")",1,10,0`,
      'total,,,4,110,0.5',
      '',
    ]);
  });
});

describe('usd', () => {
  it('shows cents, and fractions of a cent when small', () => {
    expect(usd(0)).toBe('$0.00');
    expect(usd(0.0012)).toBe('$0.0012');
    expect(usd(1234.5)).toBe('$1,234.50');
  });
});
