import { z } from 'zod';

/**
 * Superuser tools: the topic search of the last 24 hours,
 * test users, the generated test profile, and the log of AI conversation calls.
 */

/** The topic detail search: the last 24 hours, combined search, score 0.42 and up. */
export const TOPIC_SEARCH = { windowHours: 24, minScore: 0.42, maxDocuments: 50 } as const;

export const TOOL_MESSAGES = {
  topicSearchEmpty: 'No documents found in the last 24 hours for this topic.',
  topicSearchFailed: 'Search Failed',
  testUserFailed: 'Failed to create test user: {reason}',
  testUserFallback: 'User creation failed',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
} as const;

/** GET /topics/{id}/search/: one entry per document, best chunk first. */
export const ZTopicSearchDocument = z.object({
  id: z.number(),
  name: z.string(),
  text: z.string(),
  score: z.number(),
  source: z.string(),
  canonical_at: z.string(),
  /** The document's original address (the card's source link), when it has one. */
  url: z.string().nullable(),
});
export type TTopicSearchDocument = z.infer<typeof ZTopicSearchDocument>;

export const ZTopicSearchResponse = z.object({
  count: z.number(),
  time_range: z.object({ from: z.string(), to: z.string() }),
  search_metrics: z.object({ score_avg: z.number().nullable(), threshold: z.number(), query: z.string(), mode: z.enum(['hybrid', 'full_text']) }),
  documents: z.array(ZTopicSearchDocument),
});
export type TTopicSearchResponse = z.infer<typeof ZTopicSearchResponse>;

const optionalText = (max: number) => z.string().trim().max(max, `At most ${max} characters`).default('');

/** POST /me/create_test_user/: first and last names required. */
export const ZCreateTestUserRequest = z.object({
  first_name: z.string().trim().min(1, TOOL_MESSAGES.firstNameRequired).max(100, 'At most 100 characters'),
  last_name: z.string().trim().min(1, TOOL_MESSAGES.lastNameRequired).max(100, 'At most 100 characters'),
  title: optionalText(200),
  organization: optionalText(200),
  location: optionalText(200),
  interests: optionalText(2000),
  ab_test: z.boolean().default(false),
});
export type TCreateTestUserRequest = z.input<typeof ZCreateTestUserRequest>;

const ZCredentials = z.object({ id: z.string(), email: z.string(), password: z.string() });

export const ZCreateTestUserResponse = z.object({
  success: z.literal(true),
  user: ZCredentials,
  /** The second user of an A/B pair (ab_test): same profile, group B. */
  user_b: ZCredentials.nullable(),
  account: z.object({ id: z.string(), name: z.string() }),
});
export type TCreateTestUserResponse = z.infer<typeof ZCreateTestUserResponse>;

/** POST /me/generate_test_profile/: an optional seed makes the answer repeatable. */
export const ZGenerateTestProfileRequest = z.preprocess((body) => body ?? {}, z.object({ seed: z.number().int().min(0).max(2 ** 31 - 1).optional() }));

export const ZTestProfile = z.object({
  first_name: z.string(),
  last_name: z.string(),
  title: z.string(),
  organization: z.string(),
  location: z.string(),
  interests: z.string(),
  seed: z.number(),
});
export type TTestProfile = z.infer<typeof ZTestProfile>;

export const CONVERSATION_LOG_LIMITS = { defaultLimit: 100, maxLimit: 500 } as const;

/** GET /conversation/logs/?since&limit: `since` is an ISO date-time (entries after it). */
export const ZConversationLogsQuery = z.object({
  since: z.iso.datetime({ offset: true, message: 'An ISO date-time, e.g. 2026-01-31T12:00:00Z' }).optional(),
  limit: z.coerce.number().int().min(1).max(CONVERSATION_LOG_LIMITS.maxLimit).default(CONVERSATION_LOG_LIMITS.defaultLimit),
});

/** One AI call made in a conversation (interview, profile or topic clarification, add-topic chat). */
export const ZConversationLogEntry = z.object({
  id: z.number(),
  created_at: z.string(),
  conversation_id: z.string(),
  kind: z.string(),
  stage: z.string().nullable(),
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  model: z.string(),
  prompt: z.object({ system_prompt: z.string(), user_message: z.string() }),
  response: z.string(),
  prompt_tokens: z.number(),
  response_tokens: z.number(),
  total_tokens: z.number(),
  duration_seconds: z.number(),
  cost_usd: z.number(),
  fallback_reason: z.string().nullable(),
});
export type TConversationLogEntry = z.infer<typeof ZConversationLogEntry>;

export const ZConversationLogs = z.object({
  logs: z.array(ZConversationLogEntry),
  count: z.number(),
  /** When the log was last cleared (earlier calls are not listed), or null. */
  cleared_at: z.string().nullable(),
});
export type TConversationLogs = z.infer<typeof ZConversationLogs>;

export const ZClearLogsResponse = z.object({ success: z.literal(true), cleared: z.number(), cleared_at: z.string() });
export type TClearLogsResponse = z.infer<typeof ZClearLogsResponse>;
