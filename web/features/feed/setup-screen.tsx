import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { ExternalLink, Inbox, Pause, Play } from 'lucide-react';
import { SETUP_PREVIEW_FIRST_MS, SETUP_PREVIEW_ROTATE_MS, SETUP_PREVIEWS_KEPT } from '../../../contract/constants';
import type { TSourcePreview } from '../../../contract/feed';
import { documentHref } from '../../lib/article-data';
import { formatDate, isoDate } from '../../lib/dates';
import { useRecentAbstracts } from './api';

/**
 * The setup screen, while the profile and topics are being prepared: source
 * previews rotate, at most 12 kept, the first 2 s after they arrive, then every 10 s. The
 * rotation can be paused (content that moves by itself must be stoppable).
 */
export function SetupScreen({ userId }: { userId?: string }) {
  const previews = useRecentAbstracts(userId, true);
  const items = (previews.data?.results ?? []).slice(0, SETUP_PREVIEWS_KEPT);
  const [index, setIndex] = useState(-1);
  const [paused, setPaused] = useState(false);
  const count = items.length;

  useEffect(() => {
    if (count === 0 || index >= 0) return;
    const timer = setTimeout(() => setIndex(0), SETUP_PREVIEW_FIRST_MS);
    return () => clearTimeout(timer);
  }, [count, index]);

  useEffect(() => {
    if (count === 0 || index < 0 || paused) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), SETUP_PREVIEW_ROTATE_MS);
    return () => clearInterval(timer);
  }, [count, index, paused]);

  const current = index >= 0 ? items[index % Math.max(1, count)] : undefined;
  return (
    <section aria-labelledby="setup-title" className="mx-auto max-w-2xl px-4 py-10 text-center md:py-16">
      <span aria-hidden className="mx-auto block size-10 animate-spin rounded-full border-4 border-slate-300 border-t-blue-600 dark:border-slate-600 dark:border-t-blue-400" />
      <h1 id="setup-title" className="mt-6 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Setting up your feed
      </h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">Herald is preparing your profile and topics and reading the sources that matter to you. Your first articles will appear here on their own.</p>
      {current && <PreviewCard preview={current} position={(index % count) + 1} count={count} paused={paused} onTogglePause={() => setPaused((p) => !p)} />}
    </section>
  );
}

function PreviewCard({ preview, position, count, paused, onTogglePause }: { preview: TSourcePreview; position: number; count: number; paused: boolean; onTogglePause: () => void }) {
  const href = documentHref(preview.document_id);
  return (
    <figure className="mt-8 rounded-xl border border-slate-200 bg-white p-5 text-start shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex items-center justify-between gap-3">
        <p className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">From your sources</p>
        <div className="flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
          <span>
            {position} of {count}
          </span>
          <button
            type="button"
            onClick={onTogglePause}
            aria-label={paused ? 'Resume previews' : 'Pause previews'}
            className="rounded p-1 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800"
          >
            {paused ? <Play aria-hidden className="size-3.5" /> : <Pause aria-hidden className="size-3.5" />}
          </button>
        </div>
      </div>
      <div key={preview.document_id} className="animate-[fade-in_400ms_ease-out]">
        <p className="mt-3 text-base font-semibold text-slate-900 dark:text-white">{preview.title}</p>
        <blockquote className="mt-2 line-clamp-5 text-sm leading-relaxed text-slate-700 dark:text-slate-300">{preview.summary}</blockquote>
        <figcaption className="mt-3 flex flex-wrap items-center gap-x-2 text-xs text-slate-600 dark:text-slate-400">
          <span className="font-medium">{preview.source_name}</span>
          <span aria-hidden>·</span>
          <time dateTime={isoDate(preview.published_at)}>{formatDate(preview.published_at)}</time>
          {href && (
            <a href={href} target="_blank" rel="noopener noreferrer" className="ms-auto inline-flex items-center gap-1 font-medium text-blue-700 hover:underline dark:text-blue-400">
              Open source <ExternalLink aria-hidden className="size-3" />
            </a>
          )}
        </figcaption>
      </div>
    </figure>
  );
}

/** No article yet, profile ready: the feed keeps checking every 10 s. */
export function EmptyFeed({ topicName }: { topicName?: string }) {
  return (
    <section aria-labelledby="empty-title" className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center dark:border-slate-700 dark:bg-slate-900">
      <Inbox aria-hidden className="mx-auto size-10 text-slate-400" />
      <h2 id="empty-title" className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">
        No articles yet
      </h2>
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-600 dark:text-slate-400">
        {topicName ? `Nothing has been written about ${topicName} yet.` : 'Nothing has been written for your topics yet.'} When a topic is added, Herald writes its first articles from the
        documents it already holds, usually within a minute; when none of them match, articles appear as soon as a relevant document arrives. This page checks by itself.
      </p>
      <Link to="/topics" className="mt-4 inline-block text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
        Manage topics
      </Link>
    </section>
  );
}
