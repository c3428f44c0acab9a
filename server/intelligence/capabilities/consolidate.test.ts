import { describe, expect, it } from 'vitest';
import { builtinConsolidate, conflict, CONSOLIDATION_THRESHOLD, type ConsolidationEvent } from './consolidate.js';

const at = '2015-09-15T10:00:00.000Z';
const event = (eventId: number, title: string, summary = '', date = at, documentId = eventId * 10): ConsolidationEvent => ({ eventId, documentId, topic: 'Migration', title, summary, date });
const hoursLater = (h: number) => new Date(Date.parse(at) + h * 3_600_000).toISOString();

describe('built-in consolidation', () => {
  it.each([
    ['the same document through another topic', event(2, 'Anything', '', at, 10), 1],
    ['another report of the same happening within the window', event(2, 'Hungary closes border with Serbia to migrants', 'Hungary closed its border with Serbia to migrants.', hoursLater(5)), 1],
    ['the same happening reported too late', event(2, 'Hungary closes border with Serbia to migrants', 'Hungary closed its border with Serbia to migrants.', hoursLater(60)), null],
    ['a different happening on the same subject', event(2, 'Croatia opens its border to migrants from Serbia', 'Croatia let migrants enter from Serbia.', hoursLater(5)), null],
    ['the same words with another action', event(2, 'Hungary opens its border with Serbia to migrants', 'Hungary opened its southern border with Serbia to migrants on Tuesday.', hoursLater(5)), null],
  ])('%s', (_, incoming, expected) => {
    const earlier = event(1, 'Hungary closes its border with Serbia to migrants', 'Hungary closed its southern border with Serbia to migrants on Tuesday.');
    const result = builtinConsolidate({ event: incoming, candidates: [earlier] });
    expect(result.merge_into).toBe(expected);
    if (expected) expect(result.similarity).toBeGreaterThanOrEqual(CONSOLIDATION_THRESHOLD);
    else expect(result.reasoning).toMatch(/No recent event|closest similarity/);
  });

  it.each([
    ['Fed raises rate to 5.5 percent', 'Fed holds rate at 5.5 percent', 'the titles report different actions'],
    ['Fed raises rate to 5.5 percent', 'Fed raises rate to 5.75 percent', 'the titles report different figures'],
    ['Fed raises rate to 5.5 percent', 'Federal Reserve raised its rate to 5.5 percent', undefined],
    ['Hungary border closure', 'Hungary closes the border', undefined],
    ['Fed hikes rate to 5.5 percent', 'Fed raises rate to 5.5 percent', undefined],
    ['Fed holds rate', 'Fed kept its rate', undefined],
    // An action is said by a verb's forms, not by a word it begins: "significant" signs nothing.
    ['Significant gains for tech shares', 'Tech shares end higher', undefined],
  ])('conflict(%s, %s)', (a, b, expected) => expect(conflict(a, b)).toBe(expected));

  it('stands alone with nothing to compare', () => {
    expect(builtinConsolidate({ event: event(1, 'A title'), candidates: [] })).toEqual({ merge_into: null, similarity: 0, reasoning: 'No recent novel event to compare with.' });
  });
});
