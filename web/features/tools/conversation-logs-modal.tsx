import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Trash2 } from 'lucide-react';
import type { TClearLogsResponse, TConversationLogEntry, TConversationLogs } from '../../../contract/tools';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button } from '../../components/ui/form';
import { Spinner } from '../../components/ui/spinner';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';

const KEY = ['conversation-logs'];
const KINDS: Record<string, string> = {
  onboarding_interview: 'Interview',
  profile: 'Profile',
  topic_validation: 'Topic validation',
  topic_modify: 'Topic edit',
  add_topic_chat: 'Add-topic chat',
};

/**
 * Conversation Logs (superusers): the AI calls made in conversations (interview, profile and topic
 * clarifications, add-topic chat), newest first, with model, tokens and time; each opens to its
 * prompt and answer. Clear Logs starts the log again from now.
 */
export default function ConversationLogsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);
  const query = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => authClient.authedApi<TConversationLogs>('/conversation/logs/?limit=200', { signal }),
    enabled: open,
    staleTime: 0,
  });
  const clear = async () => {
    setClearing(true);
    try {
      const answer = await authClient.authedApi<TClearLogsResponse>('/conversation/clear_logs/', { method: 'DELETE' });
      toast.show('success', `Logs cleared (${answer.cleared} ${answer.cleared === 1 ? 'entry' : 'entries'}).`);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: KEY });
    } catch (error) {
      toast.show('error', error instanceof ApiError ? error.message : 'Failed to clear logs');
    } finally {
      setClearing(false);
    }
  };
  const close = () => {
    setConfirming(false);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      size="xl"
      title="Conversation Logs"
      description="AI calls made in interviews, clarifications and the add-topic chat, newest first."
      footer={
        confirming ? (
          <>
            <span className="mr-auto self-center text-sm text-slate-700 dark:text-slate-300">Clear every entry of the log? Conversations themselves are kept.</span>
            <Button variant="secondary" className="w-auto" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button className="w-auto bg-red-700 hover:bg-red-800" busy={clearing} busyLabel="Clearing…" onClick={() => void clear()}>
              Clear Logs
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" className="w-auto" onClick={() => void query.refetch()} disabled={query.isFetching}>
              <RefreshCw aria-hidden className="size-4" /> Refresh
            </Button>
            <Button variant="secondary" className="w-auto" onClick={() => setConfirming(true)} disabled={!query.data?.logs.length}>
              <Trash2 aria-hidden className="size-4" /> Clear Logs
            </Button>
          </>
        )
      }
    >
      {query.isPending && <Spinner label="Loading the logs" />}
      {query.isError && <Alert tone="error">{query.error instanceof ApiError ? query.error.message : 'Failed to load the logs'}</Alert>}
      {query.data && (
        <>
          {query.data.cleared_at && <p className="mb-2 text-xs text-slate-600 dark:text-slate-400">Cleared {new Date(query.data.cleared_at).toLocaleString('en-US')}.</p>}
          {query.data.logs.length === 0 ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">No conversation calls logged.</p>
          ) : (
            <ul className="space-y-2">
              {query.data.logs.map((entry) => (
                <LogEntry key={entry.id} entry={entry} />
              ))}
            </ul>
          )}
        </>
      )}
    </Dialog>
  );
}

function LogEntry({ entry }: { entry: TConversationLogEntry }) {
  return (
    <li className="rounded-lg border border-slate-200 dark:border-slate-700" data-testid="log-entry">
      <details>
        <summary className="cursor-pointer list-none p-3 focus-visible:outline-2 focus-visible:outline-blue-600">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-semibold text-slate-900 dark:text-white">{KINDS[entry.kind] ?? entry.kind}</span>
            <span className="text-slate-700 dark:text-slate-300">{entry.user.name || entry.user.email}</span>
            <span className="font-mono text-xs text-slate-600 dark:text-slate-400">{entry.model}</span>
            <span className="text-xs text-slate-600 dark:text-slate-400">
              {entry.total_tokens.toLocaleString('en-US')} tokens ({entry.prompt_tokens.toLocaleString('en-US')}/{entry.response_tokens.toLocaleString('en-US')})
            </span>
            <span className="text-xs text-slate-600 dark:text-slate-400">{entry.duration_seconds.toFixed(2)}s</span>
            <span className="ml-auto text-xs text-slate-500 dark:text-slate-400">{new Date(entry.created_at).toLocaleString('en-US')}</span>
          </span>
          {entry.fallback_reason && <span className="mt-1 block text-xs text-amber-800 dark:text-amber-200">Built-in engine answered: {entry.fallback_reason}</span>}
        </summary>
        <div className="space-y-2 border-t border-slate-200 p-3 text-xs dark:border-slate-700">
          <Block title="System prompt" text={entry.prompt.system_prompt} />
          <Block title="User message" text={entry.prompt.user_message} />
          <Block title="Response" text={entry.response} />
        </div>
      </details>
    </li>
  );
}

function Block({ title, text }: { title: string; text: string }) {
  return (
    <div>
      <p className="font-semibold text-slate-700 dark:text-slate-300">{title}</p>
      <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-100 p-2 whitespace-pre-wrap text-slate-800 dark:bg-slate-800 dark:text-slate-200">{text || '—'}</pre>
    </div>
  );
}
