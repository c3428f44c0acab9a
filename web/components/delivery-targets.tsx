import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Power, PowerOff, Send, Trash2 } from 'lucide-react';
import {
  DELIVERIES_PER_OWNER,
  DELIVERY_EVENT_LABELS,
  DELIVERY_ID_HEADER,
  DELIVERY_KIND_LABELS,
  DELIVERY_KINDS,
  DELIVERY_MESSAGES,
  DELIVERY_NAME_MAX,
  DELIVERY_SIGNATURE_HEADER,
  DELIVERY_TIMESTAMP_HEADER,
  DELIVERY_URL_MAX,
  type TDeliveryCreate,
  type TDeliveryEvent,
  type TDeliveryKind,
  type TDeliveryList,
  type TDeliveryTarget,
  type TDeliveryTestResult,
} from '../../contract/deliveries';
import { ApiError } from '../lib/api';
import { authClient } from '../lib/auth-client';
import { relativeTime } from '../lib/dates';
import { CopyButton } from './ui/copy-button';
import { Alert, Button, selectClass, TextField } from './ui/form';
import { useToast } from './ui/toast';

export type DeliveryBasePath = '/me/deliveries/' | '/a/deliveries/';
export interface DeliveryTopic {
  id: number;
  name: string;
}

const URL_PLACEHOLDERS: Record<TDeliveryKind, string> = {
  webhook: 'https://example.com/herald-webhook',
  slack: 'https://hooks.slack.com/services/…',
};

const smallButton = 'w-auto! px-3! py-1.5!';
const dangerButton = 'bg-red-700! hover:bg-red-800! dark:bg-red-600! dark:hover:bg-red-700!';
const codeClass = 'rounded bg-slate-100 px-1 font-mono whitespace-nowrap text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100';

/** The react-query key of one list of targets. */
const listKey = (basePath: DeliveryBasePath) => ['deliveries', basePath] as const;

/** The first message of each field of a refused request, under the field's top name (`topic_ids.0` is `topic_ids`). */
function fieldMessages(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !error.fields) return {};
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(error.fields)) {
    const field = key.split('.')[0]!;
    if (messages[0] && !out[field]) out[field] = messages[0];
  }
  return out;
}

const failure = (error: unknown, fallback: string) => (error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback);

/**
 * Delivery targets: webhooks and Slack channels that get what Herald would email. One panel for a
 * user's own targets (`/me/deliveries/`) and an account admin's team targets (`/a/deliveries/`):
 * the list with each target's status, last delivery and last error; Send test with the receiver's
 * answer; Turn off / Turn on (also after Herald turned it off); the webhook's signing secret; Delete
 * after a confirmation; and the form that adds one, offering only `events`.
 */
export function DeliveryTargets({
  basePath,
  topics,
  events,
  title,
  emptyText = 'No delivery targets yet.',
}: {
  basePath: DeliveryBasePath;
  /** The owner's topics, for "Every new article" (undefined while they load). */
  topics?: DeliveryTopic[];
  events: readonly TDeliveryEvent[];
  /** The list's heading (and its region's name). */
  title: string;
  emptyText?: string;
}) {
  const queryClient = useQueryClient();
  const key = listKey(basePath);
  const listed = useQuery({ queryKey: key, queryFn: ({ signal }) => authClient.authedApi<TDeliveryList>(basePath, { signal }) });
  const targets = listed.data?.targets;
  const [revealed, setRevealed] = useState<string>();
  const titleId = useId();

  const replace = (target: TDeliveryTarget) => queryClient.setQueryData<TDeliveryList>(key, (current) => current && { targets: current.targets.map((t) => (t.id === target.id ? target : t)) });
  const reload = () => queryClient.invalidateQueries({ queryKey: key });

  return (
    <div className="space-y-5">
      <section aria-labelledby={titleId}>
        <h4 id={titleId} className="mb-2 text-sm font-semibold text-slate-900 dark:text-slate-100">
          {title}
        </h4>
        {listed.isError && (
          <Alert tone="error">
            {failure(listed.error, 'Could not load the delivery targets.')}{' '}
            <button type="button" className="font-semibold underline" onClick={() => void listed.refetch()}>
              Try again
            </button>
          </Alert>
        )}
        {listed.isPending && (
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            Loading delivery targets…
          </p>
        )}
        {targets?.length === 0 && <p className="text-sm text-slate-600 dark:text-slate-400">{emptyText}</p>}
        {targets && targets.length > 0 && (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {targets.map((target) => (
              <TargetRow
                key={target.id}
                basePath={basePath}
                target={target}
                topics={topics}
                secretShown={revealed === target.id}
                onSecret={(shown) => setRevealed(shown ? target.id : undefined)}
                onChanged={replace}
                onReload={reload}
              />
            ))}
          </ul>
        )}
      </section>

      {targets && targets.length >= DELIVERIES_PER_OWNER ? (
        <Alert tone="info">{DELIVERY_MESSAGES.tooMany}</Alert>
      ) : (
        <AddTarget
          basePath={basePath}
          topics={topics}
          events={events}
          onAdded={async (target) => {
            // The new webhook's secret is open at once: the receiver needs it to check signatures.
            if (target.signing_secret) setRevealed(target.id);
            await reload();
          }}
        />
      )}
    </div>
  );
}

