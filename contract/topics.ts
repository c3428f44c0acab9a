import { z } from 'zod';

const ZLevels = z.object({ high: z.string(), medium: z.string(), low: z.string() });

/** A topic as the API shows it. */
export const ZTopic = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  information_sought: z.string(),
  query: z.string(),
  ai_query: z.string(),
  key_events: z.array(z.string()),
  key_entities: z.array(z.string()),
  key_places: z.array(z.string()),
  /** Map of collection id to its name (one of the spec's accepted shapes). */
  sources: z.record(z.string(), z.string()),
  relevance_matrix: z.object({ action_outcome: ZLevels, entities: ZLevels, places: ZLevels }).nullable(),
  created_at: z.string(),
  /** True while the description is still being written (spec: 'Processing...'). */
  processing: z.boolean(),
});
export type TTopic = z.infer<typeof ZTopic>;

export const ZTopicList = z.object({ topics: z.array(ZTopic) });

/** Topic messages the spec quotes. */
export const TOPIC_MESSAGES = {
  tooMany: 'You follow 50 topics, the most Herald keeps for one person. Remove one to add another.',
  /** A batch past the limit: how many the user follows and how many can still be added. */
  tooManyInBatch: (following: number, adding: number) =>
    `You follow ${following} topic${following === 1 ? '' : 's'} and chose ${adding} more: Herald keeps at most 50 for one person, so you can add ${Math.max(0, 50 - following)} more. Choose fewer.`,
  alreadyTracked: 'This topic is already tracked',
  alreadyBeingTracked: 'This topic is already being tracked',
  youAreTracking: "You're already tracking this topic: ",
  validationFailed: 'Validation failed',
  failedToValidate: 'Failed to validate topic',
  failedToValidateRetry: 'Failed to validate topic. Please try again.',
  failedToSubmitAnswer: 'Failed to submit answer',
  failedToSubmitAnswerRetry: 'Failed to submit answer. Please try again.',
  rephrase: 'Topic validation failed. Please try rephrasing.',
  followUpFailed: 'Topic validation failed',
  unexpected: 'Unexpected response from validation',
  clarificationNeeded: 'Clarification needed',
  whichOne: 'Which one did you mean?',
  answerRequired: 'Please provide an answer',
  tooLong: 'Topics are limited to 200 characters.',
  empty: 'Please enter a topic to track.',
  conversationRequired: 'This answer belongs to no open question. Please submit the topic again.',
  modificationFailed: 'Modification failed',
  modifyFailed: 'Failed to modify topic',
  updated: 'Topic updated successfully',
  notOnboarded: 'This user has not completed onboarding yet.',
  notOnboardedHint: 'Complete onboarding to add or edit topics.',
  notFound: 'Topic not found.',
  startChatFailed: 'Failed to start add-topic chat',
  sendChatFailed: 'Failed to send add-topic reply',
  emptyState: 'Add topics above to start building your personalized intelligence feed',
  removeConfirm: 'Are you sure you want to remove this topic from your list? You can re-add it later.',
} as const;

/** Topic limits: key lists 6-12 items, description 25+ words, query 12+ words. */
export const TOPIC_LIMITS = { name: 200, keyListMin: 6, keyListMax: 12, descriptionWords: 25, queryWords: 12, perUser: 50 } as const;

const topicText = z.string().trim().min(1, TOPIC_MESSAGES.empty).max(TOPIC_LIMITS.name, TOPIC_MESSAGES.tooLong);
const answer = z.string().trim().min(1, TOPIC_MESSAGES.answerRequired).max(2000, 'At most 2000 characters');
const sourceIds = z.array(z.number().int().positive()).max(20);

/** POST /topics/validate/: `answer` and `conversation_id` together on a follow-up. */
export const ZValidateTopicRequest = z
  .object({
    topic: topicText,
    existing_topics: z.array(z.string().max(500)).max(500).default([]),
    sources: sourceIds.default([]),
    answer: answer.optional(),
    conversation_id: z.uuid('a conversation id').optional(),
  })
  .refine((body) => body.answer === undefined || body.conversation_id !== undefined, { message: TOPIC_MESSAGES.conversationRequired, path: ['conversation_id'] });

export const TOPIC_STATUSES = ['validated', 'clarification_needed', 'duplicate', 'failed'] as const;
export const ZOption = z.object({ id: z.string(), text: z.string() });

export const ZValidateTopicResponse = z.object({
  status: z.enum(TOPIC_STATUSES),
  success: z.boolean(),
  topic: ZTopic.nullable(),
  normalized_name: z.string().nullable(),
  question: z.string().nullable(),
  /** 'Which one did you mean?' choices when the name is ambiguous. */
  options: z.array(ZOption),
  conversation_id: z.string().nullable(),
  error: z.string().nullable(),
});
export type TValidateTopicResponse = z.infer<typeof ZValidateTopicResponse>;

const keyList = z.array(z.string().trim().min(1).max(200)).max(12, 'At most 12 items, one per line.');

/** The edit form's words for a key list: how many there are against the 12 kept and the 6 that work best. */
export function keyListHint(count: number): string {
  if (count > TOPIC_LIMITS.keyListMax) return `${count} items: at most ${TOPIC_LIMITS.keyListMax} can be saved.`;
  if (count > 0 && count < TOPIC_LIMITS.keyListMin) return `${count} item${count === 1 ? '' : 's'}: they can be saved; Herald recognises the topic best with ${TOPIC_LIMITS.keyListMin} or more.`;
  return `One per line, up to ${TOPIC_LIMITS.keyListMax}; ${TOPIC_LIMITS.keyListMin} or more work best.`;
}

/** POST /topics/{id}/modify/. */
export const ZModifyTopicRequest = z
  .object({
    changes: z
      .object({
        name: topicText.optional(),
        description: z.string().trim().min(1, 'Description is required').max(5000).optional(),
        query: z.string().trim().min(1, 'Query is required').max(2000).optional(),
        key_events: keyList.optional(),
        key_entities: keyList.optional(),
        key_places: keyList.optional(),
        collections: sourceIds.optional(),
      })
      .default({}),
    answer: answer.optional(),
    conversation_id: z.uuid('a conversation id').optional(),
  })
  .refine((body) => body.answer === undefined || body.conversation_id !== undefined, { message: TOPIC_MESSAGES.conversationRequired, path: ['conversation_id'] });
export type TModifyTopicRequest = z.input<typeof ZModifyTopicRequest>;

export const ZModifyTopicResponse = z.object({
  status: z.enum(['updated', 'clarification_needed', 'failed']),
  topic: ZTopic.nullable(),
  question: z.string().nullable(),
  options: z.array(ZOption),
  conversation_id: z.string().nullable(),
  error: z.string().nullable(),
});
export type TModifyTopicResponse = z.infer<typeof ZModifyTopicResponse>;

/** POST /topics/add/chat/: the transcript is checked with the spec's messages (contract/chat.ts). */
export const ZAddTopicChatRequest = z.object({ transcript: z.unknown() });
export const ZAddTopicChatResponse = z.object({
  messages: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })),
  created_topics: z.array(ZTopic),
  failure_reason: z.string().nullable(),
});
export type TAddTopicChatResponse = z.infer<typeof ZAddTopicChatResponse>;
