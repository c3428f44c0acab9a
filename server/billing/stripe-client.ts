import type Stripe from 'stripe';
import type { StripeConfig } from '../config.js';

const clients = new WeakMap<StripeConfig, Promise<Stripe>>();

/**
 * The official Stripe library for the install's keys, imported on first use (a self-hosted install
 * never loads it). STRIPE_API_URL (tests) points it at a local fake: host, port and protocol.
 */
export function stripeClient(config: StripeConfig): Promise<Stripe> {
  let client = clients.get(config);
  if (!client) {
    client = import('stripe').then(({ default: StripeLibrary }) => {
      const fake = config.apiUrl ? new URL(config.apiUrl) : undefined;
      return new StripeLibrary(config.secretKey, {
        maxNetworkRetries: 2,
        timeout: 20_000,
        telemetry: false,
        ...(fake ? { host: fake.hostname, port: fake.port || (fake.protocol === 'https:' ? 443 : 80), protocol: fake.protocol === 'https:' ? 'https' : 'http' } : {}),
      });
    });
    client.catch(() => clients.delete(config));
    clients.set(config, client);
  }
  return client;
}
