import { useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, Power, PowerOff, Send, Trash2 } from 'lucide-react';
import {
  DELIVERIES_PER_OWNER,
  DELIVERY_EVENT_LABELS,
  DELIVERY_ID_HEADER,
  DELIVERY_KIND_LABELS,
  DELIVERY_MESSAGES,
  DELIVERY_SIGNATURE_HEADER,
  DELIVERY_TIMESTAMP_HEADER,
  type TDeliveryEvent,
  type TDeliveryList,
  type TDeliveryTarget,
  type TDeliveryTestResult,
} from '../../contract/deliveries';
import { refusalText } from '../lib/api';
import { authClient } from '../lib/auth-client';
import { relativeTime } from '../lib/dates';
import { CopyButton } from './ui/copy-button';
import { Alert, Button } from './ui/form';
import { useToast } from './ui/toast';
import { AddTarget, type DeliveryBasePath, type DeliveryTopic } from './delivery-target-form';

export type { DeliveryBasePath, DeliveryTopic };

const smallButton = 'w-auto! px-3! py-1.5!';
const dangerButton = 'bg-red-700! hover:bg-red-800! dark:bg-red-600! dark:hover:bg-red-700!';
const codeClass = 'rounded bg-slate-100 px-1 font-mono whitespace-nowrap text-xs text-slate-900 dark:bg-slate-800 dark:text-slate-100';

/** The react-query key of one list of targets. */
const listKey = (basePath: DeliveryBasePath) => ['deliveries', basePath] as const;


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
            {refusalText(listed.error, 'Could not load the delivery targets.')}{' '}
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
      toast.show('error', refusalText(error, 'Could not send the test. Please try again.'));
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
      toast.show('error', refusalText(error, 'Could not change the target. Please try again.'));
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
      toast.show('error', refusalText(error, 'Could not delete the target. Please try again.'));
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
