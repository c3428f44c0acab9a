import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { seatLimitText } from '../../contract/billing-text.js';
import { ErrorCode } from '../../contract/errors.js';
import type { Config } from '../config.js';
import type { DbOrTx } from '../db/client.js';
import { accountSubscriptions, invites, users } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';

/** Subscription statuses whose seats hold: paid, in trial, or a payment being retried. */
export const SEATED_STATUSES = ['active', 'trialing', 'past_due'] as const;
/** Seats of an account with no plan (or a lapsed one) when Herald is sold: its first member. */
export const UNPAID_SEATS = 1;

export interface SeatUse {
  /** Seats the account may fill: the plan's while it holds, else UNPAID_SEATS. */
  seats: number;
  /** Members and open (unexpired) invitations. */
  used: number;
  /** Whether a plan holds the seats (SEATED_STATUSES). */
  planned: boolean;
}

/**
 * Seats taken: the account's members and its open invitations (unaccepted and unexpired: an
 * expired one can no longer be accepted, and resending it takes a seat again).
 */
export async function seatsUsed(db: DbOrTx, accountId: string): Promise<number> {
  const [members] = await db.select({ n: count() }).from(users).where(eq(users.accountId, accountId));
  const [open] = await db.select({ n: count() }).from(invites).where(and(eq(invites.accountId, accountId), isNull(invites.acceptedAt), gt(invites.expiresAt, sql`now()`)));
  return members!.n + open!.n;
}

export async function seatUse(db: DbOrTx, accountId: string): Promise<SeatUse> {
  const [plan] = await db.select({ seats: accountSubscriptions.seats, status: accountSubscriptions.status }).from(accountSubscriptions).where(eq(accountSubscriptions.accountId, accountId));
  const planned = !!plan?.status && (SEATED_STATUSES as readonly string[]).includes(plan.status);
  return { seats: planned ? plan!.seats : UNPAID_SEATS, used: await seatsUsed(db, accountId), planned };
}

/**
 * Before an invitation or a join is written, inside its transaction: the account's row is locked,
 * so two at once are counted one after the other, and a full account is refused. Only when
 * Herald is sold (BILLING_PROVIDER=stripe); the caller says so (requireSeat does).
 */
export async function seatFree(tx: DbOrTx, accountId: string): Promise<{ free: true } | { free: false; use: SeatUse }> {
  await tx.execute(sql`SELECT id FROM accounts WHERE id = ${accountId} FOR UPDATE`);
  const use = await seatUse(tx, accountId);
  return use.used < use.seats ? { free: true } : { free: false, use };
}

/** A person refused past the seats: 409 `seat_limit_reached` with what is full and how to add seats. */
export class SeatLimitError extends AppError {
  constructor(
    public readonly accountId: string,
    public readonly use: SeatUse,
  ) {
    super(409, ErrorCode.seatLimitReached, seatLimitText(use.seats, use.used, use.planned));
  }
}

/**
 * Every way a new person takes a seat (an invitation, a join by the account's sign-on domain)
 * calls this inside the transaction that writes them, before writing: when Herald is sold it
 * locks the account and throws SeatLimitError past the seats; self-hosted it does nothing.
 * Accepting an invitation does not call it: the invitation holds its seat already; resending an
 * expired one does (resend-invite.ts).
 */
export async function requireSeat(tx: DbOrTx, config: Pick<Config, 'stripe'>, accountId: string): Promise<void> {
  if (!config.stripe) return;
  const seat = await seatFree(tx, accountId);
  if (!seat.free) throw new SeatLimitError(accountId, seat.use);
}
