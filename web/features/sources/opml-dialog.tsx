import { useId, useState } from 'react';
import { FileUp, Upload } from 'lucide-react';
import type { TOpmlImportResult } from '../../../contract/sources';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button } from '../../components/ui/form';
import { errorText, sourcesApi } from './api';
import { CollectionSelect } from './pieces';
import { FieldNotes, labelClass } from './schema-fields';
import { collectionName, plural } from './source-state';

type Entry = TOpmlImportResult['entries'][number];

const NEWS = 1;

const STATUS: Record<Entry['status'], { label: string; tone: string }> = {
  new: { label: 'New', tone: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950/70 dark:text-emerald-200' },
  duplicate: { label: 'Already added', tone: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300' },
  invalid: { label: 'Invalid', tone: 'bg-red-100 text-red-900 dark:bg-red-950/70 dark:text-red-200' },
};

/** How many entries of each status an import has (or would have). */
export function opmlCounts(entries: readonly Entry[]): Record<Entry['status'], number> {
  const counts = { new: 0, duplicate: 0, invalid: 0 };
  for (const entry of entries) counts[entry.status] += 1;
  return counts;
}

function summary(result: TOpmlImportResult): string {
  const counts = opmlCounts(result.entries);
  const parts = [counts.duplicate > 0 && `${counts.duplicate} already added`, counts.invalid > 0 && `${counts.invalid} invalid`].filter(Boolean).join(', ');
  if (result.dry_run) return `${plural(result.entries.length, 'feed')} in the file: ${counts.new} new${parts ? `, ${parts}` : ''}.`;
  return `Added ${plural(result.added, 'feed')}${parts ? ` (${parts} left out)` : ''}. Their first runs are queued.`;
}

function StatusBadge({ entry }: { entry: Entry }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${STATUS[entry.status].tone}`}>{STATUS[entry.status].label}</span>;
}

/** The file's feeds: a table from 640 px, a list on phones. */
function Entries({ entries }: { entries: readonly Entry[] }) {
  return (
    <>
      <ul aria-label="Feeds in the file" className="max-h-[50dvh] divide-y divide-slate-200 overflow-auto rounded-lg border border-slate-200 sm:hidden dark:divide-slate-800 dark:border-slate-700">
        {entries.map((entry, index) => (
          <li key={`${entry.url}-${index}`} className="px-3 py-2 text-sm">
            <div className="flex items-start justify-between gap-2">
              <span className="min-w-0 font-medium break-words">{entry.name || 'Untitled'}</span>
              <StatusBadge entry={entry} />
            </div>
            <p className="text-xs break-all text-slate-600 dark:text-slate-400">{entry.url || '—'}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {collectionName(entry.collection_id)}
              {entry.reason ? ` · ${entry.reason}` : ''}
            </p>
          </li>
        ))}
      </ul>
      <EntriesTable entries={entries} />
    </>
  );
}

function EntriesTable({ entries }: { entries: readonly Entry[] }) {
  return (
    <div className="hidden max-h-[50dvh] overflow-auto rounded-lg border border-slate-200 sm:block dark:border-slate-700">
      <table className="w-full table-fixed border-collapse text-sm">
        <caption className="sr-only">Feeds in the file</caption>
        <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
          <tr className="text-left text-xs font-semibold tracking-wide text-slate-600 uppercase dark:text-slate-400">
            <th scope="col" className="w-[32%] px-3 py-2">
              Name
            </th>
            <th scope="col" className="px-3 py-2">
              Address
            </th>
            <th scope="col" className="w-[28%] px-3 py-2">
              Status
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {entries.map((entry, index) => (
            <tr key={`${entry.url}-${index}`} className="align-top">
              <td className="px-3 py-2">
                <p className="truncate font-medium" title={entry.name}>
                  {entry.name || 'Untitled'}
                </p>
                <p className="text-xs text-slate-600 dark:text-slate-400">{collectionName(entry.collection_id)}</p>
              </td>
              <td className="px-3 py-2">
                <p className="truncate text-slate-700 dark:text-slate-300" title={entry.url}>
                  {entry.url || '—'}
                </p>
              </td>
              <td className="px-3 py-2">
                <StatusBadge entry={entry} />
                {entry.reason && <p className="mt-0.5 text-xs text-slate-600 dark:text-slate-400">{entry.reason}</p>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

type Stage = { step: 'pick' } | { step: 'checking' } | { step: 'preview'; result: TOpmlImportResult } | { step: 'importing'; result: TOpmlImportResult } | { step: 'done'; result: TOpmlImportResult };

/** Import OPML: choose a file, see what a dry run would add, add the new feeds, see the result. */
export function OpmlImportDialog({ open, onClose, onImported }: { open: boolean; onClose: () => void; onImported: () => void }) {
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [stage, setStage] = useState<Stage>({ step: 'pick' });
  const [error, setError] = useState<string | null>(null);
  const [collection, setCollection] = useState(NEWS);

  const close = () => {
    setFile(null);
    setCollection(NEWS);
    setStage({ step: 'pick' });
    setError(null);
    onClose();
  };

  const check = async (chosen: File, collectionId: number) => {
    setFile(chosen);
    setError(null);
    setStage({ step: 'checking' });
    try {
      setStage({ step: 'preview', result: await sourcesApi.importOpml(chosen, true, collectionId) });
    } catch (caught) {
      setStage({ step: 'pick' });
      setError(errorText(caught, 'The file could not be read. Please try again.'));
    }
  };

  const importAll = async () => {
    if (!file || stage.step !== 'preview') return;
    setError(null);
    setStage({ step: 'importing', result: stage.result });
    try {
      const result = await sourcesApi.importOpml(file, false, collection);
      setStage({ step: 'done', result });
      onImported();
    } catch (caught) {
      setStage({ step: 'preview', result: stage.result });
      setError(errorText(caught, 'The import failed. Please try again.'));
    }
  };

  const result = stage.step === 'preview' || stage.step === 'importing' || stage.step === 'done' ? stage.result : null;
  const fresh = result ? opmlCounts(result.entries).new : 0;

  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      title="Import OPML"
      description="Add the feeds of an OPML file, as feed readers export them. Feeds already added are left out."
      footer={
        stage.step === 'done' ? (
          <Button className="w-auto" onClick={close}>
            Done
          </Button>
        ) : (
          <>
            <Button variant="secondary" className="w-auto" onClick={close}>
              Cancel
            </Button>
            {result && (
              <Button className="w-auto" busy={stage.step === 'importing'} busyLabel="Adding…" disabled={fresh === 0} onClick={() => void importAll()}>
                <Upload aria-hidden className="size-4" /> {fresh === 0 ? 'Nothing new to add' : `Add ${plural(fresh, 'feed')}`}
              </Button>
            )}
          </>
        )
      }
    >
      <div className="space-y-4">
        {stage.step !== 'done' && (
          <div className="grid gap-4 sm:grid-cols-2">
            <CollectionSelect
              value={collection}
              disabled={stage.step === 'checking' || stage.step === 'importing'}
              help="Where the feeds go, unless the file files one elsewhere."
              onChange={(id) => {
                setCollection(id);
                if (file) void check(file, id);
              }}
            />
            <div>
              <label htmlFor={inputId} className={labelClass}>
                OPML file
              </label>
              <input
                id={inputId}
                type="file"
                accept=".opml,.xml,text/xml,application/xml,text/x-opml"
                disabled={stage.step === 'checking' || stage.step === 'importing'}
                aria-describedby={`${inputId}-help`}
                onChange={(event) => {
                  const chosen = event.target.files?.[0];
                  if (chosen) void check(chosen, collection);
                }}
                className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-50 dark:text-slate-300 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100 dark:hover:file:bg-slate-800"
              />
              <FieldNotes id={inputId} help="Nothing is added until you confirm: Herald first shows what the file holds." />
            </div>
          </div>
        )}
        <div aria-live="polite" className="space-y-3">
          {stage.step === 'checking' && (
            <p className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <FileUp aria-hidden className="size-4" /> Reading {file?.name}…
            </p>
          )}
          {error && <Alert tone="error">{error}</Alert>}
          {result && <p className="text-sm font-medium">{summary(result)}</p>}
        </div>
        {result && result.entries.length > 0 && <Entries entries={result.entries} />}
        {result && result.entries.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">The file holds no feeds.</p>}
      </div>
    </Dialog>
  );
}