/** The names of a target's topics (none while the owner's topics load); ids no longer followed are counted. */
function topicList(ids: number[], topics: DeliveryTopic[] | undefined): string[] {
  if (!topics) return [];
  const names = ids.flatMap((id) => topics.find((topic) => topic.id === id)?.name ?? []);
  const gone = ids.length - names.length;
  return gone === 0 ? names : [...names, gone === 1 ? 'a topic you no longer follow' : `${gone} topics you no longer follow`];
}

function StatusBadge({ target }: { target: TDeliveryTarget }) {
  const [text, tone] = target.enabled
    ? ['On', 'bg-emerald-100 text-emerald-800 dark:bg-emerald-900/60 dark:text-emerald-200']
    : target.disabled_reason
      ? ['Turned off by Herald', 'bg-red-100 text-red-800 dark:bg-red-900/60 dark:text-red-200']
      : ['Turned off by you', 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100'];
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}>{text}</span>;
}

function TargetRow({
  basePath,
  target,
  topics,
  secretShown,
  onSecret,
  onChanged,
  onReload,
}: {
  basePath: DeliveryBasePath;
  target: TDeliveryTarget;
  topics?: DeliveryTopic[];
  secretShown: boolean;
  onSecret: (shown: boolean) => void;
  onChanged: (target: TDeliveryTarget) => void;
  onReload: () => Promise<void>;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<'test' | 'toggle' | 'delete'>();
  const [result, setResult] = useState<TDeliveryTestResult>();
  const [deleting, setDeleting] = useState(false);
  const secretId = useId();
  const path = `${basePath}${encodeURIComponent(target.id)}/`;
  const topicNames = topicList(target.topic_ids, topics);
  const offByHerald = !target.enabled && target.disabled_reason !== null;

  const sendTest = async () => {
    setBusy('test');
    setResult(undefined);
    try {
      setResult(await authClient.authedApi<TDeliveryTestResult>(`${path}test/`, { method: 'POST' }));
      await onReload();
    } catch (error) {
      toast.show('error', failure(error, 'Could not send the test. Please try again.'));
    } finally {
      setBusy(undefined);
    }
  };

  const setEnabled = async (enabled: boolean) => {
    setBusy('toggle');
    try {
      onChanged(await authClient.authedApi<TDeliveryTarget>(path, { method: 'PATCH', body: { enabled } }));
      toast.show('success', enabled ? `“${target.name}” is on again.` : `“${target.name}” turned off.`);
    } catch (error) {
      toast.show('error', failure(error, 'Could not change the target. Please try again.'));
    } finally {
      setBusy(undefined);
    }
  };

  const remove = async () => {
    setBusy('delete');
    try {
      await authClient.authedApi(path, { method: 'DELETE' });
      toast.show('success', `Delivery target “${target.name}” deleted.`);
      await onReload();
    } catch (error) {
      toast.show('error', failure(error, 'Could not delete the target. Please try again.'));
      setBusy(undefined);
    }
  };

  return (
    <li className="space-y-3 p-3 sm:p-4" aria-label={target.name}>
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium break-words text-slate-900 dark:text-slate-100">{target.name}</span>
          <span className="rounded-full border border-slate-300 px-2 py-0.5 text-xs font-medium text-slate-700 dark:border-slate-600 dark:text-slate-300">{DELIVERY_KIND_LABELS[target.kind].label}</span>
          <StatusBadge target={target} />
        </p>
        <p className="font-mono text-xs break-all text-slate-600 dark:text-slate-400">{target.url_hint}</p>
        <p className="text-slate-700 dark:text-slate-300">
          {target.events.map((event) => DELIVERY_EVENT_LABELS[event].label).join(' · ')}
          {target.events.includes('articles') && topicNames.length > 0 && <span className="text-slate-600 dark:text-slate-400"> — {topicNames.join(', ')}</span>}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">{target.last_delivered_at ? `Last delivered ${relativeTime(target.last_delivered_at).toLowerCase()}` : 'Nothing delivered yet'}</p>
        {target.last_error && <p className="text-xs break-words text-red-700 dark:text-red-300">Last error: {target.last_error}</p>}
      </div>

      {offByHerald && (
        <div role="alert" className="flex flex-col gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2.5 text-sm text-red-800 sm:flex-row sm:items-center sm:justify-between dark:border-red-800 dark:bg-red-950/60 dark:text-red-200">
          <div className="flex min-w-0 gap-2">
            <PowerOff aria-hidden className="mt-0.5 size-4 shrink-0" />
            <div className="min-w-0">
              <p className="font-semibold">Herald turned this target off</p>
              <p className="break-words">{target.disabled_reason}</p>
            </div>
          </div>
          <Button type="button" className={`${smallButton} shrink-0`} onClick={() => void setEnabled(true)} busy={busy === 'toggle'} busyLabel="Turning on…" disabled={busy !== undefined}>
            <Power aria-hidden className="size-4" /> Turn back on
          </Button>
        </div>
      )}

      {result &&
        (result.ok ? (
          <Alert tone="success" title={DELIVERY_MESSAGES.testSent}>
            <TestAnswer result={result} />
          </Alert>
        ) : (
          <Alert tone="error" title="The test was not delivered">
            <TestAnswer result={result} />
          </Alert>
        ))}

      {secretShown && target.signing_secret && (
        <div id={secretId} className="space-y-2 rounded-md border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm text-slate-700 dark:border-slate-700 dark:bg-slate-800/60 dark:text-slate-300">
          <p className="font-medium text-slate-900 dark:text-slate-100">Signing secret</p>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="signing-secret" className="min-w-0 rounded bg-white px-2 py-1 font-mono text-xs break-all text-slate-900 dark:bg-slate-900 dark:text-slate-100">
              {target.signing_secret}
            </code>
            <CopyButton text={target.signing_secret} label="Copy secret" />
          </div>
          <p className="text-xs">
            Every delivery carries <code className={codeClass}>{DELIVERY_SIGNATURE_HEADER}: v1=…</code>, the hex HMAC-SHA256 under this secret of the <code className={codeClass}>{DELIVERY_TIMESTAMP_HEADER}</code> header, a dot and the raw
            body. Reject old timestamps to stop replays, and drop repeats of one <code className={codeClass}>{DELIVERY_ID_HEADER}</code>.
          </p>
        </div>
      )}

      {deleting ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Delete ${target.name}?`}>
          <span className="text-sm text-slate-700 dark:text-slate-300">Herald stops delivering to it at once.</span>
          <Button type="button" variant="secondary" className={smallButton} onClick={() => setDeleting(false)} disabled={busy === 'delete'}>
            Cancel
          </Button>
          <Button type="button" className={`${smallButton} ${dangerButton}`} onClick={() => void remove()} busy={busy === 'delete'} busyLabel="Deleting…">
            Delete
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" className={smallButton} onClick={() => void sendTest()} busy={busy === 'test'} busyLabel="Sending…" disabled={busy !== undefined} aria-label={`Send test to ${target.name}`}>
            <Send aria-hidden className="size-4" /> Send test
          </Button>
          {!offByHerald && (
            <Button type="button" variant="secondary" className={smallButton} onClick={() => void setEnabled(!target.enabled)} busy={busy === 'toggle'} disabled={busy !== undefined} aria-label={`${target.enabled ? 'Turn off' : 'Turn on'} ${target.name}`}>
              {target.enabled ? <PowerOff aria-hidden className="size-4" /> : <Power aria-hidden className="size-4" />} {target.enabled ? 'Turn off' : 'Turn on'}
            </Button>
          )}
          {target.signing_secret && (
            <Button type="button" variant="secondary" className={smallButton} aria-expanded={secretShown} aria-controls={secretShown ? secretId : undefined} onClick={() => onSecret(!secretShown)} aria-label={`${secretShown ? 'Hide signing secret' : 'Signing secret'} of ${target.name}`}>
              <KeyRound aria-hidden className="size-4" /> {secretShown ? 'Hide signing secret' : 'Signing secret'}
            </Button>
          )}
          <Button type="button" variant="secondary" className={smallButton} onClick={() => setDeleting(true)} disabled={busy !== undefined} aria-label={`Delete ${target.name}`}>
            <Trash2 aria-hidden className="size-4" /> Delete
          </Button>
        </div>
      )}
    </li>
  );
}

/** The receiver's answer, as the server words it (without repeating the alert's title). */
function TestAnswer({ result }: { result: TDeliveryTestResult }) {
  const detail = result.ok && result.detail.startsWith(DELIVERY_MESSAGES.testSent) ? result.detail.slice(DELIVERY_MESSAGES.testSent.length).trim() : result.detail;
  const status = result.status !== null && !detail.includes(String(result.status)) ? `The receiver answered ${result.status}.` : '';
  return <p className="break-words">{[detail, status].filter(Boolean).join(' ')}</p>;
}

function AddTarget({ basePath, topics, events, onAdded }: { basePath: DeliveryBasePath; topics?: DeliveryTopic[]; events: readonly TDeliveryEvent[]; onAdded: (target: TDeliveryTarget) => Promise<void> }) {
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
      if (!shownUnderFields) setError(failure(e, 'Could not add the delivery target. Please try again.'));
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
          {fields.kind && <p className="mt-1 text-sm text-red-700 dark:text-red-300">{fields.kind}</p>}
        </div>
        <TextField
          label="Name"
          placeholder={kind === 'slack' ? 'e.g. #research channel' : 'e.g. Research dashboard'}
          value={name}
          maxLength={DELIVERY_NAME_MAX}
          error={fields.name}
          onChange={(e) => {
            setName(e.target.value);
            clear('name');
          }}
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
        onChange={(e) => {
          setUrl(e.target.value);
          clear('url');
        }}
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
        {fields.events && (
          <p id={eventsErrorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {fields.events}
          </p>
        )}
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
          {fields.topic_ids && (
            <p id={topicsErrorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
              {fields.topic_ids}
            </p>
          )}
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
