import { ExternalLink } from 'lucide-react';
import type { TInspectionDetail } from '../../../contract/inspection';
import { KeyMetricsTable } from '../../components/ui/key-metrics-table';
import { MarkedText, ReferenceProvider } from '../../components/ui/references';
import { documentHref, parseSources, parseTakeaways, type ReferenceSource } from '../../lib/article-data';
import { timelineDate } from '../../lib/dates';
import { LlmPanel } from './llm-panel';
import { readInputDocument, STAGES } from './pipeline-data';
import { Collapsible, Pre, ScoreChip, Section } from './pieces';

/** An input document, expandable: title, source, date, score and text; a link to /d/{id}. */
export function InputDocumentCard({ value, index }: { value: unknown; index: number }) {
  const doc = readInputDocument(value);
  if (!doc) return null;
  const href = documentHref(doc.id, false);
  return (
    <Collapsible
      className="rounded-md border border-slate-200 px-3 py-2 dark:border-slate-700"
      summary={
        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-mono text-xs text-slate-500">[{doc.number ?? index + 1}]</span>
          <span>{doc.title}</span>
          <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{doc.source}</span>
          {doc.date && <span className="text-xs font-normal text-slate-600 dark:text-slate-400">{timelineDate(doc.date)}</span>}
          <ScoreChip score={doc.score} />
        </span>
      }
    >
      {href && (
        <a href={href} target="_blank" rel="noreferrer" className="mb-2 inline-flex items-center gap-1 text-xs font-medium text-blue-700 hover:underline dark:text-blue-400">
          Open document <ExternalLink aria-hidden className="size-3" />
        </a>
      )}
      <Pre>{doc.text}</Pre>
    </Collapsible>
  );
}

const list = (items: string[]) => (items.length ? items.join(', ') : '—');

/** Sources the [n] markers of the takeaway resolve against: detection documents, then the article's documents. */
function markerSources(d: TInspectionDetail): ReferenceSource[] {
  return [...(d.article?.supporting_documents.map((s) => ({ documentId: s.document_id, title: s.title, source: s.source, date: s.date ?? undefined, initialNumber: s.initial_reference_number ?? undefined, finalNumber: s.final_reference_number ?? undefined, wasCited: s.was_cited })) ?? []), ...parseSources(d.detection_documents)];
}

