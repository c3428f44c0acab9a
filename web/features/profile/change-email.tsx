import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, type TMe } from '../../../contract/auth';
import { CODE_LENGTH } from '../../../contract/constants';
import { Alert, Button, CodeField, TextField } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';

/**
 * Change Email Address: the new address; codes go to both addresses; both
 * 6-digit codes are entered and verified; the codes can be sent again.
 */
export function ChangeEmail({ me, onDone, onCancel }: { me: TMe; onDone: () => void; onCancel: () => void }) {
  const toast = useToast();
  const [newEmail, setNewEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [oldCode, setOldCode] = useState('');
  const [newCode, setNewCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});

  const request = async (event?: FormEvent, resend = false) => {
    event?.preventDefault();
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      await authClient.authedApi('/me/email/', { body: { new_email: newEmail.trim() } });
      setSent(true);
      if (resend) toast.show('success', ACCOUNT_MESSAGES.emailCodesSent);
    } catch (e) {
      if (e instanceof ApiError && e.fields?.new_email) setFields({ new_email: e.fields.new_email[0]! });
      else setError(resend ? 'Failed to resend verification code' : 'Failed to send verification codes. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setFields({});
    try {
      await authClient.authedApi('/me/confirm/', { body: { old_email_code: oldCode, new_email_code: newCode } });
      toast.show('success', ACCOUNT_MESSAGES.emailChanged);
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.fields && (e.fields.old_email_code || e.fields.new_email_code)) {
        setFields({
          ...(e.fields.old_email_code ? { old_email_code: 'Invalid verification code' } : {}),
          ...(e.fields.new_email_code ? { new_email_code: 'Invalid verification code' } : {}),
        });
      } else setError(e instanceof ApiError && e.status < 500 ? e.message : 'Failed to confirm email change');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="change-email-title" className="space-y-3">
      <h3 id="change-email-title" className="text-base font-semibold">
        Change Email Address
      </h3>
      {!sent ? (
        <form onSubmit={(e) => void request(e)} className="space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">Your current address is {me.email}. We will send a code to it and to the new address.</p>
          <TextField label="New email address" type="email" autoComplete="email" required value={newEmail} error={fields.new_email} onChange={(e) => setNewEmail(e.target.value)} />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" className="w-auto!" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" className="w-auto!" busy={busy} busyLabel="Sending…" disabled={!newEmail.includes('@')}>
              Send codes
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={(e) => void confirm(e)} className="space-y-3">
          <Alert tone="info">
            We sent a code to {me.email} and to {newEmail.trim()}.{' '}
            <button type="button" onClick={() => void request(undefined, true)} disabled={busy} className="font-medium underline underline-offset-2">
              Resend codes
            </button>
          </Alert>
          <CodeField label={`Code sent to ${me.email}`} value={oldCode} onChange={setOldCode} error={fields.old_email_code} />
          <CodeField label={`Code sent to ${newEmail.trim()}`} value={newCode} onChange={setNewCode} error={fields.new_email_code} />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" className="w-auto!" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" className="w-auto!" busy={busy} busyLabel="Verifying…" disabled={oldCode.length !== CODE_LENGTH || newCode.length !== CODE_LENGTH}>
              Verify
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
