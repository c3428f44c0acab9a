import { useId, useState } from 'react';
import { HelpCircle } from 'lucide-react';
import { AutoTextarea } from './chat';
import { Button } from './form';

/**
 * The clarification panel: the question, the meanings to
 * choose from ('Which one did you mean?') when the name is ambiguous, an answer box, Cancel and
 * Submit Answer (disabled while the answer is empty).
 */
export function ClarificationPanel({
  question,
  options,
  busy,
  onAnswer,
  onCancel,
}: {
  question: string;
  options: { id: string; text: string }[];
  busy: boolean;
  onAnswer: (answer: string) => void;
  onCancel: () => void;
}) {
  const [answer, setAnswer] = useState('');
  const [error, setError] = useState<string>();
  const titleId = useId();
  const answerId = useId();
  const submit = (value = answer) => {
    if (!value.trim()) {
      setError('Please provide an answer');
      return;
    }
    onAnswer(value.trim());
  };
  return (
    <section aria-labelledby={titleId} className="rounded-lg border border-amber-300 bg-amber-50 p-4 dark:border-amber-700 dark:bg-amber-950/40">
      <h3 id={titleId} className="flex items-center gap-2 text-sm font-semibold text-amber-900 dark:text-amber-100">
        <HelpCircle aria-hidden className="size-4" /> Clarification needed
      </h3>
      <p className="mt-2 text-sm whitespace-pre-wrap text-slate-900 dark:text-slate-100">{question}</p>
      {options.length > 0 && (
        <div className="mt-3">
          <p className="text-sm font-medium text-slate-800 dark:text-slate-200">Which one did you mean?</p>
          <ul className="mt-2 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {options.map((option) => (
              <li key={option.id}>
                <button
                  type="button"
                  disabled={busy}
                  onClick={() => submit(option.text)}
                  className="w-full rounded-md border border-amber-400 bg-white px-3 py-1.5 text-left text-sm font-medium text-slate-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-blue-600 disabled:opacity-60 sm:w-auto dark:border-amber-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-amber-900/40"
                >
                  {option.text}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      <form
        className="mt-3 space-y-2"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={answerId} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Your answer
        </label>
        <AutoTextarea
          id={answerId}
          value={answer}
          maxRows={4}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            setAnswer(e.target.value);
            if (error) setError(undefined);
          }}
          onEnter={() => submit()}
        />
        {error && <p className="text-sm text-red-700 dark:text-red-300">{error}</p>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" className="w-auto!" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" className="w-auto!" busy={busy} busyLabel="Validating..." disabled={answer.trim() === ''}>
            Submit Answer
          </Button>
        </div>
      </form>
    </section>
  );
}
