import { afterEach, describe, expect, it } from 'vitest';
import { countFirings, ruleNamed } from '../rules.js';
import { keyMetrics, METRIC_RULES, wholeLabel, type MetricSentence } from './key-metrics.js';

const item = (sentence: string): MetricSentence => ({ sentence, source: 1, date: '2099-03-03', main: true, title: 'Acme Corp report' });

/** The rows of `sentences` (measure, value, unit, entity) and the names of the rules that fired on them. */
function read(sentences: string[]): { rows: string[][]; fired: string[] } {
  const fired: string[] = [];
  countFirings((name) => fired.push(name));
  const rows = keyMetrics(sentences.map(item)).map((r) => r.slice(0, 4));
  countFirings(undefined);
  return { rows, fired };
}

afterEach(() => countFirings(undefined));

// Each rule on made-up sentences: [rule, sentences, the rows left].
const cases: [string, string[], string[][]][] = [
  ['figure-without-unit', ['Acme Corp sold 500 widgets in March.'], []],
  ['year-not-figure', ['Acme Corp shipped 2015 tonnes of widgets last year.'], []],
  ['not-indicative', ['Acme Corp shall not hold more than $150 million in widgets.'], []],
  ['old-level', ['The Widget Board raised the widget rate from 5 percent to 6 percent.'], [['widget rate', '6', 'percent', 'Widget Board']]],
  ['label-edge', ['Acme Corp earned $5 million including widgets.'], []],
  ['label-head-no-noun', ['The Acme Widget runs faster 7.4 x.', 'Acme Corp widget sales were relative 8.7 % higher.'], []],
  ['label-too-long', ['Acme Corp evaluation achieved widget error below 0.026 for all large spectral bands, with relative widget error below 35% for visible bands.'], []],
  ['label-holds-a-verb', ['Acme Corp says its method improves average widget accuracy 12 percent.'], []],
  ['label-ends-on-a-small-word', ['Acme Corp intends to issue the final widget results, including the results of its analysis of the issues raised in any written briefs not later than 120 days after publication.'], []],
  ['label-spans-a-figure', ['On widget8 with equal token budgets, Harmonic outperforms a comparable Transformer (28M params) by +1.4% at 1K tokens, +6.7% at 8K tokens, and +11.4% at 32K tokens.'], []],
  ['label-is-entity', ['Acme reported Acme 5 percent.'], []],
  ['repeated-figure', ['Acme Corp widget sales grew 5 percent.', 'Acme Corp widget sales grew 5 percent in March.'], [['widget sales', '5', 'percent', 'Acme Corp']]],
];

describe.each(cases)('key-metrics rule %s', (name, sentences, rows) => {
  it('decides the rows', () => {
    const rule = ruleNamed(METRIC_RULES, name);
    expect(rule.reason).toMatch(/^[^\n]{10,}$/);
    expect(rule.language).toMatch(/^(?:\*|[a-z]{2})$/);
    const result = read(sentences);
    expect(result.fired).toContain(name);
    expect(result.rows).toEqual(rows);
  });
});

describe('the key-metrics rules', () => {
  it('are each tested above, by a unique name', () => {
    const names = METRIC_RULES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names)).toEqual(new Set([...cases.map((c) => c[0]), 'label-open-bracket']));
  });

  it('find a label with a bracket left open no whole label (a model writes labels too)', () => {
    const fired: string[] = [];
    countFirings((name) => fired.push(name));
    expect(wholeLabel('widget rate (annual')).toBe(false);
    expect(wholeLabel('widget rate (annual)')).toBe(true);
    expect(fired).toEqual(['label-open-bracket']);
  });

  it('read no rows from a document known to be in another language: the grammar is English', () => {
    expect(keyMetrics([item('The Widget Board raised the widget rate to 6 percent.')], 'en')).toHaveLength(1);
    expect(keyMetrics([item('The Widget Board raised the widget rate to 6 percent.')], 'de')).toEqual([]);
  });

  it('take no verb opening a clause for a name, whatever its capital (WordNet knows it as a verb only)', () => {
    // A rule's list item ("(ii) Fails to maintain ...") and an instruction ("Determine the ...") name no one.
    expect(read(['(ii) Fails to maintain the eligible assets of this chapter at 106 percent of its liabilities.']).rows).toEqual([]);
    expect(read(['Determine the improvement in arm pain of 30 percent at 4 weeks.']).rows).toEqual([]);
    // A name WordNet knows as a noun stays one ("Acme" is also a summit).
    expect(read(['Acme raised its dividend by 5 percent.']).rows).toEqual([['dividend', '5', 'percent', 'Acme']]);
  });

  it("take no sentence's opening word for a name where it modifies the words after it (WordNet writes it in lower case)", () => {
    // "Open" of "Open market operations" is capitalised by its place only: the figure's clause names no one.
    expect(read(['Open market operations were directed toward maintaining the federal funds rate at the target level of 6-1/2 percent.']).rows).toEqual([]);
    // A name WordNet does not know stays one there.
    expect(read(['Zentrix market operations were directed toward maintaining the widget rate at 6 percent.']).rows).toEqual([['widget rate', '6', 'percent', 'Zentrix']]);
  });
});
