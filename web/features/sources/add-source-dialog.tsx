import { useId, useRef, useState } from 'react';
import { Plus, Search } from 'lucide-react';
import type { TFeedCandidate, TSource } from '../../../contract/sources';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button, inputClass } from '../../components/ui/form';
import { TabPanels } from '../../components/ui/tab-panels';
import { errorText, fieldErrors, sourcesApi, splitFieldErrors, useSourceKinds } from './api';
import { ActionBar, CollectionSelect, FEED_KIND, IntervalField, NameField, PreviewItems } from './pieces';
import { KindPath } from './add-kind-path';
import { FieldNotes, helpClass, labelClass, RequiredMark, describedBy } from './schema-fields';
import { DuplicateNote } from './settings-form';
import { readSourceFields } from './source-state';

const FALLBACK_INTERVAL = 60;
const NEWS = 1;

const FORMATS: Record<TFeedCandidate['format'], string> = { rss2: 'RSS 2.0', rss1: 'RSS 1.0', atom: 'Atom', jsonfeed: 'JSON Feed' };

/** The candidate to pick first: the first one not added yet, else the first. */
export function firstChoice(candidates: readonly TFeedCandidate[]): string | null {
  return (candidates.find((candidate) => !candidate.duplicate_of) ?? candidates[0])?.url ?? null;
}

/** The buttons at the foot of a step: they stay in view while the step scrolls. */
/** Add source: a site or feed address (discover, pick, save), or another kind with its generated form. */
export function AddSourceDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (source: TSource) => void }) {
  const [path, setPath] = useState<'feed' | 'kind'>('feed');
  const close = () => {
    setPath('feed');
    onClose();
  };
  const added = (source: TSource) => {
    onAdded(source);
    close();
  };
  return (
    <Dialog open={open} onClose={close} size="lg" title="Add source" description="Herald reads it on a schedule and files its documents for search, topics and articles.">
      <TabPanels
        label="How to add"
        tabs={[
          { key: 'feed', label: 'Website or feed' },
          { key: 'kind', label: 'Other source kinds' },
        ]}
        selected={path}
        onSelect={setPath}
      >
        {path === 'feed' ? <FeedPath onCancel={close} onAdded={added} /> : <KindPath onCancel={close} onAdded={added} />}
      </TabPanels>
    </Dialog>
  );
}

type Discovery = { status: 'idle' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; candidates: TFeedCandidate[] };

