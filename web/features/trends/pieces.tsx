import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Minus, TrendingDown, TrendingUp } from 'lucide-react';
import { articleHref, splitMarkers } from '../../lib/article-data';
import type { ChangeDirection } from './figures';

export const cardClass = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:p-5 dark:border-slate-800 dark:bg-slate-900';
export const mutedText = 'text-sm text-slate-600 dark:text-slate-400';
export const articleLink = 'font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-400';

/** A section of the dashboard: a card with its heading, and a sentence under it when there is one. */
export function Section({ id, title, intro, children, className = '' }: { id: string; title: string; intro?: ReactNode; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`${cardClass} ${className}`}>
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {intro && <p className={`mt-1 ${mutedText}`}>{intro}</p>}
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** What an empty section will hold, in words. */
export function EmptyNote({ children }: { children: ReactNode }) {
  return <div className="rounded-lg border border-dashed border-slate-300 px-4 py-5 text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">{children}</div>;
}

/** The change against the period before, with an arrow that says which way. */
export function ChangeBadge({ text, direction }: { text: string; direction: ChangeDirection }) {
  const Icon = direction === 'up' ? TrendingUp : direction === 'down' ? TrendingDown : Minus;
  return (
    <span className="inline-flex items-center gap-1.5 text-sm font-medium text-slate-700 dark:text-slate-300">
      <Icon aria-hidden className="size-4 shrink-0" />
      {text}
    </span>
  );
}

/**
 * Text with reference markers ([1], [2, 3]) as links to the articles they name: `target(n)` is the
 * article of marker n (undefined leaves the marker as plain text).
 */
export function LinkedMarkers({ text, target, userId }: { text: string; target: (n: number) => { id: number; title: string } | undefined; userId: string | undefined }) {
  return (
    <>
      {splitMarkers(text).map((part, index) => {
        if (!('marker' in part)) return <span key={index}>{part.text}</span>;
        const article = target(part.marker);
        if (!article) return <span key={index}>[{part.marker}]</span>;
        return (
          <Link
            key={index}
            to={articleHref(article.id, userId)}
            aria-label={`Reference ${part.marker}: ${article.title}`}
            title={article.title}
            data-reference={part.marker}
            className="rounded px-0.5 align-baseline text-[0.85em] font-semibold text-blue-700 hover:bg-blue-50 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-400 dark:hover:bg-blue-950"
          >
            [{part.marker}]
          </Link>
        );
      })}
    </>
  );
}
