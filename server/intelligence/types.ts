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
