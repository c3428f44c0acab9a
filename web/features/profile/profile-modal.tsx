import { useId, useState, type FormEvent } from 'react';
import { Bell, Gauge, KeyRound, KeySquare, Mail, Rss, Webhook } from 'lucide-react';
import { LANGUAGE_CHOICES, type TMe } from '../../../contract/auth';
import { ALERT_DAILY_CAP_MAX } from '../../../contract/constants';
import { PROFILE_FIELD_MAP, type TProfileUpdateResponse } from '../../../contract/onboarding';
import { AutoTextarea } from '../../components/ui/chat';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button, inputClass, selectClass, TextField } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { useViewing, withUser } from '../../lib/viewing';
import { ApiTokens } from './api-tokens';
import { ChangeEmail } from './change-email';
import { Deliveries } from './deliveries';
import { FeedAddresses } from './feed-addresses';
import { Notifications } from './notifications';
import { ChangePassword } from './change-password';
import { Usage } from './usage';

type Form = {
  first_name: string;
  last_name: string;
  job_title_function: string;
  employer: string;
  country: string;
  city: string;
  language: string;
  interests: string;
  alerts: boolean;
  alert_daily_cap: number;
  newsletter: boolean;
};

const formOf = (user: TMe): Form => ({
  first_name: user.first_name,
  last_name: user.last_name,
  job_title_function: user.job_title_function ?? '',
  employer: user.employer ?? '',
  country: user.country ?? user.location ?? '',
  city: user.city ?? '',
  language: user.language,
  interests: user.interests ?? '',
  alerts: user.alerts,
  alert_daily_cap: user.alert_daily_cap,
  newsletter: user.newsletter,
});

/** Server field errors under the form's names (title, company_or_organization, location). */
export function mapProfileErrors(errors: Record<string, string[]> | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors ?? {})) {
    const field = PROFILE_FIELD_MAP[key as keyof typeof PROFILE_FIELD_MAP] ?? key;
    if (messages[0]) out[field] = messages[0];
  }
  return out;
}

/**
 * My Profile: names, title, employer, location, language,
 * interests, notification preferences, and the Notifications (channels, quiet hours, push devices), Change Email Address, Change Password, API Tokens, Feeds and Deliveries flows.
 * While acting for another user it is 'Edit {name}'s Profile', without email, password and
 * notification preferences.
 */
export function ProfileModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { viewed, isImpersonating, loadingViewed } = useViewing();
  const title = isImpersonating ? (loadingViewed ? 'Edit Profile' : `Edit ${viewed.first_name || viewed.email}'s Profile`) : 'My Profile';
  return (
    <Dialog open={open} onClose={onClose} title={title} size="lg">
      {open && (loadingViewed ? <p role="status">Loading impersonated user...</p> : <ProfileForm key={viewed.id} onClose={onClose} />)}
    </Dialog>
  );
}

