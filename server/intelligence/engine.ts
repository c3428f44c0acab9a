import { deadline } from '../deadline.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { APICallError, LanguageModel } from 'ai';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { findModel, type ModelEntry } from '../../contract/models.js';
import type { Config } from '../config.js';
import { tokenCount, tokenCountByLines } from '../text.js';
import { languageModel } from './providers.js';
import { BUDGET_FALLBACK, type Capability, type CapabilityResult, type InteractionRecord, type UsageMeter, type UsageTicket } from './types.js';

export interface EngineContext {
  llm: Config['llm'];
  logger: Logger;
  signal?: AbortSignal;
  /** Backoff base for retries (tests shorten it). */
  retryBaseMs?: number;
  /** Counts the call for its member and topic and holds model calls to their budgets; none: not counted. */
  meter?: UsageMeter;
}

/** A stage that could not get an answer; the job records it and pg-boss retries the job. */
export class CapabilityError extends Error {
  constructor(
    message: string,
    readonly record: InteractionRecord,
  ) {
    super(message);
    this.name = 'CapabilityError';
  }
}

const BUILTIN = findModel('builtin')!;
/** The answer a model call is assumed to write at most when its cost is estimated before it runs. */
const ESTIMATED_ANSWER_TOKENS = 1000;
const RETRY_AFTER_CAP_MS = 60_000;
const warned = new Set<string>();

function cost(entry: ModelEntry, input: number, output: number): number {
  return Math.round(((input * entry.priceIn + output * entry.priceOut) / 1e6) * 1e6) / 1e6;
}

