import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronDown } from 'lucide-react';
import type { TakeawayBasis, TArticleSummary, TReaderArticle } from '../../../contract/feed';
import { KeyMetricsTable } from '../../components/ui/key-metrics-table';
import { Markdown } from '../../components/ui/markdown';
import { articleHref, parseDataTable, parseTakeaways, plainText } from '../../lib/article-data';
import { formatDate, isoDate } from '../../lib/dates';
import { readKeyMetrics } from '../../lib/key-metrics';
import { ReferenceList } from './article-view';

const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900';

function SideCard({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={card}>
      <h2 id={id} className="text-base font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** The takeaways that stand in with one of the impact's own lines, which "Why it matters to you" shows already. */
const IMPACT_LINES: readonly TakeawayBasis[] = ['followed_names', 'impact'];

/** Takeaways: a list or plain text; hidden when there is nothing readable, or when the server says it is one of the impact's lines (its basis). */
export function Takeaways({ value, basis = null }: { value: TReaderArticle['actionable_takeaway']; basis?: TReaderArticle['takeaway_basis'] }) {
  const takeaways = parseTakeaways(value);
  if (!takeaways || (basis && IMPACT_LINES.includes(basis))) return null;
  return (
    <SideCard id="takeaways-title" title="Takeaways">
      {'items' in takeaways ? (
        <ul className="space-y-2 text-sm leading-relaxed text-slate-800 dark:text-slate-200">
          {takeaways.items.map((item, index) => (
            <li key={index} className="flex gap-2">
              <span aria-hidden className="mt-2 size-1.5 shrink-0 rounded-full bg-emerald-600" />
              <span className="min-w-0">
                <Markdown text={item} inline />
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <div className="text-sm leading-relaxed text-slate-800 dark:text-slate-200">
          <Markdown text={takeaways.text} />
        </div>
      )}
    </SideCard>
  );
}

const marks = (refs: number[]) => refs.map((n) => `[${n}]`).join('');
const SEVERITY_WORDS = ['', 'Routine', 'Worth knowing', 'Notable', 'Significant', 'Critical'];

/**
 * Why it matters to you: the article's impact on the reader (severity with its confidence and
 * basis, why it matters, the names they follow it names, the dates it sets), every claim with its
 * reference markers. Hidden for an article written before impact assessments.
 */
export function Impact({ impact, takeaway = null }: { impact: TReaderArticle['impact']; takeaway?: TReaderArticle['actionable_takeaway'] }) {
  if (!impact) return null;
  // An article whose documents give nothing actionable takes why it matters as its takeaway: said once, there.
  const said = [takeaway ?? []].flat().join(' ');
  const why = impact.why_it_matters && !said.includes(impact.why_it_matters.text) ? impact.why_it_matters : null;
  return (
    <SideCard id="impact-title" title="Why it matters to you">
      <p className="text-sm text-slate-800 dark:text-slate-200">
        <span className="mr-2 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">
          Severity {impact.severity}/5 · {SEVERITY_WORDS[impact.severity]}
        </span>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {impact.confidence} confidence: {impact.severity_basis}
        </span>
      </p>
      {why && (
        <div className="mt-3 text-sm leading-relaxed text-slate-800 dark:text-slate-200">
          <Markdown text={`${why.text} ${marks(why.references)}`} />
        </div>
      )}
      {impact.horizon.length > 0 && (
        <>
          <h3 className="mt-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Dates ahead</h3>
          <ul className="mt-1 space-y-2 text-sm leading-relaxed text-slate-800 dark:text-slate-200">
            {impact.horizon.map((item) => (
              <li key={`${item.date}-${item.what}`}>
                <time dateTime={item.date} className="font-medium">
                  {formatDate(item.date)}
                </time>
                : <Markdown text={`${item.what} ${marks(item.references)}`} inline />
              </li>
            ))}
          </ul>
        </>
      )}
      {impact.entities.length > 0 && (
        <>
          <h3 className="mt-3 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Names you follow</h3>
          <ul className="mt-1 flex flex-wrap gap-1.5 text-xs">
            {impact.entities.map((entity) => (
              <li key={entity.name} className="rounded-full border border-slate-300 px-2 py-0.5 text-slate-800 dark:border-slate-700 dark:text-slate-200">
                <Markdown text={`${entity.name} ${marks(entity.references)}`} inline />
              </li>
            ))}
          </ul>
        </>
      )}
    </SideCard>
  );
}

export function KeyMetrics({ table }: { table: TReaderArticle['data_table'] }) {
  if (!readKeyMetrics(parseDataTable(table))) return null;
  return (
    <SideCard id="key-metrics-title" title="Key Metrics">
      <KeyMetricsTable table={table} compact />
    </SideCard>
  );
}

/** One Latest or Related item: the title links to the article; the chevron shows more of it. */
function SideItem({ article, userId }: { article: TArticleSummary; userId?: string }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const summary = plainText(article.introduction || article.points[0] || '');
  return (
    <li className="py-2.5">
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <Link to={articleHref(article.id, userId)} className="text-sm leading-snug font-medium text-slate-900 hover:underline dark:text-slate-100">
            {article.title}
          </Link>
          <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">
            <time dateTime={isoDate(article.original_published_at ?? article.published_at)}>{formatDate(article.original_published_at ?? article.published_at)}</time>
          </p>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={detailsId}
          aria-label={`${open ? 'Collapse' : 'Expand'} ${article.title}`}
          onClick={() => setOpen((value) => !value)}
          className="shrink-0 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800 dark:hover:text-slate-100"
        >
          <ChevronDown aria-hidden className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
        </button>
      </div>
      <div id={detailsId} hidden={!open} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {article.theme && <p className="text-xs font-semibold tracking-wide text-blue-700 uppercase dark:text-blue-400">{article.theme}</p>}
        {summary && <p className="mt-1">{summary}</p>}
        {article.points.length > 0 && (
          <ul className="mt-2 list-disc space-y-1 ps-4 text-xs">
            {article.points.slice(0, 3).map((point, index) => (
              <li key={index}>{plainText(point)}</li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

export function SideList({ id, title, articles, userId, status }: { id: string; title: string; articles: TArticleSummary[]; userId?: string; status?: ReactNode }) {
  return (
    <SideCard id={id} title={title}>
      {status ?? (
        <ul className="-my-2.5 divide-y divide-slate-100 dark:divide-slate-800">
          {articles.map((article) => (
            <SideItem key={article.id} article={article} userId={userId} />
          ))}
        </ul>
      )}
    </SideCard>
  );
}

/** Sources: the references, in the side column on phones. */
export function Sources({ article }: { article: TReaderArticle }) {
  if (article.references.length === 0) return null;
  return (
    <SideCard id="sources-title" title="Sources">
      <ReferenceList references={article.references} />
    </SideCard>
  );
}
