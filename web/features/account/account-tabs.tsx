import { NavLink } from 'react-router';
import type { TMe } from '../../../contract/auth';

/** Who sees Account Settings' settings (administrators) and its Billing (billing administrators). */
export const canSeeSettings = (me: Pick<TMe, 'role' | 'is_superuser'>) => me.role === 'ADMIN' || me.is_superuser;
export const canSeeBilling = (me: Pick<TMe, 'billing_admin' | 'is_superuser'>) => me.billing_admin || me.is_superuser;

const tab = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600 ${isActive ? 'bg-blue-700 text-white dark:bg-blue-600' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`;

/** The tabs of Account Settings, shown to someone who may see both. */
export function AccountTabs({ me }: { me: Pick<TMe, 'role' | 'is_superuser' | 'billing_admin'> }) {
  if (!canSeeSettings(me) || !canSeeBilling(me)) return null;
  return (
    <nav aria-label="Account Settings" className="mt-4 flex gap-2">
      <NavLink to="/account" end className={tab}>
        Settings
      </NavLink>
      <NavLink to="/account/billing" className={tab}>
        Billing
      </NavLink>
    </nav>
  );
}
