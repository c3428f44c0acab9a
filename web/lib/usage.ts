import { useQuery } from '@tanstack/react-query';
import type { TUsageGroup, TUsageRange } from '../../contract/billing-text';
import type { TUsageReport } from '../../contract/billing';
import { authClient } from './auth-client';

/** Which usage report: the account's (Billing) or the caller's own (My Profile). */
export type UsageScope = 'account' | 'me';

const pathOf = (scope: UsageScope) => (scope === 'account' ? '/account/billing/usage' : '/me/usage');

export function useUsage(scope: UsageScope, range: TUsageRange, group: TUsageGroup) {
  return useQuery({
    queryKey: ['usage', scope, range, group],
    queryFn: ({ signal }) => authClient.authedApi<TUsageReport>(`${pathOf(scope)}?range=${range}&group=${group}`, { signal }),
  });
}

const cell = (value: string | number) => {
  const text = String(value);
  return /[",\r\n]/.test(text) || /^[=+\-@]/.test(text) ? `"${(/^[=+\-@]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"` : text;
};

/**
 * The report as CSV (RFC 4180): one line per row and bucket that used anything, then the totals;
 * a label starting like a formula is quoted and prefixed so a spreadsheet shows it as text.
 */
export function usageCsv(report: TUsageReport): string {
  const lines = [[report.interval, report.group, 'label', 'calls', 'tokens', 'cost_usd'].join(',')];
  for (const row of report.rows) {
    row.points.forEach((point, i) => {
      if (point.calls > 0) lines.push([report.buckets[i]!, row.key, row.label, point.calls, point.tokens, point.cost_usd].map(cell).join(','));
    });
  }
  lines.push(['total', '', '', report.totals.calls, report.totals.total_tokens, report.totals.cost_usd].map(cell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** US dollars as the reader reads them: cents, or fractions of a cent when small. */
export function usd(value: number): string {
  if (value === 0) return '$0.00';
  if (Math.abs(value) < 0.01) return `$${value.toFixed(4)}`;
  return `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
