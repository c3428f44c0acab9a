import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFoundSection } from '../../components/ui/not-found';
import { SIDEBAR_LIST_MAX } from '../../../contract/constants';
import { isJudgement } from '../../../contract/judgement-text';
import { AddToBoard } from '../../components/add-to-board';
import { JudgementButtons } from '../../components/judgement-buttons';
import { ReferenceProvider } from '../../components/ui/references';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { isRightToLeft, mergeSources } from '../../lib/article-data';
import { useIsMobile } from '../../lib/use-media';
import { useViewing } from '../../lib/viewing';
import { useArticleShares } from '../../lib/inbox';
import { useArticle, useRelated, useSideLatest } from './api';
import { ArticleComments } from './article-comments';
import { SharedBy, ShareButton } from './article-shares';
import { Impact, KeyMetrics, SideList, Sources, Takeaways } from './article-side';
import { ArticleBody } from './article-view';
import { usePageTitle } from '../../lib/use-page-title';


/** A positive whole number, or undefined. */
function articleId(raw: string | undefined): number | undefined {
  return raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

/**
 * The article reader page /a/{id}. Loading shows a spinner; a failure shows
 * 'Article Not Found' with the server's reason ('Article not found.', 'Article not yet
 * generated'), 'Article ID not provided', or 'Failed to load article'. The page title is
 * '{title} - Herald' until the reader leaves; a new id scrolls to the top; an address carrying
 * the email flag is tidied once the article is there. "More like this" / "Less like this" sit
 * under the title; an alert email's link to one (?judgement=more|less) is applied once the
 * article is there, then tidied from the address too. Everyone gets this reader view for now;
 * the superusers' editorial view is a separate screen.
 */
export default function ArticlePage() {
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const viewing = useViewing();
  const mobile = useIsMobile();
  const id = articleId(params.id);
  // A link made while viewing as another user carries their id.
  const userId = search.get('user_id') ?? viewing.userId;
  const fromEmail = search.get('email') === '1';
  const requestedJudgement = search.get('judgement');
  const requested = isJudgement(requestedJudgement) ? requestedJudgement : undefined;
  const article = useArticle(id, userId, fromEmail);
  const latest = useSideLatest(userId, id);
  const related = useRelated(article.data ? id : undefined, userId);
  // Shares are the signed-in reader's own: not shown while viewing as someone else.
  const shares = useArticleShares(article.data && !userId ? id : undefined);
  const owned = shares.data?.owned ?? true;

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [id]);

  const title = article.data?.title;
  usePageTitle(title);

  const loadedId = article.data?.id;
  /** The address without what an email link added (the email flag, the judgement asked for). */
  const tidyAddress = useCallback(() => {
    if (loadedId === undefined) return;
    const rest = new URLSearchParams(search);
    rest.delete('email');
    rest.delete('judgement');
    const query = rest.toString();
    navigate(`/a/${loadedId}${query ? `?${query}` : ''}`, { replace: true });
  }, [loadedId, search, navigate]);

  // A judgement asked for is tidied by its buttons once applied; anything else email added, here.
  useEffect(() => {
    if (loadedId !== undefined && !requested && (fromEmail || requestedJudgement !== null)) tidyAddress();
  }, [loadedId, requested, fromEmail, requestedJudgement, tidyAddress]);

  const sources = useMemo(() => mergeSources(article.data?.references ?? [], article.data?.documents ?? []), [article.data]);
  const latestIds = new Set((latest.data ?? []).map((a) => a.id));
  const relatedShown = (related.data?.articles ?? []).filter((a) => a.id !== id && !latestIds.has(a.id)).slice(0, SIDEBAR_LIST_MAX);

  if (id === undefined) return <NotFound reason="Article ID not provided" />;
  if (article.isPending) return <Spinner label="Loading article" />;
  if (article.isError || !article.data) {
    const error = article.error;
    return <NotFound reason={error instanceof ApiError && error.status < 500 ? error.message : 'Failed to load article'} />;
  }

  const data = article.data;
  const rtl = isRightToLeft(data.language);
  return (
    <ReferenceProvider sources={sources}>
      <div className="@container mx-auto w-full max-w-6xl px-4 py-6 md:px-6 md:py-10">
        <div dir={rtl ? 'rtl' : undefined} lang={data.language || undefined} className="grid gap-8 @4xl:grid-cols-3">
          <div className="min-w-0 @4xl:col-span-2">
            <ArticleBody
              article={data}
              showReferences={!mobile}
              actions={
                <>
                  {/* A teammate's article shared with the reader: their judgement is not the reader's to give. */}
                  {owned && <JudgementButtons key={data.id} article={data} userId={userId} requested={requested} onRequestHandled={tidyAddress} className="mt-4" />}
                  {!userId && (
                    <div className="mt-3 flex flex-wrap items-center gap-2">
                      <ShareButton articleId={data.id} />
                      <AddToBoard articleId={data.id} title={data.title} variant="page" />
                    </div>
                  )}
                  <SharedBy shares={shares.data?.shares ?? []} />
                </>
              }
            />
          </div>
          <aside aria-label="About this article" className="min-w-0 space-y-4">
            <Takeaways value={data.actionable_takeaway} basis={data.takeaway_basis} />
            <Impact impact={data.impact} takeaway={data.actionable_takeaway} />
            <KeyMetrics table={data.data_table} />
            {mobile && <Sources article={data} />}
            {latest.isError ? (
              <SideList id="side-latest-title" title="Latest" articles={[]} status={<p className="text-sm text-red-700 dark:text-red-300">Failed to load articles</p>} />
            ) : (
              (latest.data?.length ?? 0) > 0 && <SideList id="side-latest-title" title="Latest" articles={latest.data!} userId={userId} />
            )}
            {related.isError && owned ? (
              <SideList id="side-related-title" title="Related" articles={[]} status={<p className="text-sm text-red-700 dark:text-red-300">Failed to load related articles</p>} />
            ) : (
              relatedShown.length > 0 && <SideList id="side-related-title" title="Related" articles={relatedShown} userId={userId} />
            )}
          </aside>
          {/* The team's thread, under the article (after the side panels on narrow screens); the signed-in reader's own, not shown while viewing as someone else. */}
          {!userId && (
            <div dir="ltr" lang="en" className="min-w-0 @4xl:col-span-2">
              <ArticleComments articleId={data.id} />
            </div>
          )}
        </div>
      </div>
    </ReferenceProvider>
  );
}

function NotFound({ reason }: { reason: string }) {
  return <NotFoundSection id="article-error-title" title="Article Not Found" reason={reason} />;
}
