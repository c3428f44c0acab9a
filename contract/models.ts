import { z } from 'zod';

/**
 * The models a user may choose per stage and the built-in engine. `value` is
 * what is stored and sent; prices are USD per 1M tokens (provider list prices, for cost
 * accounting); `short` marks the shorter list of the model picker.
 */
export interface ModelEntry {
  value: string;
  label: string;
  provider: 'builtin' | 'openai' | 'anthropic' | 'google' | 'mistral' | 'xai' | 'deepseek' | 'openai-compatible';
  modelId: string;
  reasoning?: 'low' | 'minimal';
  priceIn: number;
  priceOut: number;
  short?: boolean;
}

export const MODEL_REGISTRY: readonly ModelEntry[] = [
  { value: 'builtin', label: 'Built-in engine (offline)', provider: 'builtin', modelId: 'builtin', priceIn: 0, priceOut: 0, short: true },
  { value: 'gpt-5', label: 'GPT-5', provider: 'openai', modelId: 'gpt-5', priceIn: 1.25, priceOut: 10, short: true },
  { value: 'gpt-5-low', label: 'GPT-5 (LOW reasoning)', provider: 'openai', modelId: 'gpt-5', reasoning: 'low', priceIn: 1.25, priceOut: 10, short: true },
  { value: 'gpt-5-minimal', label: 'GPT-5 (MINIMAL reasoning)', provider: 'openai', modelId: 'gpt-5', reasoning: 'minimal', priceIn: 1.25, priceOut: 10, short: true },
  { value: 'gpt-5-mini', label: 'GPT-5 Mini', provider: 'openai', modelId: 'gpt-5-mini', priceIn: 0.25, priceOut: 2, short: true },
  { value: 'gpt-5-mini-low', label: 'GPT-5 Mini (LOW reasoning)', provider: 'openai', modelId: 'gpt-5-mini', reasoning: 'low', priceIn: 0.25, priceOut: 2 },
  { value: 'gpt-5-mini-minimal', label: 'GPT-5 Mini (MINIMAL reasoning)', provider: 'openai', modelId: 'gpt-5-mini', reasoning: 'minimal', priceIn: 0.25, priceOut: 2 },
  { value: 'gpt-5-nano', label: 'GPT-5 Nano', provider: 'openai', modelId: 'gpt-5-nano', priceIn: 0.05, priceOut: 0.4 },
  { value: 'gpt-4.1', label: 'GPT-4.1', provider: 'openai', modelId: 'gpt-4.1', priceIn: 2, priceOut: 8, short: true },
  { value: 'gpt-4.1-mini', label: 'GPT-4.1 Mini', provider: 'openai', modelId: 'gpt-4.1-mini', priceIn: 0.4, priceOut: 1.6, short: true },
  { value: 'gpt-4.1-nano', label: 'GPT-4.1 Nano', provider: 'openai', modelId: 'gpt-4.1-nano', priceIn: 0.1, priceOut: 0.4, short: true },
  { value: 'o4-mini', label: 'O4 Mini', provider: 'openai', modelId: 'o4-mini', priceIn: 1.1, priceOut: 4.4, short: true },
  { value: 'claude-3-7-sonnet', label: 'Claude 3.7 Sonnet', provider: 'anthropic', modelId: 'claude-3-7-sonnet-latest', priceIn: 3, priceOut: 15 },
  { value: 'gemini-1.5-flash', label: 'Gemini 1.5 Flash', provider: 'google', modelId: 'gemini-1.5-flash', priceIn: 0.075, priceOut: 0.3 },
  { value: 'gemini-1.5-pro', label: 'Gemini 1.5 Pro', provider: 'google', modelId: 'gemini-1.5-pro', priceIn: 1.25, priceOut: 5 },
  { value: 'gemini-2.0-flash', label: 'Gemini 2.0 Flash', provider: 'google', modelId: 'gemini-2.0-flash', priceIn: 0.1, priceOut: 0.4 },
  { value: 'gemini-2.0-flash-lite', label: 'Gemini 2.0 Flash Lite', provider: 'google', modelId: 'gemini-2.0-flash-lite', priceIn: 0.075, priceOut: 0.3 },
  { value: 'grok-3', label: 'Grok 3', provider: 'xai', modelId: 'grok-3', priceIn: 3, priceOut: 15 },
  { value: 'grok-3-mini', label: 'Grok 3 Mini', provider: 'xai', modelId: 'grok-3-mini', priceIn: 0.3, priceOut: 0.5 },
  { value: 'mistral-large', label: 'Mistral Large', provider: 'mistral', modelId: 'mistral-large-latest', priceIn: 2, priceOut: 6 },
  { value: 'mistral-small', label: 'Mistral Small', provider: 'mistral', modelId: 'mistral-small-latest', priceIn: 0.1, priceOut: 0.3 },
  { value: 'llama-3.3-70b', label: 'Llama 3.3 70B', provider: 'openai-compatible', modelId: 'llama-3.3-70b', priceIn: 0.59, priceOut: 0.79 },
  { value: 'deepseek-v3', label: 'DeepSeek V3', provider: 'deepseek', modelId: 'deepseek-chat', priceIn: 0.27, priceOut: 1.1 },
];

export function findModel(value: string): ModelEntry | undefined {
  return MODEL_REGISTRY.find((m) => m.value === value);
}

/** The eight per-stage model preferences and their defaults. */
export const MODEL_DEFAULTS = {
  events_model: 'gpt-4.1-nano',
  onboarding_model: 'gpt-4.1',
  consolidation_model: 'gpt-5-mini',
  novelty_check_model: 'gpt-5-mini',
  story_assignment_model: 'gpt-5-mini',
  article_research_model: 'gpt-5-mini',
  article_composition_model: 'gpt-5-mini',
  qa_model: 'gpt-5-mini',
} as const;
export type ModelField = keyof typeof MODEL_DEFAULTS;
export const MODEL_FIELDS = Object.keys(MODEL_DEFAULTS) as ModelField[];

export const MODEL_MESSAGES = {
  unknownModel: 'Unknown model. Choose one from the list.',
  updateFailed: 'Failed to update model preferences',
} as const;

const ZModelValue = z.string().refine((value) => findModel(value) !== undefined, MODEL_MESSAGES.unknownModel);

export const ZModelPreferences = z.object(
  Object.fromEntries(MODEL_FIELDS.map((field) => [field, z.string()])) as Record<ModelField, z.ZodString>,
);
export type TModelPreferences = z.infer<typeof ZModelPreferences>;

/** PATCH /me/models/: any of the eight fields; unknown fields are refused. */
export const ZModelPreferencesPatch = z
  .object(Object.fromEntries(MODEL_FIELDS.map((field) => [field, ZModelValue.optional()])) as Record<ModelField, z.ZodOptional<typeof ZModelValue>>)
  .strict();

/** A user-scoped call's optional `user_id` (superusers view and act for another user). */
export const ZViewedUserQuery = z.object({ user_id: z.uuid('a user id').optional() });
