import { useCallback, useMemo, useState } from 'react';
import { Check } from 'lucide-react';
import { TOPIC_MAX_LENGTH } from '../../../contract/onboarding';
import type { TTopic, TValidateTopicResponse } from '../../../contract/topics';
import { AutoTextarea } from '../../components/ui/chat';
import { ClarificationPanel } from '../../components/ui/clarification-panel';
import { Alert, Button } from '../../components/ui/form';
import { SourcesSelect } from '../../components/ui/sources-select';
import { useTopicValidation } from '../../lib/topic-validation';
import { ONBOARDING_TEXT, ONBOARDING_VALIDATION } from './messages';

/** A topic card that can be selected or deselected before Finish. */
function TopicToggle({ topic, selected, onToggle }: { topic: TTopic; selected: boolean; onToggle: () => void }) {
  const names = Object.values(topic.sources);
  return (
    <li>
      <button
        type="button"
        aria-pressed={selected}
        onClick={onToggle}
        className={`flex h-full w-full items-start gap-3 rounded-lg border p-3 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${
          selected ? 'border-blue-600 bg-blue-50 dark:border-blue-500 dark:bg-blue-950/50' : 'border-slate-200 bg-white opacity-75 hover:opacity-100 dark:border-slate-700 dark:bg-slate-900'
        }`}
      >
        <span aria-hidden className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded border ${selected ? 'border-blue-700 bg-blue-700 text-white' : 'border-slate-400'}`}>
          {selected && <Check className="size-3.5" />}
        </span>
        <span className="min-w-0">
          <span className="block font-medium text-slate-900 dark:text-white">{topic.name}</span>
          <span className="mt-0.5 block text-xs text-slate-600 dark:text-slate-400">{names.length ? names.join(' · ') : 'All sources'}</span>
        </span>
      </button>
    </li>
  );
}

/**
 * The custom topics step: a topic (200 characters at most, Enter
 * submits), its sources, validation with the clarification panel; added topics and the user's
 * current topics are selectable cards. Finish hands back what is selected and what is not.
 */
export function CustomTopicsStep({ current, busy, error, onFinish }: { current: TTopic[]; busy: boolean; error?: string; onFinish: (selected: TTopic[], deselected: TTopic[]) => void }) {
  const [topic, setTopic] = useState('');
  const [sources, setSources] = useState<number[]>([]);
  const [added, setAdded] = useState<TTopic[]>([]);
  const [deselected, setDeselected] = useState<number[]>([]);
  const onValidated = useCallback((answer: TValidateTopicResponse) => {
    if (answer.topic) setAdded((list) => [answer.topic!, ...list.filter((t) => t.id !== answer.topic!.id)]);
    setTopic('');
    setSources([]);
  }, []);
  const validation = useTopicValidation('/topics/validate/', ONBOARDING_VALIDATION, onValidated);
  const all = useMemo(() => [...added, ...current.filter((t) => !added.some((a) => a.id === t.id))], [added, current]);
  const toggle = (id: number) => setDeselected((list) => (list.includes(id) ? list.filter((d) => d !== id) : [...list, id]));
  const submit = () => void validation.submit(topic, sources, all.map((t) => t.name));
  const others = current.filter((t) => !added.some((a) => a.id === t.id));

  return (
    <div className="space-y-5">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Your topics</h1>
        <p className="mt-1 text-slate-600 dark:text-slate-300">{ONBOARDING_TEXT.customIntro}</p>
      </div>
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor="custom-topic" className="block text-sm font-medium text-slate-800 dark:text-slate-200">
          Topic
        </label>
        <AutoTextarea
          id="custom-topic"
          value={topic}
          maxLength={TOPIC_MAX_LENGTH}
          maxRows={3}
          placeholder="For example: Offshore wind permitting in the North Sea"
          disabled={validation.busy || validation.state.kind === 'asking'}
          onChange={(e) => setTopic(e.target.value)}
          onEnter={submit}
        />
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex items-center gap-3">
            <SourcesSelect value={sources} onChange={setSources} disabled={validation.busy} />
            <span className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
              {topic.length}/{TOPIC_MAX_LENGTH}
            </span>
          </div>
          <Button type="submit" className="sm:w-auto" busy={validation.state.kind === 'validating'} busyLabel="Validating..." disabled={!topic.trim() || validation.busy || validation.state.kind === 'asking'}>
            Add topic
          </Button>
        </div>
      </form>
      {validation.state.kind === 'asking' && (
        <ClarificationPanel
          key={validation.state.question}
          question={validation.state.question}
          options={validation.state.options}
          busy={validation.state.answering}
          onAnswer={(answer) => void validation.answer(answer)}
          onCancel={validation.cancel}
        />
      )}
      {validation.state.kind === 'duplicate' && <Alert tone="error">{ONBOARDING_VALIDATION.duplicate}</Alert>}
      {validation.state.kind === 'error' && <Alert tone="error">{validation.state.message}</Alert>}

      {added.length > 0 && (
        <section aria-labelledby="added-topics">
          <h2 id="added-topics" className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
            Added topics
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {added.map((t) => (
              <TopicToggle key={t.id} topic={t} selected={!deselected.includes(t.id)} onToggle={() => toggle(t.id)} />
            ))}
          </ul>
        </section>
      )}
      {others.length > 0 && (
        <section aria-labelledby="current-topics">
          <h2 id="current-topics" className="mb-2 text-sm font-semibold text-slate-800 dark:text-slate-200">
            {ONBOARDING_TEXT.currentTopics}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {others.map((t) => (
              <TopicToggle key={t.id} topic={t} selected={!deselected.includes(t.id)} onToggle={() => toggle(t.id)} />
            ))}
          </ul>
        </section>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end">
        <Button type="button" className="sm:w-auto" busy={busy} busyLabel="Finishing…" onClick={() => onFinish(all.filter((t) => !deselected.includes(t.id)), all.filter((t) => deselected.includes(t.id)))}>
          Finish
        </Button>
      </div>
    </div>
  );
}
