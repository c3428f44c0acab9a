import { useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { useToast } from '../components/ui/toast';
import { PublicLayout } from '../features/shell/public-layout';
import { useSession } from '../lib/session';
import { useViewing } from '../lib/viewing';
import { SignedInLayout } from './signed-in-layout';

/** Messages for the `ec` (error code) parameter other screens redirect home with. */
const EC_MESSAGES: Record<string, string> = {
  pnf: 'The page you were looking for does not exist.',
  li: 'You are already logged in.',
};

/**
 * What Home shows once signed in, provided by the features (app/ composes them): the feed, the
 * interview chat while there is no AI profile, and the superuser's internal timeline.
 */
export interface HomeScreens {
  feed: ComponentType;
  interview?: ComponentType;
  timeline?: ComponentType;
}

/**
 * Home: a spinner while the session is checked;
 * visitors see the login screen; a user whose onboarding is not complete goes to
 * /complete-profile; signed-in users get the shell with their home screen.
 */
export function HomeRoute({ visitor, screens }: { visitor: ReactNode; screens: HomeScreens }) {
  const session = useSession();
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const ec = params.get('ec');

  useEffect(() => {
    if (!ec) return;
    const message = EC_MESSAGES[ec];
    if (message) toast.show('info', message);
    setParams(
      (current) => {
        current.delete('ec');
        return current;
      },
      { replace: true },
    );
  }, [ec, setParams, toast]);

  if (session.status === 'checking') return <Spinner label="Checking your session" />;
  if (session.status === 'anonymous' || !session.user) return <PublicLayout>{visitor}</PublicLayout>;
  // Show the `ec` message first; leave only once the address is tidy.
  if (ec) return <Spinner />;
  if (!session.user.onboarding_complete) return <Navigate to="/complete-profile" replace />;
  return (
    <SignedInLayout>
      <HomeContent screens={screens} />
    </SignedInLayout>
  );
}

function HomeContent({ screens }: { screens: HomeScreens }) {
  const { viewed, me, viewMode, loadingViewed } = useViewing();
  if (loadingViewed) return <Spinner label="Loading impersonated user..." />;
  // Superusers see the internal timeline unless their view mode is 'user'.
  if (me.is_superuser && viewMode === 'timeline' && screens.timeline) return <screens.timeline />;
  // A spinner until the profile is completed; the interview while there is no AI profile.
  if (!viewed.profile_completed) return <Spinner label="Waiting for the profile" />;
  if (!viewed.gpt_profile && screens.interview) return <screens.interview />;
  // No topics, suggestions done, nothing being generated: go and add topics.
  if (viewed.gpt_profile && viewed.topics.length === 0 && viewed.suggestions_completed) return <Navigate to="/topics" replace />;
  return <screens.feed />;
}
