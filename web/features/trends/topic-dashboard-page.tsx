import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { ArrowLeft, ChartColumn, Newspaper } from 'lucide-react';
import type { TTopicTrends, TrendRange } from '../../../contract/trends';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { capitalise } from '../../lib/text';
import { useViewing } from '../../lib/viewing';
import { useTopicTrends } from './api';
import { AnalysisSection, RisingSection, SpikesSection, StoriesSection } from './dashboard-sections';
import { articles, bucketWord, changeText, dayLabel, formatCount, kindColor, kindName, lastPeriod, orderKinds } from './figures';
import { cardClass, ChangeBadge, mutedText } from './pieces';
import { RangeSwitch, useRangeParam } from './range-switch';
import { VolumeChart } from './volume-chart';

const linkClass = 'inline-flex items-center gap-1.5 rounded text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-400';

function parseId(value: string | undefined): number | undefined {
  return value && /^\d{1,15}$/.test(value) && Number(value) > 0 ? Number(value) : undefined;
}

/**
 * The topic dashboard (/topics/{id}): the period's total against the one before and by source,
 * articles per hour or day with spikes marked (or as a table), the spikes explained, rising
 * names, top stories with their timelines and "What changed". The range is kept in ?range=.
 * Acts for the viewed user.
 */
export default function TopicDashboardPage() {
  const params = useParams();
  const topicId = parseId(params.id);
  const { userId, viewed } = useViewing();
  const [range, setRange] = useRangeParam();
  const trends = useTopicTrends(topicId, range, userId);
  const known = viewed.topics.find((t) => t.id === topicId);
  const name = capitalise(trends.data?.topic.name ?? known?.name ?? '');

  useEffect(() => {
    if (!name) return;
    const before = document.title;
    document.title = `${name} trends - Herald`;
    return () => {
      document.title = before;
    };
  }, [name]);

  const notFound = topicId === undefined || (trends.error instanceof ApiError && trends.error.status === 404);
  const busy = trends.isPlaceholderData || (trends.isFetching && !trends.isPending);

  return (
    <div className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6 md:px-6 md:py-8">
      <nav aria-label="Trends" className="flex flex-wrap items-center gap-x-5 gap-y-2">
        <Link to={range === '30d' ? '/trends' : `/trends?range=${range}`} className={linkClass}>
          <ArrowLeft aria-hidden className="size-4" /> All topics
        </Link>
        {topicId !== undefined && !notFound && (
          <Link to={`/?topic=${topicId}`} className={linkClass}>
            <Newspaper aria-hidden className="size-4" /> This topic&apos;s feed
          </Link>
        )}
      </nav>
      {notFound ? (
        <section aria-labelledby="dashboard-missing-title" className="py-10 text-center">
          <h1 id="dashboard-missing-title" className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
            Topic not found
          </h1>
          <p role="alert" className={`mt-3 ${mutedText}`}>
            This topic does not exist or is not one of yours.
          </p>
        </section>
      ) : (
        <>
          <header className="flex flex-wrap items-end justify-between gap-4">
            <div className="min-w-0">
              <p className="text-xs font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">Topic dashboard</p>
              <h1 className="mt-1 text-2xl font-bold tracking-tight break-words text-slate-900 md:text-3xl dark:text-white">{name || 'Topic'}</h1>
            </div>
            <RangeSwitch value={range} onChange={setRange} busy={busy} />
          </header>
          {trends.isPending ? (
            <Spinner label="Loading trends" />
          ) : trends.isError || !trends.data ? (
            <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-10 text-sm text-red-700 dark:text-red-300">
              {trends.error instanceof ApiError && trends.error.status < 500 ? trends.error.message : 'Failed to load trends'}
              <button type="button" onClick={() => void trends.refetch()} className="rounded-md border border-slate-300 px-3 py-1.5 font-medium text-slate-800 hover:bg-slate-50 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800">
                Try again
              </button>
            </div>
          ) : (
            <div className={`space-y-5 transition-opacity ${busy ? 'opacity-70' : ''}`}>
              <Dashboard data={trends.data} range={trends.data.range} userId={userId} onRange={setRange} />
            </div>
          )}
        </>
      )}
    </div>
  );
}

function Dashboard({ data, range, userId, onRange }: { data: TTopicTrends; range: TrendRange; userId: string | undefined; onRange: (range: TrendRange) => void }) {
  const change = changeText(data, range);
  const kinds = orderKinds(Object.keys(data.by_kind)).filter((k) => (data.by_kind[k] ?? 0) > 0);
  return (
    <>
      <section aria-label="Totals" className={`${cardClass} flex flex-wrap items-start justify-between gap-x-8 gap-y-4`}>
        <div>
          <p className="text-3xl font-bold tracking-tight text-slate-900 tabular-nums dark:text-white">{formatCount(data.total)}</p>
          <p className={mutedText}>
            {data.total === 1 ? 'article' : 'articles'} in {lastPeriod(range)}
          </p>
          <p className="mt-1">
            <ChangeBadge {...change} />
          </p>
        </div>
        {kinds.length > 0 && (
          <div className="min-w-0">
            <h2 className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">By source</h2>
            <ul className="mt-1.5 flex flex-wrap gap-x-4 gap-y-1 text-sm">
              {kinds.map((key) => (
                <li key={key} className="inline-flex items-center gap-1.5 text-slate-800 dark:text-slate-200">
                  <span aria-hidden className="size-3 rounded-sm" style={{ background: kindColor(key) }} />
                  {kindName(key)} <span className="font-semibold tabular-nums">{formatCount(data.by_kind[key]!)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      {data.total === 0 ? (
        <section aria-labelledby="dashboard-empty-title" className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
          <ChartColumn aria-hidden className="mx-auto size-10 text-slate-400" />
          <h2 id="dashboard-empty-title" className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
            No articles in {lastPeriod(range)}
          </h2>
          <p className={`mx-auto mt-2 max-w-lg ${mutedText}`}>
            Once Herald publishes articles for this topic, this page shows how many arrive each {bucketWord(data.bucket).one} and from which sources, the spikes of unusual activity, the names on the rise, the top stories and what changed. Spikes can be found from{' '}
            {dayLabel(data.spikes_from)} on.
          </p>
          {range !== '90d' && (
            <button type="button" onClick={() => onRange('90d')} className="mt-4 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800">
              Look at 90 days
            </button>
          )}
        </section>
      ) : (
        <>
          <VolumeChart series={data.series} bucket={data.bucket} spikes={data.spikes} />
          <div className="grid gap-5 lg:grid-cols-2">
            <SpikesSection spikes={data.spikes} bucket={data.bucket} spikesFrom={data.spikes_from} userId={userId} />
            <RisingSection rising={data.rising} userId={userId} />
          </div>
          <div className="grid gap-5 lg:grid-cols-2">
            <StoriesSection stories={data.stories} userId={userId} />
            <AnalysisSection analysis={data.analysis} userId={userId} />
          </div>
        </>
      )}
      <p className="sr-only" aria-live="polite">
        {articles(data.total)} in {lastPeriod(range)}, {change.text}
      </p>
    </>
  );
}
