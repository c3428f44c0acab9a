import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TTopic } from '../../../contract/topics';
import { TOOL_MESSAGES, type TTopicSearchResponse } from '../../../contract/tools';
import { Dialog } from '../../components/ui/dialog';
import { Alert } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { TabPanels } from '../../components/ui/tab-panels';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { formatDate } from '../../lib/dates';
import { capitalise } from '../../lib/text';
import { withUser } from '../../lib/viewing';
import { formatScore, scoreTone } from '../../lib/scores';

type Tab = 'details' | 'search' | 'matrix';

const LEVELS = [
  { key: 'high', label: 'High' },
  { key: 'medium', label: 'Medium' },
  { key: 'low', label: 'Low' },
] as const;
const FACTORS = [
  { key: 'action_outcome', label: 'Action / outcome' },
  { key: 'entities', label: 'Entities' },
  { key: 'places', label: 'Places' },
] as const;

/**
 * The topic detail modal, opened from a topic in the side panel by a
 * superuser: Details, Search Results (24h) (the topic searched over the last 24 hours, score 0.42
 * and up), and the relevance matrix. `userId` is the viewed user (impersonation).
 */
export default function TopicDetailModal({ topic, userId, onClose }: { topic: TTopic | null; userId: string | undefined; onClose: () => void }) {
  const [tab, setTab] = useState<Tab>('details');
  const close = () => {
    setTab('details');
    onClose();
  };
  return (
    <Dialog open={topic !== null} onClose={close} size="lg" title={topic ? capitalise(topic.name) : ''} description="Topic details">
      {topic && (
        <TabPanels
          label="Topic"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { key: 'details', label: 'Details' },
            { key: 'search', label: 'Search Results (24h)' },
            { key: 'matrix', label: 'Relevance Matrix' },
          ]}
        >
          {tab === 'details' && <Details topic={topic} />}
          {tab === 'search' && <SearchResults topic={topic} userId={userId} />}
          {tab === 'matrix' && <RelevanceMatrix topic={topic} />}
        </TabPanels>
      )}
    </Dialog>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900 dark:text-slate-100">{children}</dd>
    </div>
  );
}

const None = () => <span className="text-slate-500 dark:text-slate-400">None</span>;

function Chips({ items }: { items: string[] }) {
  if (items.length === 0) return <None />;
  return (
    <ul className="flex flex-wrap gap-1.5">
      {items.map((item) => (
        <li key={item} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
          {item}
        </li>
      ))}
    </ul>
  );
}

function Details({ topic }: { topic: TTopic }) {
  return (
    <dl className="space-y-4">
      <Field label="Name">{capitalise(topic.name)}</Field>
      <Field label="Description">{topic.description || <None />}</Field>
      <Field label="Query">{topic.query || <None />}</Field>
      {topic.ai_query && topic.ai_query !== topic.query && <Field label="AI query">{topic.ai_query}</Field>}
      <Field label="Sources">
        <Chips items={Object.values(topic.sources)} />
      </Field>
      <Field label="Key events">
        <Chips items={topic.key_events} />
      </Field>
      <Field label="Key entities">
        <Chips items={topic.key_entities} />
      </Field>
      <Field label="Key places">
        <Chips items={topic.key_places} />
      </Field>
    </dl>
  );
}

function SearchResults({ topic, userId }: { topic: TTopic; userId: string | undefined }) {
  const query = useQuery({
    queryKey: ['topic-search', topic.id, userId ?? 'self'],
    queryFn: ({ signal }) => authClient.authedApi<TTopicSearchResponse>(withUser(`/topics/${topic.id}/search/`, userId), { signal }),
    retry: false,
    staleTime: 60_000,
  });
  if (query.isPending) return <Spinner label="Searching the last 24 hours" />;
  if (query.isError) {
    return (
      <Alert tone="error" title={TOOL_MESSAGES.topicSearchFailed}>
        {query.error instanceof ApiError ? query.error.message : 'An error occurred while searching'}
      </Alert>
    );
  }
  const result = query.data;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 p-3 text-sm sm:grid-cols-3 dark:border-slate-700">
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Documents</dt>
          <dd className="font-semibold" data-testid="topic-search-count">
            {result.count}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Time range</dt>
          <dd>
            {new Date(result.time_range.from).toLocaleString('en-US')} – {new Date(result.time_range.to).toLocaleString('en-US')}
          </dd>
        </div>
        <div>
          <dt className="text-xs text-slate-600 dark:text-slate-400">Average score</dt>
          <dd className="font-semibold">{result.search_metrics.score_avg === null ? '—' : formatScore(result.search_metrics.score_avg)}</dd>
        </div>
      </dl>
      {result.documents.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{TOOL_MESSAGES.topicSearchEmpty}</p>
      ) : (
        <ul className="space-y-3">
          {result.documents.map((doc) => (
            <li key={doc.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
              <div className="flex items-start justify-between gap-3">
                <h3 className="font-semibold text-slate-900 dark:text-white">{doc.name || 'Untitled'}</h3>
                <span className={`shrink-0 rounded px-1.5 py-0.5 font-mono text-xs ${scoreTone(doc.score)}`} aria-label={`Score ${formatScore(doc.score)}`}>
                  {formatScore(doc.score)}
                </span>
              </div>
              <p className="mt-1 line-clamp-4 text-sm text-slate-700 dark:text-slate-300">{doc.text}</p>
              <p className="mt-2 flex flex-wrap gap-x-3 text-xs text-slate-600 dark:text-slate-400">
                <a href={`/d/${doc.id}`} target="_blank" rel="noopener noreferrer" className="font-medium text-blue-700 hover:underline dark:text-blue-400">
                  {doc.source || 'Unknown'}
                </a>
                <span>{formatDate(doc.canonical_at)}</span>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function RelevanceMatrix({ topic }: { topic: TTopic }) {
  const matrix = topic.relevance_matrix;
  if (!matrix) return <p className="text-sm text-slate-700 dark:text-slate-300">This topic has no relevance matrix yet.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Relevance matrix</caption>
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="py-2 pr-3 font-semibold">
              Factor
            </th>
            {LEVELS.map((level) => (
              <th key={level.key} scope="col" className="py-2 pr-3 font-semibold">
                {level.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {FACTORS.map((factor) => (
            <tr key={factor.key} className="border-b border-slate-100 align-top dark:border-slate-800">
              <th scope="row" className="py-2 pr-3 font-medium whitespace-nowrap">
                {factor.label}
                <span className="block font-mono text-[11px] font-normal text-slate-500">{factor.key}</span>
              </th>
              {LEVELS.map((level) => (
                <td key={level.key} className="py-2 pr-3 text-slate-700 dark:text-slate-300">
                  {matrix[factor.key][level.key] || '—'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
