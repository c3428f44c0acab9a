import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DbOrTx } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { InteractionRecord, UsageMeter } from '../intelligence/types.js';

/** Whose call it is: the member, and the topic it is about (none for onboarding and topic work). */
export interface UsageScope {
  userId: string;
  topicId?: number | null;
}

/** The day (UTC) a call is counted on. */
export const usageDay = (at = new Date()) => at.toISOString().slice(0, 10);

// A member's account never changes: asked once per process (bounded).
const accountOf = new Map<string, string>();
async function accountIdOf(db: DbOrTx, userId: string): Promise<string | undefined> {
  const known = accountOf.get(userId);
  if (known) return known;
  const [row] = await db.select({ accountId: users.accountId }).from(users).where(eq(users.id, userId));
  if (!row) return undefined;
  if (accountOf.size > 10_000) accountOf.clear();
  accountOf.set(userId, row.accountId);
  return row.accountId;
}

/** Adds one call to its member's, topic's, stage's and model's row of the day. */
export async function addUsage(db: DbOrTx, accountId: string, scope: UsageScope, record: InteractionRecord, at = new Date()): Promise<void> {
  await db.execute(sql`
    INSERT INTO llm_usage (account_id, user_id, topic_id, stage, model, day, calls, prompt_tokens, response_tokens, cost_usd)
    VALUES (${accountId}, ${scope.userId}, ${scope.topicId ?? null}, ${record.stage}, ${record.model_used}, ${usageDay(at)}, 1, ${record.prompt_tokens}, ${record.response_tokens}, ${record.cost_usd})
    ON CONFLICT ON CONSTRAINT llm_usage_key DO UPDATE SET
      calls = llm_usage.calls + 1,
      prompt_tokens = llm_usage.prompt_tokens + excluded.prompt_tokens,
      response_tokens = llm_usage.response_tokens + excluded.response_tokens,
      cost_usd = llm_usage.cost_usd + excluded.cost_usd`);
}

export interface MeterOptions {
  /**
   * The handle the meter writes with: the database, or the transaction a stage calls the model in
   * (consolidation), whose usage then commits with its decision.
   */
  db: DbOrTx;
  logger: Logger;
}

/**
 * The usage meter of one member's calls about one topic (or none): every call is counted on
 * llm_usage; a model call is admitted first.
 */
export function usageMeter({ db, logger }: MeterOptions, scope: UsageScope): UsageMeter {
  const record = async (answered: InteractionRecord) => {
    const accountId = await accountIdOf(db, scope.userId);
    if (!accountId) return logger.warn({ userId: scope.userId }, 'usage of a user who is gone is not counted');
    await addUsage(db, accountId, scope, answered);
  };
  return {
    admit: async () => ({ ticket: { settle: record } }),
    record,
  };
}
