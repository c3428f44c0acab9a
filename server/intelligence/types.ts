import type { z } from 'zod';

/** The stages that keep an interaction record, plus onboarding. */
export const STAGES = [
  'summarization',
  'relevance',
  'novelty',
  'consolidation',
  'story_assignment',
  'research',
  'article',
  'qa',
  'profile',
  'topic_validation',
  'topic_suggestions',
  'interview',
  'trend_analysis',
] as const;
export type Stage = (typeof STAGES)[number];

/**
 * What one call of a capability did, whichever engine answered: the prompt,
 * the answer, the model, the time and the tokens. The built-in engine fills it too: its
 * "prompt" is the input it read and its token counts are real counts of that text.
 */
export interface InteractionRecord {
  stage: Stage;
  prompt_sent: { system_prompt: string; user_message: string };
  llm_response: string;
  model_used: string;
  processing_duration_seconds: number;
  prompt_tokens: number;
  response_tokens: number;
  total_tokens: number;
  system_prompt_tokens: number;
  user_payload_tokens: number;
  cost_usd: number;
  /** Attempts made (retries on 429/5xx, one repair of invalid output). */
  attempts: number;
  /** Set when a configured model could not be used and the built-in engine answered instead. */
  fallback_reason?: string;
  /** What the capability's `repair` changed in a model's answer before it was used. */
  repairs?: string[];
}

/**
 * Where a call's use of a language model is counted and held to a budget (server/billing/meter.ts
 * implements it for one member and topic). The engine asks before a model call and runs the
 * built-in engine when it is refused; every call, the built-in engine's too, is recorded.
 */
export interface UsageMeter {
  /** Before a model call that may cost up to about `estimateUsd`: a ticket to settle, or why it may not spend. */
  admit(call: { stage: Stage; model: string; estimateUsd: number }): Promise<{ ticket: UsageTicket } | { refused: BudgetRefusal }>;
  /** A call that needed no admission (the built-in engine answered). */
  record(record: InteractionRecord): Promise<void>;
  /**
   * The member's account's own provider keys (provider -> key), used instead of the install's;
   * empty when it keeps none. Never fails: a failure to read them leaves the install's keys.
   */
  providerKeys?(): Promise<Partial<Record<string, string>>>;
}

export interface UsageTicket {
  /** After the model call, answered or failed: what it used replaces what was reserved. */
  settle(record: InteractionRecord): Promise<void>;
}

/** Whose monthly AI budget refused a model call: the account's or the member's own. */
export type BudgetRefusal = 'account' | 'member';

/** The fallback_reason of a stage the built-in engine answered because a budget is spent. */
export const BUDGET_FALLBACK: Record<BudgetRefusal, string> = {
  account: "budget spent: the account's monthly AI budget",
  member: "budget spent: the member's monthly AI budget",
};

/** Whose budget made the built-in engine answer this record, if one did. */
export function budgetFallbackOf(record: Pick<InteractionRecord, 'fallback_reason'> | undefined): BudgetRefusal | undefined {
  if (record?.fallback_reason === BUDGET_FALLBACK.account) return 'account';
  if (record?.fallback_reason === BUDGET_FALLBACK.member) return 'member';
  return undefined;
}

export interface CapabilityResult<O> {
  output: O;
  record: InteractionRecord;
}

/**
 * One capability of the AI layer: typed input and output, a prompt for language models, and the
 * built-in engine's deterministic answer. Every capability of the product is one of these.
 */
export interface Capability<I, S extends z.ZodType> {
  name: string;
  stage: Stage;
  output: S;
  systemPrompt: string;
  /** The user message for a language model: the input, serialised for the task. */
  userMessage(input: I): string;
  builtin(input: I): z.infer<S> | Promise<z.infer<S>>;
  /**
   * A model's answer that matches the schema may still break the product's rules (a generic
   * title, an uncited sentence, a fragment of a metric): repair mends or leaves out what breaks
   * them and says what it did. Never shown unrepaired.
   */
  repair?(output: z.infer<S>, input: I): { output: z.infer<S>; repairs: string[] };
}
