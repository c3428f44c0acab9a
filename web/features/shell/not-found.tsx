import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { NOT_FOUND_REDIRECT_MS } from '../../../contract/constants';

/** A missing page shows this screen, then goes to /?ec=pnf after 1 s. */
export function NotFound() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/?ec=pnf', { replace: true }), NOT_FOUND_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-sm font-semibold text-blue-700 dark:text-blue-400">404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-4 text-slate-600 dark:text-slate-400">This page does not exist. Taking you to the home page…</p>
      <Link to="/" replace className="mt-6 text-blue-700 underline dark:text-blue-400">
        Go home now
      </Link>
    </section>
  );
}
