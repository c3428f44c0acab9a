import { useId, type ReactNode } from 'react';

/** A settings card: a titled section with an optional action on the right of its header. */
export function CardShell({ title, action, children }: { title: ReactNode; action?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-200 px-4 py-3 md:px-6 dark:border-slate-800">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {action && <div className="flex flex-wrap gap-2">{action}</div>}
      </div>
      <div className="px-4 py-4 md:px-6 md:py-5">{children}</div>
    </section>
  );
}
