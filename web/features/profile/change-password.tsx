import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, type TTokenPair } from '../../../contract/auth';
import { CODE_LENGTH } from '../../../contract/constants';
import { Alert, Button, CodeField, PasswordField } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';

/**
 * Change Password: a code is requested by email, then the 6-digit code, the new
 * password and its confirmation. The change ends every other session; this one continues with the
 * fresh tokens the server answers.
 */
export function ChangePassword({ email, onDone, onCancel }: { email: string; onDone: () => void; onCancel: () => void }) {
  const toast = useToast();
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});

  const request = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await authClient.authedApi('/me/password/', { method: 'POST' });
      setSent(true);
    } catch {
      setError('Failed to send verification code. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setError(undefined);
    if (password !== confirmation) {
      setFields({ confirmation: 'Passwords do not match' });
      return;
    }
    setBusy(true);
    try {
      const tokens = await authClient.authedApi<TTokenPair>('/me/password/confirm/', { body: { code, password } });
      authClient.store(tokens);
      toast.show('success', ACCOUNT_MESSAGES.passwordChanged);
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.fields?.code) setFields({ code: 'Invalid verification code' });
      else if (e instanceof ApiError && e.fields?.password) setFields({ password: e.fields.password[0] ?? 'Invalid password. Please try a different one.' });
      else setError(e instanceof ApiError && e.status < 500 ? 'Invalid password. Please try a different one.' : 'Failed to confirm password change');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="change-password-title" className="space-y-3">
      <h3 id="change-password-title" className="text-base font-semibold">
        Change Password
      </h3>
      {!sent ? (
        <div className="space-y-3">
          <p className="text-sm text-slate-600 dark:text-slate-400">We will email a 6-digit code to {email} to confirm it is you.</p>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" className="w-auto!" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="button" className="w-auto!" busy={busy} busyLabel="Sending…" onClick={() => void request()}>
              Send code
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={(e) => void confirm(e)} className="space-y-3">
          <Alert tone="info">
            {ACCOUNT_MESSAGES.passwordCodeSent}{' '}
            <button type="button" onClick={() => void request()} disabled={busy} className="font-medium underline underline-offset-2">
              Resend code
            </button>
          </Alert>
          <CodeField value={code} onChange={setCode} error={fields.code} />
          <PasswordField label="New password" autoComplete="new-password" value={password} error={fields.password} onChange={(e) => setPassword(e.target.value)} />
          <PasswordField label="Confirm new password" autoComplete="new-password" value={confirmation} error={fields.confirmation} onChange={(e) => setConfirmation(e.target.value)} />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" className="w-auto!" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" className="w-auto!" busy={busy} busyLabel="Saving…" disabled={code.length !== CODE_LENGTH || !password || !confirmation}>
              Change password
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
