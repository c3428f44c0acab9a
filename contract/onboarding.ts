import { z } from 'zod';
import { LANGUAGE_CHOICES, ZMe } from './auth.js';
import { ZTopic } from './topics.js';
import { ALERT_DAILY_CAP_MAX, SUGGESTIONS_ONBOARDING_MAX } from './constants.js';

export * from './onboarding-text.js';

/** Onboarding limits. */
/** How many open suggestions expand-suggestions keeps ready for Manage Topics and the feed. */
export const SUGGESTIONS_TARGET = 24;
export const TOPIC_MAX_LENGTH = 200;
export const INTERESTS_MAX_LENGTH = 2000;
export const ANSWER_MAX_LENGTH = 2000;
export const PROFILE_POLL_MS = 3000;
export const TOPICS_PROCESSING_POLL_MS = 30_000;

/**
 * An assistant message holding this phrase ends the interview and is not shown; the built-in engine's closing message uses it, and language models are told to.
 */
export const INTERVIEW_DONE_PHRASE = 'I have enough information to create your profile';

/** Messages the spec quotes for profile completion and editing. */
export const PROFILE_MESSAGES = {
  interestsRequired: 'Please enter your interests',
  answerRequired: 'Please provide an answer',
  failed: 'Profile validation failed.',
  failedCheck: 'Profile validation failed. Please check your information.',
  answerFailed: 'Failed to submit answer. Please try again.',
  completeFailed: 'Failed to complete profile. Please try again.',
  finishFailed: 'Failed to finish setup. Please try again.',
  conversationRequired: 'This answer belongs to no open question. Please submit the form again.',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  alertDailyCap: `Choose a whole number of alerts a day from 1 to ${ALERT_DAILY_CAP_MAX}`,
} as const;

const LANGUAGES = LANGUAGE_CHOICES.map((c) => c.value) as [string, ...string[]];
const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const answer = z.string().trim().min(1, PROFILE_MESSAGES.answerRequired).max(ANSWER_MAX_LENGTH, `At most ${ANSWER_MAX_LENGTH} characters`);

/**
 * POST /auth/complete_profile/. `answer` and
 * `conversation_id` come together on a follow-up. `onboarding_topics` is the text of a list of
 * topic names (the web sends "[]"); names in it are offered first among the suggestions.
 */
export const ZCompleteProfileRequest = z
  .object({
    location: text(200).default(''),
    title: text(200).default(''),
    organization: text(200).default(''),
    language: z.enum(LANGUAGES, 'Choose one of the offered languages').default('en'),
    interests: z.string().trim().min(1, PROFILE_MESSAGES.interestsRequired).max(INTERESTS_MAX_LENGTH, `At most ${INTERESTS_MAX_LENGTH} characters`),
    onboarding_topics: z.union([z.string().max(10_000), z.array(z.string().max(200)).max(50)]).default('[]'),
    alerts: z.boolean().default(true),
    newsletter: z.boolean().default(true),
    answer: answer.optional(),
    conversation_id: z.uuid('a conversation id').optional(),
  })
  .refine((body) => body.answer === undefined || body.conversation_id !== undefined, { message: PROFILE_MESSAGES.conversationRequired, path: ['conversation_id'] });
export type TCompleteProfileRequest = z.input<typeof ZCompleteProfileRequest>;

export const ZSuggestion = z.object({ id: z.number(), name: z.string(), sources: z.array(z.number()), reasoning: z.string() });
export type TSuggestion = z.infer<typeof ZSuggestion>;

export const PROFILE_STATUSES = ['validated', 'clarification_needed', 'failed'] as const;

export const ZCompleteProfileResponse = z.object({
  status: z.enum(PROFILE_STATUSES),
  question: z.string().nullable(),
  conversation_id: z.string().nullable(),
  error: z.string().nullable(),
  suggestions: z.array(ZSuggestion),
  profile_completed: z.boolean(),
  suggestions_completed: z.boolean(),
  user: ZMe.nullable(),
});
export type TCompleteProfileResponse = z.infer<typeof ZCompleteProfileResponse>;

