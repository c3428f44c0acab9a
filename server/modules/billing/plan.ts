import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { BILLING_TEXT, type TPlan } from '../../../contract/billing.js';
import { ErrorCode } from '../../../contract/errors.js';
import { SEATED_STATUSES, seatUse, seatsUsed } from '../../billing/seats.js';
import { stripeClient } from '../../billing/stripe-client.js';
import type { Config, StripeConfig } from '../../config.js';
import type { AppDb } from '../../db/client.js';
import { accountSubscriptions, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { AccountActor } from '../accounts/access.js';

export const seated = (status: string | null | undefined) => !!status && (SEATED_STATUSES as readonly string[]).includes(status);

/** Stripe off: checkout, portal and webhook answer that this install sells nothing. */
export function stripeOn(config: Config): StripeConfig {
  if (!config.stripe) throw new AppError(404, ErrorCode.billingProviderOff, BILLING_TEXT.providerOff);
  return config.stripe;
}

/** A call to Stripe that failed (network, Stripe's own error): a clear 502, logged, never a 500. */
export async function askStripe<T>(logger: Logger, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    logger.warn({ err: error, what }, 'a call to Stripe failed');
    throw new AppError(502, ErrorCode.billingProviderUnavailable, BILLING_TEXT.providerUnavailable);
  }
}

const subscriptionOf = async (db: AppDb, accountId: string) => (await db.select().from(accountSubscriptions).where(eq(accountSubscriptions.accountId, accountId)))[0];

/** GET /account/billing/plan: the plan, seats and status of the caller's account. */
export async function planStatus(db: AppDb, config: Config, actor: AccountActor): Promise<TPlan> {
  const none = { plan: null, status: null, current_period_end: null, cancel_at_period_end: false, has_customer: false };
  if (!config.stripe) return { provider: 'none', seats: null, seats_used: await seatsUsed(db, actor.accountId), ...none };
  const [row, use] = [await subscriptionOf(db, actor.accountId), await seatUse(db, actor.accountId)];
  return {
    provider: 'stripe',
    ...none,
    plan: row?.plan ?? null,
    status: row?.status ?? null,
    seats: use.seats,
    seats_used: use.used,
    current_period_end: row?.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row?.cancelAtPeriodEnd ?? false,
    has_customer: !!row?.stripeCustomerId,
  };
}

/**
 * POST /account/billing/checkout: a Stripe Checkout session for the plan's price, `seats` of it,
 * for an account without a plan that holds (a lapsed one may buy again, as the same customer).
 * The account is named on the session and its subscription, so the webhooks find it.
 */
export async function startCheckout(db: AppDb, config: Config, logger: Logger, actor: AccountActor, seats: number): Promise<{ url: string }> {
  const stripe = stripeOn(config);
  const row = await subscriptionOf(db, actor.accountId);
  if (seated(row?.status)) throw new AppError(409, ErrorCode.subscriptionExists, BILLING_TEXT.subscriptionExists);
  const used = await seatsUsed(db, actor.accountId);
  if (seats < used) {
    const message = `Choose at least ${used} seats: your account has ${used} members and open invitations.`;
    throw new AppError(400, ErrorCode.validationFailed, message, { seats: [message] });
  }
  const [me] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.userId));
  const client = await stripeClient(stripe);
  const back = `${config.publicUrl}/account/billing`;
  const session = await askStripe(logger, 'checkout.sessions.create', () =>
    client.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: stripe.priceId, quantity: seats }],
      client_reference_id: actor.accountId,
      ...(row?.stripeCustomerId ? { customer: row.stripeCustomerId } : { customer_email: me?.email }),
      metadata: { account_id: actor.accountId },
      subscription_data: { metadata: { account_id: actor.accountId } },
      success_url: `${back}?checkout=done`,
      cancel_url: `${back}?checkout=cancelled`,
    }),
  );
  if (!session.url) throw new AppError(502, ErrorCode.billingProviderUnavailable, BILLING_TEXT.providerUnavailable);
  return { url: session.url };
}

/**
 * POST /account/billing/portal: a Stripe customer portal session (invoices, payment method, seat
 * count, cancel at period end: what the operator's portal configuration in Stripe allows).
 */
export async function openPortal(db: AppDb, config: Config, logger: Logger, actor: AccountActor): Promise<{ url: string }> {
  const stripe = stripeOn(config);
  const row = await subscriptionOf(db, actor.accountId);
  if (!row?.stripeCustomerId) throw new AppError(409, ErrorCode.noSubscription, BILLING_TEXT.noSubscription);
  const client = await stripeClient(stripe);
  const session = await askStripe(logger, 'billingPortal.sessions.create', () =>
    client.billingPortal.sessions.create({ customer: row.stripeCustomerId!, return_url: `${config.publicUrl}/account/billing` }),
  );
  return { url: session.url };
}
