import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { useInitData } from '../../lib/init-data';

const LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/terms', label: 'Terms of Use' },
  { to: '/privacy', label: 'Privacy Policy' },
];

export function Footer() {
  const { data } = useInitData();
  return (
    <footer className="border-t border-slate-200 py-8 text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-4 px-4 md:flex-row md:justify-between md:px-6">
        <p>© {new Date().getFullYear()} Herald{data ? ` · v${data.version}` : ''}</p>
        <nav aria-label="Footer" className="flex flex-col items-center gap-3 md:flex-row md:gap-6">
          {LINKS.map((link) => (
            <Link key={link.to} to={link.to} className="hover:text-slate-900 hover:underline dark:hover:text-white">
              {link.label}
            </Link>
          ))}
          {data?.site_url && (
            <a href={data.site_url} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 hover:text-slate-900 hover:underline dark:hover:text-white">
              Herald website <ExternalLink aria-hidden className="size-3.5" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          )}
        </nav>
      </div>
    </footer>
  );
}
