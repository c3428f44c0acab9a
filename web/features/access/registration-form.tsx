import { useState, type FormEvent, type ReactNode } from 'react';
import { AUTH_MESSAGES, type TTokenPair } from '../../../contract/auth';
import { PASSWORD_MIN_LENGTH } from '../../../contract/constants';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { fieldErrors, registrationError } from './messages';
import { Alert, Button, PasswordField, TextField } from './ui';

export interface RegistrationValues {
  first_name: string;
  last_name: string;
  email: string;
}

/**
 * The registration fields: first name, last name, email, password. With a
 * Google credential the password is not asked for (third-party registration); with an invite
 * token the email is the invited one and locked. Resolves to 'sent' (check your email) or
 * 'signed-in' (invite and Google registrations sign in at once).
 */
export function RegistrationForm({
  initial,
  emailLocked = false,
  inviteToken,
  googleCredential,
  submitLabel = 'Create account',
  onDone,
  footer,
}: {
  initial?: Partial<RegistrationValues>;
  emailLocked?: boolean;
  inviteToken?: string;
  googleCredential?: string;
  submitLabel?: string;
  onDone: (outcome: 'sent' | 'signed-in', email: string) => void;
  footer?: ReactNode;
}) {
  const { signIn } = useSession();
  const [values, setValues] = useState<RegistrationValues>({ first_name: initial?.first_name ?? '', last_name: initial?.last_name ?? '', email: initial?.email ?? '' });
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const set = (key: keyof RegistrationValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [key]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const local: Record<string, string> = {};
    if (!values.first_name.trim()) local.first_name = 'First name is required';
    if (!values.last_name.trim()) local.last_name = 'Last name is required';
    if (!values.email.trim()) local.email = 'Email is required';
    if (!googleCredential && password.length < PASSWORD_MIN_LENGTH) local.password = AUTH_MESSAGES.passwordTooShort;
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setBusy(true);
    const invite = inviteToken ? { invite_token: inviteToken } : {};
    try {
      if (googleCredential) {
        const tokens = await api<TTokenPair>('/auth/register_google/', { body: { token: googleCredential, first_name: values.first_name, last_name: values.last_name, ...invite } });
        await signIn(tokens);
        onDone('signed-in', values.email);
        return;
      }
      const answer = await api<{ detail: string; access?: string; refresh?: string }>('/auth/register/', { body: { ...values, password, ...invite } });
      if (answer.access && answer.refresh) {
        await signIn({ access: answer.access, refresh: answer.refresh });
        onDone('signed-in', values.email);
      } else onDone('sent', values.email.trim().toLowerCase());
    } catch (failure) {
      setErrors(fieldErrors(failure));
      setError(registrationError(failure));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" name="first_name" autoComplete="given-name" required value={values.first_name} onChange={set('first_name')} error={errors.first_name} />
        <TextField label="Last name" name="last_name" autoComplete="family-name" required value={values.last_name} onChange={set('last_name')} error={errors.last_name} />
      </div>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={values.email}
        onChange={set('email')}
        readOnly={emailLocked}
        aria-readonly={emailLocked || undefined}
        hint={emailLocked ? (inviteToken ? 'This is the address your invitation was sent to.' : googleCredential ? 'This is the address of your Google account.' : undefined) : undefined}
        error={errors.email}
      />
      {!googleCredential && (
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          hint={errors.password ? undefined : `At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password}
        />
      )}
      <Button type="submit" busy={busy} busyLabel="Creating your account…">
        {submitLabel}
      </Button>
      {footer}
    </form>
  );
}
