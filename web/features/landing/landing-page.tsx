import { Link } from 'react-router';
import { BellRing, Brain, Briefcase, CheckCircle2, FlaskConical, Gauge, Layers, MousePointerClick, Radar, Scale } from 'lucide-react';

const FEATURES = [
  {
    icon: Radar,
    title: 'Real-time Monitoring',
    text: 'Herald watches news, studies, legislation, regulations, court dockets, filings, trials, patents and trademarks around the clock.',
  },
  {
    icon: Brain,
    title: 'AI-Powered Analysis',
    text: 'Each development becomes a short article with its context, key figures and what to do about it, every claim cited by number.',
  },
  {
    icon: BellRing,
    title: 'Instant Alerts',
    text: 'Breaking developments reach you the moment they matter; everything else waits for your daily brief.',
  },
];

const AUDIENCES = [
  { icon: Briefcase, title: 'Executives and Industry Analysts', text: 'Competitors, markets, deals and policy shifts, without reading a hundred sources a day.' },
  { icon: FlaskConical, title: 'Engineers and Scientists', text: 'New studies, trials and patents in your field, summarised with the numbers that count.' },
  { icon: Scale, title: 'Lawyers', text: 'Bills, rules, dockets and rulings that touch your clients, as soon as they are filed.' },
];

const DIFFERENTIATORS = [
  { icon: Gauge, title: 'Fast', text: 'Minutes from publication to your feed, not days.' },
  { icon: Layers, title: 'Complete', text: 'Nine kinds of primary source in one place, deduplicated into one story.' },
  { icon: MousePointerClick, title: 'Easy', text: 'Describe what you follow in plain words; Herald sets up the topics.' },
];

export default function LandingPage() {
  return (
    <div>
      <section className="bg-gradient-to-b from-blue-50 to-white px-4 pt-16 pb-20 text-center dark:from-slate-900 dark:to-slate-950 md:pt-24">
        <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">Advanced Intelligence. Real-Time.</p>
        <h1 className="mx-auto mt-4 max-w-3xl text-4xl font-bold tracking-tight md:text-6xl">Superior Intelligence, Delivered</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Herald alerts professionals to critical new developments in business, law, medicine, science and engineering, and explains them in
          short, cited articles written for you.
        </p>
        <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
          <Link to="/register" className="rounded-lg bg-blue-700 px-5 py-3 text-base font-semibold text-white shadow-sm hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
            Create your account
          </Link>
          <Link to="/login" className="rounded-lg border border-slate-300 bg-white px-5 py-3 text-base font-semibold text-slate-800 hover:bg-slate-50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800">
            Log in
          </Link>
        </div>
      </section>

      <section aria-labelledby="features" className="mx-auto max-w-6xl px-4 py-16 md:px-6">
        <h2 id="features" className="text-center text-3xl font-bold tracking-tight">
          What Herald does
        </h2>
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <div key={title} className="rounded-xl border border-slate-200 p-6 dark:border-slate-800">
              <Icon aria-hidden className="size-8 text-blue-700 dark:text-blue-400" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-400">{text}</p>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="audiences" className="bg-slate-50 px-4 py-16 dark:bg-slate-900 md:px-6">
        <div className="mx-auto max-w-6xl">
          <h2 id="audiences" className="text-center text-3xl font-bold tracking-tight">
            Built for people who cannot miss a development
          </h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {AUDIENCES.map(({ icon: Icon, title, text }) => (
              <div key={title} className="rounded-xl bg-white p-6 shadow-sm dark:bg-slate-950">
                <Icon aria-hidden className="size-7 text-blue-700 dark:text-blue-400" />
                <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                <p className="mt-2 text-slate-600 dark:text-slate-400">{text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="why" className="mx-auto max-w-6xl px-4 py-16 md:px-6">
        <h2 id="why" className="text-center text-3xl font-bold tracking-tight">
          Why Herald
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {DIFFERENTIATORS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <Icon aria-hidden className="size-7 shrink-0 text-blue-700 dark:text-blue-400" />
              <div>
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="mt-1 text-slate-600 dark:text-slate-400">{text}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-12 flex items-center justify-center gap-2 text-sm text-slate-500 dark:text-slate-400">
          <CheckCircle2 aria-hidden className="size-4" /> Runs on your own servers, with or without an AI provider key.
        </p>
        <p className="mt-8 text-center">
          <Link to="/register" className="font-semibold text-blue-700 hover:underline dark:text-blue-400">
            Create your account
          </Link>{' '}
          <span className="text-slate-600 dark:text-slate-400">and follow your first topics in a few minutes.</span>
        </p>
      </section>
    </div>
  );
}
