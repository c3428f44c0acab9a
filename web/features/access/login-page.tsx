import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { KeyRound, Mail } from 'lucide-react';
import type { TTokenPair } from '../../../contract/auth';
import { SSO_ERRORS, type TSsoError } from '../../../contract/sso';
import { useInitData } from '../../lib/init-data';
import { api, ApiError } from '../../lib/api';
import { safeNext, useSession } from '../../lib/session';
import { Spinner } from '../../components/ui/spinner';
import { GoogleIcon } from './google-icon';
import { isGooglePopupReturn, useGoogleSignIn } from './google';
import { IntroVideo } from './intro-video';
import { ConfirmCodeForm, ResendConfirmationButton } from './confirm-code';
import { loginError, messageOf } from './messages';
import { ResetPasswordModal } from './reset-password-modal';
import { Alert, AuthPage, Button, Card, Divider, PasswordField, TextField, linkClass, secondaryButtonClass } from './ui';

/**
 * /login: intro video, single sign-on (when configured), Google and email sign-in, the reset modal and a link to
 * registration. A signed-in user goes to `next` (set by the route guard) or home.
 */
export default function LoginPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const next = safeNext(params.get('next'));
  const google = useGoogleSignIn();
  const [showEmail, setShowEmail] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [unconfirmed, setUnconfirmed] = useState<{ email: string; message: string } | null>(null);
  const [showCode, setShowCode] = useState(false);
  const [googleBusy, setGoogleBusy] = useState(false);
  const resetOpen = params.get('reset') === '1';
  const ssoName = useInitData().data?.oidc_name ?? null;
  const ssoError = params.get('sso_error');
  const ssoMessage = ssoError && ssoError in SSO_ERRORS ? SSO_ERRORS[ssoError as TSsoError] : ssoError ? SSO_ERRORS.failed : null;

  if (isGooglePopupReturn()) return <Spinner label="Signing in with Google" />;
  if (session.status === 'checking') return <Spinner label="Checking your session" />;
  if (session.status === 'authenticated') return <Navigate to={next} replace />;

  const setReset = (open: boolean) =>
    setParams(
      (current) => {
        if (open) current.set('reset', '1');
        else current.delete('reset');
        return current;
      },
      { replace: true },
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setUnconfirmed(null);
    try {
      const tokens = await api<TTokenPair>('/auth/login/', { body: { email, password } });
      await session.signIn(tokens);
      navigate(next, { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === 'email_not_confirmed') setUnconfirmed({ email: email.trim().toLowerCase(), message: failure.message });
      else setError(loginError(failure));
      setBusy(false);
    }
  };

  const signInWithGoogle = async () => {
    setGoogleBusy(true);
    setError(null);
    try {
      const outcome = await google.run();
      if (outcome.kind === 'tokens') {
        await session.signIn(outcome.tokens);
        navigate(next, { replace: true });
      } else if (outcome.kind === 'pending-invite') setError(outcome.message);
    } catch (failure) {
      setError(failure instanceof ApiError ? messageOf(failure) : (failure as Error).message);
    } finally {
      setGoogleBusy(false);
    }
  };

  return (
    <AuthPage wide>
      <div className="grid items-center gap-8 md:grid-cols-2 md:gap-12">
        <div className="order-2 md:order-1">
          <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">Advanced Intelligence. Real-Time.</p>
          <p className="mt-3 mb-6 text-slate-600 dark:text-slate-300">AI-driven industry intelligence and real-time updates on the developments that matter to you.</p>
          <IntroVideo />
        </div>
        <Card className="order-1 md:order-2">
          <h1 className="text-2xl font-bold tracking-tight">Log in to Herald</h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">Welcome back. Choose how to log in.</p>
          <div className="mt-6 space-y-3">
            {error && <Alert tone="error">{error}</Alert>}
            {!error && ssoMessage && <Alert tone="error">{ssoMessage}</Alert>}
            {unconfirmed && (
              <Alert tone="info" title="Confirm your email address">
                <p>{unconfirmed.message}</p>
                <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
                  <ResendConfirmationButton email={unconfirmed.email} />
                  {!showCode && (
                    <button type="button" className={linkClass} onClick={() => setShowCode(true)}>
                      Enter the code from the email
                    </button>
                  )}
                </p>
              </Alert>
            )}
            {unconfirmed && showCode && <ConfirmCodeForm email={unconfirmed.email} onConfirmed={() => navigate('/complete-profile', { replace: true })} />}
            {ssoName && (
              <a className={secondaryButtonClass} href="/api/auth/oidc/start/">
                <KeyRound aria-hidden className="size-4" /> Sign in with {ssoName}
              </a>
            )}
            {google.enabled && (
              <button type="button" className={secondaryButtonClass} onClick={() => void signInWithGoogle()} disabled={googleBusy}>
                <GoogleIcon /> Log in with Google
              </button>
            )}
            <button type="button" className={secondaryButtonClass} aria-expanded={showEmail} aria-controls="email-login" onClick={() => setShowEmail((v) => !v)}>
              <Mail aria-hidden className="size-4" /> Log in with Email
            </button>
          </div>
          {showEmail && (
            <form id="email-login" onSubmit={submit} className="mt-5 space-y-4" noValidate={false}>
              <TextField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
              <PasswordField label="Password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
              <div className="flex justify-end">
                <button type="button" className={`${linkClass} text-sm`} onClick={() => setReset(true)}>
                  Forgot your password?
                </button>
              </div>
              <Button type="submit" busy={busy} busyLabel="Logging in…">
                Log in
              </Button>
            </form>
          )}
          {!showEmail && (
            <p className="mt-4 text-right">
              <button type="button" className={`${linkClass} text-sm`} onClick={() => setReset(true)}>
                Forgot your password?
              </button>
            </p>
          )}
          <Divider>New to Herald?</Divider>
          <Link to="/beta" className={secondaryButtonClass}>
            Register
          </Link>
        </Card>
      </div>
      {resetOpen && <ResetPasswordModal initialEmail={email} onClose={() => setReset(false)} onSignedIn={() => navigate(next, { replace: true })} />}
    </AuthPage>
  );
}
