import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ArrowLeft, X } from 'lucide-react';
import { CODE_LENGTH, PASSWORD_MIN_LENGTH } from '../../../contract/constants';
import { AUTH_MESSAGES, type TTokenPair } from '../../../contract/auth';
import { api, ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { useToast } from '../../components/ui/toast';
import { Alert, Button, CodeField, PasswordField, TextField, linkClass } from './ui';
import { PASSWORDS_DIFFER, messageOf } from './messages';

/** Closing fires the close action after 300 ms, once the fade has run. */
export const RESET_MODAL_CLOSE_MS = 300;

type View = 'reset' | 'resetCode';

/**
 * The reset-password modal: view 'reset' asks for the address, view
 * 'resetCode' takes the emailed code and a new password; success signs the user in.
 */
export function ResetPasswordModal({ initialEmail = '', onClose, onSignedIn }: { initialEmail?: string; onClose: () => void; onSignedIn: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const { signIn } = useSession();
  const toast = useToast();
  const [view, setView] = useState<View>('reset');
  const [closing, setClosing] = useState(false);
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string | undefined>();
  const [passwordError, setPasswordError] = useState<string | undefined>();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  const close = () => {
    if (closing) return;
    setClosing(true);
    setTimeout(onClose, RESET_MODAL_CLOSE_MS);
  };

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api<{ detail: string }>('/auth/reset/', { body: { email } });
      if (view === 'resetCode') toast.show('success', answer.detail);
      setView('resetCode');
    } catch (failure) {
      setError(messageOf(failure, 'Request password reset failed'));
    } finally {
      setBusy(false);
    }
  };

  const confirmReset = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setCodeError(undefined);
    setPasswordError(undefined);
    if (password.length < PASSWORD_MIN_LENGTH) {
      setPasswordError(AUTH_MESSAGES.passwordTooShort);
      return;
    }
    if (password !== confirm) {
      setPasswordError(PASSWORDS_DIFFER);
      return;
    }
    setBusy(true);
    try {
      const tokens = await api<TTokenPair>('/auth/reset_code/', { body: { email, code, password } });
      await signIn(tokens);
      toast.show('success', 'Your password has been reset.');
      onSignedIn();
    } catch (failure) {
      // Reset-code errors map to a code error, a password error or a general error.
      if (failure instanceof ApiError && failure.fields?.code) setCodeError(failure.fields.code.join(' '));
      else if (failure instanceof ApiError && failure.fields?.password) setPasswordError(failure.fields.password.join(' '));
      else setError(messageOf(failure, 'Confirm reset code failed'));
    } finally {
      setBusy(false);
    }
  };

  const title = view === 'reset' ? 'Reset Password' : 'Enter Reset Code';
  return (
    <dialog
      ref={dialog}
      aria-labelledby="reset-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      className={`m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-slate-200 bg-white p-0 text-slate-900 shadow-xl transition-opacity duration-300 backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 ${closing ? 'opacity-0' : 'opacity-100'}`}
    >
      <div className="p-6">
        <div className="mb-4 flex items-center gap-2">
          {view === 'resetCode' && (
            <button type="button" onClick={() => { setView('reset'); setError(null); }} aria-label="Back" className="-ml-2 rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
              <ArrowLeft aria-hidden className="size-5" />
            </button>
          )}
          <h2 id="reset-title" className="flex-1 text-xl font-semibold">
            {title}
          </h2>
          <button type="button" onClick={close} aria-label="Close" className="-mr-2 rounded-md p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
            <X aria-hidden className="size-5" />
          </button>
        </div>
        {error && (
          <div className="mb-4">
            <Alert tone="error" title="Authentication Error">
              {error}
            </Alert>
          </div>
        )}
        {view === 'reset' ? (
          <form onSubmit={sendCode} className="space-y-4">
            <p className="text-sm text-slate-600 dark:text-slate-400">Enter the email address of your account and we will send you a code to choose a new password.</p>
            <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
            <Button type="submit" busy={busy}>
              Reset Password
            </Button>
          </form>
        ) : (
          <form onSubmit={confirmReset} className="space-y-4">
            <Alert tone="info">
              <p>
                If an account exists for <strong className="break-all">{email}</strong>, we have sent it a {CODE_LENGTH}-digit code.{' '}
                <button type="button" className={linkClass} onClick={() => void sendCode()} disabled={busy}>
                  Resend Code
                </button>
              </p>
            </Alert>
            <CodeField label="Reset code" value={code} onChange={setCode} error={codeError} autoFocus onComplete={() => setCodeError(undefined)} />
            <PasswordField label="New Password" name="new-password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} error={passwordError} />
            <PasswordField label="Confirm New Password" name="confirm-password" autoComplete="new-password" required value={confirm} onChange={(e) => setConfirm(e.target.value)} />
            <Button type="submit" busy={busy} disabled={code.length !== CODE_LENGTH}>
              Confirm Reset
            </Button>
          </form>
        )}
      </div>
    </dialog>
  );
}
