import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { runCapability } from '../engine.js';
import { startFakeLlmServer, type FakeLlmServer } from '../fake-llm-server.js';
import { builtinTrendAnalysis, firstSentence, trendAnalysis, type TrendAnalysisInput } from './trend-analysis.js';

const input: TrendAnalysisInput = {
  topic: 'Crude oil prices',
  period: 'the last 7 days',
  total: 9,
  previousTotal: 4,
  stories: [{ title: 'OPEC output cut', sources: [1, 2] }],
  spikes: [{ start: '2026-11-20T00:00:00Z', count: 6, baseline: 0.8, sources: [2, 3] }],
  rising: [
    { name: 'Vienna', recent: 3, isNew: true, sources: [2] },
    { name: 'Texas', recent: 2, isNew: false, sources: [3] },
  ],
  sources: [
    { number: 1, title: 'OPEC weighs a cut', lead: 'OPEC ministers met in Vienna on Monday. [1] They spoke for hours.', published_at: '2026-11-19T08:00:00Z' },
    { number: 2, title: 'OPEC cuts output', lead: 'OPEC agreed to cut output by 1.5 million barrels a day. [1][2]', published_at: '2026-11-20T08:00:00Z' },
    { number: 3, title: 'Refiners react', lead: 'U.S. refiners said margins would narrow.', published_at: '2026-11-20T09:00:00Z' },
  ],
};

describe('the built-in trend analysis', () => {
  it('says what the articles say, each sentence citing them: the latest of a story, the peak, the new names', () => {
    const { sentences } = builtinTrendAnalysis({ ...input, sources: input.sources.map((s) => ({ ...s, lead: firstSentence(s.lead) })) });
    expect(sentences).toEqual([
      { text: 'OPEC agreed to cut output by 1.5 million barrels a day (the latest of 2 articles on this story).', references: [2] },
      { text: 'Coverage peaked on November 20 with 6 articles against about 0.8 a day before, led by "OPEC cuts output".', references: [2, 3] },
      { text: 'New to the topic this week: Vienna (3 articles).', references: [2] },
    ]);
  });

  it('reads a first sentence without its reference markers', () => {
    expect(firstSentence('U.S. output rose 2.5% in May. [1] Exports fell. [2]')).toBe('U.S. output rose 2.5% in May.');
  });
});

describe('a language model', () => {
  let server: FakeLlmServer;
  beforeAll(async () => {
    server = await startFakeLlmServer();
  });
  afterAll(async () => server?.close());

  it("keeps only sentences that cite the articles it was given, and the model's markers in text are removed", async () => {
    server.queue({
      kind: 'json',
      body: {
        sentences: [
          { text: 'OPEC cut output by 1.5 million barrels a day [2].', references: [2, 9] },
          { text: 'Prices will surely reach $120.', references: [] },
          { text: 'Analysts expect a recession.', references: [7] },
        ],
      },
    });
    const config = loadConfig({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, LLM_TIMEOUT_SECONDS: '2' });
    const { output, record } = await runCapability(trendAnalysis, input, 'gpt-5-mini', { llm: config.llm, logger: pino({ level: 'silent' }), retryBaseMs: 5 });
    expect(output.sentences).toEqual([{ text: 'OPEC cut output by 1.5 million barrels a day.', references: [2] }]);
    expect(record.model_used).toBe('gpt-5-mini');
    expect(record.repairs?.length).toBeGreaterThanOrEqual(3);
  });
});
