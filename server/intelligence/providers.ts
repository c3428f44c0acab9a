import type { LanguageModel } from 'ai';
import type { ModelEntry } from '../../contract/models.js';
import type { Config } from '../config.js';

/**
 * The ai SDK model for a registry entry, or a reason it cannot be used (no key configured).
 * OPENAI_BASE_URL points the OpenAI models at any OpenAI-compatible server (tests use a fake one
 * on loopback); the 'openai-compatible' entries use OPENAI_COMPATIBLE_URL (Ollama, vLLM, llama.cpp).
 */
/** A provider's SDK is imported when a model of it is first used: start-up never pays for seven SDKs. */
export async function languageModel(entry: ModelEntry, llm: Config['llm']): Promise<{ model: LanguageModel } | { unavailable: string }> {
  if (entry.provider === 'builtin') return { unavailable: 'built-in engine' };
  const key = llm.keys[entry.provider];
  if (!key) return { unavailable: `no API key configured for ${entry.provider}` };
  switch (entry.provider) {
    case 'openai': {
      if (llm.openaiBaseUrl) {
        // A compatible server: chat completions with JSON-schema structured output.
        const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
        return { model: createOpenAICompatible({ name: 'openai', baseURL: llm.openaiBaseUrl, apiKey: key, supportsStructuredOutputs: true })(entry.modelId) };
      }
      const { createOpenAI } = await import('@ai-sdk/openai');
      return { model: createOpenAI({ apiKey: key })(entry.modelId) };
    }
    case 'anthropic': {
      const { createAnthropic } = await import('@ai-sdk/anthropic');
      return { model: createAnthropic({ apiKey: key })(entry.modelId) };
    }
    case 'google': {
      const { createGoogleGenerativeAI } = await import('@ai-sdk/google');
      return { model: createGoogleGenerativeAI({ apiKey: key })(entry.modelId) };
    }
    case 'mistral': {
      const { createMistral } = await import('@ai-sdk/mistral');
      return { model: createMistral({ apiKey: key })(entry.modelId) };
    }
    case 'xai': {
      const { createXai } = await import('@ai-sdk/xai');
      return { model: createXai({ apiKey: key })(entry.modelId) };
    }
    case 'deepseek': {
      const { createDeepSeek } = await import('@ai-sdk/deepseek');
      return { model: createDeepSeek({ apiKey: key })(entry.modelId) };
    }
    case 'openai-compatible': {
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return {
        model: createOpenAICompatible({ name: 'compatible', baseURL: llm.compatibleUrl!, apiKey: key === 'none' ? undefined : key, supportsStructuredOutputs: true })(entry.modelId),
      };
    }
  }
}
