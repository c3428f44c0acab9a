import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import { BILLING_TEXT, BUILTIN_LABEL, USAGE_GROUPS, USAGE_RANGES, type TUsageGroup, type TUsageRange } from '../../contract/billing-text';
import type { TUsageReport } from '../../contract/billing';
import { refusalText } from '../lib/api';
import { saveFile } from '../lib/save-file';
import { usageCsv, usd, useUsage, type UsageScope } from '../lib/usage';
import { Alert, Button, selectClass } from './ui/form';

const RANGE_LABELS: Record<TUsageRange, string> = { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', '6m': 'Last 6 months', '12m': 'Last 12 months' };
const GROUP_LABELS: Record<TUsageGroup, string> = { member: 'Member', topic: 'Topic', stage: 'Stage', model: 'Model' };
type Metric = 'cost' | 'tokens';

const tokens = (value: number) => value.toLocaleString('en-US');
const bucketLabel = (bucket: string) =>
  new Date(`${bucket.length === 7 ? `${bucket}-01` : bucket}T00:00:00Z`).toLocaleDateString('en-US', bucket.length === 7 ? { month: 'short', year: 'numeric', timeZone: 'UTC' } : { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * Bars of the report's totals per day or month, drawn by hand (ADR 008): one image named by a
 * summary of the figures, the same figures in the table below it.
 */
function UsageBars({ report, metric }: { report: TUsageReport; metric: Metric }) {
  const values = report.totals.points.map((point) => (metric === 'cost' ? point.cost_usd : point.tokens));
  const max = Math.max(...values, 0);
  const width = 600;
  const height = 140;
  const step = width / Math.max(values.length, 1);
  const busiest = values.indexOf(max);
  const format = (value: number) => (metric === 'cost' ? usd(value) : `${tokens(value)} tokens`);
  const summary =
    max === 0
      ? `No ${metric === 'cost' ? 'cost' : 'tokens'} from ${bucketLabel(report.buckets[0]!)} to ${bucketLabel(report.buckets.at(-1)!)}`
      : `Bar chart of ${metric === 'cost' ? 'cost' : 'tokens'} per ${report.interval}, ${bucketLabel(report.buckets[0]!)} to ${bucketLabel(report.buckets.at(-1)!)}: ${format(metric === 'cost' ? report.totals.cost_usd : report.totals.total_tokens)} in all, most on ${bucketLabel(report.buckets[busiest]!)} (${format(max)})`;
  return (
    <figure className="mt-4">
      <svg role="img" aria-label={summary} viewBox={`0 0 ${width} ${height + 18}`} className="h-auto w-full" preserveAspectRatio="none">
        <line x1={0} x2={width} y1={height} y2={height} stroke="var(--trend-axis, #94a3b8)" strokeWidth={1} />
        {values.map((value, i) => {
          const h = max ? Math.max(value > 0 ? 2 : 0, (value / max) * (height - 8)) : 0;
          return <rect key={report.buckets[i]} x={i * step + step * 0.15} width={step * 0.7} y={height - h} height={h} rx={1.5} className="fill-blue-600 dark:fill-blue-400" />;
        })}
        <text x={0} y={height + 14} fontSize={11} className="fill-slate-600 dark:fill-slate-400">
          {bucketLabel(report.buckets[0]!)}
        </text>
        <text x={width} y={height + 14} fontSize={11} textAnchor="end" className="fill-slate-600 dark:fill-slate-400">
          {bucketLabel(report.buckets.at(-1)!)}
        </text>
      </svg>
      <figcaption className="mt-1 text-xs text-slate-600 dark:text-slate-400">{summary}</figcaption>
    </figure>
  );
}

/**
 * A usage report (Billing: the account's; My Profile: the caller's own): range, grouping, a chart
 * of cost or tokens per day or month, a table of its rows and a CSV download. The built-in engine
 * is free and says so.
 */
export function UsageReport({ scope, groups = USAGE_GROUPS }: { scope: UsageScope; groups?: readonly TUsageGroup[] }) {
  const [range, setRange] = useState<TUsageRange>('30d');
  const [group, setGroup] = useState<TUsageGroup>(groups[0]!);
  const [metric, setMetric] = useState<Metric>('cost');
  const usage = useUsage(scope, range, group);
  const ids = { range: useId(), group: useId(), metric: useId(), caption: useId() };
  const report = usage.data;

  const download = () => report && saveFile(`herald-usage-${scope}-${range}-${group}.csv`, new Blob([usageCsv(report)], { type: 'text/csv;charset=utf-8' }));

  return (
    <div>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={ids.range} className="block text-sm font-medium">
            Period
          </label>
          <select id={ids.range} className={selectClass} value={range} onChange={(event) => setRange(event.target.value as TUsageRange)}>
            {USAGE_RANGES.map((value) => (
              <option key={value} value={value}>
                {RANGE_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.group} className="block text-sm font-medium">
            Group by
          </label>
          <select id={ids.group} className={selectClass} value={group} onChange={(event) => setGroup(event.target.value as TUsageGroup)}>
            {groups.map((value) => (
              <option key={value} value={value}>
                {GROUP_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.metric} className="block text-sm font-medium">
            Chart
          </label>
          <select id={ids.metric} className={selectClass} value={metric} onChange={(event) => setMetric(event.target.value as Metric)}>
            <option value="cost">Cost (USD)</option>
            <option value="tokens">Tokens</option>
          </select>
        </div>
        <Button type="button" variant="secondary" className="w-auto!" disabled={!report} onClick={download}>
          <Download aria-hidden className="size-4" /> Download CSV
        </Button>
      </div>

      {usage.isPending && <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">Loading usage…</p>}
      {usage.isError && (
        <div className="mt-4">
          <Alert tone="error">{refusalText(usage.error, BILLING_TEXT.loadFailed)}</Alert>
        </div>
      )}
      {report?.budget && report.budget.state !== 'ok' && (
        <div className="mt-4">
          <Alert tone={report.budget.state === 'reached' ? 'error' : 'info'}>
            {report.budget.state === 'reached'
              ? `The monthly AI budget is spent (${usd(report.budget.spent_usd)} of ${usd(report.budget.monthly_usd)}): language-model stages run on the built-in engine until ${new Date(report.budget.resets_at).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' })}.`
              : `${Math.round(report.budget.share * 100)}% of the monthly AI budget is spent (${usd(report.budget.spent_usd)} of ${usd(report.budget.monthly_usd)}).`}
          </Alert>
        </div>
      )}
      {report && (
        <>
          <p className="mt-4 text-sm">
            <span className="font-semibold">{usd(report.totals.cost_usd)}</span> for <span className="font-semibold">{tokens(report.totals.total_tokens)}</span> tokens in {tokens(report.totals.calls)} calls
          </p>
          <UsageBars report={report} metric={metric} />
          <div className="mt-4 overflow-x-auto" role="region" aria-labelledby={ids.caption} tabIndex={0}>
            <table className="w-full text-left text-sm">
              <caption id={ids.caption} className="sr-only">
                Usage by {GROUP_LABELS[group].toLowerCase()}, {RANGE_LABELS[range].toLowerCase()}
              </caption>
              <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
                <tr>
                  <th scope="col" className="py-2 pr-3 font-medium">
                    {GROUP_LABELS[group]}
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Calls
                  </th>
                  <th scope="col" className="py-2 pr-3 text-right font-medium">
                    Tokens
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    Cost
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {report.rows.length === 0 && (
                  <tr>
                    <td colSpan={4} className="py-4 text-center text-slate-600 dark:text-slate-400">
                      No language-model usage in this period
                    </td>
                  </tr>
                )}
                {report.rows.map((row) => (
                  <tr key={row.key}>
                    <th scope="row" className="py-2 pr-3 font-normal">
                      {row.label}
                    </th>
                    <td className="py-2 pr-3 text-right tabular-nums">{tokens(row.calls)}</td>
                    <td className="py-2 pr-3 text-right tabular-nums">{tokens(row.total_tokens)}</td>
                    <td className="py-2 text-right tabular-nums">{row.builtin ? `Free (${BUILTIN_LABEL})` : usd(row.cost_usd)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
