import { useId, useState, type FormEvent } from 'react';
import { LANGUAGE_CHOICES } from '../../../contract/auth';
import { Alert, Button, inputClass, selectClass, TextField } from '../../components/ui/form';
import { ONBOARDING_TEXT } from './messages';

export interface ProfileFormValues {
  title: string;
  organization: string;
  location: string;
  language: string;
  interests: string;
  alerts: boolean;
  newsletter: boolean;
}

/** The initial step: Title, Company or organization, Location, Language, Interests, notifications. */
export function ProfileForm({ welcome, values, onChange, onSubmit, busy, error }: { welcome: string; values: ProfileFormValues; onChange: (values: ProfileFormValues) => void; onSubmit: () => void; busy: boolean; error?: string }) {
  const [interestsError, setInterestsError] = useState<string>();
  const languageId = useId();
  const interestsId = useId();
  const set = <K extends keyof ProfileFormValues>(key: K, value: ProfileFormValues[K]) => onChange({ ...values, [key]: value });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!values.interests.trim()) {
      setInterestsError(ONBOARDING_TEXT.interestsRequired);
      return;
    }
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Welcome, {welcome}</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">Tell us about your work so Herald can build your profile and suggest topics.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Title" value={values.title} maxLength={200} autoComplete="organization-title" onChange={(e) => set('title', e.target.value)} />
        <TextField label="Company or organization" value={values.organization} maxLength={200} autoComplete="organization" onChange={(e) => set('organization', e.target.value)} />
        <TextField label="Location" value={values.location} maxLength={200} autoComplete="country-name" onChange={(e) => set('location', e.target.value)} />
        <div>
          <label htmlFor={languageId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            Language
          </label>
          <select id={languageId} required value={values.language} onChange={(e) => set('language', e.target.value)} className={selectClass}>
            {LANGUAGE_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor={interestsId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Interests <span className="text-red-700 dark:text-red-300">*</span>
        </label>
        <textarea
          id={interestsId}
          required
          rows={4}
          maxLength={2000}
          value={values.interests}
          placeholder="For example: EU battery regulation, lithium supply chains, solid-state battery research"
          aria-invalid={interestsError ? true : undefined}
          aria-describedby={interestsError ? `${interestsId}-error` : `${interestsId}-hint`}
          onChange={(e) => {
            set('interests', e.target.value);
            if (interestsError) setInterestsError(undefined);
          }}
          className={inputClass}
        />
        {interestsError ? (
          <p id={`${interestsId}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {interestsError}
          </p>
        ) : (
          <p id={`${interestsId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            The industries, companies, technologies, regulations or markets you follow.
          </p>
        )}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Notification Preferences</legend>
        <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={values.alerts} onChange={(e) => set('alerts', e.target.checked)} className="size-4 accent-blue-700" />
            Breaking News Alerts
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={values.newsletter} onChange={(e) => set('newsletter', e.target.checked)} className="size-4 accent-blue-700" />
            Daily Brief
          </label>
        </div>
      </fieldset>
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" busy={busy} busyLabel="Completing profile…">
        Complete Profile
      </Button>
    </form>
  );
}
