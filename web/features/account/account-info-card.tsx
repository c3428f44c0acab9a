import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { Building2, ImageUp, Pencil, Trash2 } from 'lucide-react';
import { ACCOUNT_TEXT, type TAccountInfo } from '../../../contract/accounts';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button, FieldError, TextField } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { accountApi, accountKeys, errorText, fieldErrors } from './api';
import { CardShell } from './card-shell';
import { LOGO_TYPES, logoProblem } from './users';
import { useInitData } from '../../lib/init-data';

type Mode = 'view' | 'edit' | 'saving';
interface Errors {
  name?: string;
  company?: string;
  sso_domain?: string;
  logo?: string;
}

/**
 * The Account Information card: Name, Company and Logo in view mode;
 * Edit (only with can_edit) opens the form; Save Changes saves the text, then uploads a chosen
 * logo (the file is only sent on save); Remove Logo asks first.
 */
export function AccountInfoCard({ query }: { query: UseQueryResult<TAccountInfo> }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<Mode>('view');
  const [name, setName] = useState('');
  const [company, setCompany] = useState('');
  const [ssoDomain, setSsoDomain] = useState('');
  // The sign-on domain matters only where single sign-on is configured (or one was set before).
  const ssoName = useInitData().data?.oidc_name ?? null;
  const [logo, setLogo] = useState<{ file: File; url: string } | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [confirmRemove, setConfirmRemove] = useState(false);
  const [removing, setRemoving] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const logoHintId = useId();
  const info = query.data;

  useEffect(() => {
    if (query.isError) toast.show('error', ACCOUNT_TEXT.loadInfoFailed);
  }, [query.isError, toast]);

  const saved = (next: TAccountInfo) => {
    queryClient.setQueryData(accountKeys.info, next);
    // The sidebar shows the account's name and logo from the profile.
    void queryClient.invalidateQueries({ queryKey: ['me'] });
  };

  const startEditing = () => {
    if (!info) return;
    setName(info.name);
    setCompany(info.company ?? '');
    setSsoDomain(info.sso_domain ?? '');
    setErrors({});
    setMode('edit');
  };
  const stopEditing = () => {
    setLogo(null);
    setErrors({});
    setMode('view');
  };

  const chooseLogo = (file: File | undefined) => {
    if (fileRef.current) fileRef.current.value = '';
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) {
      setErrors((current) => ({ ...current, logo: problem }));
      toast.show('error', problem);
      return;
    }
    setErrors((current) => ({ ...current, logo: undefined }));
    // A data: URL, as the content security policy allows images from data: but not blob:.
    const reader = new FileReader();
    reader.onload = () => setLogo({ file, url: String(reader.result) });
    reader.onerror = () => setErrors((current) => ({ ...current, logo: ACCOUNT_TEXT.notImage }));
    reader.readAsDataURL(file);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setErrors({ name: 'Name is required' });
      return;
    }
    setMode('saving');
    setErrors({});
    try {
      saved(await accountApi.updateInfo({ name: name.trim(), company: company.trim(), ...(ssoName !== null || info?.sso_domain ? { sso_domain: ssoDomain.trim() } : {}) }));
    } catch (error) {
      toast.show('error', errorText(error, ACCOUNT_TEXT.updateFailed));
      setErrors(fieldErrors(error));
      setMode('edit');
      return;
    }
    if (logo) {
      try {
        saved(await accountApi.uploadLogo(logo.file));
      } catch (error) {
        toast.show('error', ACCOUNT_TEXT.uploadLogoFailed);
        setErrors({ logo: errorText(error, ACCOUNT_TEXT.uploadLogoFailed) });
        setMode('edit');
        return;
      }
    }
    toast.show('success', ACCOUNT_TEXT.updated);
    stopEditing();
  };

  const removeLogo = async () => {
    setRemoving(true);
    try {
      saved(await accountApi.deleteLogo());
      toast.show('success', ACCOUNT_TEXT.logoRemoved);
      setConfirmRemove(false);
    } catch (error) {
      toast.show('error', errorText(error, ACCOUNT_TEXT.removeLogoFailed));
    } finally {
      setRemoving(false);
    }
  };

  const editing = mode !== 'view';
  const showSso = ssoName !== null || Boolean(info?.sso_domain);
  const busy = mode === 'saving';
  const shownLogo = logo?.url ?? info?.logo_url ?? null;

  return (
    <CardShell
      title="Account Information"
      action={
        info?.can_edit && !editing ? (
          <Button type="button" variant="secondary" className="w-auto! px-3! py-1.5!" onClick={startEditing}>
            <Pencil aria-hidden className="size-4" /> Edit
          </Button>
        ) : undefined
      }
    >
      {query.isPending && <p className="text-sm text-slate-600 dark:text-slate-400">Loading account information…</p>}
      {query.isError && !info && (
        <Alert tone="error">
          {ACCOUNT_TEXT.loadInfoFailed}.{' '}
          <button type="button" className="font-semibold underline" onClick={() => void query.refetch()}>
            Try again
          </button>
        </Alert>
      )}
      {info && !editing && (
        <dl className="grid gap-4 sm:grid-cols-[8rem_1fr]">
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">Name</dt>
          <dd className="-mt-3 font-medium break-words sm:mt-0">{info.name}</dd>
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">Company</dt>
          <dd className="-mt-3 break-words sm:mt-0">{info.company || <span className="text-slate-500 dark:text-slate-400">Not set</span>}</dd>
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">Logo</dt>
          <dd className="-mt-3 sm:mt-0">
            <LogoPreview url={info.logo_url} name={info.name} />
          </dd>
          {showSso && (
            <>
              <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">Sign-on domain</dt>
              <dd className="-mt-3 break-words sm:mt-0">
                {info.sso_domain ? (
                  <>
                    <span className="font-medium">{info.sso_domain}</span>
                    <span className="block text-sm text-slate-600 dark:text-slate-400">
                      People who sign in with {ssoName ?? 'single sign-on'} with a verified @{info.sso_domain} address join this account.
                    </span>
                  </>
                ) : (
                  <span className="text-slate-500 dark:text-slate-400">Not set: people join by invitation</span>
                )}
              </dd>
            </>
          )}
        </dl>
      )}
      {info && editing && (
        <form onSubmit={(event) => void save(event)} noValidate className="space-y-5">
          <fieldset disabled={busy} className="space-y-4">
            <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} error={errors.name} required maxLength={100} autoComplete="organization" />
            <TextField label="Company" value={company} onChange={(event) => setCompany(event.target.value)} error={errors.company} maxLength={200} />
            {showSso && (
              <TextField
                label="Sign-on domain"
                hint={`People who sign in with ${ssoName ?? 'single sign-on'} with a verified address at this domain join this account as members. Leave empty to admit people by invitation only.`}
                placeholder="example.com"
                value={ssoDomain}
                onChange={(event) => setSsoDomain(event.target.value)}
                error={errors.sso_domain}
                maxLength={253}
                autoComplete="off"
                spellCheck={false}
              />
            )}
            <div>
              <p className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">Logo</p>
              <div className="flex flex-wrap items-center gap-4">
                <LogoPreview url={shownLogo} name={name || info.name} />
                <div className="flex flex-wrap gap-2">
                  <label className="inline-flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-600 hover:bg-slate-50 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800">
                    <ImageUp aria-hidden className="size-4" />
                    {shownLogo ? 'Change logo' : 'Choose logo'}
                    <input
                      ref={fileRef}
                      type="file"
                      accept={LOGO_TYPES.join(',')}
                      className="sr-only"
                      aria-describedby={logoHintId}
                      onChange={(event) => chooseLogo(event.target.files?.[0])}
                    />
                  </label>
                  {logo && (
                    <Button type="button" variant="secondary" className="w-auto! px-3! py-1.5!" onClick={() => setLogo(null)}>
                      Keep current logo
                    </Button>
                  )}
                  {!logo && info.logo_url && (
                    <Button type="button" variant="secondary" className="w-auto! px-3! py-1.5! text-red-700! dark:text-red-300!" onClick={() => setConfirmRemove(true)}>
                      <Trash2 aria-hidden className="size-4" /> Remove Logo
                    </Button>
                  )}
                </div>
              </div>
              <p id={logoHintId} className="mt-2 text-xs text-slate-600 dark:text-slate-400">
                {logo ? `Selected: ${logo.file.name}. It is uploaded when you save. ` : ''}A square PNG or JPG works best (at least 256 × 256 pixels, less than 5MB).
              </p>
              <FieldError>{errors.logo}</FieldError>
            </div>
          </fieldset>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="secondary" className="w-auto!" onClick={stopEditing} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" className="w-auto!" busy={busy} busyLabel="Saving…">
              Save Changes
            </Button>
          </div>
        </form>
      )}

      <Dialog
        open={confirmRemove}
        onClose={() => !removing && setConfirmRemove(false)}
        title="Remove Logo"
        size="sm"
        footer={
          <>
            <Button type="button" variant="secondary" className="w-auto!" onClick={() => setConfirmRemove(false)} disabled={removing}>
              Cancel
            </Button>
            <Button type="button" className="w-auto! bg-red-700! hover:bg-red-800!" busy={removing} busyLabel="Removing…" onClick={() => void removeLogo()}>
              Remove
            </Button>
          </>
        }
      >
        <p>{ACCOUNT_TEXT.removeLogoConfirm}</p>
      </Dialog>
    </CardShell>
  );
}

function LogoPreview({ url, name }: { url: string | null; name: string }) {
  if (!url) {
    return (
      <span className="inline-flex items-center gap-2 text-sm text-slate-500 dark:text-slate-400">
        <span aria-hidden className="flex size-16 items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-50 dark:border-slate-600 dark:bg-slate-800">
          <Building2 className="size-6" />
        </span>
        No logo
      </span>
    );
  }
  return <img src={url} alt={`${name} logo`} className="size-16 rounded-lg border border-slate-200 bg-white object-contain p-1 dark:border-slate-700" />;
}
