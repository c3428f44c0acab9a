import { useState, type FormEvent } from 'react';
import type { TTokenPair } from '../../../contract/auth';
import { CODE_LENGTH } from '../../../contract/constants';
import { api, ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useToast } from '../../components/ui/toast';
import { Button, CodeField, linkClass } from './ui';
import { messageOf } from './messages';

/** Asks the server to send a new confirmation email; shows its answer as a toast. */
export function useResendConfirmation(email: string) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      const answer = await api<{ detail: string }>('/auth/request_email_confirmation/', { body: { email } });
      toast.show('success', answer.detail);
    } catch (error) {
      toast.show('error', messageOf(error, 'Failed to resend confirmation email'));
    } finally {
      setBusy(false);
    }
  };
  return { resend, busy };
}

export function ResendConfirmationButton({ email, label = 'Resend confirmation' }: { email: string; label?: string }) {
  const { resend, busy } = useResendConfirmation(email);
  return (
    <button type="button" className={`${linkClass} disabled:opacity-60`} onClick={() => void resend()} disabled={busy}>
      {busy ? 'Sending…' : label}
    </button>
  );
}

/**
 * Confirmation by the 6-digit code from the same email: the
 * code completes by itself at the sixth digit; success signs the user in.
 */
export function ConfirmCodeForm({ email, onConfirmed }: { email: string; onConfirmed: () => void }) {
  const { signIn } = useSession();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const verify = async (value: string) => {
    if (busy || value.length !== CODE_LENGTH) return;
    setBusy(true);
    setError(undefined);
    try {
      const tokens = await api<TTokenPair>('/auth/verify_email_confirmation/', { body: { email, code: value } });
      await signIn(tokens);
      onConfirmed();
    } catch (failure) {
      setError(failure instanceof ApiError && failure.fields?.code ? failure.fields.code.join(' ') : messageOf(failure, 'Failed to verify confirmation code'));
      setBusy(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void verify(code);
  };

  return (
    <form onSubmit={submit} className="space-y-3">
      <CodeField
        label="Confirmation code"
        value={code}
        error={error}
        onChange={(value) => {
          setCode(value);
          if (error && value.length === CODE_LENGTH) setError(undefined);
        }}
        onComplete={(value) => void verify(value)}
      />
      <Button type="submit" busy={busy} busyLabel="Verifying…" disabled={code.length !== CODE_LENGTH}>
        Verify code
      </Button>
    </form>
  );
}
