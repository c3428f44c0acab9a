import { useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { BarStack } from '@visx/shape';
import { ChartColumn, Table2 } from 'lucide-react';
import type { TTopicTrends } from '../../../contract/trends';
import { articles, bucketLabel, dayLabel, formatCount, inSpike, kindColor, kindName, orderKinds, tickLabel, type Bucket } from './figures';
import { useWidth } from './use-width';

type Series = TTopicTrends['series'];
type Point = Series[number];

const HEIGHT = 220;
const MARGIN = { top: 14, right: 8, bottom: 28, left: 40 };
/** The narrowest room for a bar: 30 days fit a 375 px phone; 90 days there scroll sideways, the value axis staying put. */
const SLOT_PX = 8;
/** Room for one axis label. */
const TICK_PX = 58;

/** One bucket's figures in words: what its bar's name and the readout say. */
export function bucketSummary(point: Point, bucket: Bucket, kinds: string[], spike: boolean): string {
  const parts = kinds.filter((k) => (point.by_kind[k] ?? 0) > 0).map((k) => `${kindName(k)} ${formatCount(point.by_kind[k]!)}`);
  return `${bucketLabel(point.start, bucket)}: ${articles(point.total)}${parts.length ? ` (${parts.join(', ')})` : ''}${spike ? ', spike' : ''}`;
}

/** The chart's accessible name: what it shows, the period, the total, the busiest bucket, the spikes. */
export function chartSummary(series: Series, bucket: Bucket, spikeCount: number): string {
  if (series.length === 0) return 'Articles per ' + bucket + ': no data';
  const total = series.reduce((sum, p) => sum + p.total, 0);
  const busiest = series.reduce((best, p) => (p.total > best.total ? p : best), series[0]!);
  const period = `${bucketLabel(series[0]!.start, bucket)} to ${bucketLabel(series.at(-1)!.start, bucket)}`;
  const most = busiest.total > 0 ? `, most on ${bucketLabel(busiest.start, bucket)} (${formatCount(busiest.total)})` : '';
  const spikes = spikeCount === 0 ? 'no spikes' : `${spikeCount} spike${spikeCount === 1 ? '' : 's'} marked`;
  return `Stacked bar chart of articles per ${bucket} by source, ${period}: ${articles(total)}${most}; ${spikes}.`;
}

/**
 * Articles per bucket as stacked bars by source kind, spikes outlined and marked, with a "Show as
 * table" toggle that gives the same figures as a table. The drawing is one SVG image with a
 * summary for its name; over it, one button per bar (a single Tab stop: the arrow keys, Home and
 * End move between bars) whose name and the readout under the chart carry the bar's figures.
 */
export function VolumeChart({ series, bucket, spikes }: { series: Series; bucket: Bucket; spikes: TTopicTrends['spikes'] }) {
  const [asTable, setAsTable] = useState(false);
  const kinds = useMemo(() => orderKinds(series.flatMap((p) => Object.keys(p.by_kind))), [series]);
  const flags = useMemo(() => series.map((p) => spikes.some((s) => inSpike(p.start, s))), [series, spikes]);
  const titleId = useId();
  const bodyId = useId();
  const per = bucket === 'day' ? 'day' : 'hour';

  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:p-5 dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
          Articles per {per}
        </h2>
        <button
          type="button"
          aria-controls={bodyId}
          onClick={() => setAsTable((on) => !on)}
          className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {asTable ? <ChartColumn aria-hidden className="size-4" /> : <Table2 aria-hidden className="size-4" />}
          {asTable ? 'Show as chart' : 'Show as table'}
        </button>
      </div>
      <div id={bodyId} className="mt-3">
        {asTable ? <VolumeTable series={series} bucket={bucket} kinds={kinds} flags={flags} /> : <Bars series={series} bucket={bucket} kinds={kinds} flags={flags} spikeCount={spikes.length} />}
      </div>
      <ul aria-label="Legend" className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
        {kinds.map((key) => (
          <li key={key} className="inline-flex items-center gap-1.5">
            <span aria-hidden className="size-3 rounded-sm" style={{ background: kindColor(key) }} />
            {kindName(key)}
          </li>
        ))}
        <li className="inline-flex items-center gap-1.5">
          <svg aria-hidden width="14" height="14" viewBox="0 0 14 14" className="overflow-visible">
            <rect x="1" y="4" width="12" height="9" fill="none" strokeWidth="1.5" strokeDasharray="3 2" style={{ stroke: 'var(--trend-spike)' }} />
            <path d="M4 0 L10 0 L7 3 Z" style={{ fill: 'var(--trend-spike)' }} />
          </svg>
          Spike: far more than the 14 {bucket === 'day' ? 'days' : 'hours'} before
        </li>
      </ul>
    </section>
  );
}

