import { useState } from 'react';
import { chatMessagesProblem, type TChatTurn } from '../../../contract/chat';
import { SUGGESTION_MESSAGES } from '../../../contract/onboarding';
import { TOPIC_MESSAGES, type TAddTopicChatResponse, type TTopic } from '../../../contract/topics';
import { ChatBubble, ChatComposer } from '../../components/ui/chat';
import { Dialog } from '../../components/ui/dialog';
import { Alert } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { authClient } from '../../lib/auth-client';
import { useViewing, withUser } from '../../lib/viewing';

const GREETING: TChatTurn = { role: 'assistant', content: 'What would you like to track? Name a company, technology, regulation, market or event — several at once if you like.' };

/**
 * The Add Topic chat modal: the user says what to track, the assistant adds
 * clear topics at once and asks about unclear ones. The transcript is checked before sending
 * (contract/chat.ts); a failure_reason from the server is shown as the error.
 */
export function AddTopicChatModal({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated?: (topics: TTopic[]) => void }) {
  return (
    <Dialog open={open} onClose={onClose} title="Add Topic" description="Tell Herald what to follow, in your own words." size="md">
      {open && <Conversation onCreated={onCreated} />}
    </Dialog>
  );
}

function Conversation({ onCreated }: { onCreated?: (topics: TTopic[]) => void }) {
  const { userId, reload } = useViewing();
  const toast = useToast();
  const [transcript, setTranscript] = useState<TChatTurn[]>([GREETING]);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const send = async () => {
    const next: TChatTurn[] = [...transcript, { role: 'user', content: text.trim() }];
    const problem = chatMessagesProblem(next);
    if (problem) {
      setError(problem);
      return;
    }
    setTranscript(next);
    setText('');
    setBusy(true);
    setError(undefined);
    try {
      const answer = await authClient.authedApi<TAddTopicChatResponse>(withUser('/topics/add/chat/', userId), { body: { transcript: next } });
      setTranscript(answer.messages.length ? answer.messages : next);
      if (answer.failure_reason) setError(answer.failure_reason);
      if (answer.created_topics.length) {
        for (const topic of answer.created_topics) toast.show('success', SUGGESTION_MESSAGES.added(topic.name));
        onCreated?.(answer.created_topics);
        await reload().catch((e: unknown) => console.error('Failed to fetch user data', e));
      }
    } catch (e) {
      console.error(TOPIC_MESSAGES.sendChatFailed, e);
      setError(TOPIC_MESSAGES.sendChatFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4">
      <ol aria-label="Conversation" aria-live="polite" className="space-y-3">
        {transcript
          .filter((m) => m.role !== 'system')
          .map((m, i) => (
            <ChatBubble key={i} from={m.role === 'user' ? 'user' : 'assistant'}>
              {m.content}
            </ChatBubble>
          ))}
        {busy && (
          <li role="status" className="ml-9 text-sm text-slate-500 dark:text-slate-400">
            Working on it…
          </li>
        )}
      </ol>
      {error && <Alert tone="error">{error}</Alert>}
      <ChatComposer label="Your message" placeholder="e.g. lithium prices, EU battery rules" value={text} onChange={setText} onSend={() => void send()} busy={busy} />
    </div>
  );
}

export default AddTopicChatModal;
