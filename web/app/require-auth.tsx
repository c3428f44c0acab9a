import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useSession } from '../lib/session';

/**
 * Route guard: a spinner while the session is
 * checked; a signed-out user, or one without a profile or account id, goes to /login with the
 * original path and query in `next`; a user whose onboarding is not complete goes to
 * /complete-profile unless the route allows incomplete profiles (only /complete-profile does).
 */
export function RequireAuth({ allowIncomplete = false }: { allowIncomplete?: boolean }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'checking') return <Spinner label="Checking your session" />;
  if (status === 'anonymous' || !user?.id || !user.account?.id) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (!allowIncomplete && !user.onboarding_complete) return <Navigate to="/complete-profile" replace />;
  return <Outlet />;
}
