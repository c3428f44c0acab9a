import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import {
  DELIVERY_EVENT_LABELS,
  DELIVERY_KIND_LABELS,
  DELIVERY_KINDS,
  DELIVERY_MESSAGES,
  DELIVERY_NAME_MAX,
  DELIVERY_URL_MAX,
  type TDeliveryCreate,
  type TDeliveryEvent,
  type TDeliveryKind,
  type TDeliveryTarget,
} from '../../contract/deliveries';
import { fieldMessages, refusalText } from '../lib/api';
import { authClient } from '../lib/auth-client';
import { Alert, Button, FieldError, selectClass, TextField } from './ui/form';
import { useToast } from './ui/toast';

/** A user's own targets, or an account admin's team targets. */
export type DeliveryBasePath = '/me/deliveries/' | '/a/deliveries/';
export interface DeliveryTopic {
  id: number;
  name: string;
}

const URL_PLACEHOLDERS: Record<TDeliveryKind, string> = {
  webhook: 'https://example.com/herald-webhook',
  slack: 'https://hooks.slack.com/services/…',
};

/** The form that adds a delivery target, offering only `events` (and the owner's topics for every new article). */
export function AddTarget({ basePath, topics, events, onAdded }: { basePath: DeliveryBasePath; topics?: DeliveryTopic[]; events: readonly TDeliveryEvent[]; onAdded: (target: TDeliveryTarget) => Promise<void> }) {
  const toast = useToast();
  const [kind, setKind] = useState<TDeliveryKind>('webhook');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [chosen, setChosen] = useState<TDeliveryEvent[]>([]);
  const [topicIds, setTopicIds] = useState<number[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const kindId = useId();
  const eventsErrorId = useId();
  const topicsErrorId = useId();
  const wantsArticles = chosen.includes('articles');

  const clear = (field: string) => fields[field] && setFields(({ [field]: _, ...rest }) => rest);
  /** A text field's change: its value, and its error gone. */
  const edit = (set: (value: string) => void, field: string) => (e: ChangeEvent<HTMLInputElement>) => {
    set(e.target.value);
    clear(field);
  };
  const toggleEvent = (event: TDeliveryEvent, on: boolean) => {
    setChosen((current) => (on ? [...current, event] : current.filter((e) => e !== event)));
    clear('events');
  };
  const toggleTopic = (id: number, on: boolean) => {
    setTopicIds((current) => (on ? [...current, id] : current.filter((t) => t !== id)));
    clear('topic_ids');
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    const missing: Record<string, string> = {};
    if (!name.trim()) missing.name = 'Give the target a name.';
    if (!url.trim()) missing.url = DELIVERY_MESSAGES.urlInvalid;
    if (chosen.length === 0) missing.events = 'Choose at least one thing to deliver.';
    if (wantsArticles && topicIds.length === 0) missing.topic_ids = DELIVERY_MESSAGES.topicsNeeded;
    setFields(missing);
    if (Object.keys(missing).length) return;
    setBusy(true);
    try {
      // Events keep the order they are offered in, whatever order they were ticked in.
      const body: TDeliveryCreate = { kind, name: name.trim(), url: url.trim(), events: events.filter((e) => chosen.includes(e)), ...(wantsArticles ? { topic_ids: topicIds } : {}) };
      const target = await authClient.authedApi<TDeliveryTarget>(basePath, { body });
      toast.show('success', `Delivery target “${target.name}” added.`);
      setName('');
      setUrl('');
      setChosen([]);
      setTopicIds([]);
      await onAdded(target);
    } catch (e) {
      const messages = fieldMessages(e);
      setFields(messages);
      const shownUnderFields = ['kind', 'name', 'url', 'events', 'topic_ids'].some((field) => messages[field]);
      if (!shownUnderFields) setError(refusalText(e, 'Could not add the delivery target. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={add} noValidate aria-label="Add a delivery target" className="space-y-4 rounded-lg border border-slate-200 p-3 sm:p-4 dark:border-slate-700">
      <h4 className="text-sm font-semibold text-slate-900 dark:text-slate-100">Add a target</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={kindId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            Kind
          </label>
          <select id={kindId} value={kind} aria-describedby={`${kindId}-hint`} onChange={(e) => setKind(e.target.value as TDeliveryKind)} className={selectClass}>
            {DELIVERY_KINDS.map((k) => (
              <option key={k} value={k}>
                {DELIVERY_KIND_LABELS[k].label}
              </option>
            ))}
          </select>
          <p id={`${kindId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {DELIVERY_KIND_LABELS[kind].hint}
          </p>
          <FieldError>{fields.kind}</FieldError>
        </div>
        <TextField
          label="Name"
          placeholder={kind === 'slack' ? 'e.g. #research channel' : 'e.g. Research dashboard'}
          value={name}
          maxLength={DELIVERY_NAME_MAX}
          error={fields.name}
          onChange={edit(setName, 'name')}
        />
      </div>
      <TextField
        label="URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder={URL_PLACEHOLDERS[kind]}
        value={url}
        maxLength={DELIVERY_URL_MAX}
        error={fields.url}
        onChange={edit(setUrl, 'url')}
      />
      <fieldset aria-describedby={fields.events ? eventsErrorId : undefined}>
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">What to deliver</legend>
        <div className="mt-1 space-y-1.5">
          {events.map((e) => (
            <label key={e} className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-blue-700" checked={chosen.includes(e)} onChange={(event) => toggleEvent(e, event.target.checked)} />
              <span>
                <span className="font-medium text-slate-900 dark:text-slate-100">{DELIVERY_EVENT_LABELS[e].label}</span>
                <span className="text-slate-600 dark:text-slate-400"> — {DELIVERY_EVENT_LABELS[e].hint}</span>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={eventsErrorId}>{fields.events}</FieldError>
      </fieldset>
      {wantsArticles && (
        <fieldset aria-describedby={fields.topic_ids ? topicsErrorId : undefined} className="rounded-md border border-slate-200 px-3 pt-1 pb-3 dark:border-slate-700">
          <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">Topics for every new article</legend>
          {topics === undefined && (
            <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
              Loading your topics…
            </p>
          )}
          {topics?.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">You follow no topics yet. Add one in Manage Topics first.</p>}
          {topics && topics.length > 0 && (
            <div className="mt-1 grid gap-1.5 sm:grid-cols-2">
              {topics.map((topic) => (
                <label key={topic.id} className="flex min-w-0 items-start gap-2 text-sm text-slate-900 dark:text-slate-100">
                  <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-blue-700" checked={topicIds.includes(topic.id)} onChange={(event) => toggleTopic(topic.id, event.target.checked)} />
                  <span className="min-w-0 break-words">{topic.name}</span>
                </label>
              ))}
            </div>
          )}
          <FieldError id={topicsErrorId}>{fields.topic_ids}</FieldError>
        </fieldset>
      )}
      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" className="w-full sm:w-auto" busy={busy} busyLabel="Adding…">
          Add target
        </Button>
      </div>
    </form>
  );
}
