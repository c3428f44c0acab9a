import { useState, type FormEvent } from 'react';
import { Sparkles } from 'lucide-react';
import { TOOL_MESSAGES, type TCreateTestUserResponse, type TTestProfile } from '../../../contract/tools';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button, inputClass, TextField } from '../../components/ui/form';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';

interface Form {
  first_name: string;
  last_name: string;
  title: string;
  organization: string;
  location: string;
  interests: string;
  ab_test: boolean;
}

const EMPTY: Form = { first_name: '', last_name: '', title: '', organization: '', location: '', interests: '', ab_test: false };

/** 'Failed to create test user: {reason}' with the server's reason and any field messages. */
export function creationError(error: unknown): string {
  if (!(error instanceof ApiError) || !error.message) return TOOL_MESSAGES.testUserFailed.replace('{reason}', TOOL_MESSAGES.testUserFallback);
  const details = Object.entries(error.fields ?? {}).flatMap(([field, messages]) => messages.map((m) => `${field.replace(/_/g, ' ')}: ${m}`));
  return TOOL_MESSAGES.testUserFailed.replace('{reason}', [error.message, ...details].join(' '));
}

/**
 * Add Test User (superuser menu while viewing as a user): the form,
 * Generate profile (a plausible generated profile), and the created user's email and password,
 * shown once (the server keeps only a hash).
 */
export default function TestUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<'first_name' | 'last_name', string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<'create' | 'generate' | null>(null);
  const [created, setCreated] = useState<TCreateTestUserResponse | null>(null);

  const close = () => {
    setForm(EMPTY);
    setErrors({});
    setFailure(null);
    setCreated(null);
    onClose();
  };
  const set = (field: keyof Form) => (event: { target: { value: string } }) => setForm((f) => ({ ...f, [field]: event.target.value }));

  const generate = async () => {
    setBusy('generate');
    setFailure(null);
    try {
      const profile = await authClient.authedApi<TTestProfile>('/me/generate_test_profile/', { method: 'POST', body: {} });
      setForm((f) => ({ ...f, first_name: profile.first_name, last_name: profile.last_name, title: profile.title, organization: profile.organization, location: profile.location, interests: profile.interests }));
      setErrors({});
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Failed to generate a profile');
    } finally {
      setBusy(null);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = {
      ...(form.first_name.trim() ? {} : { first_name: TOOL_MESSAGES.firstNameRequired }),
      ...(form.last_name.trim() ? {} : { last_name: TOOL_MESSAGES.lastNameRequired }),
    };
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy('create');
    setFailure(null);
    try {
      setCreated(await authClient.authedApi<TCreateTestUserResponse>('/me/create_test_user/', { method: 'POST', body: form }));
    } catch (error) {
      setFailure(creationError(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog open={open} onClose={close} title="Add Test User" description="A confirmed user in an account of its own, with the profile built from these fields.">
      {created ? (
        <div className="space-y-4">
          <Alert tone="success" title="Test user created">
            <p>Account: {created.account.name}</p>
          </Alert>
          {[created.user, created.user_b].map((user, i) =>
            user ? (
              <dl key={user.id} className="rounded-lg border border-slate-200 p-3 text-sm dark:border-slate-700" data-testid="created-user">
                {created.user_b && <p className="mb-1 font-semibold">{i === 0 ? 'User A' : 'User B'}</p>}
                <div className="flex gap-2">
                  <dt className="w-20 text-slate-600 dark:text-slate-400">Email</dt>
                  <dd className="font-mono break-all" data-testid="created-email">
                    {user.email}
                  </dd>
                </div>
                <div className="flex gap-2">
                  <dt className="w-20 text-slate-600 dark:text-slate-400">Password</dt>
                  <dd className="font-mono break-all" data-testid="created-password">
                    {user.password}
                  </dd>
                </div>
              </dl>
            ) : null,
          )}
          <p className="text-xs text-slate-600 dark:text-slate-400">The password is shown only now.</p>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" className="w-auto" onClick={() => (setCreated(null), setForm(EMPTY))}>
              Add another
            </Button>
            <Button type="button" className="w-auto" onClick={close}>
              Done
            </Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-3">
          {failure && <Alert tone="error">{failure}</Alert>}
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <TextField label="First name" required value={form.first_name} onChange={set('first_name')} error={errors.first_name} maxLength={100} />
            <TextField label="Last name" required value={form.last_name} onChange={set('last_name')} error={errors.last_name} maxLength={100} />
            <TextField label="Title" value={form.title} onChange={set('title')} maxLength={200} />
            <TextField label="Organization" value={form.organization} onChange={set('organization')} maxLength={200} />
          </div>
          <TextField label="Location" value={form.location} onChange={set('location')} maxLength={200} />
          <div>
            <label htmlFor="test-user-interests" className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
              Interests
            </label>
            <textarea id="test-user-interests" rows={3} className={inputClass} value={form.interests} onChange={set('interests')} maxLength={2000} />
          </div>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={form.ab_test} onChange={(e) => setForm((f) => ({ ...f, ab_test: e.target.checked }))} />
            A/B test (also create user B with the same profile)
          </label>
          <div className="flex flex-wrap justify-end gap-2 pt-2">
            <Button type="button" variant="secondary" className="w-auto" busy={busy === 'generate'} busyLabel="Generating…" disabled={busy !== null} onClick={() => void generate()}>
              <Sparkles aria-hidden className="size-4" /> Generate profile
            </Button>
            <Button type="submit" className="w-auto" busy={busy === 'create'} busyLabel="Creating…" disabled={busy !== null}>
              Create test user
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
