import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { articleFaults } from './capabilities/article-faults.js';
import { compose } from './capabilities/compose.js';
import { summarise } from './capabilities/summarise.js';
import { CapabilityError, runCapability } from './engine.js';
import { startFakeLlmServer, type FakeLlmServer } from './fake-llm-server.js';

let server: FakeLlmServer;
const logger = pino({ level: 'silent' });
const input = {
  title: 'Federal Reserve raises rates by a quarter point',
  text: 'The Federal Reserve raised its benchmark rate by 0.25 percentage points on Wednesday. Officials said inflation remains elevated. The decision was unanimous. Markets had expected the move.',
};
const answer = { summary: 'The Fed raised rates by 0.25 points.', key_facts: ['Rate up 0.25 points', 'Unanimous decision'] };

function context(overrides: Record<string, string> = {}) {
  const config = loadConfig({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, LLM_TIMEOUT_SECONDS: '1', LLM_MAX_RETRIES: '2', ...overrides });
  return { llm: config.llm, logger, retryBaseMs: 5 };
}

beforeAll(async () => {
  server = await startFakeLlmServer();
});
afterAll(async () => server?.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('the built-in engine', () => {
  it('answers without a key, records its input, output and real token counts', async () => {
    const result = await runCapability(summarise, input, 'builtin', { llm: loadConfig({}).llm, logger });
    expect(result.output.summary).toContain('Federal Reserve raised its benchmark rate by 0.25 percentage points');
    expect(result.output.key_facts[0]).toContain('0.25');
    expect(result.record).toMatchObject({ stage: 'summarization', model_used: 'builtin', cost_usd: 0, attempts: 1 });
    expect(result.record.prompt_tokens).toBeGreaterThan(20);
    expect(result.record.total_tokens).toBe(result.record.prompt_tokens + result.record.response_tokens);
    expect(server.requests).toHaveLength(0);
  });

  it('stands in, with the reason recorded, when the chosen provider has no key or the model is unknown', async () => {
    const noKey = await runCapability(summarise, input, 'claude-3-7-sonnet', context());
    expect(noKey.record).toMatchObject({ model_used: 'builtin', fallback_reason: 'no API key configured for anthropic' });
    const unknown = await runCapability(summarise, input, 'gpt-9000', context());
    expect(unknown.record.fallback_reason).toBe('model "gpt-9000" is not in the registry');
  });
});

describe('a language model (OpenAI-compatible server)', () => {
  it('sends the system prompt, the document and a JSON schema; validates the answer; accounts tokens and cost', async () => {
    server.queue({ kind: 'json', body: answer, usage: { prompt_tokens: 1000, completion_tokens: 200 } });
    const result = await runCapability(summarise, input, 'gpt-5-mini', context());
    expect(result.output).toEqual(answer);
    const request = server.requests[0]!;
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.body.model).toBe('gpt-5-mini');
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages[0]).toMatchObject({ role: 'system', content: summarise.systemPrompt });
    expect(messages[1]!.content).toContain('Title: Federal Reserve raises rates');
    expect(JSON.stringify(request.body.response_format)).toContain('key_facts');
    // gpt-5-mini: $0.25 in, $2 out per 1M tokens.
    expect(result.record).toMatchObject({ model_used: 'gpt-5-mini', prompt_tokens: 1000, response_tokens: 200, total_tokens: 1200, cost_usd: 0.00065, attempts: 1 });
  });

  it('retries a 429 after its Retry-After and a 500 with backoff, then succeeds', async () => {
    server.queue({ kind: 'status', status: 429, retryAfter: '1' }, { kind: 'status', status: 500 }, { kind: 'json', body: answer });
    const started = Date.now();
    const result = await runCapability(summarise, input, 'gpt-5-mini', context());
    expect(result.output).toEqual(answer);
    expect(result.record.attempts).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('repairs once an answer that is not JSON or breaks the schema', async () => {
    server.queue({ kind: 'text', content: 'Sure! Here is the summary: the Fed raised rates.' }, { kind: 'json', body: answer });
    const repaired = await runCapability(summarise, input, 'gpt-5-mini', context());
    expect(repaired.output).toEqual(answer);
    expect(repaired.record.attempts).toBe(2);
    const second = server.requests[1]!.body.messages as { content: string }[];
    expect(second.at(-1)!.content).toContain('Your previous answer could not be used');

    server.queue({ kind: 'json', body: { summary: 42 } }, { kind: 'json', body: { wrong: true } });
    await expect(runCapability(summarise, input, 'gpt-5-mini', context())).rejects.toBeInstanceOf(CapabilityError);
  });

  it('gives up after the timeout and the retries with a record of the failure', async () => {
    server.queue({ kind: 'hang' });
    const error = (await runCapability(summarise, input, 'gpt-5-mini', context({ LLM_MAX_RETRIES: '1' })).catch((e: unknown) => e)) as CapabilityError;
    expect(error).toBeInstanceOf(CapabilityError);
    expect(error.message).toMatch(/summarise via gpt-5-mini failed after 2 attempt\(s\)/);
    expect(error.record).toMatchObject({ model_used: 'gpt-5-mini', attempts: 2 });
    expect(error.record.llm_response).toMatch(/^ERROR: /);
  }, 10_000);

  it('does not retry a 400', async () => {
    server.queue({ kind: 'status', status: 400 }, { kind: 'json', body: answer });
    await expect(runCapability(summarise, input, 'gpt-5-mini', context())).rejects.toBeInstanceOf(CapabilityError);
    expect(server.requests).toHaveLength(1);
  });
});

describe("a model's article", () => {
  const main = { documentId: 10, title: 'FOMC statement', text: 'The Federal Open Market Committee decided today to raise its target for the federal funds rate by 25 basis points to 6 percent.', summary: 'The Federal Open Market Committee decided today to raise its target for the federal funds rate by 25 basis points to 6 percent.', keyFacts: [], publisher: 'Federal Reserve', date: '2000-05-16T00:00:00.000Z', collectionId: 1, score: 1 };
  const composeInput = { topic: { name: 'Federal Reserve monetary policy' }, main, supporting: [], novelFacts: [], knownFacts: [], phaseChange: null, language: 'en' };
  const reference = { number: 1, title: 'FOMC statement', source: 'Federal Reserve', date: '2000-05-16', document_id: 10 };

  it('is held to the rules the built-in one keeps: generic title, uncited sentences, fragments of metrics and a repeated lead are mended or left out', async () => {
    server.queue({
      kind: 'json',
      body: {
        title: 'FOMC statement',
        superhead: 'Monetary policy',
        introduction: 'The Committee raised the federal funds target by 25 basis points to 6 percent. [1]',
        bullet_points: ['The vote on the increase was unanimous. [1]', 'Markets had largely expected the move.', 'C. To draw foreign currencies and to permit foreign banks to draw dollars. [1]'],
        sections: [{ heading: 'What happened', content: 'The Committee raised the target to 6 percent. [1] Analysts think more increases will follow.' }],
        references: [reference],
        actionable_takeaway: 'The Committee raised the federal funds target by 25 basis points to 6 percent. [1]',
        data_table: { columns: ['Metric', 'Value', 'Unit', 'Entity', 'Date', 'Confidence'], rows: [['federal funds target', '6', 'percent', 'FOMC', '2000-05-16', 'high'], ['discount rate) from', '0.5', 'percent', '', '2000-05-16', 'low']] },
        disclosure: 'Written by a model.',
        language: 'en',
      },
    });
    const { output, record } = await runCapability(compose, composeInput, 'gpt-5-mini', context());
    expect(output.title).toBe('FOMC statement, May 16, 2000: The Committee raised the federal funds target by 25 basis points to 6 percent');
    expect(output.bullet_points).toEqual(['The vote on the increase was unanimous. [1]']);
    expect(output.sections).toEqual([{ heading: 'What happened', content: 'The Committee raised the target to 6 percent. [1]' }]);
    expect(output.data_table.rows.map((r) => r[0])).toEqual(['federal funds target']);
    expect(output.actionable_takeaway).toBe('');
    expect(record.repairs).toHaveLength(5);
    expect(articleFaults(output)).toEqual([]);
    // The prompt asks for the same.
    expect(compose.systemPrompt).toMatch(/never only the kind of document/);
  });

  it('is used as it is when it keeps the rules', async () => {
    const good = {
      title: 'Fed raises its federal funds target to 6 percent',
      superhead: 'Monetary policy',
      introduction: 'The Committee raised the federal funds target by 25 basis points to 6 percent. [1]',
      bullet_points: ['The vote on the increase was unanimous. [1]'],
      sections: [{ heading: 'What happened', content: 'The Committee raised the target to 6 percent. [1]' }],
      references: [reference],
      actionable_takeaway: 'What comes next: the Committee meets again on June 28. [1]',
      data_table: { columns: ['Metric', 'Value', 'Unit'], rows: [['federal funds target', '6', 'percent']] },
      disclosure: 'Written by a model.',
      language: 'en',
    };
    server.queue({ kind: 'json', body: good });
    const { output, record } = await runCapability(compose, composeInput, 'gpt-5-mini', context());
    expect(output).toEqual(good);
    expect(record.repairs).toBeUndefined();
  });
});
