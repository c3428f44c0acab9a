import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Bot, Database, Eye, FileDown, LayoutList, LogOut, MessagesSquare, Moon, RotateCcw, Rss, Search, Sun, UserCog, UserPlus, UserX } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Dialog } from '../components/ui/dialog';
import { Button } from '../components/ui/form';
import type { MenuItem } from '../components/ui/menu';
import { Menu } from '../components/ui/menu';
import { useToast } from '../components/ui/toast';
import { ApiError } from '../lib/api';
import { authClient } from '../lib/auth-client';
import { useSession } from '../lib/session';
import { useTheme } from '../lib/theme';
import { useViewing, withUser } from '../lib/viewing';
import { fullName } from './profile-completion';
import { useShellTools } from './shell-tools';

/**
 * The user menu. Everyone: the theme switch and Logout.
 * Superusers: Edit Models, Search, Sources (/sources), Export Data, Restart Content, Reset Profile and the view switch;
 * while impersonating also Edit Profile and Add Test User.
 */
export function UserMenu({ trigger, label, triggerClassName, placement }: { trigger: ReactNode; label: string; triggerClassName: string; placement?: 'below' | 'above' }) {
  const { logout } = useSession();
  const { theme, toggle } = useTheme();
  const viewing = useViewing();
  const tools = useShellTools();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<'restart' | 'reset' | null>(null);
  const superuser = viewing.me.is_superuser;

  const items: MenuItem[] = [];
  if (superuser) {
    if (viewing.isImpersonating && tools.has('profile')) items.push({ key: 'profile', label: 'Edit Profile', icon: <UserCog />, onSelect: () => tools.openTool('profile') });
    if (tools.has('models')) items.push({ key: 'models', label: 'Edit Models', icon: <Bot />, onSelect: () => tools.openTool('models') });
    if (tools.has('search')) items.push({ key: 'search', label: 'Search', icon: <Search />, onSelect: () => tools.openTool('search') });
    items.push({ key: 'sources', label: 'Sources', icon: <Rss />, onSelect: () => navigate('/sources') });
    if (tools.has('export')) items.push({ key: 'export', label: 'Export Data', icon: <FileDown />, onSelect: () => tools.openTool('export') });
    items.push({ key: 'restart', label: 'Restart Content', icon: <RotateCcw />, onSelect: () => setConfirm('restart') });
    items.push({ key: 'reset', label: 'Reset Profile', icon: <UserX />, onSelect: () => setConfirm('reset') });
    if (tools.has('logs')) items.push({ key: 'logs', label: 'Conversation Logs', icon: <MessagesSquare />, onSelect: () => tools.openTool('logs') });
    items.push(
      viewing.viewMode === 'timeline'
        ? { key: 'view', label: 'Switch to user view', icon: <Eye />, onSelect: () => viewing.setViewMode('user') }
        : { key: 'view', label: 'Switch to timeline view', icon: <LayoutList />, onSelect: () => viewing.setViewMode('timeline') },
    );
    if (viewing.isImpersonating && tools.has('test-user')) items.push({ key: 'test-user', label: 'Add Test User', icon: <UserPlus />, onSelect: () => tools.openTool('test-user') });
  }
  items.push({ key: 'theme', label: theme === 'dark' ? 'Light Mode' : 'Dark Mode', icon: theme === 'dark' ? <Sun /> : <Moon />, onSelect: toggle, separated: superuser });
  items.push({ key: 'logout', label: 'Logout', icon: <LogOut />, onSelect: () => void logout(), separated: true });

  return (
    <>
      <Menu
        label={label}
        trigger={trigger}
        triggerClassName={triggerClassName}
        placement={placement}
        header={
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900 dark:text-white">{fullName(viewing.me)}</p>
            <p className="truncate text-xs text-slate-600 dark:text-slate-400">{viewing.me.email}</p>
            {viewing.isImpersonating && <p className="mt-1 truncate text-xs font-medium text-amber-800 dark:text-amber-200">Viewing as {fullName(viewing.viewed)}</p>}
          </div>
        }
        items={items}
      />
      <RestartContentDialog open={confirm === 'restart'} onClose={() => setConfirm(null)} />
      <ResetProfileDialog open={confirm === 'reset'} onClose={() => setConfirm(null)} />
    </>
  );
}

/** Restart Content: clears the viewed user's articles and update timestamps. */
function RestartContentDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const viewing = useViewing();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const name = fullName(viewing.viewed);
  const run = async () => {
    setBusy(true);
    try {
      const answer = await authClient.authedApi<{ deleted_counts: { events: number } }>(withUser('/articles/restart-content/', viewing.userId), { method: 'POST' });
      toast.show('success', `Content restarted: ${answer.deleted_counts.events} events deleted.`);
      onClose();
      // Impersonation is cleared on content restart.
      if (viewing.isImpersonating) viewing.stop();
      await queryClient.invalidateQueries();
    } catch (error) {
      toast.show('error', error instanceof ApiError ? error.message : 'Failed to restart content');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title="Restart Content"
      description={`Delete every event and article of ${name}? New documents will be processed again from now on.`}
      footer={
        <>
          <Button variant="secondary" className="w-auto" onClick={onClose}>
            Cancel
          </Button>
          <Button className="w-auto bg-red-700 hover:bg-red-800" busy={busy} busyLabel="Restarting…" onClick={() => void run()}>
            <Database aria-hidden className="size-4" /> Restart Content
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">Topics and the profile stay as they are.</p>
    </Dialog>
  );
}

/**
 * Reset Profile: POST /conversation/restart/ for the viewed user clears the AI
 * profile and starts the interview again. The user view then shows the interview; a profile form
 * that is not complete (redirect_to_profile_completion) sends the signed-in user to /complete-profile.
 */
function ResetProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const viewing = useViewing();
  const toast = useToast();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const name = fullName(viewing.viewed);
  const run = async () => {
    setBusy(true);
    try {
      const answer = await authClient.authedApi<{ redirect_to_profile_completion?: boolean }>(withUser('/conversation/restart/', viewing.userId), { method: 'POST' });
      toast.show('success', `The profile of ${name} was reset.`);
      onClose();
      await viewing.reload();
      await queryClient.invalidateQueries();
      if (answer.redirect_to_profile_completion && !viewing.isImpersonating) {
        navigate('/complete-profile');
        return;
      }
      // The interview rebuilds the profile: it is the user view's home without one.
      viewing.setViewMode('user');
      navigate('/');
    } catch (error) {
      toast.show('error', error instanceof ApiError ? error.message : 'Failed to reset the profile');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="sm"
      title="Reset Profile"
      description={`Clear the AI profile of ${name} and start the interview again?`}
      footer={
        <>
          <Button variant="secondary" className="w-auto" onClick={onClose}>
            Cancel
          </Button>
          <Button className="w-auto bg-red-700 hover:bg-red-800" busy={busy} busyLabel="Resetting…" onClick={() => void run()}>
            <UserX aria-hidden className="size-4" /> Reset Profile
          </Button>
        </>
      }
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">Topics, articles and account details stay as they are.</p>
    </Dialog>
  );
}
