import { createAnthropic } from '@ai-sdk/anthropic';
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createMistral } from '@ai-sdk/mistral';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createXai } from '@ai-sdk/xai';
import type { LanguageModel } from 'ai';
import type { ModelEntry } from '../../contract/models.js';
import type { Config } from '../config.js';

/**
 * The ai SDK model for a registry entry, or a reason it cannot be used (no key configured).
 * OPENAI_BASE_URL points the OpenAI models at any OpenAI-compatible server (tests use a fake one
 * on loopback); the 'openai-compatible' entries use OPENAI_COMPATIBLE_URL (Ollama, vLLM, llama.cpp).
 */
export function languageModel(entry: ModelEntry, llm: Config['llm']): { model: LanguageModel } | { unavailable: string } {
  if (entry.provider === 'builtin') return { unavailable: 'built-in engine' };
  const key = llm.keys[entry.provider];
  if (!key) return { unavailable: `no API key configured for ${entry.provider}` };
  switch (entry.provider) {
    case 'openai':
      if (llm.openaiBaseUrl) {
        // A compatible server: chat completions with JSON-schema structured output.
        return { model: createOpenAICompatible({ name: 'openai', baseURL: llm.openaiBaseUrl, apiKey: key, supportsStructuredOutputs: true })(entry.modelId) };
      }
      return { model: createOpenAI({ apiKey: key })(entry.modelId) };
    case 'anthropic':
      return { model: createAnthropic({ apiKey: key })(entry.modelId) };
    case 'google':
      return { model: createGoogleGenerativeAI({ apiKey: key })(entry.modelId) };
    case 'mistral':
      return { model: createMistral({ apiKey: key })(entry.modelId) };
    case 'xai':
      return { model: createXai({ apiKey: key })(entry.modelId) };
    case 'deepseek':
      return { model: createDeepSeek({ apiKey: key })(entry.modelId) };
    case 'openai-compatible':
      return {
        model: createOpenAICompatible({ name: 'compatible', baseURL: llm.compatibleUrl!, apiKey: key === 'none' ? undefined : key, supportsStructuredOutputs: true })(entry.modelId),
      };
  }
}
