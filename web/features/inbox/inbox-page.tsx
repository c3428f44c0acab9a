import { InboxList } from './inbox-list';

/** /inbox: the inbox as a page (phones open it from the bell; it works on every screen). */
export default function InboxPage() {
  return (
    <section aria-labelledby="inbox-title" className="mx-auto w-full max-w-2xl px-4 py-6 md:px-6 md:py-10">
      <h1 id="inbox-title" className="mb-4 text-2xl font-bold tracking-tight text-slate-900 dark:text-white">
        Inbox
      </h1>
      <div className="rounded-xl border border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900">
        <InboxList />
      </div>
    </section>
  );
}
