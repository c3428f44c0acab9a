import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Header } from './header';

/** The public pages' frame: header, page, footer. Renders `children`, else the route's outlet. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <Header />
      <main id="main" className="flex-1 pt-16">
        {children ?? <Outlet />}
      </main>
      <Footer />
    </div>
  );
}
