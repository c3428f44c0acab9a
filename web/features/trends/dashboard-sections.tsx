import { useId, useState } from 'react';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import type { TRisingName, TSpike, TTrendAnalysis, TTrendArticle, TTrendStory } from '../../../contract/trends';
import { articleHref } from '../../lib/article-data';
import { formatDate, isoDate } from '../../lib/dates';
import { articles, bucketWord, dayLabel, decimal, formatCount, momentumText, spikeDates, timelineLabel, type Bucket } from './figures';
import { articleLink, EmptyNote, LinkedMarkers, mutedText, Section } from './pieces';

/** An article as a link with its date. */
function ArticleLine({ article, userId }: { article: TTrendArticle; userId: string | undefined }) {
  return (
    <>
      <Link to={articleHref(article.id, userId)} className={articleLink}>
        {article.title}
      </Link>{' '}
      <time dateTime={isoDate(article.published_at)} className="text-xs whitespace-nowrap text-slate-600 dark:text-slate-400">
        {formatDate(article.published_at)}
      </time>
    </>
  );
}

function ArticleList({ items, userId, numbered = false }: { items: TTrendArticle[]; userId: string | undefined; numbered?: boolean }) {
  const List = numbered ? 'ol' : 'ul';
  return (
    <List className="mt-2 space-y-1.5 text-sm">
      {items.map((article, i) => (
        <li key={article.id} className="flex gap-2">
          {numbered && <span className="w-6 shrink-0 text-end font-semibold text-slate-500 tabular-nums dark:text-slate-400">[{i + 1}]</span>}
          <span className="min-w-0">
            <ArticleLine article={article} userId={userId} />
          </span>
        </li>
      ))}
    </List>
  );
}

/** Spikes: their dates, count against the usual, what they were about (its [n] are its articles in order) and the articles. */
export function SpikesSection({ spikes, bucket, spikesFrom, userId }: { spikes: TSpike[]; bucket: Bucket; spikesFrom: string; userId: string | undefined }) {
  const word = bucketWord(bucket);
  const definition = `A spike is ${word.a} with far more articles than the 14 ${word.many} before it.`;
  return (
    <Section id="trend-spikes-title" title="Spikes" intro={spikes.length > 0 ? definition : undefined}>
      {spikes.length === 0 ? (
        <EmptyNote>
          <p className="font-medium text-slate-800 dark:text-slate-200">No spikes in this period.</p>
          <p className="mt-1">
            {definition} Herald can find spikes for this topic from <time dateTime={isoDate(spikesFrom)}>{dayLabel(spikesFrom)}</time> on, once it has 14 {word.many} of articles to compare with.
          </p>
        </EmptyNote>
      ) : (
        <ol className="space-y-4">
          {spikes.map((spike) => (
            <li key={spike.start} className="border-l-4 border-slate-900 pl-3 dark:border-slate-100">
              <h3 className="font-semibold text-slate-900 dark:text-white">{spikeDates(spike, bucket)}</h3>
              <p className={mutedText}>
                {articles(spike.count)} against a usual {decimal(spike.baseline)} {bucket === 'day' ? 'a day' : 'an hour'} (a spike from above {decimal(spike.threshold)})
              </p>
              <p className="mt-2 text-sm leading-relaxed text-slate-800 dark:text-slate-200">
                <LinkedMarkers text={spike.explanation} target={(n) => spike.articles[n - 1]} userId={userId} />
              </p>
              <ArticleList items={spike.articles} userId={userId} numbered />
            </li>
          ))}
        </ol>
      )}
    </Section>
  );
}

