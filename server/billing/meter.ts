import { eq, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { DbOrTx } from '../db/client.js';
import { users } from '../db/schema/index.js';
import type { InteractionRecord, UsageMeter } from '../intelligence/types.js';
import { admitCall, settleCall, type Reservation } from './budgets.js';
import { accountProviderKeysOf } from './provider-keys.js';

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
  /**
   * The model call runs inside `db`'s transaction: admission checks the budgets without reserving
   * (no lock held across the call); usage and spending are written in that transaction.
   */
  inTransaction?: boolean;
  /** The product's address: budget notices are emailed too when it is known. */
  publicUrl?: string;
}

/**
 * The usage meter of one member's calls about one topic (or none): every call is counted on
 * llm_usage; a model call is admitted first, with the account's own provider key when it keeps one.
 */
export function usageMeter({ db, logger, inTransaction = false, publicUrl }: MeterOptions, scope: UsageScope): UsageMeter {
  const count = async (answered: InteractionRecord, reservation?: Reservation) => {
    const accountId = await accountIdOf(db, scope.userId);
    if (!accountId) return logger.warn({ userId: scope.userId }, 'usage of a user who is gone is not counted');
    const write = async (tx: DbOrTx) => {
      await addUsage(tx, accountId, scope, answered);
      if (reservation) await settleCall(tx, accountId, reservation, answered.cost_usd, publicUrl);
    };
    await (inTransaction || !reservation?.ids.length ? write(db) : db.transaction(write));
  };
  return {
    async admit({ estimateUsd }) {
      const accountId = await accountIdOf(db, scope.userId);
      // A user who is gone has no budget to hold to; the call is not counted either.
      if (!accountId) return { ticket: { settle: async () => undefined } };
      const admitted = await admitCall(db, accountId, scope.userId, estimateUsd, !inTransaction);
      if ('refused' in admitted) return { refused: admitted.refused };
      return { ticket: { settle: (answered) => count(answered, admitted) } };
    },
    record: (answered) => count(answered),
    async providerKeys() {
      try {
        const accountId = await accountIdOf(db, scope.userId);
        return accountId ? await accountProviderKeysOf(db, accountId, logger) : {};
      } catch (error) {
        logger.warn({ err: error, userId: scope.userId }, "the account's provider keys could not be read: the install's keys are used");
        return {};
      }
    },
  };
}