function ProfileForm({ onClose }: { onClose: () => void }) {
  const { viewed, userId, isImpersonating, reload } = useViewing();
  const toast = useToast();
  const [form, setForm] = useState<Form>(() => formOf(viewed));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<{ question: string; conversationId: string } | null>(null);
  const [answer, setAnswer] = useState('');
  const [flow, setFlow] = useState<'email' | 'password' | 'tokens' | 'feeds' | 'deliveries' | 'usage' | 'notifications' | null>(null);
  const languageId = useId();
  const interestsId = useId();
  const answerId = useId();
  const capId = useId();
  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _, ...rest }) => rest);
  };

  const body = (extra: Record<string, unknown> = {}) => {
    const { alerts, alert_daily_cap, newsletter, ...rest } = form;
    return { ...rest, ...(isImpersonating ? {} : { alerts, alert_daily_cap, newsletter }), ...extra };
  };

  const handle = async (result: TProfileUpdateResponse) => {
    if (result.status === 'validated') {
      setAsking(null);
      toast.show('success', 'Profile updated');
      await reload().catch((e: unknown) => console.error('Failed to fetch user data', e));
      onClose();
    } else if (result.status === 'clarification_needed') {
      setAsking({ question: result.question ?? '', conversationId: result.conversation_id ?? '' });
      setAnswer('');
    } else {
      setAsking(null);
      setError(result.error || 'Profile validation failed');
      const mapped = mapProfileErrors(result.errors);
      setErrors(mapped);
      if (Object.keys(mapped).length) toast.show('error', 'Some fields have errors');
    }
  };

  const send = async (extra: Record<string, unknown> = {}) => {
    setBusy(true);
    setError(undefined);
    try {
      await handle(await authClient.authedApi<TProfileUpdateResponse>(withUser('/me/profile/', userId), { method: 'PATCH', body: body(extra) }));
    } catch (e) {
      if (e instanceof ApiError && e.fields) {
        setErrors(mapProfileErrors(e.fields));
        setError('Failed to update profile. Please ensure all required fields are filled.');
      } else setError('Failed to update profile');
    } finally {
      setBusy(false);
    }
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const required: Record<string, string> = {};
    if (!form.first_name.trim()) required.first_name = 'This field is required';
    if (!form.last_name.trim()) required.last_name = 'This field is required';
    if (!form.interests.trim()) required.interests = 'This field is required';
    if (Object.keys(required).length) {
      setErrors(required);
      toast.show('error', 'Please fill all required fields');
      return;
    }
    void send();
  };

  if (flow === 'email') return <ChangeEmail me={viewed} onCancel={() => setFlow(null)} onDone={() => void reload().finally(() => setFlow(null))} />;
  if (flow === 'password') return <ChangePassword email={viewed.email} onCancel={() => setFlow(null)} onDone={() => setFlow(null)} />;
  if (flow === 'tokens') return <ApiTokens superuser={viewed.is_superuser} onBack={() => setFlow(null)} />;
  if (flow === 'feeds') return <FeedAddresses onBack={() => setFlow(null)} />;
  if (flow === 'deliveries') return <Deliveries onBack={() => setFlow(null)} />;
  if (flow === 'usage') return <Usage onBack={() => setFlow(null)} />;
  if (flow === 'notifications')
    return (
      <Notifications
        onBack={() => setFlow(null)}
        onSaved={(prefs) => {
          // The two switches are the profile's too: the form here must not save the old values back.
          setForm((f) => ({ ...f, alerts: prefs.alerts, newsletter: prefs.brief }));
          void reload().catch((e: unknown) => console.error('Failed to fetch user data', e));
        }}
      />
    );

  if (asking) {
    return (
      <div className="space-y-4">
        <Alert tone="info" title="We need a bit more information">
          {asking.question}
        </Alert>
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (answer.trim()) void send({ answer: answer.trim(), conversation_id: asking.conversationId });
          }}
        >
          <label htmlFor={answerId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Your answer
          </label>
          <AutoTextarea id={answerId} value={answer} minRows={3} maxRows={8} onChange={(e) => setAnswer(e.target.value)} onEnter={() => answer.trim() && void send({ answer: answer.trim(), conversation_id: asking.conversationId })} />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-between gap-2">
            <Button type="button" variant="secondary" className="w-auto!" onClick={() => setAsking(null)} disabled={busy}>
              Back to Form
            </Button>
            <Button type="submit" className="w-auto!" busy={busy} busyLabel="Sending…" disabled={!answer.trim()}>
              Send
            </Button>
          </div>
        </form>
      </div>
    );
  }

  return (
    <form onSubmit={save} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" required value={form.first_name} error={errors.first_name} onChange={(e) => set('first_name', e.target.value)} autoComplete="given-name" />
        <TextField label="Last name" required value={form.last_name} error={errors.last_name} onChange={(e) => set('last_name', e.target.value)} autoComplete="family-name" />
        <TextField label="Title" value={form.job_title_function} error={errors.job_title_function} onChange={(e) => set('job_title_function', e.target.value)} autoComplete="organization-title" />
        <TextField label="Company or organization" value={form.employer} error={errors.employer} onChange={(e) => set('employer', e.target.value)} autoComplete="organization" />
        <TextField label="Country" hint="Required" value={form.country} error={errors.country} onChange={(e) => set('country', e.target.value)} autoComplete="country-name" />
        <TextField label="City" value={form.city} error={errors.city} onChange={(e) => set('city', e.target.value)} autoComplete="address-level2" />
        <div>
          <label htmlFor={languageId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            Language
          </label>
          <select id={languageId} value={form.language} onChange={(e) => set('language', e.target.value)} className={selectClass}>
            {LANGUAGE_CHOICES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div>
        <label htmlFor={interestsId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Interests <span aria-hidden className="text-red-700 dark:text-red-300">*</span>
        </label>
        <textarea id={interestsId} rows={4} value={form.interests} maxLength={2000} aria-invalid={errors.interests ? true : undefined} onChange={(e) => set('interests', e.target.value)} className={inputClass} />
        {errors.interests ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{errors.interests}</p> : <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">This field is required</p>}
      </div>
      {!isImpersonating && (
        <>
          <fieldset>
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Notification Preferences</legend>
            <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={form.alerts} onChange={(e) => set('alerts', e.target.checked)} className="size-4 accent-blue-700" /> Breaking News Alerts
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="checkbox" checked={form.newsletter} onChange={(e) => set('newsletter', e.target.checked)} className="size-4 accent-blue-700" /> Daily Brief
              </label>
            </div>
            <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              <span>At most</span>
              <select
                id={capId}
                aria-label="Breaking alerts a day, at most"
                value={form.alert_daily_cap}
                disabled={!form.alerts}
                onChange={(e) => set('alert_daily_cap', Number(e.target.value))}
                className="rounded-md border border-slate-300 bg-white px-2 py-1 text-slate-900 focus:border-blue-600 focus:outline-2 focus:outline-blue-600/30 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
              >
                {Array.from({ length: ALERT_DAILY_CAP_MAX }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
              <span>breaking {form.alert_daily_cap === 1 ? 'alert' : 'alerts'} a day, one per story; the rest go to the Daily Brief.</span>
            </p>
          </fieldset>
          <div className="flex flex-col flex-wrap gap-2 border-t border-slate-200 pt-4 sm:flex-row dark:border-slate-700">
            <Button type="button" variant="secondary" className="sm:w-auto" onClick={() => setFlow('notifications')}>
              <Bell aria-hidden className="size-4" /> Notifications
            </Button>
            <Button type="button" variant="secondary" className="sm:w-auto" onClick={() => setFlow('email')}>
              <Mail aria-hidden className="size-4" /> Change Email Address
            </Button>
            <Button type="button" variant="secondary" className="sm:w-auto" onClick={() => setFlow('password')}>
              <KeyRound aria-hidden className="size-4" /> Change Password
            </Button>
            <Button type="button" variant="secondary" className="sm:w-auto" onClick={() => setFlow('tokens')}>
              <KeySquare aria-hidden className="size-4" /> API Tokens
            </Button>
            <Button type="button" variant="secondary" className="sm:w-auto" onClick={() => setFlow('feeds')}>
              <Rss aria-hidden className="size-4" /> Feeds
            </Button>
            <Button type="button" variant="secondary" className="sm:w-auto" onClick={() => setFlow('deliveries')}>
              <Webhook aria-hidden className="size-4" /> Deliveries
            </Button>
            <Button type="button" variant="secondary" className="sm:w-auto" onClick={() => setFlow('usage')}>
              <Gauge aria-hidden className="size-4" /> AI Usage
            </Button>
          </div>
        </>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end gap-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <Button type="button" variant="secondary" className="w-auto!" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" className="w-auto!" busy={busy} busyLabel="Saving…">
          Save Profile
        </Button>
      </div>
    </form>
  );
}

export default ProfileModal;
