import { useId, useState, type FormEvent } from 'react';
import { MODEL_FIELDS, MODEL_MESSAGES, MODEL_REGISTRY, type ModelField, type TModelPreferences } from '../../../contract/models';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button, FieldError, selectClass } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { useViewing, withUser } from '../../lib/viewing';

const LABELS: Record<ModelField, { label: string; hint: string }> = {
  events_model: { label: 'Events model', hint: 'Decides which new documents matter for each topic.' },
  onboarding_model: { label: 'Onboarding model', hint: 'Profile, interview, topic validation and suggestions.' },
  consolidation_model: { label: 'Consolidation model', hint: 'Merges events about the same happening.' },
  novelty_check_model: { label: 'Novelty check model', hint: 'Tells new facts from known ones.' },
  story_assignment_model: { label: 'Story assignment model', hint: 'Groups events into developing stories.' },
  article_research_model: { label: 'Article research model', hint: 'Plans the searches behind each article.' },
  article_composition_model: { label: 'Article composition model', hint: 'Writes the articles.' },
  qa_model: { label: 'QA model', hint: 'Ranks articles and decides what is published.' },
};

/**
 * AI Model Preferences: the model for each of the eight
 * stages, from the registry (the short list unless 'Show all models'). Saved with PATCH /me/models/
 * for the viewed user; field errors show under their select.
 */
export function ModelsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { viewed, isImpersonating, loadingViewed } = useViewing();
  return (
    <Dialog open={open} onClose={onClose} title="AI Model Preferences" description={isImpersonating ? `Models used for ${viewed.first_name || viewed.email}.` : 'The model used at each stage of your feed.'} size="lg">
      {open && (loadingViewed ? <p role="status">Loading impersonated user...</p> : <ModelsForm key={viewed.id} onClose={onClose} />)}
    </Dialog>
  );
}

function ModelsForm({ onClose }: { onClose: () => void }) {
  const { viewed, userId, reload } = useViewing();
  const toast = useToast();
  const [values, setValues] = useState<TModelPreferences>(() => Object.fromEntries(MODEL_FIELDS.map((f) => [f, viewed[f]])) as TModelPreferences);
  const [all, setAll] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [fields, setFields] = useState<Record<string, string>>({});
  const id = useId();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    setFields({});
    const changed = Object.fromEntries(MODEL_FIELDS.filter((f) => values[f] !== viewed[f]).map((f) => [f, values[f]]));
    try {
      if (Object.keys(changed).length) await authClient.authedApi(withUser('/me/models/', userId), { method: 'PATCH', body: changed });
      toast.show('success', 'Model preferences saved');
      await reload().catch((e: unknown) => console.error('Failed to fetch user data', e));
      onClose();
    } catch (e) {
      setError(MODEL_MESSAGES.updateFailed);
      if (e instanceof ApiError && e.fields) setFields(Object.fromEntries(Object.entries(e.fields).map(([k, v]) => [k, v[0] ?? ''])));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} className="space-y-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">A model whose provider has no API key on this server is answered by the built-in engine.</p>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={all} onChange={(e) => setAll(e.target.checked)} className="size-4 accent-blue-700" /> Show all models
      </label>
      <div className="grid gap-4 sm:grid-cols-2">
        {MODEL_FIELDS.map((field) => {
          const options = MODEL_REGISTRY.filter((m) => all || m.short || m.value === values[field]);
          return (
            <div key={field}>
              <label htmlFor={`${id}-${field}`} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
                {LABELS[field].label}
              </label>
              <select id={`${id}-${field}`} value={values[field]} onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))} aria-describedby={`${id}-${field}-hint`} className={selectClass} aria-invalid={fields[field] ? true : undefined}>
                {options.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.label}
                  </option>
                ))}
              </select>
              <p id={`${id}-${field}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
                {LABELS[field].hint}
              </p>
              <FieldError>{fields[field]}</FieldError>
            </div>
          );
        })}
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <Button type="button" variant="secondary" className="w-auto!" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" className="w-auto!" busy={busy} busyLabel="Saving…">
          Save preferences
        </Button>
      </div>
    </form>
  );
}

export default ModelsModal;
