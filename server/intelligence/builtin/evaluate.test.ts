import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../paths.js';
import { evaluateSplit, inPublishedOrder, readStream, runStream, score, timeSplit, type StreamDoc } from './evaluate.js';

const at = (id: string, day: number | null, story: string | null = null): StreamDoc => ({
  docId: id,
  title: id,
  text: '',
  published: day === null ? null : new Date(Date.UTC(2015, 8, day)),
  story,
});

describe('the split of a stream into halves by time', () => {
  it('cuts at the middle document, keeping documents of one time in one half', () => {
    expect(timeSplit([at('a', 1), at('b', 2), at('c', 3), at('d', 4)])).toBe(2);
    // The middle document's day begins the second half.
    expect(timeSplit([at('a', 1), at('b', 2), at('c', 2), at('d', 2), at('e', 3)])).toBe(1);
    // Undated documents go last, together.
    expect(timeSplit(inPublishedOrder([at('a', null), at('b', 1), at('c', null), at('d', 2)]))).toBe(2);
    expect(timeSplit([])).toBe(0);
  });

  it("scores the first half as a run of the first half alone would: its figures owe nothing to the second", () => {
    const docs = readStream(path.join(ROOT, 'fixtures', 'eval', 'wcep_2015-09.jsonl'));
    const split = evaluateSplit(docs)!;
    const ordered = inPublishedOrder(docs);
    expect(split.cut).toBe(timeSplit(ordered));
    expect(split.boundary?.toISOString()).toBe('2015-09-16T00:00:00.000Z');
    const early = runStream(ordered.slice(0, split.cut));
    expect(split.halves[0]).toEqual(score(early.ordered, early.predictions));
    // The second half is read from the whole run (the tracker has read the first half), on its own items.
    const whole = runStream(docs);
    expect(split.whole).toEqual(score(whole.ordered, whole.predictions));
    expect(split.halves[0].bcubed.items + split.halves[1].bcubed.items).toBe(split.whole.bcubed.items);
  }, 30_000);
});