/**
 * PATCH /me/profile/. The form's names; the server's own names for field
 * errors are title, company_or_organization and location (the web maps them back).
 */
export const ZProfileUpdateRequest = z
  .object({
    first_name: z.string().trim().min(1, PROFILE_MESSAGES.firstNameRequired).max(100),
    last_name: z.string().trim().min(1, PROFILE_MESSAGES.lastNameRequired).max(100),
    country: text(200).default(''),
    city: text(200).default(''),
    job_title_function: text(200).default(''),
    employer: text(200).default(''),
    interests: z.string().trim().min(1, PROFILE_MESSAGES.interestsRequired).max(INTERESTS_MAX_LENGTH, `At most ${INTERESTS_MAX_LENGTH} characters`),
    alerts: z.boolean().optional(),
    /** Breaking alerts at most this many a day (any 24 hours); the rest go to the daily brief. */
    alert_daily_cap: z
      .number(PROFILE_MESSAGES.alertDailyCap)
      .int(PROFILE_MESSAGES.alertDailyCap)
      .min(1, PROFILE_MESSAGES.alertDailyCap)
      .max(ALERT_DAILY_CAP_MAX, PROFILE_MESSAGES.alertDailyCap)
      .optional(),
    newsletter: z.boolean().optional(),
    language: z.enum(LANGUAGES, 'Choose one of the offered languages').optional(),
    answer: answer.optional(),
    conversation_id: z.uuid('a conversation id').optional(),
  })
  .refine((body) => body.answer === undefined || body.conversation_id !== undefined, { message: PROFILE_MESSAGES.conversationRequired, path: ['conversation_id'] });
export type TProfileUpdateRequest = z.input<typeof ZProfileUpdateRequest>;

/** Server field names of profile errors -> the form's fields. */
export const PROFILE_FIELD_MAP = { title: 'job_title_function', company_or_organization: 'employer', location: 'country' } as const;

export const ZProfileUpdateResponse = z.object({
  status: z.enum(PROFILE_STATUSES),
  user: ZMe.nullable(),
  question: z.string().nullable(),
  conversation_id: z.string().nullable(),
  error: z.string().nullable(),
  errors: z.record(z.string(), z.array(z.string())).nullable(),
});
export type TProfileUpdateResponse = z.infer<typeof ZProfileUpdateResponse>;

// --- Suggestions ---

const suggestionName = z.string().trim().min(1, 'A suggestion is required').max(TOPIC_MAX_LENGTH, `At most ${TOPIC_MAX_LENGTH} characters`);
const sourceIds = z.array(z.number().int().positive()).max(20);


export const ZAddSuggestionsRequest = z.object({
  suggestions: z.array(suggestionName).max(SUGGESTIONS_ONBOARDING_MAX * 2).default([]),
  step: z.enum(['suggestions', 'onboarding']),
  topics: z.array(z.object({ name: suggestionName, sources: sourceIds.default([]) })).max(50).default([]),
});
export const ZAddSuggestionsResponse = z.object({
  success: z.literal(true),
  created: z.array(ZTopic),
  suggestions_completed: z.boolean(),
  onboarding_complete: z.boolean(),
});

export const ZAddSuggestionRequest = z.object({ suggestion: suggestionName, sources: sourceIds.optional() });
export const ZAddSuggestionResponse = z.object({ success: z.literal(true), topic: ZTopic, status: z.enum(['processing', 'created']) });
export const ZDeleteSuggestionRequest = z.object({ suggestion: suggestionName });
export const ZDeleteSuggestionResponse = z.object({ success: z.literal(true) });
export const ZExpandSuggestionsRequest = z.object({ existing_suggestions: z.array(z.string().max(TOPIC_MAX_LENGTH)).max(200).default([]) });
export const ZSuggestionList = z.object({ suggestions: z.array(ZSuggestion), total_suggestions: z.number().int() });
export const ZExpandSuggestionsResponse = ZSuggestionList.extend({ success: z.literal(true) });

