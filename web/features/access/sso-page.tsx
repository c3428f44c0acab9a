import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { TTokenPair } from '../../../contract/auth';
import { SSO_ERRORS } from '../../../contract/sso';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Spinner } from '../../components/ui/spinner';
import { Alert, AuthPage, Card, linkClass } from './ui';

/**
 * /sso: where single sign-on lands after the identity provider. The one-time code in the address is
 * exchanged for a session (once: the code is then gone), and the user goes on as after any sign-in.
 */
export default function SsoPage() {
  const [params] = useSearchParams();
  const session = useSession();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);
  const code = params.get('code') ?? '';

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        const tokens = await api<TTokenPair>('/auth/oidc/exchange/', { body: { code } });
        await session.signIn(tokens);
        navigate('/', { replace: true });
      } catch {
        setFailed(true);
      }
    })();
  }, [code, session, navigate]);

  if (!failed) return <Spinner label="Signing you in" />;
  return (
    <AuthPage>
      <Card>
        <h1 className="text-2xl font-bold tracking-tight">Sign-in did not complete</h1>
        <div className="mt-4 space-y-4">
          <Alert tone="error">{SSO_ERRORS.expired}</Alert>
          <p>
            <Link className={linkClass} to="/login" replace>
              Back to log in
            </Link>
          </p>
        </div>
      </Card>
    </AuthPage>
  );
}
