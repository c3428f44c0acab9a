import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { Spinner } from '../components/ui/spinner';
import { NotFound } from '../features/shell/not-found';
import { PublicLayout } from '../features/shell/public-layout';
import { STORAGE_KEYS } from '../../contract/constants';
import { useViewing } from '../lib/viewing';
import { ArticleRoute, readerArticlePage } from './article-route';
import { HomeRoute, type HomeScreens } from './home';
import { RequireAuth } from './require-auth';
import { SignedInLayout } from './signed-in-layout';

function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  const Page = lazy(load);
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}

function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Screen = lazy(load);
  return function LazyScreen() {
    return (
      <Suspense fallback={<Spinner />}>
        <Screen />
      </Suspense>
    );
  };
}

/** A superusers' page: anyone else gets the usual not-found screen (the page's code is not even loaded). */
function SuperusersOnly({ children }: { children: ReactNode }) {
  const { me } = useViewing();
  return me.is_superuser ? children : <NotFound />;
}

const loginPage = () => import('../features/access/login-page');
const registerPage = () => import('../features/access/register-page');

const feedPage = () => import('../features/feed/feed-page');

/**
 * A signed-in reader who opens / or /a/{id} needs that screen's code: fetch it while the session
 * is checked instead of after (the lazy route then finds it loaded).
 */
function prefetchFirstScreen(): void {
  if (typeof localStorage === 'undefined' || !localStorage.getItem(STORAGE_KEYS.accessToken)) return;
  const path = window.location.pathname;
  if (path === '/') void feedPage();
  else if (path.startsWith('/a/')) void readerArticlePage();
}
prefetchFirstScreen();

/** What Home shows to signed-in users (app/home.tsx decides which). */
const homeScreens: HomeScreens = {
  feed: lazyScreen(feedPage),
  interview: lazyScreen(() => import('../features/onboarding/interview-chat')),
  timeline: lazyScreen(() => import('../features/inspection/timeline-page')),
};

export const router = createBrowserRouter([
  { path: '/', element: <HomeRoute visitor={lazyPage(loginPage)} screens={homeScreens} /> },
  {
    // Signed-in pages: the guard, then the shell with the side panel.
    element: <RequireAuth />,
    children: [
      // /d/{id}: signed in, no shell: 'Redirecting...' to the document's original address.
      { path: '/d/:id', element: lazyPage(() => import('../features/search/document-redirect-page')) },
      {
        element: <SignedInLayout />,
        children: [
          { path: '/articles', element: lazyPage(() => import('../features/history/history-page')) },
          { path: '/inbox', element: lazyPage(() => import('../features/inbox/inbox-page')) },
          { path: '/boards/:id', element: lazyPage(() => import('../features/boards/board-page')) },
          { path: '/a/:id', element: <ArticleRoute /> },
          { path: '/s/:id?', element: lazyPage(() => import('../features/article/short-link-page')) },
          { path: '/topics', element: lazyPage(() => import('../features/topics/topics-page')) },
          { path: '/topics/:id', element: lazyPage(() => import('../features/trends/topic-dashboard-page')) },
          { path: '/trends', element: lazyPage(() => import('../features/trends/trends-page')) },
          { path: '/account', element: lazyPage(() => import('../features/account/account-page')) },
          { path: '/account/billing', element: lazyPage(() => import('../features/account/billing-page')) },
          { path: '/sources', element: <SuperusersOnly>{lazyPage(() => import('../features/sources/sources-page'))}</SuperusersOnly> },
        ],
      },
    ],
  },
  {
    element: <PublicLayout />,
    children: [
      { path: '/login', element: lazyPage(loginPage) },
      { path: '/sso', element: lazyPage(() => import('../features/access/sso-page')) },
      { path: '/register', element: lazyPage(registerPage) },
      { path: '/beta', element: lazyPage(registerPage) },
      { path: '/confirm-email', element: lazyPage(() => import('../features/access/confirm-email-page')) },
      { path: '/invite/:token', element: lazyPage(() => import('../features/access/invite-page')) },
      { path: '/landing', element: lazyPage(() => import('../features/landing/landing-page')) },
      { path: '/about', element: lazyPage(() => import('../features/legal/about-page')) },
      { path: '/terms', element: lazyPage(() => import('../features/legal/terms-page')) },
      { path: '/privacy', element: lazyPage(() => import('../features/legal/privacy-page')) },
      {
        element: <RequireAuth allowIncomplete />,
        children: [{ path: '/complete-profile', element: lazyPage(() => import('../features/onboarding/complete-profile-page')) }],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
