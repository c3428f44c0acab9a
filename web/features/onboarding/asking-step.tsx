import { useState } from 'react';
import { AutoTextarea, ChatBubble } from '../../components/ui/chat';
import { Alert, Button } from '../../components/ui/form';
import { ONBOARDING_TEXT } from './messages';

export interface ChatLine {
  from: 'user' | 'assistant';
  text: string;
}

/** The asking step: the notice, the transcript, a required reply, Back to Form and Send. */
export function AskingStep({ transcript, busy, error, onSend, onBack }: { transcript: ChatLine[]; busy: boolean; error?: string; onSend: (answer: string) => void; onBack: () => void }) {
  const [answer, setAnswer] = useState('');
  const send = () => {
    if (!answer.trim() || busy) return;
    onSend(answer.trim());
    setAnswer('');
  };
  return (
    <div className="space-y-4">
      <Alert tone="info">{ONBOARDING_TEXT.moreInfo}</Alert>
      <ol aria-label="Conversation" className="space-y-3">
        {transcript.map((line, i) => (
          <ChatBubble key={i} from={line.from}>
            {line.text}
          </ChatBubble>
        ))}
      </ol>
      {error && <Alert tone="error">{error}</Alert>}
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <AutoTextarea aria-label="Your answer" placeholder="Type your answer" required value={answer} onChange={(e) => setAnswer(e.target.value)} minRows={3} maxRows={8} disabled={busy} onEnter={send} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button type="button" variant="secondary" className="sm:w-auto" onClick={onBack} disabled={busy}>
            Back to Form
          </Button>
          <Button type="submit" className="sm:w-auto" busy={busy} busyLabel="Sending…" disabled={answer.trim() === ''}>
            Send
          </Button>
        </div>
      </form>
    </div>
  );
}
