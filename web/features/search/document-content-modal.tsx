import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { MODAL_CLOSE_DELAY_MS } from '../../../contract/constants';
import type { TDocumentChunksResponse } from '../../../contract/search';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { TabPanels } from '../../components/ui/tab-panels';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { formatDate } from '../../lib/dates';

type View = 'chunk_view' | 'full_document' | 'context_document' | 'bookend_context' | 'extended_context';
const VIEWS: { key: View; label: string }[] = [
  { key: 'chunk_view', label: 'Chunk View' },
  { key: 'full_document', label: 'Full Document' },
  { key: 'context_document', label: 'Context View' },
  { key: 'bookend_context', label: 'Bookend Context' },
  { key: 'extended_context', label: 'Extended Context' },
];

const Selected = () => <span className="rounded bg-blue-700 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-white dark:bg-blue-500">SELECTED</span>;

/**
 * The Document Content modal: the document of a search result in five
 * views, each with its token, character and word counts and the matched chunk marked SELECTED;
 * View Full Document (/d/{documentId}) and Back to Results. Closing hides it at once and clears
 * it 300 ms later.
 */
export function DocumentContentModal({ target, onClose }: { target: { documentId: number; chunkId: number } | null; onClose: () => void }) {
  const [closing, setClosing] = useState(false);
  const [view, setView] = useState<View>('chunk_view');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(timer.current ?? undefined), []);
  const query = useQuery({
    queryKey: ['document-chunks', target?.documentId, target?.chunkId],
    queryFn: ({ signal }) => authClient.authedApi<TDocumentChunksResponse>(`/search/document/${target!.documentId}/chunks/?matched_chunk_id=${target!.chunkId}`, { signal }),
    enabled: target !== null,
    retry: false,
  });
  const close = () => {
    setClosing(true);
    timer.current = setTimeout(() => {
      setClosing(false);
      setView('chunk_view');
      onClose();
    }, MODAL_CLOSE_DELAY_MS);
  };
  const data = query.data;
  const info = data?.documentInfo;
  return (
    <Dialog open={target !== null && !closing} onClose={close} size="xl" title="Document Content" description={info ? info.title || 'Untitled' : undefined}>
      {query.isPending && <Spinner label="Loading the document" />}
      {query.isError && <Alert tone="error">{query.error instanceof ApiError ? query.error.message : 'Failed to load the document'}</Alert>}
      {data && info && (
        <div className="space-y-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {info.collection} · {info.source || 'Unknown'} · {formatDate(info.date)} · {info.totalChunks} chunks
            </p>
            <div className="flex flex-wrap gap-2">
              <Button type="button" variant="secondary" className="w-auto" onClick={close}>
                <ArrowLeft aria-hidden className="size-4" /> Back to Results
              </Button>
              <a href={`/d/${info.documentId}`} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 px-2 text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
                View Full Document <ExternalLink aria-hidden className="size-3.5" />
              </a>
            </div>
          </div>
          <TabPanels label="Document views" selected={view} onSelect={setView} tabs={VIEWS}>
            <ViewBody data={data} view={view} />
          </TabPanels>
        </div>
      )}
    </Dialog>
  );
}

function ViewBody({ data, view }: { data: TDocumentChunksResponse; view: View }) {
  const metrics = data.metrics[view];
  const body = view === 'full_document' ? null : data.reconstituted[view];
  const selected = view === 'full_document' ? data.matched_chunk_id !== null : body!.is_selected;
  return (
    <div className="space-y-3">
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-300" data-testid="view-metrics">
        <span>{metrics.token_count.toLocaleString('en-US')} tokens</span>
        <span>{metrics.char_count.toLocaleString('en-US')} characters</span>
        <span>{metrics.word_count.toLocaleString('en-US')} words</span>
        {selected && <Selected />}
      </p>
      {view === 'chunk_view' ? (
        // Every chunk of the document with its own sizes; the matched one is SELECTED.
        <ol className="space-y-2">
          {data.chunks.map((chunk) => {
            const isSelected = chunk.id === data.matched_chunk_id;
            return (
              <li key={chunk.id} ref={isSelected ? (el) => el?.scrollIntoView({ block: 'nearest' }) : undefined} className={`rounded-md border p-3 text-sm ${isSelected ? 'border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-blue-950/50' : 'border-slate-200 dark:border-slate-700'}`}>
                <p className="mb-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600 dark:text-slate-400">
                  <span className="font-medium">
                    Chunk {chunk.metadata.chunk_index + 1} ({chunk.metadata.type})
                  </span>
                  <span>{chunk.metadata.token_len.toLocaleString('en-US')} tokens</span>
                  <span>{chunk.metadata.chunk_char_size.toLocaleString('en-US')} characters</span>
                  <span>{chunk.metadata.chunk_word_size.toLocaleString('en-US')} words</span>
                  {isSelected && <Selected />}
                </p>
                <p className="whitespace-pre-wrap text-slate-800 dark:text-slate-200">{chunk.text}</p>
              </li>
            );
          })}
        </ol>
      ) : view === 'full_document' ? (
        <p className="text-sm whitespace-pre-wrap text-slate-800 dark:text-slate-200">{data.reconstituted.full_document}</p>
      ) : (
        <ol className="space-y-2">
          {body!.segments.map((segment) => (
            <li
              key={segment.chunk_id}
              className={`rounded-md border p-3 text-sm ${segment.is_selected ? 'border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-blue-950/50' : 'border-slate-200 dark:border-slate-700'}`}
            >
              <p className="mb-1 flex items-center gap-2 text-xs text-slate-600 dark:text-slate-400">
                Chunk {segment.chunk_index + 1} {segment.is_selected && <Selected />}
              </p>
              <p className="whitespace-pre-wrap text-slate-800 dark:text-slate-200">{segment.text}</p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
