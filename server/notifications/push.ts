import webpush from 'web-push';
import { fetch as undiciFetch } from 'undici';
import type { TPushPayload } from '../../contract/notifications.js';
import { checkUrl, guardedDispatcher } from '../sources/net-guard.js';
import type { VapidKeys } from './vapid.js';

/** How long a push service may take to answer. */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is offline. */
export const PUSH_TTL_SECONDS = 24 * 3600;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushOutcome {
  ok: boolean;
  /** The push service says the subscription is gone (404, 410): remove it. */
  gone: boolean;
  status: number | null;
  detail: string;
}

/**
 * A loopback http endpoint: a local push service in development and tests only (the fake push
 * service of the API tests). Everywhere else a push endpoint is an https address.
 */
export const isLoopbackHttp = (url: URL) => url.protocol === 'http:' && url.hostname === '127.0.0.1';

/**
 * Why an endpoint cannot be used, or null: https only (http://127.0.0.1 outside production), no
 * credentials, and no private address unless it is that loopback.
 */
export function endpointProblem(endpoint: string, production: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the address';
  if (isLoopbackHttp(url)) return production ? 'http is not allowed' : null;
  if (url.protocol !== 'https:') return 'not https';
  try {
    checkUrl(endpoint, false, 'DELIVERY_ALLOW_PRIVATE');
  } catch {
    return 'a private address';
  }
  return null;
}

/**
 * Sends one push: web-push encrypts the payload (aes128gcm, RFC 8291) and signs the VAPID header
 * (generateRequestDetails); Herald posts it itself through the network guard (no private
 * addresses, no redirects, a timeout), the same way it posts webhooks. Never throws.
 */
export async function sendPush(target: PushTarget, payload: TPushPayload, vapid: VapidKeys & { subject: string }, production: boolean): Promise<PushOutcome> {
  try {
    const problem = endpointProblem(target.endpoint, production);
    if (problem) return { ok: false, gone: true, status: null, detail: `The push address is refused: ${problem}.` };
    const details = webpush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: PUSH_TTL_SECONDS,
      urgency: 'high',
      topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 32),
    });
    const loopback = isLoopbackHttp(new URL(target.endpoint));
    const response = await undiciFetch(details.endpoint, {
      method: details.method,
      headers: details.headers as Record<string, string>,
      body: details.body ?? undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      ...(loopback ? {} : { dispatcher: guardedDispatcher('DELIVERY_ALLOW_PRIVATE') }),
    });
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { ok: true, gone: false, status: response.status, detail: 'Sent.' };
    const gone = response.status === 404 || response.status === 410;
    return { ok: false, gone, status: response.status, detail: gone ? `The push service answered ${response.status}: this device is no longer subscribed.` : `The push service answered ${response.status}.` };
  } catch (error) {
    const name = (error as Error).name;
    const cause = (error as { cause?: { message?: string } }).cause;
    const detail = name === 'TimeoutError' || name === 'AbortError' ? `The push service did not answer within ${PUSH_TIMEOUT_MS / 1000} s.` : `Could not reach the push service: ${cause?.message ?? (error as Error).message}`;
    return { ok: false, gone: false, status: null, detail: detail.slice(0, 500) };
  }
}

/** Whether a browser's p256dh key (an uncompressed P-256 point, 65 bytes) and auth secret (16 bytes) are usable. */
export function keysUsable(p256dh: string, auth: string): { p256dh: boolean; auth: boolean } {
  const bytes = (value: string) => (/^[A-Za-z0-9_-]+={0,2}$/.test(value) ? Buffer.from(value, 'base64url') : Buffer.alloc(0));
  const point = bytes(p256dh);
  return { p256dh: point.length === 65 && point[0] === 4, auth: bytes(auth).length === 16 };
}
