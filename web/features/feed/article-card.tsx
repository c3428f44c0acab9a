import { Link } from 'react-router';
import { BellRing } from 'lucide-react';
import type { TArticleSummary } from '../../../contract/feed';
import { AddToBoard } from '../../components/add-to-board';
import { JudgementButtons } from '../../components/judgement-buttons';
import { articleHref, isRightToLeft, plainText } from '../../lib/article-data';
import { formatDate, isoDate, relativeTime } from '../../lib/dates';
import { capitalise } from '../../lib/text';

/** The line under a title: topic, how long ago, and whether it went out as an alert. */
function Meta({ article }: { article: TArticleSummary }) {
  // The theme is often the topic's own name: say it once.
  const topicShown = article.topic.name.trim().toLowerCase() !== article.theme.trim().toLowerCase();
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
      {topicShown && (
        <>
          <span className="font-medium text-slate-700 dark:text-slate-300">{capitalise(article.topic.name)}</span>
          <span aria-hidden>·</span>
        </>
      )}
      {article.original_published_at ? (
        // A replayed document: its own date first, then when it arrived here.
        <span title={`Replayed ${formatDate(article.published_at)}`}>
          Published <time dateTime={isoDate(article.original_published_at)}>{formatDate(article.original_published_at)}</time> · replayed {relativeTime(article.published_at).toLowerCase()}
        </span>
      ) : (
        <time dateTime={isoDate(article.published_at)} title={formatDate(article.published_at)}>
          {relativeTime(article.published_at)}
        </time>
      )}
      {article.alerted && (
        <span className="inline-flex items-center gap-1 rounded-full bg-rose-100 px-2 py-0.5 font-semibold text-rose-800 dark:bg-rose-900/60 dark:text-rose-100">
          <BellRing aria-hidden className="size-3" /> Alert
        </span>
      )}
      {article.updated_at && (
        <span title={`Updated ${formatDate(article.updated_at)} with later reports of the same news`} className="rounded-full bg-blue-50 px-2 py-0.5 font-medium text-blue-800 dark:bg-blue-950 dark:text-blue-200">
          Updated
        </span>
      )}
      {article.catch_up && (
        <span title="Written when you added this topic, from documents already in Herald" className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          Catch-up
        </span>
      )}
    </p>
  );
}

const summaryOf = (article: TArticleSummary) => plainText(article.introduction || article.points[0] || '');

/** The card's actions: "More like this" / "Less like this", and "Add to board" (the signed-in reader's own boards, not while viewing as someone else). */
function CardActions({ article, userId }: { article: TArticleSummary; userId?: string }) {
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2">
      <JudgementButtons article={article} userId={userId} />
      {!userId && <AddToBoard articleId={article.id} title={article.title} />}
    </div>
  );
}

/** One Latest item, with "More like this" / "Less like this"; `highlighted` while it is new (3 s). */
export function LatestItem({ article, userId, highlighted }: { article: TArticleSummary; userId?: string; highlighted?: boolean }) {
  const rtl = isRightToLeft(article.language);
  return (
    <article
      dir={rtl ? 'rtl' : undefined}
      lang={article.language || undefined}
      data-new={highlighted ? 'true' : undefined}
      className={`relative rounded-lg border px-4 py-4 transition-colors duration-700 md:px-5 ${
        highlighted ? 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950/50' : 'border-transparent bg-white hover:border-slate-200 dark:bg-slate-900 dark:hover:border-slate-700'
      }`}
    >
      {article.theme && <p className="text-xs font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">{article.theme}</p>}
      <h3 className="mt-1 text-base leading-snug font-semibold text-slate-900 md:text-lg dark:text-white">
        <Link to={articleHref(article.id, userId)} className="after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:rounded-lg focus-visible:after:outline-2 focus-visible:after:outline-blue-600">
          {article.title}
        </Link>
      </h3>
      {summaryOf(article) && <p className="mt-1.5 line-clamp-2 text-sm text-slate-700 dark:text-slate-300">{summaryOf(article)}</p>}
      <Meta article={article} />
      <CardActions article={article} userId={userId} />
    </article>
  );
}

/** A Top News card: the first one large, the others compact; each with "More like this" / "Less like this". */
export function TopNewsItem({ article, userId, lead = false }: { article: TArticleSummary; userId?: string; lead?: boolean }) {
  const rtl = isRightToLeft(article.language);
  return (
    <article
      dir={rtl ? 'rtl' : undefined}
      lang={article.language || undefined}
      className={`relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition-shadow hover:shadow-md dark:border-slate-800 dark:bg-slate-900 ${lead ? 'md:p-6' : ''}`}
    >
      {article.theme && <p className="text-xs font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">{article.theme}</p>}
      <h3 className={`mt-1 leading-snug font-semibold text-slate-900 dark:text-white ${lead ? 'text-xl md:text-2xl' : 'line-clamp-3 text-base'}`}>
        <Link to={articleHref(article.id, userId)} className="after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-blue-600">
          {article.title}
        </Link>
      </h3>
      {lead && summaryOf(article) && <p className="mt-2 line-clamp-3 text-sm text-slate-700 md:text-base dark:text-slate-300">{summaryOf(article)}</p>}
      <div className="mt-auto">
        <Meta article={article} />
        <CardActions article={article} userId={userId} />
      </div>
    </article>
  );
}
