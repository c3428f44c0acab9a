import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';

/** A page whose subject cannot be shown (an article, a board): what is missing, why, and the way back to the feed. */
export function NotFoundSection({ id, title, reason }: { id: string; title: string; reason: string }) {
  return (
    <section aria-labelledby={id} className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 id={id} className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        {title}
      </h1>
      <p role="alert" className="mt-3 text-slate-600 dark:text-slate-400">
        {reason}
      </p>
      <Link to="/" className="mt-6 inline-flex items-center gap-2 text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
        <ArrowLeft aria-hidden className="size-4" /> Back to your feed
      </Link>
    </section>
  );
}
