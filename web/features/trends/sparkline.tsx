import { useRef } from 'react';
import { bucketLabel, formatCount, peakOf, type Bucket } from './figures';
import { useWidth } from './use-width';

const HEIGHT = 48;
const PAD = 4;

/** The points of a sparkline in a width x HEIGHT box (zero at the bottom). */
export function sparkPoints(series: readonly number[], width: number): [number, number][] {
  const max = Math.max(1, ...series);
  const last = Math.max(1, series.length - 1);
  return series.map((n, i) => [PAD + (i / last) * (width - 2 * PAD), HEIGHT - PAD - (n / max) * (HEIGHT - 2 * PAD)]);
}

/** The sparkline's name: the period, the total and the busiest bucket. */
export function sparkSummary(series: readonly number[], starts: readonly string[], bucket: Bucket): string {
  if (series.length === 0) return 'No data';
  const total = series.reduce((a, b) => a + b, 0);
  const peak = peakOf(series);
  const period = `${bucketLabel(starts[0]!, bucket)} to ${bucketLabel(starts.at(-1)!, bucket)}`;
  return `Articles per ${bucket}, ${period}: ${formatCount(total)} in all${peak ? `, most on ${bucketLabel(starts[peak.index]!, bucket)} (${formatCount(peak.count)})` : ''}.`;
}

/**
 * A small line of articles per bucket, drawn by hand (no chart library in this chunk): an SVG
 * image named by its figures, as wide as its card; spikes are dots.
 */
export function Sparkline({ series, starts, bucket, spikeIndexes = [] }: { series: readonly number[]; starts: readonly string[]; bucket: Bucket; spikeIndexes?: number[] }) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box, 240);
  const points = sparkPoints(series, width);
  const line = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x.toFixed(1)} ${y.toFixed(1)}`).join(' ');
  const area = points.length > 0 ? `${line} L${points.at(-1)![0].toFixed(1)} ${HEIGHT - PAD} L${points[0]![0].toFixed(1)} ${HEIGHT - PAD} Z` : '';
  return (
    <div ref={box}>
      <svg role="img" aria-label={sparkSummary(series, starts, bucket)} width={width} height={HEIGHT} className="block">
        <path d={area} style={{ fill: 'var(--trend-area)' }} />
        <path d={line} fill="none" strokeWidth={2} strokeLinejoin="round" style={{ stroke: 'var(--trend-line)' }} />
        {spikeIndexes.map((i) => (points[i] ? <circle key={i} cx={points[i][0]} cy={points[i][1]} r={3.5} style={{ fill: 'var(--trend-spike)' }} /> : null))}
      </svg>
    </div>
  );
}
