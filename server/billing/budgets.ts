import { and, asc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { BUDGET_WARNING_SHARE } from '../../contract/billing-text.js';
import type { DbOrTx } from '../db/client.js';
import { aiBudgets, users } from '../db/schema/index.js';
import { addInboxItems } from '../inbox/write.js';
import { queueEmail } from '../mail/outbox.js';
import type { BudgetRefusal } from '../intelligence/types.js';

/** The month a moment falls in, as its first day (UTC): a budget's period. */
export const periodOf = (at = new Date()) => `${at.toISOString().slice(0, 7)}-01`;
/** When a period's budget starts again: the next month's first moment (UTC). */
export const resetsAt = (period: string) => {
  const [year, month] = period.split('-').map(Number);
  return new Date(Date.UTC(year!, month!, 1));
};

/** A model call admitted against these budgets of this period, with the estimate it reserved. */
export interface Reservation {
  ids: number[];
  period: string;
  estimateUsd: number;
}

const scopeOf = (accountId: string, userId: string) => and(eq(aiBudgets.accountId, accountId), or(isNull(aiBudgets.userId), eq(aiBudgets.userId, userId)));

/**
 * Budgets of a month before it are started again (counters at zero) when a call finds them.
 * Idempotent under races: a second roll finds the period already moved on.
 */
async function rollPeriod(db: DbOrTx, accountId: string, userId: string, period: string): Promise<void> {
  await db
    .update(aiBudgets)
    .set({ period, spentUsd: 0, reservedUsd: 0, warnedAt: null, reachedAt: null })
    .where(and(scopeOf(accountId, userId), lt(aiBudgets.period, period)));
}

/**
 * Admits a model call of a member against the account's budget and the member's own: refused
 * when either has spent + reserved at or over its amount. Otherwise the call's estimate is
 * reserved on both, under a row lock taken in id order, so concurrent admissions see each
 * other's reservations and a budget is overshot by at most the calls already in flight.
 *
 * `locking: false` (a caller inside a transaction that spans the model call) checks without
 * reserving, so no lock is held across the call; such a caller admits one call at a time.
 */
export async function admitCall(db: DbOrTx, accountId: string, userId: string, estimateUsd: number, locking: boolean, at = new Date()): Promise<Reservation | { refused: BudgetRefusal }> {
  const period = periodOf(at);
  const [any] = await db.select({ id: aiBudgets.id }).from(aiBudgets).where(scopeOf(accountId, userId)).limit(1);
  if (!any) return { ids: [], period, estimateUsd: 0 };
  await rollPeriod(db, accountId, userId, period);
  const decide = async (tx: DbOrTx) => {
    const query = tx.select().from(aiBudgets).where(scopeOf(accountId, userId)).orderBy(asc(aiBudgets.id));
    const budgets = locking ? await query.for('update') : await query;
    const spent = budgets.filter((b) => b.period === period && b.spentUsd + b.reservedUsd >= b.monthlyUsd);
    if (spent.some((b) => b.userId !== null)) return { refused: 'member' as const };
    if (spent.length) return { refused: 'account' as const };
    const ids = budgets.map((b) => b.id);
    if (locking && ids.length) await tx.update(aiBudgets).set({ reservedUsd: sql`${aiBudgets.reservedUsd} + ${estimateUsd}` }).where(inArray(aiBudgets.id, ids));
    return { ids, period, estimateUsd: locking ? estimateUsd : 0 };
  };
  return locking ? db.transaction(decide) : decide(db);
}

/**
 * A call ended: its cost is spent and its reservation released on the budgets it was admitted
 * against (those of the same period). Crossing 80% or 100% tells the account's billing
 * administrators once per period, in this same write.
 */
export async function settleCall(db: DbOrTx, accountId: string, reservation: Reservation, costUsd: number, publicUrl?: string): Promise<void> {
  if (reservation.ids.length === 0) return;
  const rows = await db
    .update(aiBudgets)
    .set({ spentUsd: sql`${aiBudgets.spentUsd} + ${costUsd}`, reservedUsd: sql`greatest(${aiBudgets.reservedUsd} - ${reservation.estimateUsd}, 0)` })
    .where(and(inArray(aiBudgets.id, reservation.ids), eq(aiBudgets.period, reservation.period)))
    .returning();
  for (const budget of rows) {
    const share = budget.spentUsd / budget.monthlyUsd;
    if (share >= 1 && !budget.reachedAt) await tellBillingAdmins(db, accountId, budget, 'reached', publicUrl);
    else if (share >= BUDGET_WARNING_SHARE && !budget.warnedAt) await tellBillingAdmins(db, accountId, budget, 'warning', publicUrl);
  }
}

const dollars = (value: number) => `$${value.toFixed(2)}`;

/**
 * The billing administrators of the account hear of a budget at 80% or spent, once per budget and
 * period: in their inbox, and by email when the caller knows the product's address (the outbox's
 * sweep sends it within a minute or two of the commit).
 */
async function tellBillingAdmins(db: DbOrTx, accountId: string, budget: typeof aiBudgets.$inferSelect, level: 'warning' | 'reached', publicUrl?: string): Promise<void> {
  const now = new Date();
  // The claim: only the call that moves the mark writes the notice.
  const claimed = await db
    .update(aiBudgets)
    .set(level === 'reached' ? { reachedAt: now, warnedAt: sql`coalesce(${aiBudgets.warnedAt}, ${now})` } : { warnedAt: now })
    .where(and(eq(aiBudgets.id, budget.id), eq(aiBudgets.period, budget.period), level === 'reached' ? isNull(aiBudgets.reachedAt) : isNull(aiBudgets.warnedAt)))
    .returning({ id: aiBudgets.id });
  if (!claimed.length) return;
  let whose = "The account's";
  if (budget.userId) {
    const [member] = await db.select({ first: users.firstName, last: users.lastName, email: users.email }).from(users).where(eq(users.id, budget.userId));
    whose = `${member ? `${member.first} ${member.last}`.trim() || member.email : 'A member'}'s`;
  }
  const until = resetsAt(budget.period).toISOString().slice(0, 10);
  const title =
    level === 'reached'
      ? `${whose} monthly AI budget is spent (${dollars(budget.spentUsd)} of ${dollars(budget.monthlyUsd)})`
      : `${whose} monthly AI budget is at ${Math.floor((budget.spentUsd / budget.monthlyUsd) * 100)}% (${dollars(budget.spentUsd)} of ${dollars(budget.monthlyUsd)})`;
  const body =
    level === 'reached'
      ? `Its language-model stages run on Herald's built-in engine until ${until}, when the budget resets. Articles keep coming and say so. Raise the budget in Billing to return to the chosen models.`
      : `At ${dollars(budget.monthlyUsd)} its language-model stages move to the built-in engine until ${until}.`;
  const admins = await db.select({ id: users.id, email: users.email, firstName: users.firstName }).from(users).where(and(eq(users.accountId, accountId), eq(users.billingAdmin, true)));
  await addInboxItems(
    db,
    admins.map((admin) => ({ userId: admin.id, kind: 'budget' as const, key: `budget:${budget.id}:${budget.period}:${level}`, title, body })),
  );
  if (publicUrl) for (const admin of admins) await queueEmail(db, admin.email, 'ai-budget', { firstName: admin.firstName, title, body, link: `${publicUrl}/account/billing` }, { publicUrl });
}
