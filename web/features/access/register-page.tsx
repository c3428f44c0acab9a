import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession } from '../../lib/session';
import { Spinner } from '../../components/ui/spinner';
import { CheckEmail } from './check-email';
import { GoogleIcon } from './google-icon';
import { parseGoogleData, useGoogleSignIn } from './google';
import { messageOf } from './messages';
import { RegistrationForm } from './registration-form';
import { Alert, AuthPage, Card, Divider, linkClass, secondaryButtonClass } from './ui';

/**
 * /register and /beta: Google or email registration, then 'Check Your Email'.
 * A `google_data` parameter (a pending Google sign-in) prefills the names and locks the email.
 */
export default function RegisterPage() {
  const session = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const google = useGoogleSignIn();
  const googleData = parseGoogleData(params.get('google_data'));
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);

  if (session.status === 'checking') return <Spinner label="Checking your session" />;
  if (session.status === 'authenticated') return <Navigate to="/complete-profile" replace />;

  const toProfile = () => navigate('/complete-profile', { replace: true });

  const continueWithGoogle = async () => {
    setGoogleBusy(true);
    setError(null);
    try {
      const outcome = await google.run();
      if (outcome.kind === 'tokens') {
        await session.signIn(outcome.tokens);
        toProfile();
      } else if (outcome.kind === 'pending-invite') setError(outcome.message);
    } catch (failure) {
      setError(messageOf(failure, (failure as Error).message));
    } finally {
      setGoogleBusy(false);
    }
  };

  const initial = googleData
    ? { first_name: googleData.first_name ?? googleData.firstName ?? '', last_name: googleData.last_name ?? googleData.lastName ?? '', email: googleData.email ?? '' }
    : undefined;

  return (
    <AuthPage>
      <Card>
        {sentTo ? (
          <CheckEmail email={sentTo} onConfirmed={toProfile} />
        ) : (
          <>
            <h1 className="text-2xl font-bold tracking-tight">Create your account</h1>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {googleData ? 'Finish registering with your Google account.' : 'Join the Herald beta: AI-driven intelligence on the developments that matter to you.'}
            </p>
            <div className="mt-6 space-y-4">
              {error && <Alert tone="error">{error}</Alert>}
              {google.enabled && !googleData && (
                <>
                  <button type="button" className={secondaryButtonClass} onClick={() => void continueWithGoogle()} disabled={googleBusy}>
                    <GoogleIcon /> Continue with Google
                  </button>
                  <Divider>or register with email</Divider>
                </>
              )}
              <RegistrationForm
                initial={initial}
                emailLocked={Boolean(googleData?.email)}
                googleCredential={googleData?.credential}
                onDone={(outcome, email) => (outcome === 'signed-in' ? toProfile() : setSentTo(email))}
              />
            </div>
            <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
              Already have an account?{' '}
              <Link to="/login" className={linkClass}>
                Sign in
              </Link>
            </p>
          </>
        )}
      </Card>
    </AuthPage>
  );
}
