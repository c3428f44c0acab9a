import { useEffect, useId, useState, type FormEvent } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { FEEDBACK_THANKS_MS } from '../../../contract/constants';
import { Dialog } from '../../components/ui/dialog';
import { Alert, Button, inputClass } from '../../components/ui/form';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { useViewing, withUser } from '../../lib/viewing';

/**
 * Where feedback goes and what it says. An admin's preview is read-only: the admin's feedback is
 * their own, not about the member's article. A superuser acting as the reader posts it in the
 * reader's name (the server audits it).
 */
export function feedbackRequest(text: string, articleId: number | undefined, viewedUserId: string | undefined, isSuperuser: boolean) {
  const previewing = Boolean(viewedUserId) && !isSuperuser;
  return {
    path: withUser('/feedback/', previewing ? undefined : viewedUserId),
    body: { text, ...(articleId && !previewing ? { article_id: articleId } : {}) },
  };
}

/**
 * The Feedback widget: text (non-empty after trimming), sent with the
 * article being read when there is one; a thank-you shows for 2 seconds, then the widget closes.
 */
export function FeedbackDialog({ open, onClose, articleId }: { open: boolean; onClose: () => void; articleId?: number }) {
  const { userId, me } = useViewing();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [thanked, setThanked] = useState(false);
  const fieldId = useId();

  useEffect(() => {
    if (!thanked) return;
    const timer = setTimeout(() => {
      setThanked(false);
      setText('');
      onClose();
    }, FEEDBACK_THANKS_MS);
    return () => clearTimeout(timer);
  }, [thanked, onClose]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) {
      setError('Please enter your feedback');
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      const { path, body } = feedbackRequest(trimmed, articleId, userId, me.is_superuser);
      await authClient.authedApi(path, { body });
      setThanked(true);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : 'Failed to send feedback');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} title="Provide Feedback" description="Tell us what works, what does not, and what you would like Herald to do." size="sm">
      {thanked ? (
        <div role="status" className="flex flex-col items-center gap-3 py-6 text-center">
          <CheckCircle2 aria-hidden className="size-10 text-emerald-600 dark:text-emerald-400" />
          <p className="text-base font-semibold">Thank you for your feedback!</p>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="space-y-3">
          <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
            Your feedback
          </label>
          <textarea
            id={fieldId}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (error) setError(undefined);
            }}
            rows={5}
            maxLength={5000}
            className={inputClass}
            aria-invalid={error ? true : undefined}
          />
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" className="w-auto" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" className="w-auto" busy={busy} busyLabel="Sending…" disabled={text.trim() === ''}>
              Send feedback
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
