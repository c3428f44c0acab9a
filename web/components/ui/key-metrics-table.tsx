import { parseDataTable } from '../../lib/article-data';
import { formatDate, isDate } from '../../lib/dates';
import { cellText, citationNumbers, confidenceTone, METRIC_LABELS, readKeyMetrics, type MetricField, type MetricRow } from '../../lib/key-metrics';
import { ReferenceMarker } from './references';

export const KEY_METRICS_CAPTION = 'Structured highlights extracted from the article';

const TONES = {
  high: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200',
  medium: 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100',
  other: 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200',
} as const;

function Confidence({ value }: { value: unknown }) {
  const text = cellText(value);
  if (!text) return null;
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${TONES[confidenceTone(value)]}`}>{text}</span>;
}

function Citations({ value }: { value: unknown }) {
  return (
    <>
      {citationNumbers(value).map((n) => (
        <ReferenceMarker key={n} n={n} />
      ))}
    </>
  );
}

/** A cell's text; an ISO date (2024-03-20...) reads as 'Mar 20, 2024', anything else as written. */
function fieldText(field: MetricField, value: unknown): string {
  const text = cellText(value);
  return field === 'date' && /^\d{4}-\d\d-\d\d/.test(text) && isDate(text) ? formatDate(text) : text;
}

function Cell({ field, row }: { field: MetricField; row: MetricRow }) {
  if (field === 'confidence') return <Confidence value={row.confidence} />;
  if (field === 'citations') return <Citations value={row.citations} />;
  return <>{fieldText(field, row[field])}</>;
}

const DETAILS: MetricField[] = ['entity', 'geography', 'date', 'period', 'context_note'];

/**
 * The Key Metrics table (the reader's, shared with the inspection view): recognised columns
 * only, confidence as a coloured badge, citations as reference markers; nothing at all when the
 * table has no recognised columns or no rows. `compact` (the article's side column) folds the
 * details under the metric and keeps three columns: Metric, Value (with unit) and Confidence.
 */
export function KeyMetricsTable({ table, compact = false, caption = KEY_METRICS_CAPTION }: { table: unknown; compact?: boolean; caption?: string }) {
  const metrics = readKeyMetrics(parseDataTable(table));
  if (!metrics) return null;
  const has = (field: MetricField) => metrics.fields.includes(field);
  const captionNode = <caption className="mb-2 text-start text-xs text-slate-600 dark:text-slate-400">{caption}</caption>;
  const th = 'px-2 py-1.5 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400';
  const td = 'px-2 py-2 align-top';

  if (!compact) {
    return (
      <div className="overflow-x-auto">
        <table className="min-w-full border-collapse text-sm">
          {captionNode}
          <thead className="border-b border-slate-200 dark:border-slate-700">
            <tr>
              {metrics.fields.map((field) => (
                <th key={field} scope="col" className={`${th} text-start`}>
                  {METRIC_LABELS[field]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {metrics.rows.map((row, index) => (
              <tr key={index}>
                {metrics.fields.map((field) => (
                  <td key={field} className={`${td} ${field === 'metric' ? 'font-medium' : ''}`}>
                    <Cell field={field} row={row} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  const first: MetricField = has('metric') ? 'metric' : metrics.fields[0]!;
  return (
    <table className="w-full border-collapse text-sm">
      {captionNode}
      <thead className="border-b border-slate-200 dark:border-slate-700">
        <tr>
          <th scope="col" className={`${th} text-start`}>
            {METRIC_LABELS[first]}
          </th>
          {has('value') && (
            <th scope="col" className={`${th} text-end`}>
              Value
            </th>
          )}
          {has('confidence') && (
            <th scope="col" className={`${th} w-0 text-start`}>
              <span className="sr-only">Confidence</span>
              <span aria-hidden>Conf.</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
        {metrics.rows.map((row, index) => {
          const details = DETAILS.filter((field) => field !== first && has(field)).map((field) => fieldText(field, row[field])).filter(Boolean);
          return (
            <tr key={index}>
              <td className={`${td} [overflow-wrap:anywhere]`}>
                <span className="font-medium text-slate-900 dark:text-slate-100">{cellText(row[first])}</span>
                {has('citations') && <Citations value={row.citations} />}
                {details.length > 0 && <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">{details.join(' · ')}</span>}
              </td>
              {has('value') && (
                <td className={`${td} text-end`}>
                  <span className="block font-semibold whitespace-nowrap text-slate-900 tabular-nums dark:text-white">{cellText(row.value)}</span>
                  {has('unit') && cellText(row.unit) && <span className="block text-xs text-slate-600 dark:text-slate-400">{cellText(row.unit)}</span>}
                </td>
              )}
              {has('confidence') && (
                <td className={td}>
                  <Confidence value={row.confidence} />
                </td>
              )}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
