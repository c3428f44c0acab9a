import { useId, useState } from 'react';
import { ArrowLeft, KeyRound, Plus } from 'lucide-react';
import type { TSource, TSourceKind } from '../../../contract/sources';
import { Alert, Button } from '../../components/ui/form';
import { errorText, fieldErrors, sourcesApi, splitFieldErrors, useSourceKinds } from './api';
import { ActionBar, CollectionSelect, FEED_KIND, IntervalField, KeysPanel, NameField } from './pieces';
import { SchemaFields } from './schema-fields';
import { PreviewPanel, useSettingsForm } from './settings-form';
import { readSourceFields } from './source-state';

/** Add source, 'Other source kinds': pick a kind, fill the form generated from its settings, test, save. */

/** The kinds offered under 'Other source kinds': addable, the feed excepted (it has its own path), by label. */
export function otherKinds(kinds: readonly TSourceKind[]): TSourceKind[] {
  return kinds.filter((kind) => kind.addable && kind.kind !== FEED_KIND).sort((a, b) => a.label.localeCompare(b.label));
}

export function KindPath({ onCancel, onAdded }: { onCancel: () => void; onAdded: (source: TSource) => void }) {
  const kinds = useSourceKinds();
  const [chosen, setChosen] = useState<string | null>(null);
  const list = otherKinds(kinds.data?.kinds ?? []);
  const kind = list.find((k) => k.kind === chosen);

  if (kind) return <KindForm key={kind.kind} kind={kind} onBack={() => setChosen(null)} onAdded={onAdded} />;
  return (
    <div className="space-y-3">
      {kinds.isPending && <p className="text-sm text-slate-600 dark:text-slate-400">Loading the source kinds…</p>}
      {kinds.isError && (
        <Alert tone="error">
          {errorText(kinds.error, 'The source kinds could not be loaded.')}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void kinds.refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {kinds.data && list.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">No other kinds can be added on this install.</p>}
      {list.length > 0 && (
        <>
          <p className="text-sm text-slate-600 dark:text-slate-400">Public registers and databases Herald reads through their APIs. Pick one:</p>
          <ul aria-label="Source kinds" className="grid gap-2 sm:grid-cols-2">
            {list.map((k) => {
              const missing = k.keys.some((key) => key.required && !key.present);
              return (
                <li key={k.kind}>
                  <button
                    type="button"
                    onClick={() => setChosen(k.kind)}
                    className="flex h-full w-full flex-col items-start gap-1 rounded-lg border border-slate-200 p-3 text-left hover:border-blue-500 hover:bg-blue-50/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-700 dark:hover:border-blue-500 dark:hover:bg-blue-950/30"
                  >
                    <span className="font-semibold">{k.label}</span>
                    <span className="text-xs text-slate-600 dark:text-slate-400">{k.description}</span>
                    {missing && (
                      <span className="mt-1 inline-flex items-center gap-1 text-xs font-semibold text-red-800 dark:text-red-300">
                        <KeyRound aria-hidden className="size-3.5" /> Needs an API key
                      </span>
                    )}
                  </button>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <ActionBar>
        <Button variant="secondary" className="w-auto" onClick={onCancel}>
          Cancel
        </Button>
      </ActionBar>
    </div>
  );
}

function KindForm({ kind, onBack, onAdded }: { kind: TSourceKind; onBack: () => void; onAdded: (source: TSource) => void }) {
  const formId = useId();
  const form = useSettingsForm(kind);
  const [name, setName] = useState('');
  const [collection, setCollection] = useState(kind.default_collection_id);
  const [interval, setIntervalText] = useState(String(kind.default_interval_minutes));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    setFailure(null);
    const fields = readSourceFields(name, interval);
    const settings = form.read();
    setErrors(fields.errors);
    if (fields.minutes === undefined || Object.keys(fields.errors).length > 0 || !settings) return;
    setSaving(true);
    try {
      onAdded(await sourcesApi.create({ kind: kind.kind, name: fields.name, settings, collection_id: collection, interval_minutes: fields.minutes, enabled: true }));
    } catch (error) {
      const { settings: settingErrors, other } = splitFieldErrors(fieldErrors(error));
      form.setErrors(settingErrors);
      setErrors(other);
      setFailure(errorText(error, 'The source could not be added. Please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="space-y-5">
      <div>
        <button type="button" onClick={onBack} className="inline-flex items-center gap-1 rounded text-sm font-medium text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-blue-400">
          <ArrowLeft aria-hidden className="size-4" /> All kinds
        </button>
        <h3 className="mt-2 text-base font-semibold">{kind.label}</h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">{kind.description}</p>
      </div>
      <KeysPanel kind={kind} />
      <form
        id={formId}
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        {failure && <Alert tone="error">{failure}</Alert>}
        <NameField value={name} onChange={setName} error={errors.name} placeholder={`e.g. ${kind.label}: what it follows`} />
        <div className="grid gap-4 sm:grid-cols-2">
          <CollectionSelect value={collection} onChange={setCollection} error={errors.collection_id} />
          <IntervalField value={interval} onChange={setIntervalText} error={errors.interval_minutes} />
        </div>
        <section aria-labelledby={`${formId}-settings`} className="space-y-4">
          <h4 id={`${formId}-settings`} className="text-sm font-semibold">
            Settings
          </h4>
          <SchemaFields fields={form.fields} values={form.values} errors={form.errors} onChange={form.setValue} />
        </section>
      </form>
      <PreviewPanel kind={kind.kind} form={form} />
      <ActionBar>
        <Button variant="secondary" className="w-auto" onClick={onBack}>
          Back
        </Button>
        <Button type="submit" form={formId} className="w-auto" busy={saving} busyLabel="Adding…">
          <Plus aria-hidden className="size-4" /> Add source
        </Button>
      </ActionBar>
    </div>
  );
}
