import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Pause, Trash2 } from 'lucide-react';
import type { TSource, TSourceImpact, TSourceList } from '../../../contract/sources';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { errorText, sourceKeys, sourcesApi, useSourceImpact } from './api';
import { plural } from './source-state';

/** What deleting removes, in the confirmation's words. */
export function impactSentence(impact: TSourceImpact, enabled = true): string {
  if (impact.documents === 0) return 'Deletes the source. It has no documents yet, so nothing else goes with it.';
  const documents = `its ${plural(impact.documents, 'document')}`;
  const them = impact.documents === 1 ? 'it' : 'them';
  const instead = enabled ? `Disable it instead to keep ${them}.` : `Leave it disabled instead to keep ${them}.`;
  if (impact.articles === 0) return `Deletes the source and ${documents}; no articles were written from ${them}. ${instead}`;
  return `Deletes the source, ${documents} and the ${plural(impact.articles, 'article')} written from ${them}. ${instead}`;
}

/** Delete, after loading what it removes (GET /impact/); Disable instead for an enabled source. */
export function DeleteSourceDialog({ source, onClose, onDeleted, onDisable }: { source: TSource | null; onClose: () => void; onDeleted: (source: TSource) => void; onDisable: (source: TSource) => Promise<void> }) {
  const impact = useSourceImpact(source?.id ?? null);
  const toast = useToast();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'delete' | 'disable' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setError(null);
    onClose();
  };

  const remove = async () => {
    if (!source) return;
    setBusy('delete');
    setError(null);
    try {
      const answer = await sourcesApi.remove(source.id);
      queryClient.setQueryData<TSourceList>(sourceKeys.list, (data) => data && { sources: data.sources.filter((s) => s.id !== source.id) });
      queryClient.removeQueries({ queryKey: sourceKeys.detail(source.id) });
      void queryClient.invalidateQueries({ queryKey: sourceKeys.list });
      const gone = [answer.documents_deleted > 0 && plural(answer.documents_deleted, 'document'), answer.articles_deleted > 0 && plural(answer.articles_deleted, 'article')].filter(Boolean).join(' and ');
      toast.show('success', `Deleted ${source.name}${gone ? ` with ${gone}` : ''}.`);
      onDeleted(source);
      close();
    } catch (caught) {
      setError(errorText(caught, 'The source could not be deleted. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const disable = async () => {
    if (!source) return;
    setBusy('disable');
    try {
      await onDisable(source);
      close();
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      open={source !== null}
      onClose={close}
      size="sm"
      title={source ? `Delete ${source.name}?` : 'Delete source?'}
      footer={
        <>
          <Button variant="secondary" className="w-auto" onClick={close}>
            Cancel
          </Button>
          {source?.enabled && (
            <Button variant="secondary" className="w-auto" busy={busy === 'disable'} busyLabel="Disabling…" disabled={busy !== null} onClick={() => void disable()}>
              <Pause aria-hidden className="size-4" /> Disable instead
            </Button>
          )}
          <Button className="w-auto bg-red-700 hover:bg-red-800" busy={busy === 'delete'} busyLabel="Deleting…" disabled={!impact.data || busy !== null} onClick={() => void remove()}>
            <Trash2 aria-hidden className="size-4" /> Delete source
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-slate-700 dark:text-slate-300">
        {impact.isPending && <p>Counting what goes with it…</p>}
        {impact.isError && (
          <Alert tone="error">
            {errorText(impact.error, 'What deleting removes could not be counted.')}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void impact.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        {impact.data && <p data-testid="delete-impact">{impactSentence(impact.data, source?.enabled)}</p>}
        {impact.data && <p className="text-slate-600 dark:text-slate-400">This cannot be undone.</p>}
        {error && <Alert tone="error">{error}</Alert>}
      </div>
    </Dialog>
  );
}
