import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Test helper: the few calls of the Stripe API Herald makes, on 127.0.0.1, so nothing reaches the
 * internet. Checkout and portal sessions answer a URL on the fake itself; subscriptions are what
 * the test put in `subscriptions`. Every request is recorded (path and form body).
 */
export interface FakeStripeServer {
  url: string;
  requests: { method: string; path: string; body: URLSearchParams; authorization: string | undefined }[];
  subscriptions: Map<string, Record<string, unknown>>;
  /** The next requests answer Stripe's error (402 card_error-like, not retried) while true. */
  failing: boolean;
  close(): Promise<void>;
}

/** A subscription as the Stripe API answers it (the fields Herald reads). */
export function fakeSubscription(id: string, fields: { customer: string; quantity: number; status?: string; periodEnd?: number; cancelAtPeriodEnd?: boolean; accountId?: string }) {
  const periodEnd = fields.periodEnd ?? Math.floor(Date.now() / 1000) + 30 * 86_400;
  return {
    id,
    object: 'subscription',
    customer: fields.customer,
    status: fields.status ?? 'active',
    cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
    metadata: fields.accountId ? { account_id: fields.accountId } : {},
    items: { object: 'list', data: [{ id: `si_${id}`, object: 'subscription_item', quantity: fields.quantity, current_period_end: periodEnd }] },
  };
}

export async function startFakeStripeServer(port = 0): Promise<FakeStripeServer> {
  const fake: Omit<FakeStripeServer, 'url' | 'close'> = { requests: [], subscriptions: new Map(), failing: false };
  let sessions = 0;
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0]!;
      fake.requests.push({ method: req.method ?? '', path, body: new URLSearchParams(raw), authorization: req.headers.authorization });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const base = `http://${req.headers.host}`;
      if (fake.failing) return send(402, { error: { type: 'invalid_request_error', message: 'the fake is failing' } });
      if (req.method === 'POST' && path === '/v1/checkout/sessions') return send(200, { id: `cs_test_${++sessions}`, object: 'checkout.session', url: `${base}/pay/cs_test_${sessions}` });
      if (req.method === 'POST' && path === '/v1/billing_portal/sessions') return send(200, { id: `bps_${++sessions}`, object: 'billing_portal.session', url: `${base}/portal/bps_${sessions}` });
      const subscription = /^\/v1\/subscriptions\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && subscription && fake.subscriptions.has(subscription[1]!)) return send(200, fake.subscriptions.get(subscription[1]!));
      if (req.method === 'GET' && (path.startsWith('/pay/') || path.startsWith('/portal/'))) {
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end(`<!doctype html><title>Fake Stripe</title><h1>Fake Stripe ${path.startsWith('/pay/') ? 'Checkout' : 'customer portal'}</h1>`);
      }
      send(404, { error: { type: 'invalid_request_error', message: `No such resource: ${path}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
