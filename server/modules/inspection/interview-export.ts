import { and, asc, eq, inArray } from 'drizzle-orm';
import type { TInterviewExport } from '../../../contract/inspection.js';
import type { DbOrTx } from '../../db/client.js';
import { conversationMessages } from '../../db/schema/index.js';
import { latestConversation } from '../user-topics/conversations.js';

/** The user's latest onboarding interview for the export; empty when there is none. */
export async function interviewExport(db: DbOrTx, userId: string): Promise<TInterviewExport> {
  const conversation = await latestConversation(db, userId, 'onboarding_interview');
  const messages = conversation
    ? await db
        .select()
        .from(conversationMessages)
        .where(and(eq(conversationMessages.conversationId, conversation.id), inArray(conversationMessages.role, ['user', 'assistant'])))
        .orderBy(asc(conversationMessages.id))
    : [];
  const first = messages[0]?.createdAt ?? null;
  const last = messages.at(-1)?.createdAt ?? null;
  return {
    metadata: {
      total_messages: messages.length,
      user_messages: messages.filter((m) => m.role === 'user').length,
      assistant_messages: messages.filter((m) => m.role === 'assistant').length,
      conversation_id: conversation?.id ?? null,
      interview_model: conversation?.model ?? null,
      started_at: (first ?? conversation?.createdAt)?.toISOString() ?? null,
      last_message_at: last?.toISOString() ?? null,
      duration_seconds: first && last ? Math.round((last.getTime() - first.getTime()) / 1000) : null,
    },
    interview_messages: messages.map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content, timestamp: m.createdAt.toISOString(), options: m.options?.length ? m.options : null })),
  };
}
