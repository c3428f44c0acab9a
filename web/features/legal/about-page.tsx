import { useInitData } from '../../lib/init-data';

/** Until the operator names them (ABOUT_EXECUTIVES), the two executives' places say that they are places. */
const PLACEHOLDERS = [
  { name: 'Name of the chief executive', title: 'Chief Executive Officer' },
  { name: 'Name of the chief technology officer', title: 'Chief Technology Officer' },
];

export default function AboutPage() {
  const executives = useInitData().data?.executives ?? [];
  const named = executives.length > 0;
  const people = named ? executives : PLACEHOLDERS;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 md:px-6 md:py-16">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">About Herald</h1>
      <section className="mt-10">
        <h2 className="text-2xl font-semibold">What is the product?</h2>
        <div className="mt-4 space-y-4 leading-relaxed text-slate-700 dark:text-slate-300">
          <p>
            Herald is an intelligence feed for professionals. You tell it what you follow (a market, a molecule, a court case, a regulation, a
            competitor) and it reads the public record for you: news and press releases, scientific studies, legislation and regulations,
            litigation, securities filings, clinical trials, patents and trademarks.
          </p>
          <p>
            When something new and relevant happens, Herald writes a short article about it, citing every source by number so you can check each
            claim in one click. It ranks what matters most to you, sends breaking alerts when it cannot wait, and a daily brief when it can.
          </p>
          <p>Teams share an account, so everyone in an organisation works from the same picture of what changed today.</p>
        </div>
      </section>
      <section className="mt-12">
        <h2 className="text-2xl font-semibold">Who's behind it?</h2>
        <div className="mt-4 space-y-4 leading-relaxed text-slate-700 dark:text-slate-300">
          <p>
            Herald is built by a small team of engineers and analysts who spent years doing this work by hand: watching dockets, registries and
            journals for clients who could not afford to miss a development, and could not afford to read everything either.
          </p>
          <p>
            We believe machine-written intelligence must be checkable. That is why every Herald article cites its sources, why the engine that
            writes it can run entirely on your own servers, and why every step it takes can be inspected.
          </p>
        </div>
        <ul aria-label="Executives" className="mt-6 grid gap-4 sm:grid-cols-2">
          {people.map((person) => (
            <li key={person.name} className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
              <p className={named ? 'font-semibold' : 'font-semibold text-slate-500 italic dark:text-slate-400'}>{person.name}</p>
              <p className="text-sm text-slate-600 dark:text-slate-400">{person.title}</p>
            </li>
          ))}
        </ul>
        {!named && <p className="mt-3 text-sm text-slate-500 dark:text-slate-400">This installation has not named its executives yet.</p>}
      </section>
    </article>
  );
}
