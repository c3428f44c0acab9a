import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { conversationMessages, conversations, CONVERSATION_KINDS } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { InteractionRecord } from '../../intelligence/types.js';

export type ConversationKind = (typeof CONVERSATION_KINDS)[number];
export type ConversationRow = typeof conversations.$inferSelect;
export type MessageRow = typeof conversationMessages.$inferSelect;

/** A clarification chain's state: what was asked, what was answered. */
export interface ClarificationState extends Record<string, unknown> {
  turns: { question: string; options: { id: string; text: string }[]; answer: string | null }[];
}

export async function startConversation(db: DbOrTx, userId: string, kind: ConversationKind, state: Record<string, unknown>, model?: string): Promise<ConversationRow> {
  const [row] = await db.insert(conversations).values({ userId, kind, state, model }).returning();
  return row!;
}

/**
 * The user's open conversation of a kind, by id. An id that is not theirs or not of that kind is
 * 404; one that has ended is 409 (the client starts again).
 */
export async function openConversation(db: DbOrTx, userId: string, id: string, kind: ConversationKind, endedMessage: string): Promise<ConversationRow> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId), eq(conversations.kind, kind)));
  if (!row) throw new AppError(404, 'not_found', 'Conversation not found.');
  if (row.completedAt) throw new AppError(409, 'conversation_ended', endedMessage);
  return row;
}

export async function latestConversation(db: DbOrTx, userId: string, kind: ConversationKind, openOnly = false): Promise<ConversationRow | undefined> {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.kind, kind), ...(openOnly ? [isNull(conversations.completedAt)] : [])))
    .orderBy(desc(conversations.createdAt), desc(conversations.id))
    .limit(1);
  return row;
}

export async function addMessage(
  db: DbOrTx,
  conversationId: string,
  role: 'user' | 'assistant' | 'system',
  content: string,
  extra: { options?: { id: string; text: string }[] | null; interaction?: InteractionRecord | null } = {},
): Promise<MessageRow> {
  const [row] = await db
    .insert(conversationMessages)
    .values({ conversationId, role, content, options: extra.options ?? null, interaction: (extra.interaction as unknown as Record<string, unknown>) ?? null })
    .returning();
  return row!;
}

export async function messagesOf(db: DbOrTx, conversationId: string): Promise<MessageRow[]> {
  return db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, conversationId)).orderBy(asc(conversationMessages.id));
}

export async function saveState(db: DbOrTx, id: string, state: Record<string, unknown>, completed = false): Promise<void> {
  await db
    .update(conversations)
    .set({ state, updatedAt: new Date(), ...(completed ? { completedAt: new Date() } : {}) })
    .where(eq(conversations.id, id));
}

/** The question/answer pairs of a clarification chain, answered ones only. */
export const answeredTurns = (state: ClarificationState) =>
  state.turns.filter((t): t is { question: string; options: { id: string; text: string }[]; answer: string } => t.answer !== null).map((t) => ({ question: t.question, answer: t.answer }));
