import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ChartColumn, History, Search } from 'lucide-react';
import { PROFILE_POLL_SETUP_MS } from '../../../contract/constants';
import type { TTopic } from '../../../contract/topics';
import { useViewing } from '../../lib/viewing';
import { useTopNews } from './api';
import { LatestList, TopNews } from './feed-lists';
import { EmptyFeed, SetupScreen } from './setup-screen';
import { Suggestions, TopicCard, TopicsCard } from './side-column';
import { SearchBar, SearchResults } from './timeline-search';
import { TopicPicker } from './topic-picker';
import { useLiveFeed } from './use-live-feed';

/**
 * The personalised feed: the topic picker (kept in ?topic=), the search
 * toggle (the running query in ?q=), Top News and Latest, the topic card and Suggestions on the
 * right; the setup screen while the profile and topics are prepared, the empty state after.
 */
export default function FeedPage() {
  const { viewed, userId, reload, me, isImpersonating } = useViewing();
  // An admin's preview of a member is read-only; a superuser acts for the user.
  const isPreviewOnly = (isImpersonating && !me.is_superuser) || !viewed.onboarding_complete;
  const [params, setParams] = useSearchParams();
  const topicParam = Number(params.get('topic'));
  const topic = viewed.topics.find((t) => t.id === topicParam);
  const topicId = topic?.id;
  const q = params.get('q')?.trim() || undefined;
  const [searchOpen, setSearchOpen] = useState(Boolean(q));
  const feed = useLiveFeed(userId, topicId, !q);

  const noArticles = feed.latest.isSuccess && feed.articles.length === 0;
  const generating = !viewed.gpt_profile || viewed.topics.some((t) => t.processing);
  const setup = noArticles && !topicId && generating;

  // While the profile is being generated it is polled every 3 s until it appears.
  useEffect(() => {
    if (!setup) return;
    const timer = setInterval(() => void reload().catch(() => undefined), PROFILE_POLL_SETUP_MS);
    return () => clearInterval(timer);
  }, [setup, reload]);

  const update = (change: (next: URLSearchParams) => void) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        change(next);
        return next;
      },
      { replace: false },
    );
  const selectTopic = (next: TTopic | undefined) =>
    update((p) => {
      if (next) p.set('topic', String(next.id));
      else p.delete('topic');
    });
  const leaveSearch = () => {
    setSearchOpen(false);
    if (q) update((p) => p.delete('q'));
  };
  const topicHref = (t: TTopic) => `/?${new URLSearchParams({ ...Object.fromEntries(params), topic: String(t.id) }).toString()}`;

  const topNewsPending = useTopNews(userId, topicId).isPending;

  if (setup) return <SetupScreen userId={userId} />;

  return (
    <div className="@container mx-auto w-full max-w-6xl px-3 py-5 md:px-6 md:py-8">
      <h1 className="sr-only">Your feed</h1>
      <div className="grid gap-6 @4xl:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="min-w-0 space-y-6">
          <div className="space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              <TopicPicker topics={viewed.topics} selected={topic} onSelect={selectTopic} />
              <button
                type="button"
                aria-pressed={searchOpen}
                onClick={() => (searchOpen ? leaveSearch() : setSearchOpen(true))}
                className="inline-flex h-10 items-center gap-2 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 aria-pressed:border-blue-300 aria-pressed:bg-blue-50 aria-pressed:text-blue-800 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800 dark:aria-pressed:border-blue-800 dark:aria-pressed:bg-blue-950 dark:aria-pressed:text-blue-200"
              >
                <Search aria-hidden className="size-4" /> Search
              </button>
              <Link
                to="/articles"
                className="ms-auto inline-flex h-10 items-center gap-2 rounded-md px-2 text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-400"
              >
                <History aria-hidden className="size-4" /> Previous Articles
              </Link>
              {/* The chosen topic's dashboard, or every topic's trends. */}
              <Link
                to={topic ? `/topics/${topic.id}` : '/trends'}
                className="inline-flex h-10 items-center gap-2 rounded-md px-2 text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-400"
              >
                <ChartColumn aria-hidden className="size-4" /> Trends
              </Link>
            </div>
            {searchOpen && (
              <SearchBar
                initial={q ?? ''}
                onSearch={(text) => update((p) => p.set('q', text))}
                onClear={leaveSearch}
              />
            )}
          </div>

          {topic && (
            <div className="@4xl:hidden">
              <TopicCard topic={topic} />
            </div>
          )}

          {q ? (
            <SearchResults userId={userId} topicId={topicId} q={q} />
          ) : noArticles ? (
            <EmptyFeed topicName={topic?.name} />
          ) : (
            <>
              <TopNews userId={userId} topicId={topicId} />
              {/* Latest appears once Top News has its height, so nothing moves under the reader. */}
              {!topNewsPending && <LatestList feed={feed} userId={userId} />}
            </>
          )}
        </div>

        <aside aria-label="Topic and suggestions" className="hidden space-y-4 @4xl:block">
          {topic ? <TopicCard topic={topic} /> : <TopicsCard topics={viewed.topics} hrefOf={topicHref} />}
          <Suggestions readOnly={isPreviewOnly} />
        </aside>
      </div>
    </div>
  );
}
