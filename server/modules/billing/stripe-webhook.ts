import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type Stripe from 'stripe';
import { BILLING_TEXT } from '../../../contract/billing.js';
import { ErrorCode } from '../../../contract/errors.js';
import { stripeClient } from '../../billing/stripe-client.js';
import type { StripeConfig } from '../../config.js';
import type { AppDb, DbOrTx } from '../../db/client.js';
import { accounts, accountSubscriptions, stripeEvents } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { askStripe, seated } from './plan.js';

const SUBSCRIPTION_EVENTS = new Set(['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an event changes: the account, its Stripe customer, and the subscription as Stripe has it now. */
interface Change {
  accountId: string;
  customerId: string;
  subscription: Stripe.Subscription;
}

const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));

async function knownAccount(db: AppDb, candidate: string | null | undefined): Promise<string | undefined> {
  if (!candidate || !UUID.test(candidate)) return undefined;
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, candidate));
  return row?.id;
}

/** The account an event is about: by the customer Herald already knows, else the id Herald put on the session or subscription. */
async function accountOf(db: AppDb, customerId: string | null, named: string | null | undefined): Promise<string | undefined> {
  if (customerId) {
    const [row] = await db.select({ accountId: accountSubscriptions.accountId }).from(accountSubscriptions).where(eq(accountSubscriptions.stripeCustomerId, customerId));
    if (row) return row.accountId;
  }
  return knownAccount(db, named);
}

/** Who an event is about, as it says: nothing for the events Herald does not follow. */
function namesOf(event: Stripe.Event): { subscriptionId: string | null; customerId: string | null; accountId: string | null | undefined } | undefined {
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object;
    if (session.mode !== 'subscription') return undefined;
    return { subscriptionId: idOf(session.subscription), customerId: idOf(session.customer), accountId: session.client_reference_id };
  }
  if (!SUBSCRIPTION_EVENTS.has(event.type)) return undefined;
  const subscription = event.data.object as Stripe.Subscription;
  return { subscriptionId: subscription.id, customerId: idOf(subscription.customer), accountId: subscription.metadata?.account_id };
}

/**
 * The change an event asks for. The subscription is read again from Stripe, not taken from the
 * event: events may arrive late or out of order, and the current state is the one to keep.
 */
async function changeOf(db: AppDb, stripe: Stripe, logger: Logger, event: Stripe.Event): Promise<Change | undefined> {
  const named = namesOf(event);
  if (!named) return undefined;
  const { subscriptionId, customerId } = named;
  const accountId = await accountOf(db, customerId, named.accountId);
  if (!accountId || !subscriptionId || !customerId) {
    logger.warn({ event: event.id, type: event.type }, 'a Stripe event names no account of this install: recorded, nothing changed');
    return undefined;
  }
  const subscription = await askStripe(logger, 'subscriptions.retrieve', () => stripe.subscriptions.retrieve(subscriptionId));
  return { accountId, customerId, subscription };
}

/** Writes the subscription's plan, seats, status and period on the account (one row per account). */
async function apply(tx: DbOrTx, config: StripeConfig, change: Change): Promise<void> {
  const { subscription } = change;
  const [current] = await tx.select().from(accountSubscriptions).where(eq(accountSubscriptions.accountId, change.accountId)).for('update');
  // An old subscription's late news never overwrites a newer one that holds.
  if (current?.stripeSubscriptionId && current.stripeSubscriptionId !== subscription.id && seated(current.status) && !seated(subscription.status)) return;
  const item = subscription.items?.data?.[0];
  const periodEnd = item?.current_period_end ?? (subscription as { current_period_end?: number }).current_period_end;
  const values = {
    stripeCustomerId: change.customerId,
    stripeSubscriptionId: subscription.id,
    plan: config.planName,
    seats: item?.quantity ?? 0,
    status: subscription.status,
    currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    updatedAt: new Date(),
  };
  await tx.insert(accountSubscriptions).values({ accountId: change.accountId, ...values }).onConflictDoUpdate({ target: accountSubscriptions.accountId, set: values });
}

/**
 * POST /billing/stripe/webhook: the event is verified against the raw body and STRIPE_WEBHOOK_SECRET
 * (400 `stripe_signature_invalid` otherwise), then applied once: its id is recorded in the same
 * transaction as its change, so a replay or a redelivery answers 200 and changes nothing.
 */
export async function receiveStripeEvent(db: AppDb, config: StripeConfig, logger: Logger, body: Buffer, signature: string | undefined): Promise<{ received: true; duplicate: boolean }> {
  const stripe = await stripeClient(config);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(body, signature ?? '', config.webhookSecret);
  } catch {
    throw new AppError(400, ErrorCode.stripeSignatureInvalid, BILLING_TEXT.signatureInvalid);
  }
  const [seen] = await db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id));
  if (seen) return { received: true, duplicate: true };
  const change = await changeOf(db, stripe, logger, event);
  const fresh = await db.transaction(async (tx) => {
    const recorded = await tx.insert(stripeEvents).values({ id: event.id, type: event.type, accountId: change?.accountId ?? null }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (recorded.length === 0) return false;
    if (change) await apply(tx, config, change);
    return true;
  });
  return { received: true, duplicate: !fresh };
}
