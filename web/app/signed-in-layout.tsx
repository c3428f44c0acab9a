import { useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { MessageSquarePlus, Newspaper, PanelLeftClose, PanelLeftOpen, UserRound } from 'lucide-react';
import { SIDEBAR_WIDTH_PX } from '../../contract/constants';
import type { TTopic } from '../../contract/topics';
import { LogoMark } from '../components/ui/logo';
import { InboxBell } from '../features/inbox/inbox-bell';
import { useIsMobile } from '../lib/use-media';
import { useViewing, ViewingProvider } from '../lib/viewing';
import { useActivityPing } from './activity';
import { fullName, initialsOf } from './profile-completion';
import { ShellToolsProvider, useShellTools } from './shell-tools';
import { SidebarContent } from './sidebar';
import { UserMenu } from './user-menu';

/**
 * The signed-in shell: a top bar, the 350 px side panel on desktop (open by
 * itself once the viewed user has an AI profile), and on phones (below 768 px) a bottom
 * navigation with Articles, Profile and Feedback. Pages render in the outlet (or as children).
 */
export function SignedInLayout({ children, onTopic }: { children?: ReactNode; onTopic?: (topic: TTopic) => void }) {
  return (
    <ViewingProvider>
      <ShellToolsProvider>
        <Shell onTopic={onTopic}>{children ?? <Outlet />}</Shell>
      </ShellToolsProvider>
    </ViewingProvider>
  );
}

function Shell({ children, onTopic }: { children: ReactNode; onTopic?: (topic: TTopic) => void }) {
  const viewing = useViewing();
  const tools = useShellTools();
  const mobile = useIsMobile();
  const location = useLocation();
  const navigate = useNavigate();
  const hasProfile = Boolean(viewing.viewed.gpt_profile);
  // The panel is open by itself once the viewed user has an AI profile, until the user toggles it.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const sidebarOpen = toggled ?? hasProfile;
  const setSidebarOpen = (update: (open: boolean) => boolean) => setToggled(update(sidebarOpen));
  // The phone's Profile tab belongs to the page it was opened on: a new page shows its content.
  const [tabState, setTabState] = useState<{ path: string; tab: 'articles' | 'profile' }>({ path: location.pathname, tab: 'articles' });
  const mobileTab = tabState.path === location.pathname ? tabState.tab : 'articles';
  const setMobileTab = (tab: 'articles' | 'profile') => setTabState({ path: location.pathname, tab });
  useActivityPing();

  const articleId = /^\/a\/(\d+)/.exec(location.pathname)?.[1];
  const showSidebar = !mobile && hasProfile && sidebarOpen;

  return (
    <div className="min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 dark:focus:bg-slate-900">
        Skip to content
      </a>
      <header className="fixed inset-x-0 top-0 z-40 h-14 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95">
        <div className="flex h-full items-center justify-between gap-3 px-3 md:px-4">
          <div className="flex min-w-0 items-center gap-2">
            {!mobile && hasProfile && (
              <button
                type="button"
                onClick={() => setSidebarOpen((open) => !open)}
                aria-label={sidebarOpen ? 'Close sidebar' : 'Open sidebar'}
                aria-expanded={sidebarOpen}
                aria-controls="sidebar"
                className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
              >
                {sidebarOpen ? <PanelLeftClose aria-hidden className="size-5" /> : <PanelLeftOpen aria-hidden className="size-5" />}
              </button>
            )}
            <Link to="/" aria-label="Herald home" className="flex items-center gap-2 rounded focus-visible:outline-2 focus-visible:outline-blue-600">
              <LogoMark className="size-7" />
              <span className="text-base font-semibold tracking-tight">Herald</span>
              <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-800 dark:bg-blue-900/60 dark:text-blue-200">Beta</span>
            </Link>
          </div>
          <div className="flex min-w-0 items-center gap-2">
            {viewing.isImpersonating && (
              <span className="hidden truncate rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold text-amber-900 sm:inline dark:bg-amber-900/60 dark:text-amber-100">
                {viewing.loadingViewed ? 'Loading impersonated user...' : `Viewing as ${fullName(viewing.viewed)}`}
              </span>
            )}
            <InboxBell />
            <UserMenu
              label="User menu"
              trigger={<span className="flex size-9 items-center justify-center rounded-full bg-blue-700 text-sm font-semibold text-white dark:bg-blue-600">{initialsOf(viewing.me)}</span>}
              triggerClassName="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
            />
          </div>
        </div>
      </header>

      {showSidebar && (
        <aside
          id="sidebar"
          aria-label="Profile"
          style={{ width: SIDEBAR_WIDTH_PX }}
          className="fixed top-14 bottom-0 left-0 z-30 border-r border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900"
        >
          <SidebarContent onTopic={onTopic} />
        </aside>
      )}

      {/* Room at the bottom for the strip fixed there (the tab bar on phones, Provide Feedback's strip elsewhere, 4rem each): the last item scrolls clear of it. */}
      <main id="main" className="pt-14 pb-20 md:pb-24" style={showSidebar ? { marginLeft: SIDEBAR_WIDTH_PX } : undefined}>
        {mobile && mobileTab === 'profile' ? (
          <div className="bg-white dark:bg-slate-900">
            <SidebarContent onNavigate={() => setMobileTab('articles')} />
          </div>
        ) : (
          children
        )}
      </main>

      {!mobile && (
        // The bottom strip the shell keeps for Provide Feedback, as the phone's tab bar: pages scroll under it, never under the button alone.
        <div
          data-testid="feedback-dock"
          style={showSidebar ? { left: SIDEBAR_WIDTH_PX } : undefined}
          className="fixed right-0 bottom-0 left-0 z-30 flex h-16 items-center justify-end border-t border-slate-200 bg-white/95 px-5 backdrop-blur dark:border-slate-800 dark:bg-slate-900/95"
        >
          <button
            type="button"
            onClick={() => tools.openFeedback(articleId ? Number(articleId) : undefined)}
            className="inline-flex items-center gap-2 rounded-full bg-blue-700 px-4 py-2.5 text-sm font-semibold text-white shadow-lg hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            <MessageSquarePlus aria-hidden className="size-4" /> Provide Feedback
          </button>
        </div>
      )}

      {mobile && (
        <nav aria-label="Main" className="fixed inset-x-0 bottom-0 z-40 grid h-16 grid-cols-3 border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <BottomButton
            label="Articles"
            active={mobileTab === 'articles'}
            icon={<Newspaper aria-hidden className="size-5" />}
            onClick={() => {
              // Tapping Articles while already on it and not on / goes to /.
              if (mobileTab === 'articles' && location.pathname !== '/') navigate('/');
              setMobileTab('articles');
            }}
          />
          <BottomButton label="Profile" active={mobileTab === 'profile'} icon={<UserRound aria-hidden className="size-5" />} onClick={() => setMobileTab('profile')} />
          <BottomButton label="Feedback" active={false} icon={<MessageSquarePlus aria-hidden className="size-5" />} onClick={() => tools.openFeedback(articleId ? Number(articleId) : undefined)} />
        </nav>
      )}
    </div>
  );
}

function BottomButton({ label, active, icon, onClick }: { label: string; active: boolean; icon: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-current={active ? 'page' : undefined}
      className={`flex flex-col items-center justify-center gap-0.5 text-xs font-medium focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 ${
        active ? 'text-blue-700 dark:text-blue-400' : 'text-slate-600 dark:text-slate-400'
      }`}
    >
      {icon}
      {label}
    </button>
  );
}
