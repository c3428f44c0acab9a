import { describe, expect, it, vi } from 'vitest';
import type { TInspectionItem } from '../../../contract/inspection';
import { detectionVerdict, formatDuration, formatTokens, itemBadges, parseDocumentText, readInputDocument, readStage } from './pipeline-data';

const item = (over: Partial<TInspectionItem> = {}): TInspectionItem => ({
  id: 1, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', status: 'detected', topic: { id: 1, name: 'T' },
  document: { id: 1, title: 'D', source: 'S', canonical_at: '2026-01-01T00:00:00Z', url: null, collection_id: 1 },
  rank: 1, relevance_score: null, relevance_rank: null, final_rank: null, qa_rank: null, qa_at: null, alerted_at: null, alert_decision: null, published_at: null, consolidated_at: null,
  article_generated_at: null, initialization: false, event_summary: 'E', detection_decision: 'PASS', novel: null, novelty_score: null, researched: null,
  research_error: null, query_count: 0, article_generated: false, article_title: null, error: null, relevance_to_topics: null, relevance_to_user: null, language: 'en',
  reader_judgement: null,
  ...over,
});
const labels = (over: Partial<TInspectionItem>) => itemBadges(item(over), Date.parse('2026-01-01T02:00:00Z')).map((b) => b.label);

describe('itemBadges', () => {
  it.each([
    [{ novel: true, novelty_score: 0.666 }, ['Novel 0.67', 'PASS']],
    [{ novel: false, novelty_score: 0.1 }, ['Known 0.10', 'PASS']],
    [{ researched: true, query_count: 3 }, ['3 research queries', 'PASS']],
    [{ researched: true, query_count: 0 }, ['PASS']],
    [{ researched: false }, ['Research failed', 'PASS']],
    [{ researched: true, research_error: 'timeout', query_count: 1 }, ['1 research query', 'Research failed', 'PASS']],
    [{ relevance_rank: 4, relevance_score: 0.816 }, ['Relevance Score 0.82', 'PASS']],
    [{ relevance_rank: 4 }, ['Relevance #4', 'PASS']],
    [{ relevance_rank: 0, relevance_score: 0.5 }, ['PASS']],
    [{ final_rank: 0.76, qa_rank: 3, qa_at: '2026-01-01T00:00:00Z' }, ['QA #3', 'PASS']],
    [{ final_rank: 0.8 }, ['QA 0.80', 'PASS']],
    [{ final_rank: 0, qa_at: '2026-01-01T00:00:00Z' }, ['Not Recommended', 'PASS']],
    [{ final_rank: null, qa_at: '2026-01-01T00:00:00Z' }, ['Not Recommended', 'PASS']],
    [{ initialization: true }, ['Init', 'PASS']],
    [{ error: 'boom' }, ['Failed', 'PASS']],
    [{ error: 'boom', article_generated: true }, ['PASS']],
    [{ alerted_at: '2026-01-01T00:00:00Z' }, ['Alert Sent 2 hours ago', 'PASS']],
    [{ alert_decision: 'Held for the daily brief: the daily alert limit was reached.' }, ['Alert Held', 'PASS']],
    [{ alert_decision: 'Not breaking: rank 0.700, bar 0.790.' }, ['PASS']],
    [{ detection_decision: 'DROP' }, ['DROP']],
    [{ reader_judgement: { judgement: 'less', at: '2026-11-26T09:00:00Z' } }, ['PASS', 'Reader: less like this · Nov 26, 2026']],
  ] as [Partial<TInspectionItem>, string[]][])('%j -> %j', (over, expected) => {
    expect(labels(over)).toEqual(expected);
  });

  it("marks where the reader disagreed with detection's verdict", () => {
    const tone = (over: Partial<TInspectionItem>) => itemBadges(item(over)).find((b) => b.key === 'reader')?.tone;
    const at = '2026-11-26T09:00:00Z';
    expect(tone({ reader_judgement: { judgement: 'less', at } })).toBe('red');
    expect(tone({ reader_judgement: { judgement: 'more', at } })).toBe('green');
    expect(tone({ detection_decision: 'DROP', reader_judgement: { judgement: 'more', at } })).toBe('red');
  });
});

