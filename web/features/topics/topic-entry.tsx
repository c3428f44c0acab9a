import { useCallback, useId, useState } from 'react';
import { Lock } from 'lucide-react';
import { TOPIC_LIMITS, TOPIC_MESSAGES, type TValidateTopicResponse } from '../../../contract/topics';
import { AutoTextarea } from '../../components/ui/chat';
import { ClarificationPanel } from '../../components/ui/clarification-panel';
import { Alert, Button } from '../../components/ui/form';
import { SourcesSelect } from '../../components/ui/sources-select';
import { useTopicValidation } from '../../lib/topic-validation';
import { MANAGE_VALIDATION } from './messages';

/**
 * The topic-entry panel: 'What would you like to track?' (grows to 6 rows,
 * Enter submits), the sources dropdown, Add topic ('Validating...'), and the validation states.
 * Disabled under the overlay while the viewed user has not completed onboarding.
 */
export function TopicEntry({ path, existing, locked, onAdded }: { path: string; existing: string[]; locked: boolean; onAdded: (answer: TValidateTopicResponse) => void }) {
  const [topic, setTopic] = useState('');
  const [sources, setSources] = useState<number[]>([]);
  const fieldId = useId();
  const counterId = useId();
  const added = useCallback(
    (answer: TValidateTopicResponse) => {
      setTopic('');
      setSources([]);
      onAdded(answer);
    },
    [onAdded],
  );
  const validation = useTopicValidation(path, MANAGE_VALIDATION, added);
  const { state } = validation;
  const asking = state.kind === 'asking';
  const submit = () => {
    if (!topic.trim() || validation.busy || asking || locked) return;
    void validation.submit(topic, sources, existing);
  };

  return (
    <div className="relative rounded-xl border border-slate-200 bg-white p-4 shadow-sm md:p-5 dark:border-slate-800 dark:bg-slate-900">
      <form
        className="space-y-3"
        aria-hidden={locked || undefined}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={fieldId} className="block text-base font-semibold text-slate-900 dark:text-white">
          What would you like to track?
        </label>
        <AutoTextarea
          id={fieldId}
          value={topic}
          minRows={2}
          maxRows={6}
          maxLength={TOPIC_LIMITS.name}
          aria-describedby={counterId}
          disabled={locked || validation.busy || asking}
          placeholder="A company, technology, regulation, market or event, e.g. “EU rules on battery recycling”"
          onChange={(e) => setTopic(e.target.value)}
          onEnter={submit}
        />
        <p id={counterId} className={`-mt-2 text-right text-xs tabular-nums ${topic.length >= TOPIC_LIMITS.name ? 'font-semibold text-amber-700 dark:text-amber-400' : 'text-slate-500 dark:text-slate-400'}`}>
          {topic.length}/{TOPIC_LIMITS.name} characters
        </p>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <SourcesSelect value={sources} onChange={setSources} disabled={locked || validation.busy || asking} />
          <Button type="submit" className="sm:w-auto" busy={state.kind === 'validating'} busyLabel="Validating..." disabled={locked || !topic.trim() || validation.busy || asking}>
            Add topic
          </Button>
        </div>
      </form>
      <div className="mt-3 space-y-3 empty:hidden" aria-live="polite">
        {state.kind === 'asking' && (
          <ClarificationPanel key={state.question} question={state.question} options={state.options} busy={state.answering} onAnswer={(a) => void validation.answer(a)} onCancel={validation.cancel} />
        )}
        {state.kind === 'duplicate' && (
          <Alert tone="info" title={`${TOPIC_MESSAGES.youAreTracking}${state.name}`}>
            {state.message}
          </Alert>
        )}
        {state.kind === 'error' && <Alert tone="error">{state.message}</Alert>}
      </div>
      {locked && (
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 rounded-xl bg-white/85 p-4 text-center backdrop-blur-[1px] dark:bg-slate-900/85">
          <Lock aria-hidden className="size-6 text-slate-500" />
          <p className="font-semibold text-slate-900 dark:text-white">{TOPIC_MESSAGES.notOnboarded}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">{TOPIC_MESSAGES.notOnboardedHint}</p>
        </div>
      )}
    </div>
  );
}
