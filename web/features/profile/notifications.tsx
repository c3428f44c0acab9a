import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Bell, Plus, Send, Trash2 } from 'lucide-react';
import {
  CHANNEL_APPLIES,
  NOTIFY_CHANNEL_LABELS,
  NOTIFY_CHANNELS,
  NOTIFY_KIND_LABELS,
  NOTIFY_KINDS,
  type TNotificationPreferences,
  type TNotifyChannel,
  type TNotifyKind,
  type TPushDevice,
  type TPushTestResult,
  type TTopicOverride,
} from '../../../contract/notifications';
import type { TTopic } from '../../../contract/topics';
import { Alert, Button, selectClass } from '../../components/ui/form';
import { useToast } from '../../components/ui/toast';
import { ApiError } from '../../lib/api';
import { authClient } from '../../lib/auth-client';
import { FlowHeader } from './flow-header';
import { enablePush, pushSupported } from './push-device';
import { QuietHoursFieldset } from './quiet-hours-fieldset';

const PREFS = ['me', 'notifications'] as const;
const DEVICES = ['me', 'push-devices'] as const;
const box = 'size-4 accent-blue-700';
const cell = 'px-2 py-2 text-center';

/**
 * My Profile → Notifications (issue 39 items 2, 3): the Breaking News Alerts and Daily Brief
 * switches, a grid of kinds by channels, topic overrides for alerts and spikes, quiet hours in
 * the user's time zone, and the browsers that receive push (enable, test, remove). Webhooks and
 * Slack stay in Deliveries.
 */
export function Notifications({ onBack, onSaved }: { onBack: () => void; onSaved: (prefs: TNotificationPreferences) => void }) {
  const prefs = useQuery({ queryKey: PREFS, queryFn: ({ signal }) => authClient.authedApi<TNotificationPreferences>('/me/notifications/', { signal }) });
  return (
    <div className="space-y-5">
      <FlowHeader icon={Bell} title="Notifications" onBack={onBack} />
      {prefs.isError && <Alert tone="error">Could not load your notification preferences. Please try again.</Alert>}
      {prefs.isPending && <p role="status">Loading notification preferences…</p>}
      {prefs.data && <PreferencesForm key={JSON.stringify(prefs.data)} initial={prefs.data} onSaved={onSaved} />}
      <Devices />
    </div>
  );
}

