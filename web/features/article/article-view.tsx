import type { ReactNode } from 'react';
import type { TReaderArticle, TReference } from '../../../contract/feed';
import { Markdown } from '../../components/ui/markdown';
import { documentHref } from '../../lib/article-data';
import { formatDate, isDate, isoDate } from '../../lib/dates';
import { capitalise } from '../../lib/text';

/**
 * The article itself, in order: theme, title, 'Published {date}', the page's `actions` (More /
 * Less like this), the introduction, bullet points, sections, 'Disclosure', and on desktop 'References'.
 */
export function ArticleBody({ article, showReferences, actions }: { article: TReaderArticle; showReferences: boolean; actions?: ReactNode }) {
  // A one-sentence source's sentence is its introduction and its one point: the reader reads it once.
  const points = article.points.filter((point) => point.trim() !== article.introduction.trim());
  return (
    <article aria-labelledby="article-title" className="min-w-0">
      <header>
        {article.theme && <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">{article.theme}</p>}
        <h1 id="article-title" className="mt-2 text-2xl leading-tight font-bold tracking-tight text-balance text-slate-900 md:text-4xl dark:text-white">
          {article.title}
        </h1>
        <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
          {article.original_published_at ? (
            <>
              Published <time dateTime={isoDate(article.original_published_at)}>{formatDate(article.original_published_at)}</time>
              <span aria-hidden> · </span>replayed <time dateTime={isoDate(article.published_at)}>{formatDate(article.published_at)}</time>
            </>
          ) : (
            <>
              Published <time dateTime={isoDate(article.published_at)}>{formatDate(article.published_at)}</time>
            </>
          )}
          {article.topic.name.toLowerCase() !== article.theme.toLowerCase() && (
            <>
              <span aria-hidden> · </span>
              <span>{capitalise(article.topic.name)}</span>
            </>
          )}
        </p>
        {actions}
      </header>

      {article.introduction && (
        <div className="mt-6 text-lg leading-relaxed text-slate-800 dark:text-slate-200">
          <Markdown text={article.introduction} />
        </div>
      )}

      {points.length > 0 && (
        <ul className="mt-6 space-y-2.5 rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900" aria-label="Key points">
          {points.map((point, index) => (
            <li key={index} className="flex gap-3 leading-relaxed text-slate-800 dark:text-slate-200">
              <span aria-hidden className="mt-2.5 size-1.5 shrink-0 rounded-full bg-blue-600 dark:bg-blue-400" />
              <span className="min-w-0">
                <Markdown text={point} inline />
              </span>
            </li>
          ))}
        </ul>
      )}

      {article.sections.map((section, index) => (
        <section key={index} className="mt-8">
          {section.heading && <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{section.heading}</h2>}
          <div className="mt-3 leading-relaxed text-slate-800 dark:text-slate-200">
            <Markdown text={section.content} />
          </div>
        </section>
      ))}

      {article.disclosure && (
        <section aria-labelledby="disclosure-title" className="mt-10 border-t border-slate-200 pt-6 dark:border-slate-800">
          <h2 id="disclosure-title" className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            Disclosure
          </h2>
          <div className="mt-2 text-sm leading-relaxed text-slate-600 dark:text-slate-400">
            <Markdown text={article.disclosure} />
          </div>
        </section>
      )}

      {showReferences && article.references.length > 0 && (
        <section aria-labelledby="references-title" className="mt-8">
          <h2 id="references-title" className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            References
          </h2>
          <ReferenceList references={article.references} />
        </section>
      )}
    </article>
  );
}

/** References (desktop) or Sources (mobile): each opens its document page in a new tab. */
export function ReferenceList({ references }: { references: TReference[] }) {
  return (
    <ol className="mt-3 space-y-3">
      {references.map((reference) => {
        const href = documentHref(reference.document_id);
        return (
          <li key={`${reference.number}-${reference.document_id}`} id={`reference-${reference.number}`} className="flex gap-3 text-sm">
            <span className="w-7 shrink-0 text-end font-semibold text-slate-500 tabular-nums dark:text-slate-400">[{reference.number}]</span>
            <span className="min-w-0">
              {href ? (
                <a href={href} target="_blank" rel="noopener noreferrer" className="font-medium break-words text-blue-700 hover:underline dark:text-blue-400">
                  {reference.title}
                </a>
              ) : (
                <span className="font-medium">{reference.title}</span>
              )}
              <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
                {reference.source}
                {isDate(reference.date) && ` · ${formatDate(reference.date)}`}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
