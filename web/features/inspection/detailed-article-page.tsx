import { useMemo, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import type { TInspectionDetail, TInspectionDocument } from '../../../contract/inspection';
import { Dialog } from '../../components/ui/dialog';
import { KeyMetricsTable } from '../../components/ui/key-metrics-table';
import { Markdown } from '../../components/ui/markdown';
import { ReferenceProvider } from '../../components/ui/references';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { documentHref, isRightToLeft, mergeSources } from '../../lib/article-data';
import { formatDate } from '../../lib/dates';
import { useIsMobile } from '../../lib/use-media';
import { useViewing } from '../../lib/viewing';
import { useItemDetail } from './api';
import { readStage } from './pipeline-data';
import { CopyButton } from '../../components/ui/copy-button';
import { Collapsible, Pre, ScoreChip } from './pieces';
import { usePageTitle } from '../../lib/use-page-title';

const SOURCE_TYPE_TONES: Record<TInspectionDocument['source_type'], string> = {
  'Original Event': 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  'Supporting Document': 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  'Historical Document': 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  'Research Query Result': 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
};

function H2({ children }: { children: string }) {
  return <h2 className="mb-2 text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{children}</h2>;
}

/** The reference chip: initial number, '→ final' when it changed, struck through when not cited. */
export function ReferenceChip({ doc }: { doc: TInspectionDocument }) {
  const initial = doc.initial_reference_number;
  const final = doc.final_reference_number;
  return (
    <span
      data-testid="reference-chip"
      title={doc.was_cited ? 'Cited in the article' : 'Not cited in the article'}
      className={`inline-flex items-center rounded-md px-1.5 py-0.5 font-mono text-xs ${doc.was_cited ? 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200' : 'bg-slate-100 text-slate-700 line-through dark:bg-slate-800 dark:text-slate-300'}`}
    >
      [{initial ?? '?'}]{final !== null && final !== initial ? ` → ${final}` : ''}
    </span>
  );
}

function SupportingDocument({ doc }: { doc: TInspectionDocument }) {
  const metadata = useMemo(() => {
    try {
      return JSON.stringify(JSON.parse(doc.metadata), null, 2);
    } catch {
      return doc.metadata;
    }
  }, [doc.metadata]);
  return (
    <li className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700" data-testid="supporting-document">
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
        <span>{formatDate(doc.date)}</span>
        <ReferenceChip doc={doc} />
        <span className={`rounded-full px-2 py-0.5 font-medium ${SOURCE_TYPE_TONES[doc.source_type]}`}>{doc.source_type}</span>
      </div>
      <p className="font-semibold text-slate-900 dark:text-white">{doc.title}</p>
      <p className="text-sm">
        {doc.url ? (
          <a href={doc.url} target="_blank" rel="noreferrer" className="inline-flex items-center gap-1 text-blue-700 hover:underline dark:text-blue-400">
            {doc.source} <ExternalLink aria-hidden className="size-3" />
          </a>
        ) : (
          <a href={documentHref(doc.document_id, false)} target="_blank" rel="noreferrer" className="text-blue-700 underline underline-offset-2 dark:text-blue-400">
            {doc.source}
          </a>
        )}
      </p>
      <Collapsible summary="View document preview">
        <div tabIndex={0} className="max-h-64 overflow-y-auto rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap dark:bg-slate-950">{doc.text_content || 'No content available'}</div>
      </Collapsible>
      <Collapsible summary="View document metadata">
        <Pre>{metadata || '{}'}</Pre>
      </Collapsible>
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
        <div className="flex items-center gap-1">
          <dt className="sr-only">Vector score</dt>
          <dd>
            <ScoreChip score={doc.score} label="Vector score" />
          </dd>
        </div>
        <div>
          <dt className="inline">Words: </dt>
          <dd className="inline">{doc.word_count?.toLocaleString('en-US') ?? '—'}</dd>
        </div>
        <div>
          <dt className="inline">Tokens: </dt>
          <dd className="inline">{doc.token_count?.toLocaleString('en-US') ?? '—'}</dd>
        </div>
        <div>
          <dt className="inline">Collection: </dt>
          <dd className="inline">{doc.collection ?? '—'}</dd>
        </div>
        <div>
          <dt className="inline">Strategy: </dt>
          <dd className="inline">{doc.strategy_used ?? '—'}</dd>
        </div>
      </dl>
    </li>
  );
}

/** 'Article Composition LLM Interaction'. */
function CompositionDialog({ open, onClose, interactions }: { open: boolean; onClose: () => void; interactions: Record<string, unknown> }) {
  const [tab, setTab] = useState<'Prompt' | 'Response'>('Prompt');
  const read = readStage(interactions, 'article');
  const prompt = read.state === 'ok' ? [read.record.systemPrompt, read.record.userMessage].filter(Boolean).join('\n\n') : '';
  const response = read.state === 'ok' ? read.record.response : '';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="xl"
      title="Article Composition LLM Interaction"
      description={read.state === 'ok' ? `${read.record.model} · ${read.record.duration} · Tokens: ${read.record.tokens}` : undefined}
      footer={
        read.state === 'ok' ? (
          <>
            <CopyButton text={prompt} label="Copy Prompt" />
            <CopyButton text={response} label="Copy Response" />
          </>
        ) : undefined
      }
    >
      {read.state === 'ok' ? (
        <>
          <div role="tablist" aria-label="Composition interaction" className="mb-2 flex gap-1">
            {(['Prompt', 'Response'] as const).map((t) => (
              <button key={t} type="button" role="tab" aria-selected={tab === t} onClick={() => setTab(t)} className={`rounded-md px-3 py-1 text-sm font-medium ${tab === t ? 'bg-blue-700 text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}>
                {t}
              </button>
            ))}
          </div>
          <div role="tabpanel" aria-label={tab}>
            <Pre>{(tab === 'Prompt' ? prompt : response) || '(empty)'}</Pre>
          </div>
        </>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{read.message}</p>
      )}
    </Dialog>
  );
}

function Generated({ d }: { d: TInspectionDetail }) {
  const a = d.article!;
  const [usedOnly, setUsedOnly] = useState(true);
  const [dialog, setDialog] = useState(false);
  // A phone shows the table's three columns (metric, value, confidence), the details under the metric: all seven do not fit 375 px.
  const mobile = useIsMobile();
  const used = a.supporting_documents.filter((s) => s.was_cited);
  const shown = usedOnly ? used : a.supporting_documents;
  const rtl = isRightToLeft(d.language);
  const sources = useMemo(() => mergeSources(a.references, a.supporting_documents), [a]);
  return (
    <ReferenceProvider sources={sources} stripSuffix={false}>
      <article dir={rtl ? 'rtl' : undefined} className="space-y-6">
        {d.data_table && d.data_table.columns.length > 0 && d.data_table.rows.length > 0 && <KeyMetricsTable table={d.data_table} compact={mobile} />}
        <p className="flex flex-wrap gap-x-4 text-sm text-slate-600 dark:text-slate-400">
          <span>Published {formatDate(d.published_at ?? d.document.canonical_at)}</span>
          <span>Article generated {formatDate(d.article_generated_at)}</span>
        </p>
        {a.topic_assignments.length > 0 && (
          <section>
            <H2>Related Topics</H2>
            <div className="flex flex-wrap gap-2">
              {a.topic_assignments.map((t) => (
                <span key={t.topic} title={t.reasoning || undefined} className="rounded-full bg-blue-100 px-2.5 py-0.5 text-sm text-blue-900 dark:bg-blue-950 dark:text-blue-200">
                  {t.topic}
                </span>
              ))}
            </div>
          </section>
        )}
        {a.suggested_new_topics.length > 0 && (
          <section>
            <H2>Suggested New Topics</H2>
            <ul className="space-y-1 text-sm">
              {a.suggested_new_topics.map((t) => (
                <li key={t.topic}>
                  <strong>{t.topic}</strong>
                  {t.reasoning ? ` — ${t.reasoning}` : ''}
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className="space-y-3">
          {a.superhead && <p className="text-sm font-semibold text-blue-700 uppercase dark:text-blue-400">{a.superhead}</p>}
          <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{a.title}</h1>
          {a.introduction && <Markdown text={a.introduction} />}
          {a.sections.map((s, i) => (
            <div key={i}>
              {s.heading && <h3 className="mt-3 text-lg font-semibold">{s.heading}</h3>}
              <Markdown text={s.content} />
            </div>
          ))}
        </section>
        <section>
          <Collapsible summary={<span className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Full Article (Markdown)</span>}>
            <div className="mb-2 flex justify-end">
              <CopyButton text={a.markdown} />
            </div>
            <Pre>{a.markdown}</Pre>
          </Collapsible>
        </section>
        {a.disclosure && (
          <section>
            <H2>Disclosure</H2>
            <p className="text-sm">{a.disclosure}</p>
          </section>
        )}
        {a.references.length > 0 && (
          <section>
            <H2>References</H2>
            <ol className="space-y-1 text-sm">
              {a.references.map((r) => (
                <li key={`${r.number}-${r.document_id}`}>
                  [{r.number}]{' '}
                  <a href={documentHref(r.document_id, false)} target="_blank" rel="noreferrer" className="text-blue-700 underline underline-offset-2 dark:text-blue-400">
                    {r.title}
                  </a>{' '}
                  <span className="text-slate-600 dark:text-slate-400">
                    {r.source}
                    {r.date ? `, ${formatDate(r.date)}` : ''}
                  </span>
                </li>
              ))}
            </ol>
          </section>
        )}
        <footer>
          <button type="button" onClick={() => setDialog(true)} className="text-sm text-blue-700 hover:underline dark:text-blue-400">
            Generated from {used.length} cited sources out of {a.supporting_documents.length} analyzed sources
          </button>
        </footer>
        <CompositionDialog open={dialog} onClose={() => setDialog(false)} interactions={d.llm_interactions} />
        <NovelAndOriginal d={d} />
        <section>
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 className="text-sm font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">Supporting Documents ({a.supporting_documents.length})</h2>
            <div className="flex items-center gap-2 text-sm">
              <span className="text-slate-600 dark:text-slate-400">
                {used.length} of {a.supporting_documents.length} used
              </span>
              <div className="inline-flex rounded-md border border-slate-300 dark:border-slate-600">
                {[true, false].map((value) => (
                  <button key={String(value)} type="button" aria-pressed={usedOnly === value} onClick={() => setUsedOnly(value)} className={`px-2.5 py-1 text-xs font-medium ${usedOnly === value ? 'bg-blue-700 text-white' : 'hover:bg-slate-100 dark:hover:bg-slate-800'}`}>
                    {value ? 'Used Only' : 'Show All'}
                  </button>
                ))}
              </div>
            </div>
          </div>
          <ul className="space-y-3">
            {shown.map((doc) => (
              <SupportingDocument key={`${doc.document_id}-${doc.initial_reference_number}`} doc={doc} />
            ))}
          </ul>
        </section>
      </article>
    </ReferenceProvider>
  );
}

function NovelAndOriginal({ d }: { d: TInspectionDetail }) {
  const novel = d.novelty_summary ?? (d.novel_facts?.length ? d.novel_facts.map((f) => f.fact).join(' ') : null);
  return (
    <>
      <section>
        <H2>Novel Summary</H2>
        <p className="text-sm">{novel ?? 'No novelty summary.'}</p>
      </section>
      <section>
        <H2>Original Event Summary</H2>
        <p className="text-sm">{d.event_summary}</p>
        <p className="mt-1 text-sm">
          Source:{' '}
          <a href={documentHref(d.document.id, false)} target="_blank" rel="noreferrer" className="text-blue-700 underline underline-offset-2 dark:text-blue-400">
            {d.document.title}
          </a>{' '}
          <span className="text-slate-600 dark:text-slate-400">({d.document.source})</span>
        </p>
      </section>
    </>
  );
}

/**
 * The superuser's detailed article view at /a/{id}: every section in order,
 * the composition dialog, the supporting documents; or the failed / not-yet-generated states.
 */
export default function DetailedArticlePage() {
  const params = useParams();
  const [search] = useSearchParams();
  const viewing = useViewing();
  const raw = params.id;
  const id = raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
  const userId = search.get('user_id') ?? viewing.userId;
  const detail = useItemDetail(userId, id);
  const title = detail.data?.article?.title;
  usePageTitle(title);

  const back = (
    <Link to="/" className="inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-400">
      <ArrowLeft aria-hidden className="size-4" /> Back to timeline
    </Link>
  );
  let body;
  if (id === undefined) body = <NotFound reason="Article ID not provided" />;
  else if (detail.isPending) body = <Spinner label="Loading article" />;
  else if (detail.isError || !detail.data) body = <NotFound reason={detail.error instanceof ApiError && detail.error.status < 500 ? detail.error.message : 'Failed to load article'} />;
  else if (detail.data.article) body = <Generated d={detail.data} />;
  else
    body = (
      <div className="space-y-6">
        <h1 className="text-2xl font-bold text-slate-900 dark:text-white">{detail.data.event_summary}</h1>
        {detail.data.article_generation_error || detail.data.error ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950">
            <h2 className="font-semibold text-red-900 dark:text-red-200">Full Article Generation Failed</h2>
            <p className="mt-1 text-sm text-red-800 dark:text-red-300">{detail.data.article_generation_error ?? detail.data.error}</p>
          </div>
        ) : (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-800 dark:bg-amber-950">
            <h2 className="font-semibold text-amber-900 dark:text-amber-200">Full Article Not Yet Generated</h2>
            <p className="mt-1 text-sm text-amber-900 dark:text-amber-200">The full article content is still being generated. Please check back in a few minutes.</p>
          </div>
        )}
        <NovelAndOriginal d={detail.data} />
      </div>
    );
  return (
    <div className="mx-auto w-full max-w-4xl space-y-4 p-4">
      {back}
      {body}
    </div>
  );
}

function NotFound({ reason }: { reason: string }) {
  return (
    <div role="alert" className="rounded-lg border border-slate-200 p-6 text-center dark:border-slate-700">
      <h1 className="text-xl font-bold">Article Not Found</h1>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{reason}</p>
    </div>
  );
}
