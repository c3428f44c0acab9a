import { lazy, Suspense } from 'react';
import { Spinner } from '../components/ui/spinner';
import { useViewing } from '../lib/viewing';

/** The reader's article page; router.tsx fetches it early when the app opens on /a/{id}. */
export const readerArticlePage = () => import('../features/article/article-page');
const ReaderArticle = lazy(readerArticlePage);
const DetailedArticle = lazy(() => import('../features/inspection/detailed-article-page'));

/**
 * /a/{id}: a superuser in the timeline view mode gets the detailed (editorial) article view;
 * a superuser in the user view and everyone else the reader view.
 */
export function ArticleRoute() {
  const { me, viewMode } = useViewing();
  const Page = me.is_superuser && viewMode === 'timeline' ? DetailedArticle : ReaderArticle;
  return (
    <Suspense fallback={<Spinner />}>
      <Page />
    </Suspense>
  );
}
