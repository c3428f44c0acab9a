import { useEffect, useRef, useState } from 'react';
import { AlertTriangle, FlaskConical } from 'lucide-react';
import type { TPreviewResponse, TSourceKind } from '../../../contract/sources';
import { Alert } from '../../components/ui/form';
import { errorText, fieldErrors, sourcesApi, splitFieldErrors } from './api';
import { PreviewItems } from './pieces';
import { fieldsFromSchema, initialValues, settingsFromValues, type FieldSpec, type FieldValue, type FormValues } from './schema-form';

/** Settings that live on the source itself (its collection), never in the kind's form. */
export const HIDDEN_SETTINGS = ['collectionId'] as const;

export interface SettingsForm {
  fields: FieldSpec[];
  values: FormValues;
  errors: Record<string, string>;
  setValue(key: string, value: FieldValue): void;
  setErrors(errors: Record<string, string>): void;
  /** The settings, or null after marking the fields that cannot be taken. */
  read(): Record<string, unknown> | null;
}

/** The state of a kind's generated settings form, from stored settings or the defaults. */
export function useSettingsForm(kind: TSourceKind, stored?: Record<string, unknown>, hide: readonly string[] = HIDDEN_SETTINGS): SettingsForm {
  const [fields] = useState(() => fieldsFromSchema(kind.settings_schema, { hide }));
  const [values, setValues] = useState<FormValues>(() => initialValues(fields, stored));
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    fields,
    values,
    errors,
    setValue: (key, value) => {
      setValues((current) => ({ ...current, [key]: value }));
      setErrors(({ [key]: _cleared, ...rest }) => rest);
    },
    setErrors,
    read: () => {
      const { settings, errors: found } = settingsFromValues(fields, values, stored);
      setErrors(found);
      return Object.keys(found).length > 0 ? null : settings;
    },
  };
}

type PreviewState = { status: 'idle' } | { status: 'loading' } | { status: 'done'; answer: TPreviewResponse } | { status: 'error'; message: string };

/**
 * Test: POST /sources/preview/ with the form's settings, then the first items or the server's
 * sentence (a missing API key names its environment variable). Field messages go to the form.
 */
export function PreviewPanel({ kind, form, extra = {}, excludeId }: { kind: string; form: SettingsForm; extra?: Record<string, unknown>; excludeId?: number }) {
  const [state, setState] = useState<PreviewState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const result = useRef<HTMLDivElement>(null);
  // A result below the fold of a long form comes into view.
  useEffect(() => {
    if (state.status === 'done' || state.status === 'error') result.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [state.status]);

  const test = async () => {
    const settings = form.read();
    if (!settings) {
      setState({ status: 'error', message: 'Fix the marked settings first.' });
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'loading' });
    try {
      const answer = await sourcesApi.preview(kind, { ...settings, ...extra }, current.signal);
      setState({ status: 'done', answer });
    } catch (error) {
      if ((error as Error).name === 'AbortError') return;
      const { settings: settingErrors } = splitFieldErrors(fieldErrors(error));
      if (Object.keys(settingErrors).length > 0) form.setErrors(settingErrors);
      setState({ status: 'error', message: errorText(error, 'The test failed. Please try again.') });
    }
  };

  const duplicate = state.status === 'done' && state.answer.duplicate_of && state.answer.duplicate_of.id !== excludeId ? state.answer.duplicate_of : null;
  return (
    <section aria-label="Test" className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          onClick={() => void test()}
          disabled={state.status === 'loading'}
          aria-busy={state.status === 'loading' || undefined}
          className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {state.status === 'loading' ? <span aria-hidden className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" /> : <FlaskConical aria-hidden className="size-4" />}
          {state.status === 'loading' ? 'Testing…' : 'Test'}
        </button>
        <span className="text-xs text-slate-600 dark:text-slate-400">Fetches the first items with these settings; stores nothing.</span>
      </div>
      <div ref={result} aria-live="polite" className="scroll-mb-20">
        {state.status === 'error' && <Alert tone="error">{state.message}</Alert>}
        {state.status === 'done' && (
          <div className="space-y-2 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
            {duplicate && <DuplicateNote name={duplicate.name} />}
            <p className="text-sm font-medium">{state.answer.items.length === 0 ? 'It answered, with no items right now.' : `It works: ${state.answer.items.length} ${state.answer.items.length === 1 ? 'item' : 'items'}, the first:`}</p>
            {state.answer.items.length > 0 && <PreviewItems items={state.answer.items} excerpts limit={5} label="Test items" />}
          </div>
        )}
      </div>
    </section>
  );
}

export function DuplicateNote({ name }: { name: string }) {
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-300">
      <AlertTriangle aria-hidden className="size-4 shrink-0" /> Already added as {name}
    </p>
  );
}