// --- The interview: chat messages and the conversation state ---

export const INTERVIEW_STAGES = ['interview', 'ready', 'profile_loading', 'profile_ready', 'profile'] as const;
export type TInterviewStage = (typeof INTERVIEW_STAGES)[number];

export const CONVERSATION_MESSAGES = {
  startFailed: 'Failed to start chat',
  sendFailed: 'Failed to send message',
  restartFailed: 'Failed to restart chat',
  statusFailed: 'Failed to fetch onboarding status',
  processFailed: 'Failed to process response',
  noInterview: 'There is no interview in progress. Start one first.',
  finished: 'This interview has ended.',
  unknownOption: 'That option is not one of the choices offered.',
  tooManyOptions: (max: number) => `Choose at most ${max}.`,
  profileIncomplete: 'Complete your profile first.',
} as const;

export const ZChoiceOption = z.object({ id: z.string(), text: z.string(), description: z.string().nullable() });
export const ZMultipleChoice = z.object({
  question: z.string(),
  options: z.array(ZChoiceOption),
  multiple_selections: z.boolean(),
  max_selections: z.number().int(),
  allow_other_text: z.boolean(),
  footer: z.string().nullable(),
});
export type TMultipleChoice = z.infer<typeof ZMultipleChoice>;

export const ZInterviewMessage = z.object({
  id: z.string(),
  content: z.string(),
  isUser: z.boolean(),
  timestamp: z.string(),
  agent: z.string(),
  step: z.string().nullable(),
  multiple_choice: ZMultipleChoice.nullable(),
  has_multiple_choice: z.boolean(),
  response_received: z.boolean(),
  selected_option_keys: z.array(z.string()),
  selected_option_texts: z.array(z.string()),
  other_text: z.string().nullable(),
  has_other_response: z.boolean(),
});
export type TInterviewMessage = z.infer<typeof ZInterviewMessage>;

export const ZInterviewState = z.object({
  conversation_id: z.string().nullable(),
  stage: z.enum(INTERVIEW_STAGES),
  agent: z.string(),
  step: z.string().nullable(),
  parsed_turns: z.number().int(),
  messages: z.array(ZInterviewMessage),
  /** Present once the interview has produced the AI profile. */
  profile: z
    .object({
      gpt_profile: z.string(),
      places_jurisdictions: z.array(z.string()),
      organizations: z.array(z.string()),
      products_markets: z.array(z.string()),
      gpt_industries: z.array(z.string()),
      gpt_responsibilities: z.array(z.string()),
    })
    .nullable(),
  redirect_to_profile_completion: z.boolean(),
});
export type TInterviewState = z.infer<typeof ZInterviewState>;

export const ZOnboardingStatus = ZInterviewState.extend({
  onboardingStatus: z.object({
    profile_completed: z.boolean(),
    suggestions_completed: z.boolean(),
    onboarding_complete: z.boolean(),
    has_profile: z.boolean(),
  }),
});
export type TOnboardingStatus = z.infer<typeof ZOnboardingStatus>;

/**
 * POST /conversation/chat/: an answer is `answer_text` (a string) or `user_selections` (an
 * object with text / selectedOptions / message + selections), or the option ids alone in
 * `selected_options`; `action: 'finish'` asks for the profile now. The shape beyond that is
 * checked with the spec's message (contract/chat.ts).
 */
export const ZInterviewChatRequest = z.object({
  conversation_id: z.uuid('a conversation id').optional(),
  answer_text: z.unknown().optional(),
  user_selections: z.unknown().optional(),
  selected_options: z.array(z.string().max(100)).max(20).optional(),
  action: z.enum(['finish']).optional(),
});
export type TInterviewChatRequest = z.infer<typeof ZInterviewChatRequest>;