function PreferencesForm({ initial, onSaved }: { initial: TNotificationPreferences; onSaved: (prefs: TNotificationPreferences) => void }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<string>();
  const topics = useQuery({ queryKey: ['topics', 'self'], queryFn: ({ signal }) => authClient.authedApi<{ topics: TTopic[] }>('/me/topics/', { signal }) });
  const alertsHint = useId();
  const briefHint = useId();

  const save = useMutation({
    mutationFn: (body: TNotificationPreferences) => authClient.authedApi<TNotificationPreferences>('/me/notifications/', { method: 'PUT', body }),
    onSuccess: (saved) => {
      setError(undefined);
      queryClient.setQueryData(PREFS, saved);
      onSaved(saved);
      toast.show('success', 'Notification preferences saved');
    },
    onError: (e) => setError(e instanceof ApiError ? e.message : 'Could not save your preferences. Please try again.'),
  });

  const kindOn = (kind: TNotifyKind) => (kind === 'brief' ? form.brief : kind === 'alert' || kind === 'spike' ? form.alerts : true);
  const setChannel = (kind: TNotifyKind, channel: TNotifyChannel, on: boolean) => setForm((f) => ({ ...f, channels: { ...f.channels, [kind]: { ...f.channels[kind], [channel]: on } } }));
  const setOverride = (index: number, change: Partial<TTopicOverride>) => setForm((f) => ({ ...f, topic_overrides: f.topic_overrides.map((o, i) => (i === index ? { ...o, ...change } : o)) }));
  const ownTopics = topics.data?.topics ?? [];
  const free = ownTopics.find((t) => !form.topic_overrides.some((o) => o.topic_id === t.id && o.kind === 'alert'));

  return (
    <form
      className="space-y-5"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(form);
      }}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Switches</legend>
        <p className="flex flex-wrap items-center gap-x-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" className={box} aria-describedby={alertsHint} checked={form.alerts} onChange={(e) => setForm({ ...form, alerts: e.target.checked })} /> Breaking News Alerts
          </label>
          <span id={alertsHint} className="text-slate-600 dark:text-slate-400">
            (off: no alerts or topic spikes on any channel)
          </span>
        </p>
        <p className="flex flex-wrap items-center gap-x-2 text-sm">
          <label className="flex items-center gap-2">
            <input type="checkbox" className={box} aria-describedby={briefHint} checked={form.brief} onChange={(e) => setForm({ ...form, brief: e.target.checked })} /> Daily Brief
          </label>
          <span id={briefHint} className="text-slate-600 dark:text-slate-400">
            (off: no brief on any channel)
          </span>
        </p>
      </fieldset>

      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Notifications by kind and channel">
          <thead>
            <tr className="border-b border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300">
              <th scope="col" className="py-2 pr-2 text-left font-medium">
                Kind
              </th>
              {NOTIFY_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="px-2 py-2 font-medium">
                  {NOTIFY_CHANNEL_LABELS[channel]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {NOTIFY_KINDS.map((kind) => (
              <tr key={kind} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-2 pr-2 text-left font-normal text-slate-900 dark:text-slate-100">
                  {NOTIFY_KIND_LABELS[kind]}
                </th>
                {NOTIFY_CHANNELS.map((channel) => (
                  <td key={channel} className={cell}>
                    {CHANNEL_APPLIES(kind, channel) ? (
                      <input
                        type="checkbox"
                        className={box}
                        aria-label={`${NOTIFY_KIND_LABELS[kind]}: ${NOTIFY_CHANNEL_LABELS[channel]}`}
                        checked={kindOn(kind) && form.channels[kind][channel]}
                        disabled={!kindOn(kind)}
                        onChange={(e) => setChannel(kind, channel, e.target.checked)}
                      />
                    ) : (
                      <>
                        <span aria-hidden className="text-slate-500 dark:text-slate-400">
                          —
                        </span>
                        <span className="sr-only">Not in the app</span>
                      </>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p className="mt-2 text-xs text-slate-600 dark:text-slate-400">
          A breaking alert counts once against your daily limit, whichever channels carry it. Webhooks and Slack are set in Deliveries.
        </p>
      </div>

      <QuietHoursFieldset form={form} setForm={setForm} />

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">Topic overrides</legend>
        <p className="text-xs text-slate-600 dark:text-slate-400">A topic’s alerts or spikes on other channels than the grid says.</p>
        {form.topic_overrides.length > 0 && (
          <ul className="space-y-2" aria-label="Topic overrides">
            {form.topic_overrides.map((override, index) => {
              const name = ownTopics.find((t) => t.id === override.topic_id)?.name ?? `Topic ${override.topic_id}`;
              return (
                <li key={`${override.kind}:${override.topic_id}:${index}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-slate-200 p-2 text-sm dark:border-slate-700">
                  <select aria-label={`Override ${index + 1}: topic`} className={`${selectClass} max-w-48 py-1!`} value={override.topic_id} onChange={(e) => setOverride(index, { topic_id: Number(e.target.value) })}>
                    {!ownTopics.some((t) => t.id === override.topic_id) && <option value={override.topic_id}>{name}</option>}
                    {ownTopics.map((t) => (
                      <option key={t.id} value={t.id}>
                        {t.name}
                      </option>
                    ))}
                  </select>
                  <select aria-label={`Override ${index + 1}: kind`} className={`${selectClass} w-36 py-1!`} value={override.kind} onChange={(e) => setOverride(index, { kind: e.target.value as 'alert' | 'spike' })}>
                    <option value="alert">Breaking alerts</option>
                    <option value="spike">Topic spikes</option>
                  </select>
                  {NOTIFY_CHANNELS.map((channel) => (
                    <label key={channel} className="flex items-center gap-1">
                      <input
                        type="checkbox"
                        className={box}
                        checked={override.channels[channel]}
                        aria-label={`${name}, ${override.kind === 'alert' ? 'breaking alerts' : 'topic spikes'}: ${NOTIFY_CHANNEL_LABELS[channel]}`}
                        onChange={(e) => setOverride(index, { channels: { ...override.channels, [channel]: e.target.checked } })}
                      />
                      <span aria-hidden>{NOTIFY_CHANNEL_LABELS[channel]}</span>
                    </label>
                  ))}
                  <Button type="button" variant="secondary" className="w-auto! py-1!" aria-label={`Remove the override of ${name}`} onClick={() => setForm({ ...form, topic_overrides: form.topic_overrides.filter((_, i) => i !== index) })}>
                    <Trash2 aria-hidden className="size-4" />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {ownTopics.length > 0 ? (
          <Button
            type="button"
            variant="secondary"
            className="w-auto!"
            onClick={() => setForm({ ...form, topic_overrides: [...form.topic_overrides, { topic_id: (free ?? ownTopics[0]!).id, kind: 'alert', channels: { in_app: true, email: false, push: false } }] })}
          >
            <Plus aria-hidden className="size-4" /> Add a topic override
          </Button>
        ) : (
          topics.isSuccess && <p className="text-xs text-slate-600 dark:text-slate-400">You have no topics yet.</p>
        )}
      </fieldset>

      {error && <Alert tone="error">{error}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" className="w-auto!" busy={save.isPending} busyLabel="Saving…">
          Save notifications
        </Button>
      </div>
    </form>
  );
}

function Devices() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const devices = useQuery({ queryKey: DEVICES, queryFn: ({ signal }) => authClient.authedApi<{ devices: TPushDevice[] }>('/me/push/devices/', { signal }) });
  const [busy, setBusy] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: DEVICES });
  const supported = pushSupported();

  const enable = async () => {
    setBusy('enable');
    try {
      await enablePush();
      toast.show('success', 'Push is on for this browser');
      await refresh();
    } catch (e) {
      toast.show('error', e instanceof Error ? e.message : 'Could not turn on push.');
    } finally {
      setBusy(null);
    }
  };
  const test = async (device: TPushDevice) => {
    setBusy(`test:${device.id}`);
    try {
      const result = await authClient.authedApi<TPushTestResult>(`/me/push/devices/${device.id}/test/`, { method: 'POST' });
      toast.show(result.ok ? 'success' : 'error', result.ok ? `Test sent to ${device.label}` : result.detail);
      if (result.removed || result.ok) await refresh();
    } catch (e) {
      toast.show('error', e instanceof ApiError ? e.message : 'Could not send the test.');
    } finally {
      setBusy(null);
    }
  };
  const remove = async (device: TPushDevice) => {
    setBusy(`remove:${device.id}`);
    try {
      await authClient.authedApi<null>(`/me/push/devices/${device.id}/`, { method: 'DELETE' });
      toast.show('success', `${device.label} removed`);
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 404)) toast.show('error', e instanceof ApiError ? e.message : 'Could not remove the device.');
    } finally {
      await refresh();
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="push-devices" className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-700">
      <h4 id="push-devices" className="text-sm font-medium text-slate-800 dark:text-slate-200">
        Push on your devices
      </h4>
      {supported ? (
        <Button type="button" variant="secondary" className="w-auto!" onClick={() => void enable()} busy={busy === 'enable'} busyLabel="Turning on…">
          <Bell aria-hidden className="size-4" /> Enable push on this browser
        </Button>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">This browser cannot receive push notifications.</p>
      )}
      {devices.isError && <Alert tone="error">Could not load your devices.</Alert>}
      {devices.data &&
        (devices.data.devices.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">No device receives push yet.</p>
        ) : (
          <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Devices that receive push">
            {devices.data.devices.map((device) => (
              <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0 text-sm">
                  <p className="font-medium text-slate-900 dark:text-slate-100">{device.label}</p>
                  <p className="truncate text-xs text-slate-600 dark:text-slate-400">
                    {device.service} · added {new Date(device.created_at).toLocaleDateString()}
                    {device.last_success_at ? ` · last push ${new Date(device.last_success_at).toLocaleString()}` : ''}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button type="button" variant="secondary" className="w-auto!" aria-label={`Test ${device.label}`} onClick={() => void test(device)} busy={busy === `test:${device.id}`} busyLabel="Sending…">
                    <Send aria-hidden className="size-4" /> Test
                  </Button>
                  <Button type="button" variant="secondary" className="w-auto!" aria-label={`Remove ${device.label}`} onClick={() => void remove(device)} busy={busy === `remove:${device.id}`} busyLabel="Removing…">
                    <Trash2 aria-hidden className="size-4" /> Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        ))}
    </section>
  );
}