function RisingItem({ name, userId }: { name: TRisingName; userId: string | undefined }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <li className="py-2.5">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-start gap-2 rounded-md text-left focus-visible:outline-2 focus-visible:outline-blue-600"
      >
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-1.5">
            <span className="font-semibold text-slate-900 dark:text-white">{name.name}</span>
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">{name.kind === 'place' ? 'Place' : 'Entity'}</span>
            {name.is_new ? (
              <span className="rounded-full bg-emerald-100 px-2 py-0.5 text-[11px] font-semibold text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100">New</span>
            ) : (
              <span className="text-sm font-medium text-slate-800 dark:text-slate-200">{momentumText(name.momentum)}</span>
            )}
          </span>
          <span className={`mt-0.5 block ${mutedText}`}>
            {articles(name.recent)} in the last 7 days · {formatCount(name.previous)} in the 30 days before
          </span>
        </span>
        <ChevronDown aria-hidden className={`mt-1 size-4 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={listId} hidden={!open}>
        <p className="sr-only">Articles naming {name.name}</p>
        <ArticleList items={name.articles} userId={userId} />
      </div>
    </li>
  );
}

/** Rising names: places and entities named more and more, each opening the articles that name it. */
export function RisingSection({ rising, userId }: { rising: TRisingName[]; userId: string | undefined }) {
  return (
    <Section id="trend-rising-title" title="Rising names" intro={rising.length > 0 ? 'Named more often in the last 7 days than in the 30 days before.' : undefined}>
      {rising.length === 0 ? (
        <EmptyNote>
          No rising names yet. Places and organisations that this topic&apos;s articles name far more often in the last 7 days than in the 30 days before will appear here, each with the articles that name them.
        </EmptyNote>
      ) : (
        <ul className="-my-2.5 divide-y divide-slate-100 dark:divide-slate-800">
          {rising.map((name) => (
            <RisingItem key={`${name.kind}:${name.name}`} name={name} userId={userId} />
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Top stories: each with its timeline, first report to latest. */
export function StoriesSection({ stories, userId }: { stories: TTrendStory[]; userId: string | undefined }) {
  return (
    <Section id="trend-stories-title" title="Top stories">
      {stories.length === 0 ? (
        <EmptyNote>No stories in this period. The stories Herald follows for this topic will appear here, each with its first report, its updates and the latest.</EmptyNote>
      ) : (
        <ul className="space-y-5">
          {stories.map((story) => (
            <li key={story.id}>
              <h3 className="font-semibold text-slate-900 dark:text-white">{story.title}</h3>
              <ol className="mt-2 space-y-2 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
                {story.articles.map((article, i) => (
                  <li key={article.id} className="relative text-sm">
                    <span aria-hidden className="absolute top-1.5 -left-[1.3rem] size-2 rounded-full bg-blue-600 ring-2 ring-white dark:bg-blue-400 dark:ring-slate-900" />
                    <span className="block text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{timelineLabel(i, story.articles.length)}</span>
                    <ArticleLine article={article} userId={userId} />
                  </li>
                ))}
              </ol>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

/** Who wrote the analysis, in words. */
export function modelText(model: string): string {
  return model === 'built-in' || model === 'builtin' ? "Written by Herald's built-in analysis from the articles' own sentences" : `Written by ${model}`;
}

/** "What changed": the analysis with its [n] linked to the articles, and who wrote it. */
export function AnalysisSection({ analysis, userId }: { analysis: TTrendAnalysis | null; userId: string | undefined }) {
  const byNumber = new Map(analysis?.references.map((r) => [r.number, { id: r.article_id, title: r.title }]) ?? []);
  return (
    <Section id="trend-analysis-title" title="What changed">
      {!analysis ? (
        <EmptyNote>No analysis for this period yet. Once articles arrive, a short account of what changed in this topic appears here, each sentence citing the articles it comes from.</EmptyNote>
      ) : (
        <>
          <p className="leading-relaxed whitespace-pre-line text-slate-800 dark:text-slate-200">
            <LinkedMarkers text={analysis.text} target={(n) => byNumber.get(n)} userId={userId} />
          </p>
          {analysis.references.length > 0 && (
            <ol aria-label="References" className="mt-4 space-y-1 border-t border-slate-100 pt-3 text-sm dark:border-slate-800">
              {analysis.references.map((r) => (
                <li key={r.number} className="flex gap-2">
                  <span className="w-6 shrink-0 text-end font-semibold text-slate-500 tabular-nums dark:text-slate-400">[{r.number}]</span>
                  <Link to={articleHref(r.article_id, userId)} className={`min-w-0 ${articleLink}`}>
                    {r.title}
                  </Link>
                </li>
              ))}
            </ol>
          )}
          <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">{modelText(analysis.model)}</p>
        </>
      )}
    </Section>
  );
}
