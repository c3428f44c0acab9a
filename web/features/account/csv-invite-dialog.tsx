import { useId, useState, type FormEvent } from 'react';
import { FileText } from 'lucide-react';
import type { TCsvInviteReport } from '../../../contract/accounts';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button, linkClass } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { accountApi, errorText } from './api';

const MAX_CSV_BYTES = 512 * 1024;
const TEMPLATE = 'first_name,last_name,email,role\nAda,Lovelace,ada@example.com,MEMBER\nGrace,Hopper,grace@example.com,ADMIN\n';
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Bulk invitations from a CSV file (sent as file_content and file_name): every good row
 * is invited, and the report lists each row that was not, with its line and the reason.
 */
export function CsvInviteDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Invite users from a CSV file" size="md">
      {/* Mounted only while open: every opening starts afresh. */}
      <CsvInviteForm onClose={onClose} onInvited={onInvited} />
    </Dialog>
  );
}

function CsvInviteForm({ onClose, onInvited }: { onClose: () => void; onInvited: () => void }) {
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string>();
  const [report, setReport] = useState<TCsvInviteReport | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();
  const hintId = useId();

  const choose = (chosen: File | undefined) => {
    setReport(null);
    setError(undefined);
    if (!chosen) return setFile(null);
    if (!/\.(csv|txt)$/i.test(chosen.name)) return setError('Please choose a CSV file (.csv).');
    if (chosen.size > MAX_CSV_BYTES) return setError('The file is too large (at most 512 KB).');
    setFile(chosen);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Please choose a CSV file (.csv).');
    setBusy(true);
    try {
      const answer = await accountApi.sendCsv({ file_content: await file.text(), file_name: file.name });
      setReport(answer);
      if (answer.invited > 0) {
        toast.show('success', `${plural(answer.invited, 'invitation', 'invitations')} sent`);
        onInvited();
      } else toast.show('error', 'No invitations were sent');
    } catch (failure) {
      const message = errorText(failure, 'Failed to send invitations');
      setError(message);
      toast.show('error', message);
    } finally {
      setBusy(false);
    }
  };

  const failed = report?.rows.filter((row) => row.status === 'failed') ?? [];

  return (
    <form onSubmit={(event) => void submit(event)} className="space-y-4">
      <p id={hintId} className="text-sm text-slate-600 dark:text-slate-300">
        The first line names the columns: <code>email</code> (required), <code>first_name</code>, <code>last_name</code> and <code>role</code> (ADMIN or MEMBER, MEMBER when empty). Each person gets an invitation email.{' '}
        <a className={linkClass} href={`data:text/csv;charset=utf-8,${encodeURIComponent(TEMPLATE)}`} download="herald-invitations.csv">
          Download a template
        </a>
      </p>
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          CSV file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,.txt"
          aria-describedby={hintId}
          onChange={(event) => choose(event.target.files?.[0])}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-slate-800 hover:file:bg-slate-50 dark:text-slate-300 dark:file:border-slate-600 dark:file:bg-slate-900 dark:file:text-slate-100"
        />
      </div>
      {error && <Alert tone="error">{error}</Alert>}
      {report && (
        <div className="space-y-3" aria-live="polite">
          <Alert tone={report.invited > 0 ? 'success' : 'error'} title={report.file_name}>
            {plural(report.invited, 'person', 'people')} invited{failed.length > 0 ? `, ${plural(failed.length, 'row', 'rows')} not invited` : ''}.
          </Alert>
          {failed.length > 0 && (
            <div className="max-h-64 overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Rows not invited</caption>
                <thead className="bg-slate-50 text-xs text-slate-600 uppercase dark:bg-slate-800 dark:text-slate-300">
                  <tr>
                    <th scope="col" className="px-3 py-2">
                      Line
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Email
                    </th>
                    <th scope="col" className="px-3 py-2">
                      Problem
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                  {failed.map((row) => (
                    <tr key={row.line}>
                      <td className="px-3 py-2 tabular-nums">{row.line}</td>
                      <td className="px-3 py-2 break-all">{row.email || '—'}</td>
                      <td className="px-3 py-2">{row.error}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </div>
      )}
      <div className="flex flex-wrap items-center justify-end gap-2 pt-1">
        {file && !report && (
          <span className="mr-auto inline-flex min-w-0 items-center gap-1.5 text-sm text-slate-600 dark:text-slate-300">
            <FileText aria-hidden className="size-4 shrink-0" />
            <span className="truncate">{file.name}</span>
          </span>
        )}
        <Button type="button" variant="secondary" className="w-auto!" onClick={onClose} disabled={busy}>
          {report ? 'Done' : 'Cancel'}
        </Button>
        {!report && (
          <Button type="submit" className="w-auto!" busy={busy} busyLabel="Sending…" disabled={!file}>
            Send Invitations
          </Button>
        )}
      </div>
    </form>
  );
}
