import type { ReactNode } from 'react';

// The shared form widgets live in components/ui; the access screens import them from here too.
export * from '../../components/ui/form';

/** The page frame of the access screens: the public pages' gradient and a centred card. */
export function AuthPage({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  return (
    <div className="bg-gradient-to-b from-blue-50 to-white px-4 py-10 dark:from-slate-900 dark:to-slate-950 md:py-16">
      <div className={`mx-auto ${wide ? 'max-w-5xl' : 'max-w-md'}`}>{children}</div>
    </div>
  );
}

