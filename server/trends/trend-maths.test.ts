import { describe, expect, it } from 'vitest';
import { change, findSpikes, foldFragments, risingNames } from './trend-maths.js';

describe('findSpikes', () => {
  it('finds none in a flat series, however high', () => {
    expect(findSpikes(Array(30).fill(5))).toEqual([]);
  });

  it('finds one at a step, and the step is the new baseline after it', () => {
    const series = [...Array(20).fill(1), 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9];
    const spikes = findSpikes(series);
    expect(spikes.map((s) => s.index)).toEqual([20]);
    expect(spikes[0]).toMatchObject({ index: 20, mean: 1 });
    expect(spikes[0]!.end).toBeGreaterThan(20);
  });

  it('holds a day to the noise of its baseline', () => {
    const noisy = [2, 6, 1, 7, 0, 5, 3, 8, 1, 6, 2, 7, 0, 5];
    expect(findSpikes([...noisy, 9])).toEqual([]);
    expect(findSpikes([...noisy, 20]).map((s) => s.index)).toEqual([14]);
  });

  it('never calls a small count a spike, nor a bucket without a full baseline', () => {
    expect(findSpikes([...Array(14).fill(0), 2])).toEqual([]);
    expect(findSpikes([0, 0, 0, 12])).toEqual([]);
    // The topic started following at bucket 10: bucket 20 has only 10 buckets of real baseline.
    expect(findSpikes([...Array(20).fill(0), 12], 10)).toEqual([]);
    expect(findSpikes([...Array(24).fill(0), 12], 10).map((s) => s.index)).toEqual([24]);
  });
});

describe('risingNames', () => {
  it('keeps names faster now than before, and new ones, never a single mention', () => {
    const rising = risingNames(
      [
        { name: 'OPEC', recent: 7, previous: 6, ever: 3 }, // 1/day against 0.2/day
        { name: 'Saudi Arabia', recent: 2, previous: 30, ever: 10 }, // slower than before
        { name: 'Gazprom', recent: 3, previous: 0, ever: 0 }, // new
        { name: 'Iran', recent: 1, previous: 0, ever: 0 }, // one article is no trend
        { name: 'Chevron', recent: 2, previous: 0, ever: 4 }, // back after a month away
      ],
      7,
      30,
    );
    expect(rising.map((r) => [r.name, r.momentum, r.isNew])).toEqual([
      ['OPEC', 5, false],
      ['Gazprom', null, true],
      ['Chevron', null, false],
    ]);
  });

  it('calls nothing new in a topic that was not followed before the week', () => {
    expect(risingNames([{ name: 'Gazprom', recent: 3, previous: 0, ever: 0 }], 7, 30, false)).toEqual([{ name: 'Gazprom', recent: 3, previous: 0, ever: 0, momentum: null, isNew: false }]);
  });
});

describe('change', () => {
  it('is a fraction of the previous period, none from nothing', () => {
    expect(change(15, 10)).toBe(0.5);
    expect(change(5, 10)).toBe(-0.5);
    expect(change(4, 0)).toBeNull();
  });
});

describe('foldFragments', () => {
  it('folds a name the NLP library cut short into the name it was cut from, counts added', () => {
    const folded = foldFragments([
      { name: 'Federal Open Market Committee', recent: 6, previous: 60 },
      { name: 'Market Committee', recent: 3, previous: 0 },
      { name: 'Open Market', recent: 1, previous: 1 },
      { name: 'Jerome Powell', recent: 2, previous: 1 },
    ]);
    expect(folded).toEqual([
      { name: 'Federal Open Market Committee', recent: 10, previous: 61, aliases: ['Federal Open Market Committee', 'Market Committee', 'Open Market'] },
      { name: 'Jerome Powell', recent: 2, previous: 1, aliases: ['Jerome Powell'] },
    ]);
    // The fragment alone would have been a new rising name; folded, the committee is at its usual rate.
    expect(risingNames(folded.map((c) => ({ ...c, ever: 1 })), 7, 30).map((r) => r.name)).toEqual(['Jerome Powell']);
  });

  it('keeps a name named more often than the longer names holding it: a name of its own', () => {
    const names = [
      { name: 'United States', recent: 12, previous: 30 },
      { name: 'United States Senate', recent: 2, previous: 3 },
      { name: 'Senate', recent: 4, previous: 2 },
    ];
    expect(foldFragments(names).map((c) => c.name)).toEqual(['United States', 'United States Senate', 'Senate']);
  });

  it('takes the longest name holding a fragment, and follows a chain to its end', () => {
    const folded = foldFragments([
      { name: 'Open Market Committee', recent: 2, previous: 2 },
      { name: 'Federal Open Market Committee', recent: 5, previous: 5 },
      { name: 'Committee', recent: 1, previous: 0 },
    ]);
    expect(folded).toEqual([{ name: 'Federal Open Market Committee', recent: 8, previous: 7, aliases: ['Federal Open Market Committee', 'Open Market Committee', 'Committee'] }]);
  });
});