function FeedPath({ onCancel, onAdded }: { onCancel: () => void; onAdded: (source: TSource) => void }) {
  const kinds = useSourceKinds();
  const feedKind = kinds.data?.kinds.find((kind) => kind.kind === FEED_KIND);
  const urlId = useId();
  const formId = useId();
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | undefined>();
  const [discovery, setDiscovery] = useState<Discovery>({ status: 'idle' });
  const [picked, setPicked] = useState<string | null>(null);
  const [name, setName] = useState<string | null>(null);
  const [collection, setCollection] = useState<number | null>(null);
  const [interval, setIntervalText] = useState<string | null>(null);
  const [fullText, setFullText] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const candidates = discovery.status === 'done' ? discovery.candidates : [];
  const selected = candidates.find((candidate) => candidate.url === picked) ?? null;
  // The name follows the picked feed's title until it is typed over.
  const nameValue = name ?? selected?.title ?? '';
  const collectionValue = collection ?? feedKind?.default_collection_id ?? NEWS;
  const intervalValue = interval ?? String(feedKind?.default_interval_minutes ?? FALLBACK_INTERVAL);

  const discover = async () => {
    const address = url.trim();
    if (!address) {
      setUrlError('Paste a site or feed address');
      return;
    }
    setUrlError(undefined);
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setDiscovery({ status: 'loading' });
    setFailure(null);
    try {
      const answer = await sourcesApi.discover(address, current.signal);
      setDiscovery({ status: 'done', candidates: answer.candidates });
      setPicked(firstChoice(answer.candidates));
      setName(null);
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      const fields = fieldErrors(error);
      if (fields.url) setUrlError(fields.url);
      setDiscovery({ status: 'error', message: errorText(error, 'Looking for feeds failed. Please try again.') });
    }
  };

  const save = async () => {
    if (!selected) return;
    setFailure(null);
    const fields = readSourceFields(nameValue, intervalValue);
    setErrors(fields.errors);
    if (fields.minutes === undefined || Object.keys(fields.errors).length > 0) return;
    setSaving(true);
    try {
      const source = await sourcesApi.create({
        kind: FEED_KIND,
        name: fields.name,
        settings: { url: selected.url, ...(fullText ? { fullText: true } : {}) },
        collection_id: collectionValue,
        interval_minutes: fields.minutes,
        enabled: true,
      });
      onAdded(source);
    } catch (error) {
      const { settings, other } = splitFieldErrors(fieldErrors(error));
      setErrors(other);
      const settingMessages = Object.values(settings);
      setFailure([errorText(error, 'The feed could not be added. Please try again.'), ...settingMessages].join(' '));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-5">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void discover();
        }}
      >
        <label htmlFor={urlId} className={labelClass}>
          Site or feed address
          <RequiredMark />
        </label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <input
            id={urlId}
            type="url"
            inputMode="url"
            autoComplete="url"
            spellCheck={false}
            autoFocus
            value={url}
            onChange={(event) => {
              setUrl(event.target.value);
              setUrlError(undefined);
            }}
            placeholder="https://example.com"
            aria-required
            aria-invalid={urlError ? true : undefined}
            aria-describedby={describedBy(urlId, true, urlError)}
            className={`${inputClass} min-w-0 flex-1`}
          />
          <Button type="submit" variant={candidates.length > 0 ? 'secondary' : 'primary'} className="w-auto shrink-0" busy={discovery.status === 'loading'} busyLabel="Looking…">
            <Search aria-hidden className="size-4" /> Find feeds
          </Button>
        </div>
        <FieldNotes id={urlId} help="A site's page or its feed's address: Herald finds the feeds a page links to." error={urlError} />
      </form>

      <div aria-live="polite">
        {discovery.status === 'loading' && <p className="text-sm text-slate-600 dark:text-slate-400">Looking for feeds…</p>}
        {discovery.status === 'error' && <Alert tone="error">{discovery.message}</Alert>}
        {discovery.status === 'done' && candidates.length === 0 && <Alert tone="info">No feed found at that address. Try the site&apos;s home page, or the feed&apos;s own address.</Alert>}
      </div>

      {candidates.length > 0 && (
        <form
          id={formId}
          noValidate
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <fieldset className="min-w-0">
            <legend className="mb-2 text-sm font-semibold">{candidates.length === 1 ? 'Found one feed' : `Found ${candidates.length} feeds: pick one`}</legend>
            <div className="space-y-2">
              {candidates.map((candidate) => (
                <CandidateCard key={candidate.url} candidate={candidate} checked={candidate.url === picked} onPick={() => setPicked(candidate.url)} />
              ))}
            </div>
          </fieldset>

          {selected && (
            <div className="space-y-4">
              {failure && <Alert tone="error">{failure}</Alert>}
              <NameField value={nameValue} onChange={setName} error={errors.name} />
              <div className="grid gap-4 sm:grid-cols-2">
                <CollectionSelect value={collectionValue} onChange={setCollection} error={errors.collection_id} />
                <IntervalField value={intervalValue} onChange={setIntervalText} error={errors.interval_minutes} />
              </div>
              <FullTextBox checked={fullText} onChange={setFullText} />
            </div>
          )}
        </form>
      )}

      <ActionBar>
        <Button variant="secondary" className="w-auto" onClick={onCancel}>
          Cancel
        </Button>
        {selected && (
          <Button type="submit" form={formId} className="w-auto" busy={saving} busyLabel="Adding…" disabled={selected.duplicate_of !== null}>
            <Plus aria-hidden className="size-4" /> Add feed
          </Button>
        )}
      </ActionBar>
    </div>
  );
}

function FullTextBox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="flex items-start gap-2 text-sm font-medium text-slate-800 dark:text-slate-200">
        <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} aria-describedby={`${id}-help`} className="mt-0.5 size-4 shrink-0 accent-blue-700" />
        Fetch full article text
      </label>
      <p id={`${id}-help`} className={`${helpClass} pl-6`}>
        For feeds that carry only a summary: Herald opens each item&apos;s page and keeps its whole text. Slower, and one more request per item.
      </p>
    </div>
  );
}

function CandidateCard({ candidate, checked, onPick }: { candidate: TFeedCandidate; checked: boolean; onPick: () => void }) {
  const id = useId();
  return (
    <div className={`rounded-lg border p-3 ${checked ? 'border-blue-600 bg-blue-50/60 ring-1 ring-blue-600 dark:border-blue-500 dark:bg-blue-950/30 dark:ring-blue-500' : 'border-slate-200 dark:border-slate-700'}`}>
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3">
        <input id={id} type="radio" name="feed-candidate" checked={checked} onChange={onPick} className="mt-1 size-4 shrink-0 accent-blue-700" aria-describedby={`${id}-url`} />
        <span className="min-w-0 flex-1">
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold">{candidate.title || 'Untitled feed'}</span>
            <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-300">{FORMATS[candidate.format]}</span>
            <span className="text-xs text-slate-600 dark:text-slate-400">
              {candidate.items.length} {candidate.items.length === 1 ? 'item' : 'items'}
            </span>
          </span>
          <span id={`${id}-url`} className="block truncate text-xs text-slate-600 dark:text-slate-400" title={candidate.url}>
            {candidate.url}
          </span>
        </span>
      </label>
      {candidate.duplicate_of && (
        <div className="mt-2 pl-7">
          <DuplicateNote name={candidate.duplicate_of.name} />
        </div>
      )}
      <div className="mt-2 pl-7">
        <PreviewItems items={candidate.items} limit={checked ? 5 : 3} label={`Latest items of ${candidate.title || candidate.url}`} />
      </div>
    </div>
  );
}
