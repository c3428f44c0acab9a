import { useId } from 'react';
import { Send } from 'lucide-react';
import type { TAccountUser } from '../../../contract/accounts';
import { Button } from '../../components/ui/form';
import { displayName, roleLabel, shortDate, statusLabel } from './users';

/** The role choices of the row's selector: an ADMIN's can_edit is part of the role here. */
export type RoleChoice = 'MEMBER' | 'ADMIN' | 'ADMIN_VIEW_ONLY';

const choiceOf = (user: TAccountUser): RoleChoice => (user.role === 'MEMBER' ? 'MEMBER' : user.can_edit || user.status === 'INVITED' ? 'ADMIN' : 'ADMIN_VIEW_ONLY');

const initials = (user: TAccountUser) => (`${user.first_name.trim()[0] ?? ''}${user.last_name.trim()[0] ?? ''}` || user.email[0] || '?').toUpperCase();

/** One person of the Users card: who, where, role, status (Active / Invited) and the actions. */
export function UserRow({
  user,
  isSelf,
  canEdit,
  busy,
  onResend,
  onRole,
  onBilling,
}: {
  user: TAccountUser;
  isSelf: boolean;
  canEdit: boolean;
  busy: boolean;
  onResend: () => void;
  onRole: (choice: RoleChoice) => void;
  onBilling: (billingAdmin: boolean) => void;
}) {
  const roleId = useId();
  const billingId = useId();
  const invited = user.status === 'INVITED';
  const info = user.invite_info;
  const name = displayName(user);
  const details = [user.title, user.location].filter(Boolean).join(' · ');

  return (
    <li className="flex flex-col gap-3 py-4 md:flex-row md:items-center md:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span aria-hidden className={`flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold ${invited ? 'bg-slate-200 text-slate-700 dark:bg-slate-700 dark:text-slate-200' : 'bg-blue-700 text-white dark:bg-blue-600'}`}>
          {initials(user)}
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 font-medium break-words">
            {name}
            {isSelf && <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">You</span>}
          </p>
          <p className="text-sm break-all text-slate-600 dark:text-slate-400">{user.email}</p>
          {details && <p className="text-sm text-slate-600 dark:text-slate-400">{details}</p>}
          {invited && info && (
            <p className={`mt-0.5 text-xs ${info.expired ? 'text-red-700 dark:text-red-300' : 'text-slate-500 dark:text-slate-400'}`}>
              Invited {shortDate(info.invited_at)}
              {info.invited_by ? ` by ${info.invited_by}` : ''} · {info.expired ? 'invitation expired' : `expires ${shortDate(info.expires_at)}`}
            </p>
          )}
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-2 pl-13 md:pl-0">
        {canEdit && !isSelf ? (
          <>
            <label htmlFor={roleId} className="sr-only">
              Role of {name}
            </label>
            <select
              id={roleId}
              value={choiceOf(user)}
              disabled={busy}
              onChange={(event) => onRole(event.target.value as RoleChoice)}
              className="w-40 rounded-md border border-slate-300 bg-white py-1 pr-7 pl-2 text-sm text-slate-800 focus:outline-2 focus:outline-blue-600/40 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
            >
              <option value="MEMBER">Member</option>
              <option value="ADMIN">Admin</option>
              {!invited && <option value="ADMIN_VIEW_ONLY">Admin (view only)</option>}
            </select>
          </>
        ) : (
          <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700 dark:bg-slate-800 dark:text-slate-200">{roleLabel(user)}</span>
        )}
        {!invited && canEdit ? (
          <label htmlFor={billingId} className="flex items-center gap-1.5 text-sm text-slate-700 dark:text-slate-300">
            <input id={billingId} type="checkbox" checked={user.billing_admin} disabled={busy} onChange={(event) => onBilling(event.target.checked)} className="size-4 accent-blue-700" />
            Billing<span className="sr-only"> administrator: {name}</span>
          </label>
        ) : (
          user.billing_admin && <span className="rounded-full bg-violet-100 px-2.5 py-0.5 text-xs font-semibold text-violet-900 dark:bg-violet-900/60 dark:text-violet-100">Billing admin</span>
        )}
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
            invited ? 'bg-amber-100 text-amber-900 dark:bg-amber-900/60 dark:text-amber-100' : 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100'
          }`}
        >
          {statusLabel(user)}
        </span>
        {invited && info && canEdit && (
          <Button type="button" variant="secondary" className="w-auto! px-2.5! py-1! text-xs!" busy={busy} busyLabel="Resending…" onClick={onResend} aria-label={`Resend Invite to ${name}`}>
            <Send aria-hidden className="size-3.5" /> Resend Invite
          </Button>
        )}
      </div>
    </li>
  );
}
