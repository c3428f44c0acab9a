import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { ACCOUNT_TEXT } from '../../../contract/accounts';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { useViewing } from '../../lib/viewing';
import { AccountInfoCard } from './account-info-card';
import { AccountTabs, canSeeBilling, canSeeSettings } from './account-tabs';
import { useAccountInfo } from './api';
import { TeamDeliveriesCard } from './team-deliveries-card';
import { UsersCard } from './users-card';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * Account Settings: the Account Information, Users and Team deliveries cards of the signed-in
 * user's own account. Administrators and superusers only: anyone else goes home with
 * 'Only account administrators can access this page' (a billing administrator goes to Billing).
 * Without can_edit the page is read-only.
 */
export default function AccountPage() {
  const { me } = useViewing();
  const navigate = useNavigate();
  const toast = useToast();
  const isAdmin = canSeeSettings(me);
  const turnedAway = useRef(false);
  const info = useAccountInfo(isAdmin);

  useEffect(() => {
    if (isAdmin || turnedAway.current) return;
    turnedAway.current = true;
    // A billing administrator who is no account administrator has Billing alone.
    if (canSeeBilling(me)) return void navigate('/account/billing', { replace: true });
    toast.show('error', ACCOUNT_TEXT.adminsOnly);
    navigate('/', { replace: true });
  }, [isAdmin, me, navigate, toast]);

  usePageTitle('Account Settings');

  if (!isAdmin) return <Spinner />;
  const canEdit = info.data?.can_edit ?? false;

  return (
    <div className="mx-auto w-full max-w-5xl px-4 pt-6 pb-8 md:px-8 md:pt-8 md:pb-16">
      <button
        type="button"
        onClick={() => navigate('/')}
        className="rounded-md py-1 text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-400"
      >
        ← Back to Home
      </button>
      <h1 className="mt-3 text-2xl font-bold tracking-tight md:text-3xl">Account Settings</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-400">Manage your account information</p>
      <AccountTabs me={me} />

      {info.data && !canEdit && (
        <div role="note" className="mt-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-100">
          {ACCOUNT_TEXT.viewOnly}
        </div>
      )}

      <div className="mt-6 space-y-6">
        <AccountInfoCard query={info} />
        <UsersCard canEdit={canEdit} selfId={me.id} />
        <TeamDeliveriesCard />
      </div>
    </div>
  );
}