/** The expanded event row, every part in order. */
export function EventDetails({ detail: d }: { detail: TInspectionDetail }) {
  const takeaway = parseTakeaways(d.actionable_takeaway);
  const scores = d.detection_scores ? Object.entries(d.detection_scores) : [];
  return (
    <ReferenceProvider sources={markerSources(d)} stripSuffix={false}>
      <div className="space-y-4">
        {d.short_summary && <Section title="Short summary">{d.short_summary}</Section>}
        {d.long_summary && <Section title="Long summary">{d.long_summary}</Section>}
        {d.supporting_facts.length > 0 && (
          <Section title="Supporting facts">
            <ul className="list-disc space-y-1 ps-5">
              {d.supporting_facts.map((f, i) => (
                <li key={i}>
                  {f.fact}{' '}
                  <span className="text-xs text-slate-600 dark:text-slate-400">
                    ({f.sources.map((s, j) => (s.source_id ? <a key={j} href={documentHref(s.source_id, false)} target="_blank" rel="noreferrer" className="underline underline-offset-2">{s.source}</a> : <span key={j}>{s.source}</span>))})
                  </span>
                </li>
              ))}
            </ul>
          </Section>
        )}
        {takeaway && (
          <Section title="Actionable takeaway">
            {'items' in takeaway ? (
              <ul className="list-disc space-y-1 ps-5">
                {takeaway.items.map((t, i) => (
                  <li key={i}>
                    <MarkedText text={t} />
                  </li>
                ))}
              </ul>
            ) : (
              <MarkedText text={takeaway.text} />
            )}
          </Section>
        )}
        {d.data_table && d.data_table.columns.length > 0 && d.data_table.rows.length > 0 && (
          <Section title="Data table">
            <KeyMetricsTable table={d.data_table} compact={false} caption="Data table" />
          </Section>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <Section title="Entities">{list(d.entities)}</Section>
          <Section title="Places">{list(d.places)}</Section>
          <Section title="Action / outcome">{list(d.action_outcome)}</Section>
          <Section title="Assigned topics">{list(d.assigned_questions_mapped)}</Section>
        </div>
        <Section title="Detection">
          <p>
            Decision: <strong>{d.detection_decision ?? '—'}</strong>
            {d.detection_rational ? ` — ${d.detection_rational}` : ''}
          </p>
          {scores.length > 0 && (
            <p className="mt-1 flex flex-wrap gap-2 font-mono text-xs">
              {scores.map(([k, v]) => (
                <span key={k} className="rounded bg-slate-100 px-1.5 py-0.5 dark:bg-slate-800">
                  {k} {Number(v).toFixed(3)}
                </span>
              ))}
            </p>
          )}
          {d.decision_audit && <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Audit: {Object.entries(d.decision_audit).map(([k, v]) => `${k} ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`).join(' · ')}</p>}
        </Section>
        {d.detection_documents.length > 0 && (
          <Section title={`Detection documents (${d.detection_documents.length})`}>
            <div className="space-y-2">
              {d.detection_documents.map((doc, i) => (
                <InputDocumentCard key={i} value={doc} index={i} />
              ))}
            </div>
          </Section>
        )}
        <Section title="Novelty">
          {d.novel === null ? (
            <p>{d.skip_reason ?? 'Not checked yet.'}</p>
          ) : (
            <>
              <p>
                <strong>{d.novel ? 'Novel' : 'Known'}</strong>
                {d.novelty_score !== null ? ` (${d.novelty_score.toFixed(2)})` : ''}
                {d.novelty_reason ? ` — ${d.novelty_reason}` : ''}
              </p>
              {d.novelty_summary && <p className="mt-1">{d.novelty_summary}</p>}
              {(d.novel_facts?.length ?? 0) > 0 && <p className="mt-1 text-xs">New: {d.novel_facts!.map((f) => f.fact).join(' · ')}</p>}
              {(d.known_facts?.length ?? 0) > 0 && <p className="mt-1 text-xs">Known: {d.known_facts!.map((f) => f.fact).join(' · ')}</p>}
            </>
          )}
          {(d.novelty_documents?.length ?? 0) > 0 && (
            <Collapsible className="mt-2" summary={`Historical abstracts (${d.novelty_documents!.length})`}>
              <div className="space-y-2">
                {d.novelty_documents!.map((doc, i) => (
                  <InputDocumentCard key={i} value={doc} index={i} />
                ))}
              </div>
            </Collapsible>
          )}
        </Section>
        {d.phase_change !== null && (
          <Section title="Phase change">
            {d.phase_change ? 'Yes' : 'No'}
            {d.phase_change_explanation ? ` — ${d.phase_change_explanation}` : ''}
          </Section>
        )}
        <Section title="Research">
          {d.researched === null ? 'Not researched yet.' : d.researched === false || d.research_error ? `Research failed${d.research_error ? `: ${d.research_error}` : ''}` : `${d.queries.length} research ${d.queries.length === 1 ? 'query' : 'queries'}`}
          {d.queries.length > 0 && (
            <ul className="mt-1 list-disc space-y-0.5 ps-5 text-xs">
              {d.queries.map((q, i) => {
                const r = (q && typeof q === 'object' ? q : {}) as Record<string, unknown>;
                return <li key={i}>{String(r.query ?? r.question ?? r.statement ?? JSON.stringify(q))}</li>;
              })}
            </ul>
          )}
        </Section>
        {!d.article_generated && d.article_generation_error && <Section title="Article Generation Error">Article generation failed: {d.article_generation_error}</Section>}
        <Section title="Language-model interactions">
          <div className="space-y-2">
            {STAGES.map((s) => (
              <LlmPanel key={s.key} interactions={d.llm_interactions} stage={s.key} />
            ))}
          </div>
        </Section>
      </div>
    </ReferenceProvider>
  );
}

/** The expanded article row: relevance to topics and, when the article says why it matters to them, to the user; then 'Original Event Summary'. */
export function ArticleDetails({ detail: d }: { detail: TInspectionDetail }) {
  return (
    <div className="space-y-4">
      <Section title="Relevance to topics">{d.relevance_to_topics ?? '—'}</Section>
      {d.relevance_to_user && <Section title="Relevance to you">{d.relevance_to_user}</Section>}
      <Section title="Original Event Summary">{d.event_summary}</Section>
    </div>
  );
}
