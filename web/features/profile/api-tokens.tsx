import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeySquare } from 'lucide-react';
import { API_TOKEN_NAME_MAX, API_TOKEN_SCOPE_LABELS, API_TOKEN_SCOPES, type TApiToken, type TApiTokenCreated, type TApiTokenList, type TApiTokenScope } from '../../../contract/api-tokens';
import { FlowHeader } from './flow-header';
import { McpConnect } from './mcp-connect';
import { CopyButton } from '../../components/ui/copy-button';
import { Alert, Button, FieldError, selectClass, TextField } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { fieldMessages, refusalText } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { formatDate, relativeTime } from '../../lib/dates';

const EXPIRIES = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'No expiry' },
] as const;

const TOKENS_KEY = ['me', 'tokens'] as const;

/** The curl a newcomer runs with a fresh token: their feed's first page. */
export function curlExample(token: string, origin: string): string {
  return `curl -H "Authorization: Bearer ${token}" ${origin}/api/for-you/`;
}

/**
 * API Tokens (in My Profile): make a personal API token with a name, scopes and an expiry, shown
 * once with a copy button, a curl example and (McpConnect) the MCP address and a client snippet; the active tokens with when they were made, last used
 * and expire, each revocable at once.
 */
export function ApiTokens({ superuser, onBack }: { superuser: boolean; onBack: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const listed = useQuery({ queryKey: TOKENS_KEY, queryFn: ({ signal }) => authClient.authedApi<TApiTokenList>('/me/tokens/', { signal }) });
  const tokens = listed.data?.tokens;
  const load = () => queryClient.invalidateQueries({ queryKey: TOKENS_KEY });
  const [created, setCreated] = useState<TApiTokenCreated>();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TApiTokenScope[]>(['feed:read']);
  const [expiry, setExpiry] = useState<(typeof EXPIRIES)[number]['value']>('90');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [revoking, setRevoking] = useState<string>();
  const expiryId = useId();
  const scopesId = useId();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setFields({});
    setError(undefined);
    if (!name.trim()) return setFields({ name: 'Give the token a name.' });
    if (scopes.length === 0) return setFields({ scopes: 'Choose at least one scope.' });
    setBusy(true);
    try {
      const expires_at = expiry === 'never' ? null : new Date(Date.now() + Number(expiry) * 86_400_000).toISOString();
      const token = await authClient.authedApi<TApiTokenCreated>('/me/tokens/', { body: { name: name.trim(), scopes, expires_at } });
      setCreated(token);
      setName('');
      await load();
    } catch (e) {
      setFields(fieldMessages(e));
      setError(refusalText(e, 'Could not create the token. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (token: TApiToken) => {
    setBusy(true);
    try {
      await authClient.authedApi(`/me/tokens/${token.id}/`, { method: 'DELETE' });
      toast.show('success', `Token “${token.name}” revoked`);
      if (created?.id === token.id) setCreated(undefined);
      setRevoking(undefined);
      await load();
    } catch {
      toast.show('error', 'Could not revoke the token. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const toggle = (scope: TApiTokenScope, on: boolean) => setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));

  return (
    <div className="space-y-5">
      <FlowHeader icon={KeySquare} title="API Tokens" onBack={onBack} />
      <p className="text-sm text-slate-700 dark:text-slate-300">
        A personal API token lets a script or another tool call Herald as you, within the scopes you choose. Send it as <code className="rounded bg-slate-100 px-1 dark:bg-slate-800">Authorization: Bearer …</code>; the calls are
        described at{' '}
        <a className="font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-400" href="/api/docs" target="_blank" rel="noreferrer">
          /api/docs
        </a>
        .
      </p>

      {created && (
        <Alert tone="success" title={`Token “${created.name}” created`}>
          <p>Copy it now: it is shown only this once.</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code data-testid="new-token" className="rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900 dark:bg-slate-900 dark:text-slate-100">
              {created.token}
            </code>
            <CopyButton text={created.token} label="Copy token" />
          </div>
          <p className="mt-2">Try it:</p>
          <div className="mt-1 flex flex-wrap items-center gap-2">
            <code className="rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900 dark:bg-slate-900 dark:text-slate-100">{curlExample(created.token, window.location.origin)}</code>
            <CopyButton text={curlExample(created.token, window.location.origin)} label="Copy command" />
          </div>
        </Alert>
      )}

      <McpConnect token={created?.token} />

      <form onSubmit={create} noValidate className="space-y-3 rounded-lg border border-slate-200 p-4 dark:border-slate-700">
        <h4 className="text-sm font-semibold text-slate-900 dark:text-slate-100">New token</h4>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField label="Name" placeholder="e.g. Morning report script" value={name} maxLength={API_TOKEN_NAME_MAX} error={fields.name} onChange={(e) => setName(e.target.value)} />
          <div>
            <label htmlFor={expiryId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
              Expires
            </label>
            <select id={expiryId} value={expiry} onChange={(e) => setExpiry(e.target.value as typeof expiry)} className={selectClass}>
              {EXPIRIES.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
            <FieldError>{fields.expires_at}</FieldError>
          </div>
        </div>
        <fieldset aria-describedby={fields.scopes ? scopesId : undefined}>
          <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Scopes</legend>
          <div className="mt-1 space-y-1">
            {API_TOKEN_SCOPES.filter((scope) => scope !== 'inspection' || superuser).map((scope) => (
              <label key={scope} className="flex items-start gap-2 text-sm">
                <input type="checkbox" className="mt-0.5 size-4 accent-blue-700" checked={scopes.includes(scope)} onChange={(e) => toggle(scope, e.target.checked)} />
                <span>
                  <span className="font-medium text-slate-900 dark:text-slate-100">{API_TOKEN_SCOPE_LABELS[scope].label}</span>
                  <span className="text-slate-600 dark:text-slate-400"> — {API_TOKEN_SCOPE_LABELS[scope].hint}</span>
                </span>
              </label>
            ))}
          </div>
          <FieldError id={scopesId}>{fields.scopes}</FieldError>
        </fieldset>
        {error && <Alert tone="error">{error}</Alert>}
        <div className="flex justify-end">
          <Button type="submit" className="w-auto!" busy={busy} busyLabel="Creating…">
            Create Token
          </Button>
        </div>
      </form>

      <section aria-label="Your API tokens">
        <h4 className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">Your tokens</h4>
        {listed.isError && <Alert tone="error">Could not load your API tokens. Please try again.</Alert>}
        {listed.isPending && <p role="status">Loading tokens…</p>}
        {tokens?.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">You have no API tokens.</p>}
        <ul className="divide-y divide-slate-200 dark:divide-slate-700">
          {tokens?.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0 text-sm">
                <p className="font-medium text-slate-900 dark:text-slate-100">
                  {token.name} <code className="ms-1 font-mono text-xs text-slate-600 dark:text-slate-400">{token.prefix}…</code>
                </p>
                <p className="text-slate-600 dark:text-slate-400">{token.scopes.map((scope) => API_TOKEN_SCOPE_LABELS[scope].label).join(', ')}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Created {formatDate(token.created_at)} · {token.last_used_at ? `Last used ${relativeTime(token.last_used_at)}` : 'Never used'} ·{' '}
                  {token.expires_at ? `Expires ${formatDate(token.expires_at)}` : 'No expiry'}
                </p>
              </div>
              {revoking === token.id ? (
                <div className="flex items-center gap-2" role="group" aria-label={`Revoke ${token.name}?`}>
                  <span className="text-sm text-slate-700 dark:text-slate-300">Scripts using it stop at once.</span>
                  <Button type="button" variant="secondary" className="w-auto!" onClick={() => setRevoking(undefined)} disabled={busy}>
                    Cancel
                  </Button>
                  <Button type="button" className="w-auto! bg-red-700! hover:bg-red-800!" onClick={() => void revoke(token)} busy={busy} busyLabel="Revoking…">
                    Revoke
                  </Button>
                </div>
              ) : (
                <Button type="button" variant="secondary" className="w-auto!" onClick={() => setRevoking(token.id)} aria-label={`Revoke ${token.name}`}>
                  Revoke
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
