import { describe, expect, it } from 'vitest';
import { bcubed, firstStory, type EvalItem } from './metrics.js';

const items = (rows: [predicted: string | null, gold: string | null, isNew: boolean][]): EvalItem[] => rows.map(([predicted, gold, isNew]) => ({ predicted, gold, isNew }));

describe('B-cubed', () => {
  it.each([
    ['perfect grouping', items([['x', 'A', true], ['x', 'A', false], ['y', 'B', true]]), 1, 1],
    // All in one cluster: precision per item = share of its gold story in the cluster: (2/3, 2/3, 1/3).
    ['everything in one cluster', items([['x', 'A', true], ['x', 'A', false], ['x', 'B', false]]), 5 / 9, 1],
    // All singletons: recall per item = 1/|gold story|: (1/2, 1/2, 1).
    ['every item alone', items([['x', 'A', true], ['y', 'A', true], ['z', 'B', true]]), 1, 2 / 3],
    // An untagged item in cluster x is not scored and does not lower x's precision.
    ['untagged items are left out', items([['x', 'A', true], ['x', 'A', false], ['x', null, false], ['y', null, true]]), 1, 1],
    // No event (predicted null) = a singleton of its own.
    ['an item without a story is a singleton', items([['x', 'A', true], [null, 'A', false]]), 1, 0.5],
  ])('%s', (_name, rows, precision, recall) => {
    const result = bcubed(rows);
    expect(result.precision).toBeCloseTo(precision, 10);
    expect(result.recall).toBeCloseTo(recall, 10);
    expect(result.f1).toBeCloseTo((2 * precision * recall) / (precision + recall), 10);
  });

  it('can count untagged items as gold singletons instead', () => {
    const rows = items([['x', 'A', true], ['x', null, false]]);
    expect(bcubed(rows).items).toBe(1);
    const strict = bcubed(rows, { untaggedAsSingletons: true });
    expect(strict.items).toBe(2);
    expect(strict.precision).toBeCloseTo(0.5, 10);
    expect(strict.recall).toBe(1);
  });

  it('is zero on nothing', () => expect(bcubed([])).toEqual({ precision: 0, recall: 0, f1: 0, items: 0 }));
});

describe('first-story detection', () => {
  it.each([
    ['perfect', items([['x', 'A', true], ['x', 'A', false], ['y', 'B', true]]), 1, 1],
    // Predicted new: items 1, 2, 3; true firsts: 1 and 3.
    ['a split story gives a false first', items([['x', 'A', true], ['y', 'A', true], ['z', 'B', true]]), 2 / 3, 1],
    // B's first item joined A's story: missed.
    ['a wrong join misses a first', items([['x', 'A', true], ['x', 'B', false]]), 1, 0.5],
    // Untagged items are not scored, whatever is_new says.
    ['untagged items are left out', items([['x', null, true], ['y', 'A', true], ['y', 'A', false]]), 1, 1],
  ])('%s', (_name, rows, precision, recall) => {
    const result = firstStory(rows);
    expect(result.precision).toBeCloseTo(precision, 10);
    expect(result.recall).toBeCloseTo(recall, 10);
  });

  it('uses stream order: the earliest item of a gold story is its first', () => {
    // The second A item is marked new, the first is not: one false positive, one miss.
    const result = firstStory(items([['x', 'A', false], ['y', 'A', true]]));
    expect(result).toMatchObject({ precision: 0, recall: 0, f1: 0, items: 2 });
  });
});

describe('a part of the stream (tune and held-out halves)', () => {
  // Stream order: A1 A2 | A3 B1 B2, cut before the third item. The tracker put A3 with B.
  const stream = items([['x', 'A', true], ['x', 'A', false], ['y', 'A', false], ['y', 'B', true], ['y', 'B', false]]);
  const first = (i: number) => i < 2;
  const second = (i: number) => i >= 2;

  it('B-cubed reads only the part: its clusters and stories restricted to its items', () => {
    expect(bcubed(stream, { only: first })).toMatchObject({ precision: 1, recall: 1, f1: 1, items: 2 });
    // Second part: cluster y holds A3, B1, B2; A's story there is A3 alone.
    const late = bcubed(stream, { only: second });
    expect(late.items).toBe(3);
    expect(late.precision).toBeCloseTo((1 / 3 + 2 / 3 + 2 / 3) / 3, 10);
    expect(late.recall).toBe(1);
  });

  it('a story that crosses the cut is no first story in the later part', () => {
    // A3 is A's third report: not a first, though it is A's first item in the second part.
    expect(firstStory(stream, { only: second })).toMatchObject({ precision: 1, recall: 1, items: 3 });
    expect(firstStory(items([['x', 'A', true], ['y', 'A', true]]), { only: (i) => i === 1 })).toMatchObject({ precision: 0, recall: 0, items: 1 });
  });

  it('the two parts together hold every item once', () => {
    expect(bcubed(stream, { only: first }).items + bcubed(stream, { only: second }).items).toBe(bcubed(stream).items);
    expect(firstStory(stream, { only: first }).items + firstStory(stream, { only: second }).items).toBe(firstStory(stream).items);
  });
});
