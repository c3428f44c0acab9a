import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TSource, TSourceKind, TSourceList, TUpdateSource } from '../../../contract/sources';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { errorText, fieldErrors, sourceKeys, sourcesApi, splitFieldErrors, useSourceKinds } from './api';
import { CollectionSelect, IntervalField, KeysPanel, NameField } from './pieces';
import { SchemaFields } from './schema-fields';
import { PreviewPanel, useSettingsForm } from './settings-form';
import { readSourceFields } from './source-state';

/** Edit: name, schedule, collection and the kind's settings (the generated form), with Test. */
export function EditSourceDialog({ source, onClose }: { source: TSource | null; onClose: () => void }) {
  const kinds = useSourceKinds();
  const kind = source ? kinds.data?.kinds.find((k) => k.kind === source.kind) : undefined;
  const formId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={source !== null}
      onClose={onClose}
      size="lg"
      title={source ? `Edit ${source.name}` : 'Edit source'}
      description={source ? source.kind_label : undefined}
      footer={
        <>
          <Button variant="secondary" className="w-auto" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} className="w-auto" busy={busy} busyLabel="Saving…" disabled={kinds.isPending}>
            Save changes
          </Button>
        </>
      }
    >
      {source && kinds.isPending && <p className="text-sm text-slate-600 dark:text-slate-400">Loading the settings…</p>}
      {source && kinds.isError && <Alert tone="error">{errorText(kinds.error, 'The source kinds could not be loaded.')}</Alert>}
      {source && kinds.data && <EditForm key={source.id} formId={formId} source={source} kind={kind} onBusy={setBusy} onDone={onClose} />}
    </Dialog>
  );
}

function EditForm({ formId, source, kind, onBusy, onDone }: { formId: string; source: TSource; kind: TSourceKind | undefined; onBusy: (busy: boolean) => void; onDone: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [name, setName] = useState(source.name);
  const [interval, setIntervalText] = useState(String(source.interval_minutes));
  const [collection, setCollection] = useState(source.collection_id);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const settingsKind: TSourceKind = kind ?? { kind: source.kind, label: source.kind_label, description: '', default_collection_id: source.collection_id, default_interval_minutes: source.interval_minutes, settings_schema: {}, keys: [], addable: false };
  const form = useSettingsForm(settingsKind, source.settings);

  const submit = async () => {
    setFailure(null);
    const fields = readSourceFields(name, interval);
    const settings = kind ? form.read() : source.settings;
    setErrors(fields.errors);
    if (fields.minutes === undefined || Object.keys(fields.errors).length > 0 || !settings) return;

    const body: TUpdateSource = {};
    if (fields.name !== source.name) body.name = fields.name;
    if (fields.minutes !== source.interval_minutes) body.interval_minutes = fields.minutes;
    if (collection !== source.collection_id) body.collection_id = collection;
    if (JSON.stringify(settings) !== JSON.stringify(source.settings)) body.settings = settings;
    if (Object.keys(body).length === 0) {
      onDone();
      return;
    }
    onBusy(true);
    try {
      const saved = await sourcesApi.update(source.id, body);
      queryClient.setQueryData<TSourceList>(sourceKeys.list, (data) => data && { sources: data.sources.map((s) => (s.id === saved.id ? saved : s)) });
      void queryClient.invalidateQueries({ queryKey: sourceKeys.detail(source.id) });
      toast.show('success', `Saved ${saved.name}.`);
      onDone();
    } catch (error) {
      const { settings: settingErrors, other } = splitFieldErrors(fieldErrors(error));
      form.setErrors(settingErrors);
      setErrors(other);
      setFailure(errorText(error, 'The changes could not be saved. Please try again.'));
    } finally {
      onBusy(false);
    }
  };

  return (
    <form
      id={formId}
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {failure && <Alert tone="error">{failure}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <NameField value={name} onChange={setName} error={errors.name} />
        </div>
        <IntervalField value={interval} onChange={setIntervalText} error={errors.interval_minutes} />
        <CollectionSelect value={collection} onChange={setCollection} error={errors.collection_id} />
      </div>
      {kind ? (
        <section aria-labelledby={`${formId}-settings`} className="space-y-4">
          <h3 id={`${formId}-settings`} className="text-sm font-semibold">
            Settings
          </h3>
          <KeysPanel kind={kind} />
          <SchemaFields fields={form.fields} values={form.values} errors={form.errors} onChange={form.setValue} />
          <PreviewPanel kind={kind.kind} form={form} excludeId={source.id} />
        </section>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">This kind&apos;s settings are managed by the install.</p>
      )}
    </form>
  );
}
