import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CheckCircle2, XCircle } from 'lucide-react';
import { AUTH_MESSAGES, type TTokenPair } from '../../../contract/auth';
import { api, ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Spinner } from '../../components/ui/spinner';
import { LINK_FALLBACK, LINK_MISSING } from './messages';
import { Alert, AuthPage, Card, primaryButtonClass, secondaryButtonClass } from './ui';

/** Email confirmation redirect delay. */
export const CONFIRM_REDIRECT_MS = 2000;

type State = { kind: 'loading' } | { kind: 'success'; message: string } | { kind: 'error'; message: string; resent: boolean };

/** A link token is single use: one request per uid and token, however often the effect runs. */
const inflight = new Map<string, Promise<{ result: string; message: string } & TTokenPair>>();
function confirmOnce(uid: string, token: string) {
  const key = `${uid}:${token}`;
  let request = inflight.get(key);
  if (!request) {
    request = api<{ result: string; message: string } & TTokenPair>('/auth/confirm/', { body: { uidb64: uid, token } });
    inflight.set(key, request);
  }
  return request;
}

/**
 * /confirm-email?uid=&token=: loading, then success (tokens stored,
 * on to /complete-profile after 2 s) or error. An expired link sends a new one and says so.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const uid = params.get('uid');
  const token = params.get('token');
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [state, setState] = useState<State>(() => (uid && token ? { kind: 'loading' } : { kind: 'error', message: LINK_MISSING, resent: false }));

  useEffect(() => {
    if (!uid || !token) return;
    let active = true;
    confirmOnce(uid, token)
      .then(async (answer) => {
        await signIn({ access: answer.access, refresh: answer.refresh });
        if (active) setState({ kind: 'success', message: answer.message || AUTH_MESSAGES.confirmed });
      })
      .catch((error: unknown) => {
        if (!active) return;
        const resent = error instanceof ApiError && error.code === 'link_expired';
        setState({ kind: 'error', message: error instanceof ApiError ? error.message || LINK_FALLBACK : LINK_FALLBACK, resent });
      });
    return () => {
      active = false;
    };
  }, [uid, token, signIn]);

  useEffect(() => {
    if (state.kind !== 'success') return;
    const timer = setTimeout(() => navigate('/complete-profile', { replace: true }), CONFIRM_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [state.kind, navigate]);

  return (
    <AuthPage>
      <Card className="text-center">
        {state.kind === 'loading' && (
          <>
            <h1 className="text-2xl font-bold tracking-tight">Confirming your email</h1>
            <Spinner label="Confirming your email address" />
          </>
        )}
        {state.kind === 'success' && (
          <>
            <CheckCircle2 aria-hidden className="mx-auto size-12 text-emerald-600 dark:text-emerald-400" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight">Email confirmed</h1>
            <p role="status" className="mt-2 text-slate-600 dark:text-slate-300">
              {state.message} Taking you to your profile…
            </p>
          </>
        )}
        {state.kind === 'error' && (
          <>
            <XCircle aria-hidden className="mx-auto size-12 text-red-600 dark:text-red-400" />
            <h1 className="mt-4 text-2xl font-bold tracking-tight">We could not confirm your email</h1>
            <div className="mt-4 text-left">
              {state.resent ? <Alert tone="info" title="A new confirmation email was sent">{state.message}</Alert> : <Alert tone="error">{state.message}</Alert>}
            </div>
            <div className="mt-6 grid gap-3 sm:grid-cols-2">
              <Link to="/register" className={secondaryButtonClass}>
                Return to Registration
              </Link>
              <Link to="/login" className={primaryButtonClass}>
                Go to Login
              </Link>
            </div>
          </>
        )}
      </Card>
    </AuthPage>
  );
}
