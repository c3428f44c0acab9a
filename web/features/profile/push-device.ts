import type { TPushDevice } from '../../../contract/notifications';
import { authClient } from '../../lib/auth-client';

/** Whether this browser can take web push: a service worker, the Push API and notifications. */
export const pushSupported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** "Firefox on Linux", from the user agent, for the device list. */
export function browserLabel(ua = navigator.userAgent): string {
  const browser = /Edg\//.test(ua) ? 'Edge' : /OPR\//.test(ua) ? 'Opera' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\/|Chromium\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const os = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : '';
  return os ? `${browser} on ${os}` : browser;
}

const keyBytes = (base64url: string) => {
  const raw = atob(base64url.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(base64url.length / 4) * 4, '='));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

/**
 * Enables push on this browser: registers /sw.js, asks the notification permission, subscribes
 * with the install's VAPID key and hands the subscription to Herald. Throws a sentence to show.
 */
export async function enablePush(): Promise<TPushDevice> {
  if (!pushSupported()) throw new Error('This browser cannot receive push notifications.');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('Notifications are blocked for Herald in this browser. Allow them in the site settings, then try again.');
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const { public_key } = await authClient.authedApi<{ public_key: string }>('/me/push/key/');
  const key = keyBytes(public_key);
  let existing = await registration.pushManager.getSubscription();
  // A subscription made with another key (another install, keys made anew) cannot be reused: it is dropped first.
  const existingKey = existing?.options.applicationServerKey ? new Uint8Array(existing.options.applicationServerKey) : null;
  if (existing && (!existingKey || existingKey.length !== key.length || existingKey.some((byte, i) => byte !== key[i]))) {
    await existing.unsubscribe();
    existing = null;
  }
  const subscription = existing ?? (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  return authClient.authedApi<TPushDevice>('/me/push/devices/', { method: 'POST', body: { endpoint: json.endpoint, keys: json.keys, label: browserLabel() } });
}
