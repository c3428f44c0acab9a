import { and, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { TConversationLogEntry, TConversationLogs } from '../../../contract/tools.js';
import type { Database } from '../../db/client.js';
import { auditLog, conversationMessages, conversations, users } from '../../db/schema/index.js';

/** The audit action that clears the log; the newest one is the log's starting point. */
export const CLEAR_LOGS_ACTION = 'clear_conversation_logs';
/** Prompts can be long; the log shows this much of each part. */
const TEXT_MAX = 20_000;

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, TEXT_MAX) : '');
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** Calls made after the newest clear (compared in SQL, at the database's precision). */
const afterClear = sql`${conversationMessages.createdAt} > COALESCE((SELECT max(a.created_at) FROM audit_log a WHERE a.action = ${CLEAR_LOGS_ACTION}), '-infinity'::timestamptz)`;

export async function logsClearedAt(database: Database): Promise<Date | null> {
  const [row] = await database.db
    .select({ at: sql<string | null>`max(${auditLog.createdAt})` })
    .from(auditLog)
    .where(eq(auditLog.action, CLEAR_LOGS_ACTION));
  return row?.at ? new Date(row.at) : null;
}

/**
 * GET /conversation/logs/ (superusers): every AI call made in a conversation (the interview,
 * profile and topic clarifications, the add-topic chat), newest first: who, which conversation,
 * the prompt, the answer, the model, tokens, time and cost, from the interaction record stored
 * with each assistant message. Only calls after `since` and after the last clear are listed.
 */
export async function conversationLogs(database: Database, options: { since?: string; limit: number }): Promise<TConversationLogs> {
  const cleared = await logsClearedAt(database);
  const rows = await database.db
    .select({
      id: conversationMessages.id,
      createdAt: conversationMessages.createdAt,
      content: conversationMessages.content,
      interaction: conversationMessages.interaction,
      conversationId: conversations.id,
      kind: conversations.kind,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .innerJoin(users, eq(users.id, conversations.userId))
    .where(and(eq(conversationMessages.role, 'assistant'), isNotNull(conversationMessages.interaction), afterClear, ...(options.since ? [gt(conversationMessages.createdAt, new Date(options.since))] : [])))
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(options.limit);
  const logs: TConversationLogEntry[] = rows.map((row) => {
    const record = (row.interaction ?? {}) as Record<string, unknown>;
    const prompt = (record.prompt_sent ?? {}) as Record<string, unknown>;
    return {
      id: row.id,
      created_at: row.createdAt.toISOString(),
      conversation_id: row.conversationId,
      kind: row.kind,
      stage: typeof record.stage === 'string' ? record.stage : null,
      user: { id: row.userId, email: row.email, name: `${row.firstName} ${row.lastName}`.trim() },
      model: typeof record.model_used === 'string' && record.model_used ? record.model_used : 'unknown',
      prompt: { system_prompt: text(prompt.system_prompt), user_message: text(prompt.user_message) },
      response: text(record.llm_response) || row.content.slice(0, TEXT_MAX),
      prompt_tokens: num(record.prompt_tokens),
      response_tokens: num(record.response_tokens),
      total_tokens: num(record.total_tokens),
      duration_seconds: num(record.processing_duration_seconds),
      cost_usd: num(record.cost_usd),
      fallback_reason: typeof record.fallback_reason === 'string' ? record.fallback_reason : null,
    };
  });
  return { logs, count: logs.length, cleared_at: cleared?.toISOString() ?? null };
}

/**
 * DELETE /conversation/clear_logs/ (superusers): the log starts again from now. The
 * conversations themselves stay (the interview export and open clarification chains need them);
 * clearing is an audit row with how many calls it hid, so who cleared what stays known.
 */
export async function countVisibleLogs(database: Database): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<string>`count(*)` })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.role, 'assistant'), isNotNull(conversationMessages.interaction), afterClear));
  return Number(row?.n ?? 0);
}
