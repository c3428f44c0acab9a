import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { ChevronDown, ChevronUp, Search as SearchIcon, X } from 'lucide-react';
import { COLLECTIONS } from '../../../contract/collections';
import { SEARCH_MESSAGES, type TSearchResponse, type TSearchResult } from '../../../contract/search';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button, inputClass } from '../../components/ui/form';
import { TabPanels } from '../../components/ui/tab-panels';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { formatDate } from '../../lib/dates';
import { formatScore, scoreTone } from '../../lib/scores';
import { DocumentContentModal } from './document-content-modal';
import { activeFilterCount, DATE_PRESETS, hasDateRange, minScoreOf, NO_FILTERS, searchRequest, type SearchFilters } from './search-filters';

const SEARCH_COLLECTIONS = COLLECTIONS.filter((c) => c.searchFilter);
type Chip = 'collections' | 'date' | 'score';

/**
 * The Search modal (superuser menu entry 'Search'):
 * a query over the hybrid search with Collections, Date & Time and Min Score filters, expandable
 * result cards (Document Info, Chunk Info) and the Document Content modal. Closing resets it.
 */
export default function SearchModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [filters, setFilters] = useState<SearchFilters>(NO_FILTERS);
  const [chip, setChip] = useState<Chip | null>(null);
  const chipsRef = useRef<HTMLDivElement>(null);
  /** Closes the open filter and puts focus back on its chip. */
  const closeChip = () => {
    setChip(null);
    chipsRef.current?.querySelector<HTMLButtonElement>('button[aria-expanded="true"]')?.focus();
  };
  const [response, setResponse] = useState<TSearchResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [document, setDocument] = useState<{ documentId: number; chunkId: number } | null>(null);
  const abort = useRef<AbortController | null>(null);

  const close = () => {
    abort.current?.abort();
    setQuery('');
    setFilters(NO_FILTERS);
    setChip(null);
    setResponse(null);
    setError(null);
    setBusy(false);
    setExpanded(new Set());
    setDocument(null);
    onClose();
  };

  const run = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!query.trim()) return;
    abort.current?.abort();
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    setError(null);
    try {
      const answer = await authClient.authedApi<TSearchResponse>('/search/', { method: 'POST', body: searchRequest(query, filters, Date.now()), signal: controller.signal });
      if (controller.signal.aborted) return;
      setResponse(answer);
      setExpanded(new Set());
    } catch (caught) {
      if (controller.signal.aborted || (caught as Error).name === 'AbortError') return;
      setResponse(null);
      setError(caught instanceof ApiError && caught.message ? SEARCH_MESSAGES.failed.replace('{detail}', caught.message) : SEARCH_MESSAGES.failedFallback);
    } finally {
      if (abort.current === controller) setBusy(false);
    }
  };

  const toggle = (id: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const count = activeFilterCount(filters);
  const range = hasDateRange(filters);
  const minScore = minScoreOf(filters.minScore);

  return (
    <Dialog open={open} onClose={close} size="xl" title="Search" description="Search every stored document: full text and meaning combined.">
      <form role="search" onSubmit={(e) => void run(e)} className="flex gap-2">
        <label htmlFor="search-modal-query" className="sr-only">
          Search query
        </label>
        <input id="search-modal-query" type="search" className={inputClass} placeholder="Search documents…" value={query} onChange={(e) => setQuery(e.target.value)} maxLength={500} autoFocus />
        <Button type="submit" className="w-auto shrink-0" busy={busy} disabled={!query.trim()}>
          <SearchIcon aria-hidden className="size-4" /> Search
        </Button>
      </form>

      <div
        className="mt-3 flex flex-wrap items-center gap-2"
        aria-label="Filters"
        role="group"
        ref={chipsRef}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && chip) {
            event.preventDefault();
            event.stopPropagation();
            closeChip();
          }
        }}
      >
        <FilterChip label="Collections" value={filters.collections.length ? `${filters.collections.length} selected` : undefined} open={chip === 'collections'} onClick={() => setChip(chip === 'collections' ? null : 'collections')} />
        <FilterChip
          label="Date & Time"
          value={filters.dateMode === 'preset' ? DATE_PRESETS.find((p) => p.key === filters.preset)?.label : range ? 'Custom range' : undefined}
          open={chip === 'date'}
          onClick={() => setChip(chip === 'date' ? null : 'date')}
        />
        <FilterChip label="Min Score" value={minScore !== undefined ? `≥ ${minScore.toFixed(2)}` : undefined} open={chip === 'score'} onClick={() => setChip(chip === 'score' ? null : 'score')} />
        {count > 0 && (
          <button type="button" onClick={() => setFilters(NO_FILTERS)} className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
            <X aria-hidden className="size-3.5" /> Clear All Filters
          </button>
        )}
      </div>

      {chip === 'collections' && (
        <FilterPanel title="Collections" onClose={closeChip}>
          <div className="grid grid-cols-1 gap-1 sm:grid-cols-3">
            {SEARCH_COLLECTIONS.map((c) => (
              <label key={c.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={filters.collections.includes(c.id)}
                  onChange={(e) => setFilters((f) => ({ ...f, collections: e.target.checked ? [...f.collections, c.id] : f.collections.filter((id) => id !== c.id) }))}
                />
                {c.name}
              </label>
            ))}
          </div>
        </FilterPanel>
      )}
      {chip === 'date' && (
        <FilterPanel title="Date & Time" onClose={closeChip}>
          <div className="flex flex-wrap gap-3 text-sm">
            {(['none', 'preset', 'custom'] as const).map((mode) => (
              <label key={mode} className="flex items-center gap-1.5">
                <input type="radio" name="search-date-mode" checked={filters.dateMode === mode} onChange={() => setFilters((f) => ({ ...f, dateMode: mode }))} />
                {mode === 'none' ? 'Any time' : mode === 'preset' ? 'Preset' : 'Custom'}
              </label>
            ))}
          </div>
          {filters.dateMode === 'preset' && (
            <div className="mt-2 flex flex-wrap gap-2">
              {DATE_PRESETS.map((p) => (
                <button
                  key={p.key}
                  type="button"
                  aria-pressed={filters.preset === p.key}
                  onClick={() => setFilters((f) => ({ ...f, preset: p.key }))}
                  className={`rounded-full border px-3 py-1 text-sm ${filters.preset === p.key ? 'border-blue-700 bg-blue-50 text-blue-900 dark:bg-blue-950 dark:text-blue-100' : 'border-slate-300 dark:border-slate-600'}`}
                >
                  {p.label}
                </button>
              ))}
            </div>
          )}
          {filters.dateMode === 'custom' && (
            <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
              <label className="text-sm">
                From
                <input type="datetime-local" className={inputClass} value={filters.customFrom} onChange={(e) => setFilters((f) => ({ ...f, customFrom: e.target.value }))} />
              </label>
              <label className="text-sm">
                To
                <input type="datetime-local" className={inputClass} value={filters.customTo} onChange={(e) => setFilters((f) => ({ ...f, customTo: e.target.value }))} />
              </label>
            </div>
          )}
        </FilterPanel>
      )}
      {chip === 'score' && (
        <FilterPanel title="Min Score" onClose={closeChip}>
          <label className="flex items-center gap-3 text-sm">
            <span>Minimum score (0 to 1)</span>
            <input type="number" min={0} max={1} step={0.01} className={`${inputClass} w-28`} value={filters.minScore} onChange={(e) => setFilters((f) => ({ ...f, minScore: e.target.value }))} />
          </label>
          <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">0 or empty means no minimum.</p>
        </FilterPanel>
      )}

      <div className="mt-4 space-y-3" aria-live="polite">
        {error && <Alert tone="error">{error}</Alert>}
        {response && (
          <>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {response.total} {response.total === 1 ? 'result' : 'results'} in {Math.round(response.query_time_ms)} ms{response.mode === 'full_text' ? ' (full text only)' : ''}
            </p>
            {response.results.length === 0 ? (
              <p className="text-sm text-slate-700 dark:text-slate-300">No results found. Try other words or fewer filters.</p>
            ) : (
              <ul className="space-y-3">
                {response.results.map((result) => (
                  <ResultCard key={result.id} result={result} expanded={expanded.has(result.id)} onToggle={() => toggle(result.id)} onViewChunks={() => setDocument({ documentId: result.metadata.document_id, chunkId: result.id })} />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      <DocumentContentModal target={document} onClose={() => setDocument(null)} />
    </Dialog>
  );
}

function FilterChip({ label, value, open, onClick }: { label: string; value?: string; open: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-expanded={open}
      aria-label={value ? `${label}: ${value}` : label}
      onClick={onClick}
      className={`inline-flex items-center gap-1 rounded-full border px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-600 ${
        value ? 'border-blue-700 bg-blue-50 text-blue-900 dark:border-blue-400 dark:bg-blue-950 dark:text-blue-100' : 'border-slate-300 text-slate-700 dark:border-slate-600 dark:text-slate-200'
      }`}
    >
      {label}
      {value && <span className="font-normal">: {value}</span>}
      {open ? <ChevronUp aria-hidden className="size-3.5" /> : <ChevronDown aria-hidden className="size-3.5" />}
    </button>
  );
}

/** An open filter: Escape inside it closes it (not the Search modal) and focus goes back to its chip. */
function FilterPanel({ title, children, onClose }: { title: string; children: ReactNode; onClose: () => void }) {
  return (
    <fieldset
      className="mt-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <legend className="px-1 text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">{title}</legend>
      {children}
    </fieldset>
  );
}

function Info({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1.5 text-sm sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex gap-2">
          <dt className="shrink-0 text-slate-600 dark:text-slate-400">{label}:</dt>
          <dd className="min-w-0 break-words text-slate-900 dark:text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ResultCard({ result, expanded, onToggle, onViewChunks }: { result: TSearchResult; expanded: boolean; onToggle: () => void; onViewChunks: () => void }) {
  const [tab, setTab] = useState<'document' | 'chunk'>('document');
  const m = result.metadata;
  return (
    <li className="rounded-lg border border-slate-200 dark:border-slate-700" data-testid="search-result">
      <button type="button" aria-expanded={expanded} onClick={onToggle} className="block w-full rounded-lg p-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-blue-600 dark:hover:bg-slate-800/60">
        <span className="flex items-start justify-between gap-3">
          <span className="font-semibold text-slate-900 dark:text-white">{result.title || 'Untitled'}</span>
          <span className={`shrink-0 rounded px-1.5 py-0.5 font-mono text-xs ${scoreTone(result.score)}`}>{formatScore(result.score)}</span>
        </span>
        <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">
          {m.collection} · {m.source || 'Unknown'} ·{' '}
          {m.original_published_at ? `Published ${formatDate(m.original_published_at)}, replayed ${formatDate(m.canonical_at)}` : formatDate(m.canonical_at)}
        </span>
        <span className={`mt-1 block text-sm text-slate-700 dark:text-slate-300 ${expanded ? '' : 'line-clamp-3'}`}>{result.text}</span>
      </button>
      {expanded && (
        <div className="border-t border-slate-200 p-3 dark:border-slate-700">
          <TabPanels
            label="Result details"
            selected={tab}
            onSelect={setTab}
            tabs={[
              { key: 'document', label: 'Document Info' },
              { key: 'chunk', label: 'Chunk Info' },
            ]}
          >
            {tab === 'document' ? (
              <Info
                rows={[
                  ['Title', result.title || 'Untitled'],
                  ['Document ID', m.document_id],
                  ['Collection', m.collection],
                  ['Source', m.source || 'Unknown'],
                  ['Publisher', m.publisher ?? '—'],
                  ['Content type', m.source_content_type],
                  ['Agent', `${m.agent} (${m.agent_category})`],
                  ['Namespace', m.namespace],
                  ...((m.original_published_at
                    ? [
                        ['Published', formatDate(m.original_published_at)],
                        ['Replayed', formatDate(m.canonical_at)],
                      ]
                    : [['Date', formatDate(m.canonical_at)]]) satisfies [string, string][]),
                ]}
              />
            ) : (
              <Info
                rows={[
                  ['Chunk ID', result.id],
                  ['Chunk', `${m.chunk_index + 1} of ${m.total_chunks}`],
                  ['Type', m.type],
                  ['Tokens', m.token_len.toLocaleString('en-US')],
                  ['Characters', m.chunk_char_size.toLocaleString('en-US')],
                  ['Words', m.chunk_word_size.toLocaleString('en-US')],
                  ['Score', formatScore(result.score)],
                ]}
              />
            )}
          </TabPanels>
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="button" variant="secondary" className="w-auto" onClick={onViewChunks}>
              View All Chunks
            </Button>
            <a href={`/d/${m.document_id}`} target="_blank" rel="noopener noreferrer" className="inline-flex items-center px-2 text-sm font-medium text-blue-700 hover:underline dark:text-blue-400">
              View Full Document
            </a>
          </div>
        </div>
      )}
    </li>
  );
}