describe('detectionVerdict', () => {
  it.each([
    ['PASS', 'PASS'], ['Relevant to the topic', 'PASS'], ['keep', 'PASS'], ['INCLUDE', 'PASS'], ['DROP', 'DROP'], ['irrelevant', 'PASS'], [null, 'DROP'], ['', 'DROP'],
  ])('%s -> %s', (decision, verdict) => expect(detectionVerdict(decision)).toBe(verdict));
});

describe('readStage', () => {
  const record = { prompt_sent: { system_prompt: 'sys', user_message: 'user' }, llm_response: 'answer', model_used: 'gpt-5-mini', processing_duration_seconds: 1.5, prompt_tokens: 1200, response_tokens: 34, total_tokens: 1234 };
  it('reads an object, JSON text, and the last of a summarization list', () => {
    expect(readStage({ relevance: record }, 'relevance')).toEqual({ state: 'ok', record: { systemPrompt: 'sys', userMessage: 'user', response: 'answer', model: 'gpt-5-mini', duration: '1.50s', tokens: '1,234 (1,200/34)' } });
    expect(readStage({ novelty_prompt: JSON.stringify(record) }, 'novelty')).toMatchObject({ state: 'ok', record: { model: 'gpt-5-mini' } });
    const list = [JSON.stringify({ ...record, model_used: 'first' }), JSON.stringify({ ...record, model_used: 'last' })];
    expect(readStage({ summarization: list }, 'summarization')).toMatchObject({ state: 'ok', record: { model: 'last' } });
  });
  it('defaults the model to GPT and the numbers to 0', () => {
    expect(readStage({ qa: {} }, 'qa')).toMatchObject({ state: 'ok', record: { model: 'GPT', duration: '0.00s', tokens: '0 (0/0)' } });
  });
  it('says what is absent and what cannot be parsed, and logs parse failures', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(readStage({}, 'story_assignment')).toEqual({ state: 'absent', message: 'No story assignment prompt data available' });
    expect(readStage(null, 'qa')).toEqual({ state: 'absent', message: 'No QA prompt data available' });
    const bad = readStage({ relevance: '{oops' }, 'relevance');
    expect(bad.state).toBe('invalid');
    expect(bad.state === 'invalid' && bad.message).toMatch(/^Failed to parse relevance prompt data: /);
    expect(readStage({ article: '[1,2]' }, 'article')).toEqual({ state: 'invalid', message: 'Failed to parse article composition prompt data: not an object' });
    expect(readStage({ summarization: ['{bad'] }, 'summarization')).toEqual({ state: 'invalid', message: 'Failed to parse prompt data' });
    expect(log).toHaveBeenCalledTimes(3);
    log.mockRestore();
  });
});

describe('formatting', () => {
  it('formats tokens and durations', () => {
    expect(formatTokens(1234567, 1000000, 234567)).toBe('1,234,567 (1,000,000/234,567)');
    expect(formatDuration(2)).toBe('2.00s');
    expect(formatDuration('x')).toBe('0.00s');
  });
});

describe('documents', () => {
  it('parses header lines out of the text', () => {
    expect(parseDocumentText('Source: Reuters\nTitle: A title\nPublished: 2026-01-01\n\nBody here.')).toEqual({ headers: { source: 'Reuters', title: 'A title', published: '2026-01-01' }, body: 'Body here.' });
    expect(parseDocumentText('Just text')).toEqual({ headers: {}, body: 'Just text' });
  });
  it('reads a document with fallbacks and score precedence', () => {
    expect(readInputDocument({ text: 'Source: Wire\nTitle: From header\nBody', vector_score: 0.5, similarity: 0.1, id: 7 })).toEqual({ id: 7, title: 'From header', source: 'Wire', date: undefined, score: 0.5, text: 'Body', number: undefined });
    expect(readInputDocument({})).toMatchObject({ title: 'Untitled', source: 'Unknown', text: 'No content available' });
    expect(readInputDocument({ name: 'N', title: 'T', score: 0.9, vector_score: 0.1, published_at: '2026-01-02', number: 2 })).toMatchObject({ title: 'N', score: 0.9, date: '2026-01-02', number: 2 });
    expect(readInputDocument('nope')).toBeUndefined();
  });
});
