import { Link } from 'react-router';
import { Moon, Sun } from 'lucide-react';
import { HEADER_SCROLL_THRESHOLD_PX } from '../../../contract/constants';
import { LogoMark } from '../../components/ui/logo';
import { useSession } from '../../lib/session';
import { useScrolled } from '../../lib/use-scrolled';
import { useTheme } from '../../lib/theme';

/** Whether the header offers the Login link (when enabled). */
export const LOGIN_LINK_ENABLED = true;

export function Header() {
  const scrolled = useScrolled(HEADER_SCROLL_THRESHOLD_PX);
  const { theme, toggle } = useTheme();
  const { status } = useSession();
  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-0 z-40 transition-colors duration-200 ${
        scrolled ? 'border-b border-slate-200 bg-white/90 shadow-sm backdrop-blur dark:border-slate-800 dark:bg-slate-950/90' : 'bg-transparent'
      }`}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 md:px-6">
        <Link to="/" className="flex items-center gap-2 rounded focus-visible:outline-2 focus-visible:outline-blue-600" aria-label="Herald home">
          <LogoMark />
          <span className="text-lg font-semibold tracking-tight text-slate-900 dark:text-white">Herald</span>
          <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-800 dark:bg-blue-900/60 dark:text-blue-200">Beta</span>
        </Link>
        <nav className="flex items-center gap-2">
          <button
            type="button"
            onClick={toggle}
            aria-label={theme === 'dark' ? 'Switch to light mode' : 'Switch to dark mode'}
            title={theme === 'dark' ? 'Light Mode' : 'Dark Mode'}
            className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            {theme === 'dark' ? <Sun aria-hidden className="size-5" /> : <Moon aria-hidden className="size-5" />}
          </button>
          {LOGIN_LINK_ENABLED && status === 'anonymous' && (
            <Link to="/login" className="rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800">
              Login
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