function Bars({ series, bucket, kinds, flags, spikeCount }: { series: Series; bucket: Bucket; kinds: string[]; flags: boolean[]; spikeCount: number }) {
  const scroller = useRef<HTMLDivElement>(null);
  const available = useWidth(scroller);
  const width = Math.max(available, MARGIN.left + MARGIN.right + series.length * SLOT_PX);
  // The plot scrolls under the value axis, which is drawn apart, pinned to the left.
  const plotWidth = width - MARGIN.left;
  const innerWidth = plotWidth - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const [hovered, setHovered] = useState<number | null>(null);
  const [focused, setFocused] = useState<number | null>(null);
  // The bar the Tab key reaches: the latest until the reader moves.
  const [current, setCurrent] = useState(Math.max(0, series.length - 1));
  const stop = Math.min(current, series.length - 1);
  const active = hovered ?? focused;

  const x = useMemo(() => scaleBand<string>({ domain: series.map((p) => p.start), range: [0, innerWidth], paddingInner: 0.2, paddingOuter: 0.1 }), [series, innerWidth]);
  const y = useMemo(() => scaleLinear<number>({ domain: [0, Math.max(1, ...series.map((p) => p.total))], range: [innerHeight, 0], nice: true }), [series, innerHeight]);
  const yTicks = y.ticks(4).filter((t) => Number.isInteger(t));
  // Labels from the latest backwards, as many as fit: the newest bucket always has its label.
  const every = Math.max(1, Math.ceil(series.length / Math.max(1, Math.floor(innerWidth / TICK_PX))));
  const xTicks = series.filter((_, i) => (series.length - 1 - i) % every === 0).map((p) => p.start);

  // A chart wider than its box opens on the latest buckets.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (element) element.scrollLeft = element.scrollWidth;
  }, [width, series.length]);

  const move = (event: KeyboardEvent) => {
    const last = series.length - 1;
    const from = focused ?? stop;
    const next = event.key === 'ArrowRight' ? Math.min(last, from + 1) : event.key === 'ArrowLeft' ? Math.max(0, from - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : -1;
    if (next < 0) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  const step = x.step();
  const band = x.bandwidth();
  return (
    <div>
      <div ref={scroller} className="overflow-x-auto overscroll-x-contain">
        <div className="trend-chart flex" style={{ width, height: HEIGHT }}>
          {/* The value axis: drawn here (@visx/axis would bring a CSS calc() evaluator for its labels, ADR 008). */}
          <svg aria-hidden width={MARGIN.left} height={HEIGHT} className="sticky left-0 z-10 block shrink-0 bg-white dark:bg-slate-900">
            <Group left={MARGIN.left} top={MARGIN.top}>
              {yTicks.map((t) => (
                <text key={t} x={-8} y={y(t)} dy="0.32em" textAnchor="end">
                  {formatCount(t)}
                </text>
              ))}
            </Group>
          </svg>
          <div className="relative shrink-0" style={{ width: plotWidth, height: HEIGHT }}>
            <svg role="img" aria-label={chartSummary(series, bucket, spikeCount)} width={plotWidth} height={HEIGHT} className="block">
              <Group top={MARGIN.top}>
                {yTicks.map((t) => (
                  <line key={t} x1={0} x2={innerWidth} y1={y(t)} y2={y(t)} strokeWidth={1} style={{ stroke: 'var(--trend-grid)' }} />
                ))}
                <BarStack<Point, string> data={series} keys={kinds} value={(p, key) => p.by_kind[key] ?? 0} x={(p) => p.start} xScale={x} yScale={y} color={(key) => kindColor(key)}>
                  {(stacks) =>
                    stacks.map((stack) =>
                      stack.bars
                        .filter((bar) => bar.height > 0)
                        .map((bar) => (
                          <rect
                            key={`${stack.key}-${bar.index}`}
                            x={bar.x}
                            y={bar.y}
                            width={bar.width}
                            height={bar.height}
                            strokeWidth={series.length > 60 ? 0.5 : 1}
                            style={{ fill: bar.color, stroke: 'var(--trend-card)' }}
                            opacity={active !== null && active !== bar.index ? 0.55 : 1}
                          />
                        )),
                    )
                  }
                </BarStack>
                {series.map((p, i) => {
                  if (!flags[i]) return null;
                  const left = x(p.start) ?? 0;
                  const top = y(p.total);
                  const cx = left + band / 2;
                  return (
                    <g key={p.start} data-spike={p.start}>
                      <rect x={left - 2} y={top - 2} width={band + 4} height={innerHeight - top + 2} fill="none" strokeWidth={1.5} strokeDasharray="3 2" style={{ stroke: 'var(--trend-spike)' }} />
                      <path d={`M${cx - 4} ${top - 10} L${cx + 4} ${top - 10} L${cx} ${top - 5} Z`} style={{ fill: 'var(--trend-spike)' }} />
                    </g>
                  );
                })}
                <line x1={0} x2={innerWidth} y1={innerHeight} y2={innerHeight} className="trend-axis" />
                {xTicks.map((start) => {
                  const cx = (x(start) ?? 0) + band / 2;
                  // The last label keeps inside the chart's right edge.
                  const anchor = cx > innerWidth - 24 ? 'end' : 'middle';
                  return (
                    <g key={start}>
                      <line x1={cx} x2={cx} y1={innerHeight} y2={innerHeight + 4} className="trend-axis" />
                      <text x={anchor === 'end' ? Math.min(cx + band / 2, innerWidth) : cx} y={innerHeight + 17} textAnchor={anchor}>
                        {tickLabel(start, bucket)}
                      </text>
                    </g>
                  );
                })}
              </Group>
            </svg>
            <div role="group" aria-label={`Bars, one per ${bucket}: arrow keys move between them`} onKeyDown={move}>
              {series.map((p, i) => (
                <button
                  key={p.start}
                  ref={(element) => {
                    buttons.current[i] = element;
                  }}
                  type="button"
                  tabIndex={i === stop ? 0 : -1}
                  aria-label={bucketSummary(p, bucket, kinds, flags[i]!)}
                  data-bucket={p.start}
                  onFocus={() => {
                    setFocused(i);
                    setCurrent(i);
                  }}
                  onBlur={() => setFocused(null)}
                  onMouseEnter={() => setHovered(i)}
                  onMouseLeave={() => setHovered(null)}
                  className="absolute rounded-sm hover:bg-slate-500/10 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-300/10 dark:focus-visible:outline-blue-400"
                  style={{ left: (x(p.start) ?? 0) - (step - band) / 2, width: step, top: MARGIN.top, height: innerHeight }}
                />
              ))}
            </div>
          </div>
        </div>
      </div>
      <p aria-hidden className="mt-2 min-h-5 text-sm text-slate-700 dark:text-slate-300" data-testid="chart-readout">
        {active !== null && series[active] ? bucketSummary(series[active], bucket, kinds, flags[active]!) : <span className="text-slate-600 dark:text-slate-400">Point at or focus a bar for its figures.</span>}
      </p>
    </div>
  );
}

/** The chart's figures as a table: one row per bucket, its total, each kind, spike or not; the sums below. */
function VolumeTable({ series, bucket, kinds, flags }: { series: Series; bucket: Bucket; kinds: string[]; flags: boolean[] }) {
  const captionId = useId();
  const sum = (key?: string) => series.reduce((total, p) => total + (key ? (p.by_kind[key] ?? 0) : p.total), 0);
  const head = 'px-3 py-2 text-left font-semibold text-slate-700 dark:text-slate-200';
  const cell = 'px-3 py-1.5 tabular-nums text-slate-800 dark:text-slate-200';
  const period = series.length ? ` from ${dayLabel(series[0]!.start)} to ${dayLabel(series.at(-1)!.start)}` : '';
  return (
    <div role="region" aria-labelledby={captionId} tabIndex={0} className="max-h-96 overflow-auto rounded-md border border-slate-200 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700">
      <table className="w-full border-collapse text-sm">
        <caption id={captionId} className="px-3 py-2 text-left text-xs text-slate-600 dark:text-slate-400">
          Articles per {bucket} by source{period}
        </caption>
        <thead className="sticky top-0 bg-slate-100 dark:bg-slate-800">
          <tr>
            <th scope="col" className={head}>
              {bucket === 'day' ? 'Day' : 'Hour'}
            </th>
            <th scope="col" className={`${head} text-right`}>
              Total
            </th>
            {kinds.map((key) => (
              <th key={key} scope="col" className={`${head} text-right`}>
                {kindName(key)}
              </th>
            ))}
            <th scope="col" className={head}>
              Spike
            </th>
          </tr>
        </thead>
        <tbody>
          {series.map((p, i) => (
            <tr key={p.start} className="border-t border-slate-100 dark:border-slate-800">
              <th scope="row" className={`${cell} text-left font-medium whitespace-nowrap`}>
                {bucketLabel(p.start, bucket)}
              </th>
              <td className={`${cell} text-right font-semibold`}>{formatCount(p.total)}</td>
              {kinds.map((key) => (
                <td key={key} className={`${cell} text-right`}>
                  {formatCount(p.by_kind[key] ?? 0)}
                </td>
              ))}
              <td className={cell}>{flags[i] ? 'Spike' : ''}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-slate-300 dark:border-slate-600">
            <th scope="row" className={`${cell} text-left font-semibold`}>
              All
            </th>
            <td className={`${cell} text-right font-semibold`}>{formatCount(sum())}</td>
            {kinds.map((key) => (
              <td key={key} className={`${cell} text-right font-semibold`}>
                {formatCount(sum(key))}
              </td>
            ))}
            <td className={cell} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
