import { useEffect, useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { FileUp, Search, UserPlus } from 'lucide-react';
import { ACCOUNT_TEXT, type TAccountUser, type TAccountUsers } from '../../../contract/accounts';
import { Alert, Button, inputClass } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { accountApi, accountKeys, errorText, useAccountUsers } from './api';
import { CardShell } from './card-shell';
import { CsvInviteDialog } from './csv-invite-dialog';
import { InviteUserDialog } from './invite-user-dialog';
import { UserRow, type RoleChoice } from './user-row';
import { displayName, matchesSearch } from './users';

/**
 * The Users card: the count in the title, a search over name, email, title,
 * location, role and status, 'Showing X of Y users', the rows with their status and, for people
 * invited, Resend Invite; Invite User and a CSV import for administrators with can_edit.
 */
export function UsersCard({ canEdit, selfId }: { canEdit: boolean; selfId: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const users = useAccountUsers();
  const [search, setSearch] = useState('');
  const [inviteOpen, setInviteOpen] = useState(false);
  const [csvOpen, setCsvOpen] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const searchId = useId();

  useEffect(() => {
    if (users.isError) toast.show('error', ACCOUNT_TEXT.loadUsersFailed);
  }, [users.isError, toast]);

  const all = users.data?.results ?? [];
  const shown = all.filter((user) => matchesSearch(user, search));

  const replaceRow = (row: TAccountUser) =>
    queryClient.setQueryData<TAccountUsers>(accountKeys.users, (current) => current && { ...current, results: current.results.map((user) => (user.id === row.id ? row : user)) });

  const resend = async (user: TAccountUser) => {
    setPending(user.id);
    try {
      const answer = await accountApi.resendInvite(user.id);
      replaceRow(answer.user);
      toast.show('success', ACCOUNT_TEXT.resent(displayName(user)));
    } catch (error) {
      toast.show('error', errorText(error, ACCOUNT_TEXT.resendFailed));
    } finally {
      setPending(null);
    }
  };

  const changeRole = async (user: TAccountUser, choice: RoleChoice) => {
    setPending(user.id);
    try {
      const answer = await accountApi.updateUser({ user_id: user.id, role: choice === 'MEMBER' ? 'MEMBER' : 'ADMIN', ...(user.status === 'ACTIVE' && choice !== 'MEMBER' ? { can_edit: choice === 'ADMIN' } : {}) });
      replaceRow(answer.user);
      toast.show('success', `Role updated for ${displayName(user)}`);
    } catch (error) {
      toast.show('error', errorText(error, 'Failed to update role'));
    } finally {
      setPending(null);
    }
  };

  const changeBilling = async (user: TAccountUser, billingAdmin: boolean) => {
    setPending(user.id);
    try {
      const answer = await accountApi.updateUser({ user_id: user.id, billing_admin: billingAdmin });
      replaceRow(answer.user);
      toast.show('success', billingAdmin ? `${displayName(user)} is now a billing administrator` : `${displayName(user)} is no longer a billing administrator`);
      // Your own billing role changes what the shell shows (Account Settings → Billing).
      if (user.id === selfId) void queryClient.invalidateQueries({ queryKey: ['me'] });
    } catch (error) {
      toast.show('error', errorText(error, 'Failed to update the billing role'));
    } finally {
      setPending(null);
    }
  };

  const refresh = () => void queryClient.invalidateQueries({ queryKey: accountKeys.users });

  return (
    <CardShell
      title={`Users (${all.length})`}
      action={
        canEdit ? (
          <>
            <Button type="button" variant="secondary" className="w-auto! px-3! py-1.5!" onClick={() => setCsvOpen(true)}>
              <FileUp aria-hidden className="size-4" /> Import CSV
            </Button>
            <Button type="button" className="w-auto! px-3! py-1.5!" onClick={() => setInviteOpen(true)}>
              <UserPlus aria-hidden className="size-4" /> Invite User
            </Button>
          </>
        ) : undefined
      }
    >
      <label htmlFor={searchId} className="sr-only">
        Search users
      </label>
      <div className="relative">
        <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        <input
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search users by name, email, title, role, or status..."
          className={`${inputClass} pl-9`}
        />
      </div>
      {all.length > 0 && (
        <p aria-live="polite" className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          Showing {shown.length} of {all.length} users
        </p>
      )}

      <div className="mt-3">
        {users.isPending && <p className="text-sm text-slate-600 dark:text-slate-400">Loading users…</p>}
        {users.isError && !users.data && (
          <Alert tone="error">
            {ACCOUNT_TEXT.loadUsersFailed}.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void users.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        {users.data && all.length === 0 && <p className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">No users in this account yet</p>}
        {all.length > 0 && shown.length === 0 && (
          <div className="py-6 text-center text-sm text-slate-600 dark:text-slate-400">
            <p>No users found matching &quot;{search.trim()}&quot;</p>
            <button type="button" onClick={() => setSearch('')} className="mt-2 font-medium text-blue-700 hover:underline dark:text-blue-400">
              Clear search
            </button>
          </div>
        )}
        {shown.length > 0 && (
          <ul aria-label="Users" className="divide-y divide-slate-200 dark:divide-slate-800">
            {shown.map((user) => (
              <UserRow key={user.id} user={user} isSelf={user.id === selfId} canEdit={canEdit} busy={pending === user.id} onResend={() => void resend(user)} onRole={(choice) => void changeRole(user, choice)} onBilling={(on) => void changeBilling(user, on)} />
            ))}
          </ul>
        )}
      </div>

      <InviteUserDialog open={inviteOpen} onClose={() => setInviteOpen(false)} users={all} onInvited={refresh} />
      <CsvInviteDialog open={csvOpen} onClose={() => setCsvOpen(false)} onInvited={refresh} />
    </CardShell>
  );
}
