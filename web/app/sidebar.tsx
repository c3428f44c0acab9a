import { lazy, Suspense, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { Building2, ChartColumn, Home, Lock, LogOut, MoreHorizontal, UserPen } from 'lucide-react';
import type { TUserListItem } from '../../contract/users';
import type { TTopic } from '../../contract/topics';
import { PreviewUsersSelector } from '../features/account/preview-users-selector';
import { useToast } from '../components/ui/toast';
import { authClient } from '../lib/auth-client';
import { useBoards } from '../lib/boards';
import { useSession } from '../lib/session';
import { useViewing } from '../lib/viewing';
import { fullName, initialsOf, profileCompletion } from './profile-completion';
import { useShellTools } from './shell-tools';
import { UserMenu } from './user-menu';
import { UserSelector, type SelectableUser } from './user-selector';
import { capitalise } from '../lib/text';

const navButton =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

// The superuser's topic detail modal, loaded when first opened.
const TopicDetailModal = lazy(() => import('../features/tools/topic-detail-modal'));

async function loadAllUsers(search: string, signal: AbortSignal): Promise<SelectableUser[]> {
  const answer = await authClient.authedApi<{ results: TUserListItem[] }>(`/users/?limit=50${search ? `&search=${encodeURIComponent(search)}` : ''}`, { signal });
  return answer.results.map((u) => ({ id: u.id, name: fullName(u), detail: [u.email, u.title, u.company].filter(Boolean).join(' · ') }));
}

/**
 * The side panel: who is shown, navigation, the user selector, the Profile
 * Completion meter and the topics. On phones it is the Profile tab.
 */
export function SidebarContent({ onNavigate, onTopic }: { onNavigate?: () => void; onTopic?: (topic: TTopic) => void }) {
  const viewing = useViewing();
  const { logout } = useSession();
  const tools = useShellTools();
  const navigate = useNavigate();
  const toast = useToast();
  const { me, viewed } = viewing;
  const completion = profileCompletion(viewed);
  // A superuser on the timeline view sees each topic's description and question; a click opens its details.
  const [detailTopic, setDetailTopic] = useState<TTopic | null>(null);
  const topicAction = me.is_superuser && viewing.viewMode === 'timeline' ? setDetailTopic : onTopic;
  const canSeeAccount = me.role === 'ADMIN' || me.is_superuser || me.billing_admin;
  const canPreview = !me.is_superuser && me.role === 'ADMIN' && me.account_count > 1;
  const go = (to: string) => {
    navigate(to);
    onNavigate?.();
  };
  const selectorProps = {
    activeUser: viewing.isImpersonating ? { id: viewed.id, name: viewing.loadingViewed ? 'Loading impersonated user...' : fullName(viewed) } : undefined,
    // The server checks and audits the start of an impersonation before the shell switches.
    onSelect: (user: SelectableUser) => {
      authClient
        .authedApi(`/a/preview/${encodeURIComponent(user.id)}/`, { method: 'POST' })
        .then(() => viewing.start({ id: user.id, name: user.name }))
        .catch(() => toast.show('error', 'Failed to fetch user data'));
    },
    onStop: viewing.stop,
  };

  return (
    <div className="flex h-full flex-col gap-5 overflow-y-auto p-4">
      <div className="flex items-center gap-3">
        {viewed.account_logo ? (
          <img src={viewed.account_logo} alt={`${viewed.account_name} logo`} className="size-12 shrink-0 rounded-full border border-slate-200 bg-white object-contain dark:border-slate-700" />
        ) : (
          <span aria-hidden className="flex size-12 shrink-0 items-center justify-center rounded-full bg-blue-700 text-base font-semibold text-white dark:bg-blue-600">
            {initialsOf(viewed)}
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900 dark:text-white">{fullName(viewed)}</p>
          {/* A personal account bears its owner's name: the email says more than the name again. */}
          <p className="truncate text-sm text-slate-600 dark:text-slate-400">{viewed.account_name && viewed.account_name !== fullName(viewed) ? viewed.account_name : viewed.email}</p>
        </div>
        {me.is_superuser && (
          <UserMenu
            label="More"
            trigger={<MoreHorizontal aria-hidden className="size-5" />}
            triggerClassName="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white"
          />
        )}
      </div>

      <nav aria-label="Account" className="space-y-1">
        <button type="button" className={navButton} onClick={() => go('/')}>
          <Home aria-hidden className="size-4" /> Home
        </button>
        <Link to="/trends" onClick={onNavigate} className={navButton}>
          <ChartColumn aria-hidden className="size-4" /> Trends
        </Link>
        {tools.has('profile') && (
          <button type="button" className={navButton} onClick={() => tools.openTool('profile')}>
            <UserPen aria-hidden className="size-4" /> Edit profile
          </button>
        )}
        {canSeeAccount && (
          <button type="button" className={navButton} onClick={() => go('/account')}>
            <Building2 aria-hidden className="size-4" /> Account settings
          </button>
        )}
        <button type="button" className={navButton} onClick={() => void logout()}>
          <LogOut aria-hidden className="size-4" /> Logout
        </button>
      </nav>

      {me.is_superuser && <UserSelector title="View as user" queryKey="all" load={loadAllUsers} {...selectorProps} />}
      {canPreview && <PreviewUsersSelector onSelect={viewing.start} onStop={viewing.stop} activeUserId={viewing.isImpersonating ? viewing.userId : undefined} />}

      {completion < 100 && (
        <section aria-labelledby="profile-completion-title">
          <div className="mb-1 flex items-center justify-between text-sm">
            <h3 id="profile-completion-title" className="font-medium text-slate-800 dark:text-slate-200">
              Profile Completion
            </h3>
            <span className="font-semibold text-slate-900 dark:text-white">{completion}%</span>
          </div>
          <div role="progressbar" aria-labelledby="profile-completion-title" aria-valuenow={completion} aria-valuemin={0} aria-valuemax={100} className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
            <div className="h-full rounded-full bg-blue-600 transition-[width] dark:bg-blue-500" style={{ width: `${completion}%` }} />
          </div>
        </section>
      )}

      <section aria-labelledby="sidebar-topics-title" className="shrink-0">
        <div className="mb-2 flex items-center justify-between">
          <h3 id="sidebar-topics-title" className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Topics
          </h3>
          <Link to="/topics" onClick={onNavigate} className="text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
            Manage
          </Link>
        </div>
        {viewed.topics.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">You haven&apos;t added any topics yet. Use Manage to create your first topic.</p>
        ) : (
          <ul className="space-y-1">
            {viewed.topics.map((topic) => (
              <li key={topic.id} className="flex items-start gap-1">
                {topicAction ? (
                  <button type="button" onClick={() => topicAction(topic)} className="block min-w-0 flex-1 rounded-md px-2 py-1.5 text-left hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800">
                    <TopicLine topic={topic} detailed />
                  </button>
                ) : (
                  <Link to={`/?topic=${topic.id}`} onClick={onNavigate} className="block min-w-0 flex-1 rounded-md px-2 py-1.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800">
                    <TopicLine topic={topic} />
                  </Link>
                )}
                {/* The topic's dashboard, beside the line that filters the feed. */}
                <Link
                  to={`/topics/${topic.id}`}
                  onClick={onNavigate}
                  aria-label={`Trends for ${capitalise(topic.name)}`}
                  title="Trends"
                  className="shrink-0 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  <ChartColumn aria-hidden className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      {/* The signed-in reader's own boards: not shown while viewing as someone else. */}
      {!viewing.isImpersonating && <SidebarBoards onNavigate={onNavigate} />}
      {detailTopic && (
        <Suspense fallback={null}>
          <TopicDetailModal topic={detailTopic} userId={viewing.userId} onClose={() => setDetailTopic(null)} />
        </Suspense>
      )}
    </div>
  );
}

function TopicLine({ topic, detailed = false }: { topic: TTopic; detailed?: boolean }) {
  return (
    <>
      <span className="flex items-center gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
        <span className="truncate">{capitalise(topic.name)}</span>
        {topic.processing && <span className="shrink-0 rounded bg-slate-200 px-1.5 py-0.5 text-[11px] font-medium text-slate-700 normal-case dark:bg-slate-700 dark:text-slate-200">Processing...</span>}
      </span>
      {detailed && (
        <>
          {topic.description && <span className="mt-0.5 line-clamp-2 block text-xs text-slate-600 dark:text-slate-400">{topic.description}</span>}
          {topic.information_sought && <span className="mt-0.5 line-clamp-1 block text-xs text-slate-600 italic dark:text-slate-400">{topic.information_sought}</span>}
        </>
      )}
    </>
  );
}

/** "Boards" under the topics: the boards the reader sees, with their sizes; each opens its page. */
function SidebarBoards({ onNavigate }: { onNavigate?: () => void }) {
  const boards = useBoards();
  const list = boards.data?.boards ?? [];
  return (
    <section aria-labelledby="sidebar-boards-title" className="shrink-0">
      <h3 id="sidebar-boards-title" className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
        Boards
      </h3>
      {boards.isError ? (
        <p className="text-sm text-red-700 dark:text-red-300">Could not load your boards.</p>
      ) : boards.isPending ? null : list.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">No boards yet. Use “Add to board” on an article to start one.</p>
      ) : (
        <ul className="space-y-1">
          {list.map((board) => (
            <li key={board.id}>
              <NavLink to={`/boards/${board.id}`} onClick={onNavigate} className="flex items-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-600 aria-[current=page]:bg-blue-50 aria-[current=page]:text-blue-800 dark:text-slate-200 dark:hover:bg-slate-800 dark:aria-[current=page]:bg-blue-950 dark:aria-[current=page]:text-blue-200">
                <span className="min-w-0 flex-1 truncate">{board.name}</span>
                {board.visibility === 'private' && <Lock aria-label="Private" className="size-3.5 shrink-0 text-slate-500 dark:text-slate-400" />}
                <span className="shrink-0 rounded-full bg-slate-100 px-2 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-300" aria-label={`${board.item_count} ${board.item_count === 1 ? 'article' : 'articles'}`}>
                  {board.item_count}
                </span>
              </NavLink>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
