import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { ApiError } from '../../lib/api';
import { useTimelineSearch } from './api';
import { LatestItem } from './article-card';
import { SectionTitle, StatusLine } from './feed-lists';

/**
 * The search box of the feed: Enter runs a timeline search of the query,
 * blank queries are ignored; Clear leaves search mode.
 */
export function SearchBar({ initial, onSearch, onClear }: { initial: string; onSearch: (q: string) => void; onClear: () => void }) {
  const [text, setText] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    if (q) onSearch(q);
  };
  return (
    <form id="timeline-search-form" role="search" onSubmit={submit} className="flex w-full min-w-0 items-center gap-2">
      <label htmlFor="timeline-search" className="sr-only">
        Search your articles
      </label>
      <div className="relative min-w-0 flex-1">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        <input
          ref={input}
          id="timeline-search"
          type="search"
          enterKeyHint="search"
          placeholder="Search your articles"
          value={text}
          maxLength={200}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => event.key === 'Escape' && onClear()}
          className="block h-10 w-full rounded-md border border-slate-300 bg-white ps-9 pe-3 text-sm text-slate-900 placeholder:text-slate-500 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/30 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
        />
      </div>
      <button
        type="button"
        onClick={onClear}
        className="inline-flex h-10 shrink-0 items-center gap-1 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
      >
        <X aria-hidden className="size-4" /> Clear
      </button>
    </form>
  );
}

/** Search results replace the feed until Clear. */
export function SearchResults({ userId, topicId, q }: { userId?: string; topicId?: number; q: string }) {
  const search = useTimelineSearch(userId, topicId, q);
  const articles = search.data?.articles ?? [];
  return (
    <section aria-labelledby="search-results-title">
      <SectionTitle id="search-results-title">
        Results for “{q}”
      </SectionTitle>
      {search.isPending ? (
        <StatusLine>Searching...</StatusLine>
      ) : search.isError ? (
        <StatusLine tone="error">{search.error instanceof ApiError && search.error.status === 400 ? search.error.message : 'Failed to search timeline'}</StatusLine>
      ) : articles.length === 0 ? (
        <p className="py-8 text-center text-sm text-slate-600 dark:text-slate-400">No articles match “{q}”.</p>
      ) : (
        <>
          <p className="mb-2 text-sm text-slate-600 dark:text-slate-400" role="status">
            {articles.length === 1 ? '1 article' : `${articles.length} articles`}
          </p>
          <ul className={`space-y-2 ${search.isPlaceholderData ? 'opacity-60' : ''}`}>
            {articles.map((article) => (
              <li key={article.id}>
                <LatestItem article={article} userId={userId} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