function retryAfterMs(error: APICallError): number | undefined {
  const value = error.responseHeaders?.['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : new Date(value).getTime() - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, RETRY_AFTER_CAP_MS) : undefined;
}

/**
 * The record of an answer by the built-in engine: what it read (its "prompt") and what it
 * answered, with their token counts (the prompt's counted line by line, within a token or two);
 * no system prompt, no cost.
 */
export function builtinRecord(stage: InteractionRecord['stage'], task: string, userMessage: string, response: string, ms: number): InteractionRecord {
  // Line by line: a document's lines repeat in the record of every topic it is judged against.
  const promptTokens = tokenCountByLines(userMessage);
  const responseTokens = tokenCount(response);
  return {
    stage,
    prompt_sent: { system_prompt: `[built-in engine] ${task}`, user_message: userMessage },
    llm_response: response,
    model_used: BUILTIN.value,
    processing_duration_seconds: Math.round(ms) / 1000,
    prompt_tokens: promptTokens,
    response_tokens: responseTokens,
    total_tokens: promptTokens + responseTokens,
    system_prompt_tokens: 0,
    user_payload_tokens: promptTokens,
    cost_usd: 0,
    attempts: 1,
  };
}

/** The install's providers, with the member's account's own key for this model's provider when it keeps one. */
async function llmFor(entry: ModelEntry, context: EngineContext): Promise<Config['llm']> {
  if (entry.provider === 'builtin' || !context.meter?.providerKeys) return context.llm;
  const own = (await context.meter.providerKeys())[entry.provider];
  return own ? { ...context.llm, keys: { ...context.llm.keys, [entry.provider]: own } } : context.llm;
}

/**
 * Runs a capability with the model chosen for its stage. The built-in engine answers when the
 * model is `builtin`, unknown, or its provider has no key (logged). A language model gets the
 * capability's prompt and must answer JSON matching the capability's schema: each attempt has a
 * timeout; 429 (honouring Retry-After), 5xx, timeouts and network errors are retried with
 * jittered backoff; an answer that is not valid JSON for the schema gets one repair attempt that
 * shows the model its error. When all fails, CapabilityError carries the record of the failure.
 */
export async function runCapability<I, S extends z.ZodType>(
  capability: Capability<I, S>,
  input: I,
  modelValue: string,
  context: EngineContext,
): Promise<CapabilityResult<z.infer<S>>> {
  const entry = findModel(modelValue);
  let fallback: string | undefined;
  let resolved: Awaited<ReturnType<typeof languageModel>> = { unavailable: 'built-in engine' };
  if (!entry) fallback = `model "${modelValue}" is not in the registry`;
  else resolved = await languageModel(entry, await llmFor(entry, context));
  if (entry && 'unavailable' in resolved && entry.provider !== 'builtin') fallback = resolved.unavailable;
  if (fallback && !warned.has(`${modelValue}:${fallback}`)) {
    // Once per model and reason: a missing key would otherwise log on every document.
    warned.add(`${modelValue}:${fallback}`);
    context.logger.warn({ capability: capability.name, model: modelValue, reason: fallback }, 'using the built-in engine (logged once per model)');
  }
  const system = capability.systemPrompt;
  const user = capability.userMessage(input);
  const started = performance.now();

  let ticket: UsageTicket | undefined;
  if (entry && !('unavailable' in resolved) && context.meter) {
    const admitted = await context.meter.admit({ stage: capability.stage, model: entry.value, estimateUsd: cost(entry, tokenCount(system) + tokenCount(user), ESTIMATED_ANSWER_TOKENS) });
    if ('refused' in admitted) {
      // A spent budget never fails a stage: the built-in engine answers until the period resets.
      fallback = BUDGET_FALLBACK[admitted.refused];
      resolved = { unavailable: fallback };
    } else ticket = admitted.ticket;
  }

  if (!entry || 'unavailable' in resolved) {
    const output = capability.output.parse(await capability.builtin(input)) as z.infer<S>;
    const built = builtinRecord(capability.stage, capability.name, user, JSON.stringify(output), performance.now() - started);
    const record = fallback ? { ...built, fallback_reason: fallback } : built;
    await recordUsage(context, record);
    return { output, record };
  }
  try {
    const result = await callModel(capability, input, entry, resolved.model, context, system, user, started);
    await settle(context, ticket, result.record);
    return result;
  } catch (error) {
    if (error instanceof CapabilityError) await settle(context, ticket, error.record);
    throw error;
  }
}

/** Usage is counted after the answer: a failure to count is logged and never fails the stage. */
async function recordUsage(context: EngineContext, record: InteractionRecord): Promise<void> {
  await context.meter?.record(record).catch((error: unknown) => context.logger.error({ err: error, stage: record.stage }, 'could not record usage'));
}

async function settle(context: EngineContext, ticket: UsageTicket | undefined, record: InteractionRecord): Promise<void> {
  await ticket?.settle(record).catch((error: unknown) => context.logger.error({ err: error, stage: record.stage }, 'could not record usage'));
}

/** One capability through a language model: attempts, retries and one repair (runCapability). */
async function callModel<I, S extends z.ZodType>(
  capability: Capability<I, S>,
  input: I,
  entry: ModelEntry,
  model: LanguageModel,
  context: EngineContext,
  system: string,
  user: string,
  started: number,
): Promise<CapabilityResult<z.infer<S>>> {

  const record = (response: string, inputTokens: number, outputTokens: number, attempts: number): InteractionRecord => ({
    stage: capability.stage,
    prompt_sent: { system_prompt: system, user_message: user },
    llm_response: response,
    model_used: entry.value,
    processing_duration_seconds: Math.round(performance.now() - started) / 1000,
    prompt_tokens: inputTokens,
    response_tokens: outputTokens,
    total_tokens: inputTokens + outputTokens,
    system_prompt_tokens: tokenCount(system),
    user_payload_tokens: tokenCount(user),
    cost_usd: cost(entry, inputTokens, outputTokens),
    attempts,
  });

  const base = context.retryBaseMs ?? 1000;
  // The SDK is imported on the first model call (built-in only installs never load it).
  const { APICallError, generateObject, NoObjectGeneratedError } = await import('ai');
  let attempts = 0;
  let repaired = false;
  let prompt = user;
  let usedIn = 0;
  let usedOut = 0;
  let lastError: unknown;
  for (let retry = 0; retry <= context.llm.maxRetries; ) {
    attempts++;
    const timeout = deadline(context.llm.timeoutMs, context.signal);
    try {
      const result = await generateObject({
        model,
        schema: capability.output,
        system,
        prompt,
        maxRetries: 0,
        abortSignal: timeout.signal,
        ...(entry.reasoning ? { providerOptions: { openai: { reasoningEffort: entry.reasoning } } } : {}),
      });
      usedIn += result.usage.inputTokens ?? 0;
      usedOut += result.usage.outputTokens ?? 0;
      const answered = record(JSON.stringify(result.object), usedIn, usedOut, attempts);
      if (!capability.repair) return { output: result.object as z.infer<S>, record: answered };
      const { output, repairs } = capability.repair(result.object as z.infer<S>, input);
      return { output, record: repairs.length ? { ...answered, repairs } : answered };
    } catch (error) {
      lastError = error;
      if (NoObjectGeneratedError.isInstance(error)) {
        usedIn += error.usage?.inputTokens ?? 0;
        usedOut += error.usage?.outputTokens ?? 0;
        if (repaired) break;
        // One repair: show the model what it answered and why that was refused.
        repaired = true;
        prompt = `${user}\n\nYour previous answer could not be used (${error.cause instanceof Error ? error.cause.message.slice(0, 500) : 'invalid JSON'}). Answer again with JSON that matches the schema exactly.\nPrevious answer:\n${(error.text ?? '').slice(0, 2000)}`;
        continue;
      }
      const retryable =
        (APICallError.isInstance(error) && (error.statusCode === 429 || (error.statusCode ?? 0) >= 500 || error.isRetryable)) ||
        (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError' || /fetch failed|ECONNRESET|ECONNREFUSED|socket/i.test(error.message)));
      if (!retryable || context.signal?.aborted || retry >= context.llm.maxRetries) break;
      const hinted = APICallError.isInstance(error) ? retryAfterMs(error) : undefined;
      const delay = hinted ?? Math.random() * Math.min(30_000, base * 2 ** retry);
      retry++;
      context.logger.warn({ capability: capability.name, model: entry.value, attempt: attempts, delay: Math.round(delay), err: error }, 'model call failed; retrying');
      await sleep(delay, undefined, context.signal ? { signal: context.signal } : undefined).catch(() => undefined);
    } finally {
      timeout.clear();
    }
  }
  const message = lastError instanceof Error ? lastError.message : String(lastError);
  throw new CapabilityError(`${capability.name} via ${entry.value} failed after ${attempts} attempt(s): ${message}`, {
    ...record('', usedIn, usedOut, attempts),
    llm_response: `ERROR: ${message}`,
  });
}
