import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { BILLING_TEXT, BUDGET_WARNING_SHARE, type TBudgets, type TBudgetStatus } from '../../../contract/billing.js';
import { periodOf, resetsAt } from '../../billing/budgets.js';
import type { AppDb } from '../../db/client.js';
import { rowsOf } from '../../db/client.js';
import { aiBudgets, users } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { AccountActor } from '../accounts/access.js';

type BudgetRow = typeof aiBudgets.$inferSelect;

/** Where a budget stands this month (counters of an earlier month count as nothing spent yet). */
export function budgetStatus(budget: BudgetRow, now = new Date()): TBudgetStatus {
  const period = periodOf(now);
  const spent = budget.period === period ? Math.round(budget.spentUsd * 1e6) / 1e6 : 0;
  const share = spent / budget.monthlyUsd;
  return {
    monthly_usd: budget.monthlyUsd,
    spent_usd: spent,
    share: Math.round(share * 10_000) / 10_000,
    state: share >= 1 ? 'reached' : share >= BUDGET_WARNING_SHARE ? 'warning' : 'ok',
    period: period.slice(0, 7),
    resets_at: resetsAt(period).toISOString(),
  };
}

/** The account's budget (userId undefined) or a member's, if set. */
export async function findBudget(db: AppDb, accountId: string, userId?: string): Promise<BudgetRow | undefined> {
  const [row] = await db
    .select()
    .from(aiBudgets)
    .where(and(eq(aiBudgets.accountId, accountId), userId ? eq(aiBudgets.userId, userId) : isNull(aiBudgets.userId)));
  return row;
}

/** GET /account/billing/budgets: the account's budget and each member's, with this month's spending. */
export async function listBudgets(db: AppDb, actor: AccountActor, now = new Date()): Promise<TBudgets> {
  const period = periodOf(now);
  const budgets = await db.select().from(aiBudgets).where(eq(aiBudgets.accountId, actor.accountId));
  const members = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.accountId, actor.accountId))
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.email));
  const spent = rowsOf<{ user_id: string; cost: number }>(
    await db.execute(sql`SELECT user_id::text, sum(cost_usd)::float8 AS cost FROM llm_usage WHERE account_id = ${actor.accountId} AND day >= ${period}::date GROUP BY 1`),
  );
  const spentBy = new Map(spent.map((row) => [row.user_id, Math.round(Number(row.cost) * 1e6) / 1e6]));
  const accountBudget = budgets.find((b) => b.userId === null);
  return {
    account: accountBudget ? budgetStatus(accountBudget, now) : null,
    members: members.map((member) => {
      const budget = budgets.find((b) => b.userId === member.id);
      return { user_id: member.id, name: `${member.first} ${member.last}`.trim() || member.email, spent_usd: spentBy.get(member.id) ?? 0, budget: budget ? budgetStatus(budget, now) : null };
    }),
  };
}

/**
 * PUT /account/billing/budgets/account and /members/{id}: sets (or, with null, removes) a monthly
 * budget. A new budget starts with what its scope already spent this month; a raised one may warn
 * again when it is crossed.
 */
export async function setBudget(db: AppDb, actor: AccountActor, userId: string | null, monthlyUsd: number | null, now = new Date()): Promise<TBudgets> {
  if (userId) {
    const [member] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.accountId, actor.accountId)));
    if (!member) throw new AppError(404, 'not_found', BILLING_TEXT.memberNotFound);
  }
  const scope = and(eq(aiBudgets.accountId, actor.accountId), userId ? eq(aiBudgets.userId, userId) : isNull(aiBudgets.userId));
  if (monthlyUsd === null) {
    await db.delete(aiBudgets).where(scope);
    return listBudgets(db, actor, now);
  }
  const period = periodOf(now);
  await db.transaction(async (tx) => {
    const spentSql = sql`(SELECT coalesce(sum(cost_usd), 0)::float8 FROM llm_usage WHERE account_id = ${actor.accountId} AND day >= ${period}::date ${userId ? sql`AND user_id = ${userId}` : sql``})`;
    await tx.execute(sql`
      INSERT INTO ai_budgets (account_id, user_id, monthly_usd, period, spent_usd, updated_by, updated_at)
      VALUES (${actor.accountId}, ${userId}, ${monthlyUsd}, ${period}, ${spentSql}, ${actor.userId}, now())
      ON CONFLICT ON CONSTRAINT ai_budgets_scope_key DO UPDATE SET
        monthly_usd = excluded.monthly_usd,
        updated_by = excluded.updated_by,
        updated_at = now(),
        warned_at = CASE WHEN ai_budgets.spent_usd < excluded.monthly_usd * ${BUDGET_WARNING_SHARE} THEN NULL ELSE ai_budgets.warned_at END,
        reached_at = CASE WHEN ai_budgets.spent_usd < excluded.monthly_usd THEN NULL ELSE ai_budgets.reached_at END`);
  });
  return listBudgets(db, actor, now);
}
