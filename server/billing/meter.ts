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

/** Calls counted on one row of llm_usage: a member's, topic's, stage's and model's day. */
interface UsageRow {
  accountId: string;
  scope: UsageScope;
  stage: string;
  model: string;
  day: string;
  calls: number;
  promptTokens: number;
  responseTokens: number;
  costUsd: number;
}

const rowOf = (accountId: string, scope: UsageScope, record: InteractionRecord, at: Date): UsageRow => ({
  accountId,
  scope,
  stage: record.stage,
  model: record.model_used,
  day: usageDay(at),
  calls: 1,
  promptTokens: record.prompt_tokens,
  responseTokens: record.response_tokens,
  costUsd: record.cost_usd,
});

/** Adds rows to the day's counts, in one statement (each row's key once: a tally sums first). */
async function writeUsage(db: DbOrTx, rows: UsageRow[]): Promise<void> {
  if (rows.length === 0) return;
  const values = sql.join(
    rows.map((r) => sql`(${r.accountId}, ${r.scope.userId}, ${r.scope.topicId ?? null}, ${r.stage}, ${r.model}, ${r.day}, ${r.calls}, ${r.promptTokens}, ${r.responseTokens}, ${r.costUsd})`),
    sql`, `,
  );
  await db.execute(sql`
    INSERT INTO llm_usage (account_id, user_id, topic_id, stage, model, day, calls, prompt_tokens, response_tokens, cost_usd)
    VALUES ${values}
    ON CONFLICT ON CONSTRAINT llm_usage_key DO UPDATE SET
      calls = llm_usage.calls + excluded.calls,
      prompt_tokens = llm_usage.prompt_tokens + excluded.prompt_tokens,
      response_tokens = llm_usage.response_tokens + excluded.response_tokens,
      cost_usd = llm_usage.cost_usd + excluded.cost_usd`);
}

/** Adds one call to its member's, topic's, stage's and model's row of the day. */
export async function addUsage(db: DbOrTx, accountId: string, scope: UsageScope, record: InteractionRecord, at = new Date()): Promise<void> {
  await writeUsage(db, [rowOf(accountId, scope, record, at)]);
}

/**
 * Calls that needed no admission (the built-in engine), summed in memory per row of the day and
 * written with `flush` in one statement: detection judges a batch of pairs at a time, and one
 * statement per call cost it a tenth of its time on PGlite.
 */
export class UsageTally {
  private readonly rows = new Map<string, UsageRow>();

  add(accountId: string, scope: UsageScope, record: InteractionRecord, at = new Date()): void {
    const row = rowOf(accountId, scope, record, at);
    const key = [row.accountId, row.scope.userId, row.scope.topicId ?? '', row.stage, row.model, row.day].join('|');
    const known = this.rows.get(key);
    if (!known) return void this.rows.set(key, row);
    known.calls += 1;
    known.promptTokens += row.promptTokens;
    known.responseTokens += row.responseTokens;
    known.costUsd += row.costUsd;
  }

  async flush(db: DbOrTx): Promise<void> {
    const rows = [...this.rows.values()];
    this.rows.clear();
    await writeUsage(db, rows);
  }
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
  /** Calls that need no admission are summed here, for the caller to flush, instead of written one by one. */
  tally?: UsageTally;
}

/**
 * The usage meter of one member's calls about one topic (or none): every call is counted on
 * llm_usage; a model call is admitted first, with the account's own provider key when it keeps one.
 */
export function usageMeter({ db, logger, inTransaction = false, publicUrl, tally }: MeterOptions, scope: UsageScope): UsageMeter {
  const count = async (answered: InteractionRecord, reservation?: Reservation) => {
    const accountId = await accountIdOf(db, scope.userId);
    if (!accountId) return logger.warn({ userId: scope.userId }, 'usage of a user who is gone is not counted');
    if (tally && !reservation) return tally.add(accountId, scope, answered);
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
