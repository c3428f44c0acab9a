import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PROVIDER_KEY_TEXT } from '../../../contract/billing-text';
import type { TProviderKey, TProviderKeys } from '../../../contract/billing';
import { Alert, Button, inputClass } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { authClient } from '../../lib/auth-client';
import { errorText } from './api';
import { CardShell } from './card-shell';

const KEY = ['billing', 'provider-keys'] as const;
const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function KeyRow({ item, onSaved }: { item: TProviderKey; onSaved: (keys: TProviderKeys) => void }) {
  const toast = useToast();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const send = async (method: 'PUT' | 'DELETE') => {
    setBusy(true);
    setError(undefined);
    try {
      const path = `/account/billing/provider-keys/${item.provider}`;
      onSaved(await authClient.authedApi<TProviderKeys>(path, method === 'PUT' ? { method, body: { api_key: value } } : { method }));
      toast.show('success', method === 'PUT' ? PROVIDER_KEY_TEXT.saved : PROVIDER_KEY_TEXT.removed);
      setValue('');
    } catch (failure) {
      setError(errorText(failure, PROVIDER_KEY_TEXT.failed));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setError(PROVIDER_KEY_TEXT.invalid);
    void send('PUT');
  };
  return (
    <li className="space-y-2 py-3">
      <p className="text-sm">
        <span className="font-medium">{item.label}</span>{' '}
        <span className="text-slate-600 dark:text-slate-400">
          · {item.set ? `set, ending …${item.last4}, by ${item.set_by} on ${day(item.set_at!)}` : "not set: the install's key is used"}
        </span>
      </p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={id} className="sr-only">
            {item.label} API key
          </label>
          <input
            id={id}
            type="password"
            autoComplete="off"
            spellCheck={false}
            placeholder={item.set ? 'Paste a new key to replace it' : `Paste your ${item.label} API key`}
            className={inputClass}
            value={value}
            onChange={(event) => setValue(event.target.value)}
            aria-invalid={Boolean(error)}
          />
        </div>
        <Button type="submit" className="w-auto!" busy={busy} busyLabel="Saving…">
          {item.set ? 'Replace' : 'Save'}
        </Button>
        {item.set && (
          <Button type="button" variant="secondary" className="w-auto!" disabled={busy} onClick={() => void send('DELETE')}>
            Remove
          </Button>
        )}
        {error && (
          <p role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}

/**
 * Own provider keys (Billing): the account's key of each language-model provider, used for its
 * members' stages instead of the install's; shown only as set, its last four characters, who and when.
 */
export function ProviderKeysCard() {
  const queryClient = useQueryClient();
  const keys = useQuery({ queryKey: KEY, queryFn: ({ signal }) => authClient.authedApi<TProviderKeys>('/account/billing/provider-keys', { signal }) });
  return (
    <CardShell title="Your own AI provider keys">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Your members&apos; stages call a provider with your account&apos;s key when one is set here, instead of the install&apos;s: the provider bills you directly. Keys are stored encrypted and never shown again.
      </p>
      {keys.isError && <Alert tone="error">{errorText(keys.error, PROVIDER_KEY_TEXT.failed)}</Alert>}
      {keys.data && (
        <ul aria-label="Provider keys" className="mt-2 divide-y divide-slate-200 dark:divide-slate-800">
          {keys.data.keys.map((item) => (
            <KeyRow key={item.provider} item={item} onSaved={(next) => queryClient.setQueryData(KEY, next)} />
          ))}
        </ul>
      )}
    </CardShell>
  );
}
