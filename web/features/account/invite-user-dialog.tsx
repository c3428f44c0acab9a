import { useEffect, useId, useState, type FormEvent } from 'react';
import { ACCOUNT_TEXT, INVITE_EMAIL_CHECK_MS, type TAccountUser } from '../../../contract/accounts';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button, TextField } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { accountApi, errorText, fieldErrors } from './api';
import { duplicateProblem } from './users';

const EMPTY = { first_name: '', last_name: '', email: '', admin: false };

/**
 * The Invite User dialog: first name, last name and email are required
 * ('Please fill in all required fields'); 500 ms after typing stops, an email with an @ that
 * belongs to the account's list is flagged and blocks sending; 'Make this user an administrator'
 * invites as ADMIN. After a successful send the dialog closes and a success message appears.
 */
export function InviteUserDialog({ open, onClose, users, onInvited }: { open: boolean; onClose: () => void; users: readonly TAccountUser[]; onInvited: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Invite User" description="They will get an email with a link to join this account." size="sm">
      {/* Mounted only while open: every opening starts from an empty form. */}
      <InviteForm onClose={onClose} users={users} onInvited={onInvited} />
    </Dialog>
  );
}

function InviteForm({ onClose, users, onInvited }: { onClose: () => void; users: readonly TAccountUser[]; onInvited: () => void }) {
  const toast = useToast();
  const [form, setForm] = useState(EMPTY);
  const [formError, setFormError] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [duplicate, setDuplicate] = useState<string>();
  const [busy, setBusy] = useState(false);
  const adminId = useId();

  // The duplicate check waits until typing has stopped for 500 ms.
  useEffect(() => {
    const timer = setTimeout(() => setDuplicate(duplicateProblem(form.email, users)), INVITE_EMAIL_CHECK_MS);
    return () => clearTimeout(timer);
  }, [form.email, users]);

  const set = (field: keyof typeof EMPTY) => (value: string | boolean) => {
    setForm((current) => ({ ...current, [field]: value }));
    if (field === 'email') setDuplicate(undefined);
    setErrors((current) => ({ ...current, [field]: '' }));
    setFormError(undefined);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const first = form.first_name.trim();
    const last = form.last_name.trim();
    const email = form.email.trim();
    if (!first || !last || !email) {
      setFormError(ACCOUNT_TEXT.requiredFields);
      return;
    }
    const problem = duplicateProblem(email, users);
    if (problem) {
      setDuplicate(problem);
      return;
    }
    setBusy(true);
    try {
      await accountApi.sendInvite({ first_name: first, last_name: last, email, role: form.admin ? 'ADMIN' : 'MEMBER' });
      toast.show('success', ACCOUNT_TEXT.inviteSent);
      onInvited();
      onClose();
    } catch (error) {
      toast.show('error', errorText(error, ACCOUNT_TEXT.inviteFailed));
      setErrors(fieldErrors(error));
    } finally {
      setBusy(false);
    }
  };

  const emailError = errors.email || duplicate;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" value={form.first_name} onChange={(event) => set('first_name')(event.target.value)} error={errors.first_name} autoComplete="off" maxLength={100} required autoFocus />
        <TextField label="Last name" value={form.last_name} onChange={(event) => set('last_name')(event.target.value)} error={errors.last_name} autoComplete="off" maxLength={100} required />
      </div>
      <TextField label="Email" type="email" value={form.email} onChange={(event) => set('email')(event.target.value)} error={emailError} autoComplete="off" maxLength={254} required />
      <div className="flex items-start gap-2">
        <input
          id={adminId}
          type="checkbox"
          checked={form.admin}
          onChange={(event) => set('admin')(event.target.checked)}
          className="mt-0.5 size-4 rounded border-slate-300 text-blue-700 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-slate-600"
        />
        <label htmlFor={adminId} className="text-sm">
          Make this user an administrator
        </label>
      </div>
      {formError && <Alert tone="error">{formError}</Alert>}
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        <Button type="button" variant="secondary" className="w-auto!" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" className="w-auto!" busy={busy} busyLabel="Sending…" disabled={Boolean(duplicate)}>
          Send Invitation
        </Button>
      </div>
    </form>
  );
}
