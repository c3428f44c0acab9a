import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { runCapability } from '../engine.js';
import { startFakeLlmServer, type FakeLlmServer } from '../fake-llm-server.js';
import { assessImpact, builtinImpact, type ImpactInput } from './impact.js';

const input: ImpactInput = {
  reader: { title: 'Head of Compliance', company: 'Acme Bank', industry: 'banking', organizations: ['SEC'], productsMarkets: ['swap dealers'], placesJurisdictions: ['United States'] },
  topic: { name: 'Derivatives regulation', keyEntities: ['CFTC'] },
  article: {
    title: 'CFTC proposes margin rule for swap dealers',
    introduction: 'The CFTC proposed margin requirements for swap dealers. [1]',
    points: ['Acme Bank and two other dealers would fall under the rule. [2]', 'Officials in Washington expect comments from banks. [1]'],
    sections: [{ heading: 'What happened', content: 'The commission voted 3-2 on the proposal. [1]' }],
  },
  references: [
    { number: 1, title: 'Margin requirements for uncleared swaps', date: '2024-03-20T00:00:00Z', kind: 'regulations', text: 'The Commission proposes margin requirements for swap dealers. Comments must be received on or before May 20, 2024. The Commission adopted a related rule on January 5, 2023, which became effective that day.' },
    { number: 2, title: 'Dealers react', date: '2024-03-21T00:00:00Z', kind: 'news', text: 'Acme Bank said it was reviewing the proposal.' },
  ],
  reported: '2024-03-20T00:00:00Z',
  rank: 0.85,
  standing: 0.97,
  phaseChange: false,
};

describe('the built-in impact assessment', () => {
  it('says only what it can ground: profile names with their references, dates the documents set, a severity with its basis', () => {
    const impact = builtinImpact(input);
    // Washington stands for the United States, but only in passing (a point): no reason why it matters.
    expect(impact.why_it_matters).toEqual({ text: 'It names Acme Bank and swap dealers, which you follow.', references: [2, 1] });
    expect(impact.entities).toEqual([
      { name: 'Acme Bank', references: [2] },
      { name: 'swap dealers', references: [1] },
      { name: 'United States', references: [1] },
      { name: 'CFTC', references: [1] },
    ]);
    // The comment deadline is ahead of the document; the 2023 rule's date is history.
    expect(impact.horizon).toEqual([{ date: '2024-05-20', what: 'Comments must be received on or before May 20, 2024.', references: [1] }]);
    expect(impact).toMatchObject({ severity: 5, confidence: 'medium', severity_basis: 'in the top 5% of your recent articles; a regulations document that sets a date.' });
  });

  it("never says why from the topic's own names: every article of the topic names them", () => {
    const impact = builtinImpact({ ...input, reader: { title: null, company: null, industry: null, organizations: [], productsMarkets: [], placesJurisdictions: [] }, standing: null });
    expect(impact.why_it_matters).toBeNull();
    expect(impact.entities).toEqual([{ name: 'CFTC', references: [1] }]);
    expect(impact).toMatchObject({ severity: 3, confidence: 'low' });
  });

  it('leaves out what nothing grounds', () => {
    const impact = builtinImpact({
      ...input,
      reader: { title: null, company: null, industry: null, organizations: [], productsMarkets: [], placesJurisdictions: [] },
      topic: { name: 'Derivatives regulation', keyEntities: [] },
      references: [{ ...input.references[0]!, kind: 'news', text: 'The Commission proposes margin requirements.' }],
      rank: 0.5,
      standing: 0.5,
    });
    expect(impact).toEqual({ why_it_matters: null, severity: 2, confidence: 'low', severity_basis: 'ranked above 50% of your recent articles.', entities: [], horizon: [] });
    // Without recent articles to compare with, its own rank says where it stands.
    expect(builtinImpact({ ...input, references: [{ ...input.references[0]!, kind: 'news', text: 'The Commission proposes margin requirements.' }], rank: 0.62, standing: null, reader: { title: null, company: null, industry: null, organizations: [], productsMarkets: [], placesJurisdictions: [] } }).severity_basis).toBe(
      'ranked 62 of 100 for relevance and quality, with too few articles of yours yet to compare it with.',
    );
  });

  it("takes no date from a background document that is history to the report", () => {
    const background = { number: 3, title: 'Earlier notice', date: '2020-01-02T00:00:00Z', kind: 'regulations', text: 'The rule will become effective on March 1, 2020.' };
    expect(builtinImpact({ ...input, references: [...input.references, background] }).horizon.map((h) => h.date)).toEqual(['2024-05-20']);
    // The earlier minutes' next meeting is the reported meeting itself; the one after it is ahead.
    const minutes = { number: 3, title: 'Earlier minutes', date: '2024-01-30T00:00:00Z', kind: 'news', text: 'It was agreed that the next meeting would be held on Wednesday, March 20, 2024. The meeting after it will be held on April 30, 2024.' };
    expect(builtinImpact({ ...input, references: [...input.references, minutes] }).horizon.map((h) => h.date)).toEqual(['2024-04-30', '2024-05-20']);
  });
});

describe('a language model', () => {
  let server: FakeLlmServer;
  beforeAll(async () => {
    server = await startFakeLlmServer();
  });
  afterAll(async () => server?.close());

  it('is validated against the schema and its uncited claims are dropped', async () => {
    server.queue({
      kind: 'json',
      body: {
        why_it_matters: { text: 'Your desk will need new margin models.', references: [9] },
        severity: 4,
        confidence: 'high',
        severity_basis: 'A binding proposal.',
        entities: [
          { name: 'Acme Bank', references: [2] },
          { name: 'Goldman Sachs', references: [7] },
        ],
        horizon: [
          { date: '2024-05-20', what: 'Comment deadline.', references: [1] },
          { date: '2024-09-01', what: 'Final rule.', references: [] },
        ],
      },
    });
    const config = loadConfig({ OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.url, LLM_TIMEOUT_SECONDS: '2', LLM_MAX_RETRIES: '0' });
    const { output, record } = await runCapability(assessImpact, input, 'gpt-5-mini', { llm: config.llm, logger: pino({ level: 'silent' }), retryBaseMs: 5 });
    expect(output.why_it_matters).toBeNull();
    expect(output.entities).toEqual([{ name: 'Acme Bank', references: [2] }]);
    expect(output.horizon).toEqual([{ date: '2024-05-20', what: 'Comment deadline.', references: [1] }]);
    expect(record.model_used).toBe('gpt-5-mini');
  });
});
