import { useMemo } from 'react';
import { Link } from 'react-router';
import { ChartColumn, ChevronRight } from 'lucide-react';
import type { TrendRange, TTrendsOverview } from '../../../contract/trends';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { capitalise } from '../../lib/text';
import { useViewing } from '../../lib/viewing';
import { useTrendsOverview } from './api';
import { articles, bucketLabel, bucketStarts, changeText, DEFAULT_RANGE, formatCount, lastPeriod, peakOf, spikeDates, type Bucket } from './figures';
import { cardClass, ChangeBadge, mutedText } from './pieces';
import { RangeSwitch, useRangeParam } from './range-switch';
import { Sparkline } from './sparkline';

type OverviewTopic = TTrendsOverview['topics'][number];

/** The dashboard's address, keeping the range when it is not the default. */
export const dashboardHref = (topicId: number, range: TrendRange) => (range === DEFAULT_RANGE ? `/topics/${topicId}` : `/topics/${topicId}?range=${range}`);

/** A card's spikes in words: none, or how many and the latest. */
export function spikesText(spikes: OverviewTopic['spikes'], bucket: Bucket): string {
  if (spikes.length === 0) return 'None';
  const latest = spikes.reduce((a, b) => (new Date(b.start) > new Date(a.start) ? b : a));
  return `${spikes.length}, latest ${spikeDates({ start: latest.start, end: latest.start }, bucket)} (${articles(latest.count)})`;
}

/**
 * Trends (/trends): every topic of the viewed user side by side, each card with its total and
 * change, a sparkline of the period, its spikes and its most rising names, and a link to its
 * dashboard. The range is kept in ?range=.
 */
export default function TrendsPage() {
  const { userId, viewed, isImpersonating } = useViewing();
  const [range, setRange] = useRangeParam();
  const overview = useTrendsOverview(range, userId);
  const busy = overview.isPlaceholderData || (overview.isFetching && !overview.isPending);
  const data = overview.data;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5 px-4 py-6 md:px-6 md:py-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900 md:text-3xl dark:text-white">Trends</h1>
          <p className={`mt-1 ${mutedText}`}>How much is being published on each of {isImpersonating ? `${viewed.first_name}'s` : 'your'} topics, and what stands out.</p>
        </div>
        <RangeSwitch value={range} onChange={setRange} busy={busy} />
      </header>
      {overview.isPending ? (
        <Spinner label="Loading trends" />
      ) : overview.isError || !data ? (
        <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-10 text-sm text-red-700 dark:text-red-300">
          {overview.error instanceof ApiError && overview.error.status < 500 ? overview.error.message : 'Failed to load trends'}
          <button type="button" onClick={() => void overview.refetch()} className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800">
            Try again
          </button>
        </div>
      ) : data.topics.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
          <ChartColumn aria-hidden className="mx-auto size-10 text-slate-400" />
          <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">No topics yet</h2>
          <p className={`mx-auto mt-2 max-w-md ${mutedText}`}>Once you follow topics, each one gets a card here with how much is published on it, its spikes and the names on the rise.</p>
          <Link to="/topics" className="mt-4 inline-block font-medium text-blue-700 hover:underline dark:text-blue-400">
            Add topics
          </Link>
        </div>
      ) : (
        <ul className={`grid gap-4 transition-opacity md:grid-cols-2 xl:grid-cols-3 ${busy ? 'opacity-70' : ''}`}>
          {data.topics.map((topic) => (
            <li key={topic.id} className="min-w-0">
              <TopicTrendCard topic={topic} range={data.range} bucket={data.bucket} from={data.from} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function TopicTrendCard({ topic, range, bucket, from }: { topic: OverviewTopic; range: TrendRange; bucket: Bucket; from: string }) {
  const starts = useMemo(() => bucketStarts(from, bucket, topic.series.length), [from, bucket, topic.series.length]);
  const spikeIndexes = useMemo(() => topic.spikes.map((s) => starts.findIndex((start) => new Date(start).getTime() === new Date(s.start).getTime())).filter((i) => i >= 0), [topic.spikes, starts]);
  const peak = peakOf(topic.series);
  const change = changeText(topic, range);
  const titleId = `trend-card-${topic.id}`;
  return (
    <article aria-labelledby={titleId} className={`${cardClass} flex h-full flex-col gap-3`}>
      <h2 id={titleId} className="text-base leading-snug font-semibold">
        <Link to={dashboardHref(topic.id, range)} className="group inline-flex items-start gap-1 text-slate-900 hover:text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-white dark:hover:text-blue-300">
          <span className="break-words group-hover:underline">{capitalise(topic.name)}</span>
          <ChevronRight aria-hidden className="mt-0.5 size-4 shrink-0" />
        </Link>
      </h2>
      <div>
        <p className="text-slate-900 dark:text-white">
          <span className="text-2xl font-bold tabular-nums">{formatCount(topic.total)}</span> <span className={mutedText}>{topic.total === 1 ? 'article' : 'articles'} in {lastPeriod(range)}</span>
        </p>
        <ChangeBadge {...change} />
      </div>
      <div>
        <Sparkline series={topic.series} starts={starts} bucket={bucket} spikeIndexes={spikeIndexes} />
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">{peak ? `Most on ${bucketLabel(starts[peak.index]!, bucket)}: ${articles(peak.count)}` : `None in ${lastPeriod(range)}`}</p>
      </div>
      <dl className="mt-auto space-y-1 border-t border-slate-100 pt-3 text-sm dark:border-slate-800">
        <div className="flex gap-2">
          <dt className="shrink-0 font-medium text-slate-600 dark:text-slate-400">Spikes</dt>
          <dd className="min-w-0 text-slate-800 dark:text-slate-200">{spikesText(topic.spikes, bucket)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="shrink-0 font-medium text-slate-600 dark:text-slate-400">Rising</dt>
          <dd className="min-w-0 text-slate-800 dark:text-slate-200">{topic.rising.length ? topic.rising.join(', ') : 'No names on the rise'}</dd>
        </div>
      </dl>
    </article>
  );
}
