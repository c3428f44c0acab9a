import type { ReactNode } from 'react';

export interface LegalSection {
  heading: string;
  body: ReactNode[];
}

export function LegalPage({ title, effective, intro, sections }: { title: string; effective: string; intro: ReactNode; sections: LegalSection[] }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 md:px-6 md:py-16">
      <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{title}</h1>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">Effective {effective}</p>
      <div className="mt-6 text-slate-700 dark:text-slate-300">{intro}</div>
      {sections.map((section, index) => (
        <section key={section.heading} className="mt-10">
          <h2 className="text-xl font-semibold">
            {index + 1}. {section.heading}
          </h2>
          <div className="mt-3 space-y-3 leading-relaxed text-slate-700 dark:text-slate-300">
            {section.body.map((paragraph, i) => (
              <div key={i}>{paragraph}</div>
            ))}
          </div>
        </section>
      ))}
    </article>
  );
}

export const COMPANY = 'Herald Intelligence LLC';
