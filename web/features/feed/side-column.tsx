import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { Lightbulb } from 'lucide-react';
import { DESCRIPTION_SHOW_MORE_CHARS } from '../../../contract/constants';
import type { TTopic } from '../../../contract/topics';
import { capitalise } from '../../lib/text';
import { SuggestionsList } from '../../components/suggestions-panel';
import { useSuggestions } from '../../lib/use-suggestions';

const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';

/** True while the element's text is cut by its line clamp (a narrow column clamps short text too). */
function useClamped(element: HTMLElement | null, active: boolean): boolean {
  const [clamped, setClamped] = useState(false);
  useEffect(() => {
    if (!element || !active) return;
    const measure = () => setClamped(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, active]);
  return clamped;
}

/**
 * The selected topic: name, description clamped to 5 lines with 'Show
 * more' / 'Show less' when it is longer than 300 characters (or cut by the clamp in a narrow
 * column), and its Sources as badges.
 */
export function TopicCard({ topic }: { topic: TTopic }) {
  const [expanded, setExpanded] = useState(false);
  const descriptionId = useId();
  const [element, setElement] = useState<HTMLParagraphElement | null>(null);
  const clamped = useClamped(element, !expanded);
  const long = topic.description.length > DESCRIPTION_SHOW_MORE_CHARS || clamped || expanded;
  const sources = Object.values(topic.sources);
  return (
    <section aria-labelledby={`${descriptionId}-title`} className={card}>
      <h2 id={`${descriptionId}-title`} className="text-base font-semibold text-slate-900 dark:text-white">
        {capitalise(topic.name)}
      </h2>
      {topic.processing ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Processing...</p>
      ) : (
        <>
          <p ref={setElement} id={descriptionId} className={`mt-2 text-sm leading-relaxed text-slate-700 dark:text-slate-300 ${expanded ? '' : 'line-clamp-5'}`}>
            {topic.description}
          </p>
          {long && (
            <button
              type="button"
              aria-expanded={expanded}
              aria-controls={descriptionId}
              onClick={() => setExpanded((value) => !value)}
              className="mt-1 text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-400"
            >
              {expanded ? 'Show less' : 'Show more'}
            </button>
          )}
        </>
      )}
      <h3 className="mt-4 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Sources</h3>
      <ul className="mt-2 flex flex-wrap gap-1.5">
        {(sources.length ? sources : ['All sources']).map((name) => (
          <li key={name} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
            {name}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** With 'All topics' chosen: the topics, each a shortcut to its own feed. */
export function TopicsCard({ topics, hrefOf }: { topics: TTopic[]; hrefOf: (topic: TTopic) => string }) {
  if (topics.length === 0) return null;
  return (
    <section aria-labelledby="feed-topics-title" className={card}>
      <h2 id="feed-topics-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Your topics
      </h2>
      <ul className="mt-3 flex flex-wrap gap-1.5">
        {topics.map((topic) => (
          <li key={topic.id}>
            <Link
              to={hrefOf(topic)}
              className="inline-block rounded-full border border-slate-200 px-3 py-1 text-sm text-slate-800 hover:border-blue-300 hover:bg-blue-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:text-slate-200 dark:hover:border-blue-700 dark:hover:bg-blue-950"
            >
              {capitalise(topic.name)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Suggestions: up to 12 topics the AI profile suggests, with why; a click adds
 * one, the x removes it, exactly as on Manage Topics (the same list and actions).
 */
export function Suggestions({ readOnly }: { readOnly: boolean }) {
  const { suggestions, suggestionsLoading, tracked, actions } = useSuggestions();
  if (!suggestionsLoading && suggestions.length === 0) return null;
  return (
    <section aria-labelledby="feed-suggestions-title" className={card}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="feed-suggestions-title" className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white">
          <Lightbulb aria-hidden className="size-4 text-amber-500" /> Suggestions
        </h2>
        <Link to="/topics" className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
          Manage
        </Link>
      </div>
      <div className="mt-3">
        <SuggestionsList suggestions={suggestions} tracked={tracked} loading={suggestionsLoading} disabled={readOnly} actions={actions} />
      </div>
    </section>
  );
}
