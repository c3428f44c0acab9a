/**
 * The arithmetic of a topic's trends, on plain series: spikes against a moving baseline, momentum
 * of names between two windows, change between periods. No database, no dates beyond indices.
 */

/** A spike is judged against this many buckets before it. */
export const BASELINE_BUCKETS = 14;
/** Standard deviations above the baseline's mean a spike must reach. */
export const SPIKE_SIGMAS = 3;
/** A bucket with fewer articles than this is never a spike, whatever its baseline. */
export const SPIKE_MIN_COUNT = 3;

export interface SpikeFinding {
  /** First and last bucket of the spike: buckets above their baselines one after another are one spike. */
  index: number;
  end: number;
  /** Articles in its buckets, all together. */
  count: number;
  /** Mean and threshold of the baseline it was held to. */
  mean: number;
  threshold: number;
}

/**
 * Buckets whose count is above the mean plus three standard deviations of the 14 buckets before
 * them, and at least SPIKE_MIN_COUNT. `observedFrom` is the first bucket whose baseline is real
 * (the topic was following the stream): a bucket is judged only when all its 14 baseline buckets
 * are at or after it, so a topic's first days, or its catch-up, are never a spike. A flat series
 * has no spike (its deviation is zero and its count is its mean); the threshold is never below
 * the mean plus one, so a series of ones does not spike on a two. Buckets above their baselines
 * one after another are one spike (a step is one spike, not one a day until the baseline catches up),
 * held to its first bucket's baseline.
 */
export function findSpikes(counts: readonly number[], observedFrom = 0): SpikeFinding[] {
  const spikes: SpikeFinding[] = [];
  for (let i = Math.max(BASELINE_BUCKETS, observedFrom + BASELINE_BUCKETS); i < counts.length; i++) {
    const baseline = counts.slice(i - BASELINE_BUCKETS, i);
    const mean = baseline.reduce((a, b) => a + b, 0) / baseline.length;
    const sd = Math.sqrt(baseline.reduce((a, b) => a + (b - mean) ** 2, 0) / baseline.length);
    const threshold = Math.max(mean + SPIKE_SIGMAS * sd, mean + 1);
    const count = counts[i]!;
    if (count < SPIKE_MIN_COUNT || count <= threshold) continue;
    const last = spikes.at(-1);
    if (last && last.end === i - 1) {
      last.end = i;
      last.count += count;
    } else spikes.push({ index: i, end: i, count, mean: round(mean, 2), threshold: round(threshold, 2) });
  }
  return spikes;
}

/** A name must be in this many articles of the recent window to be rising. */
export const RISING_MIN_COUNT = 2;
/** Recent against previous rate, at least this much, to be rising. */
export const RISING_MIN_MOMENTUM = 1.5;

export interface NameCounts {
  name: string;
  recent: number;
  previous: number;
  /** Articles that named it before the previous window (any time; 1 when known only to be some). */
  ever: number;
}

export interface RisingName extends NameCounts {
  /** Recent rate over previous rate (per day); null for a name never seen before the recent window. */
  momentum: number | null;
  isNew: boolean;
}

/**
 * Names whose rate per day in the recent window (`recentDays`) is at least 1.5 times their rate in
 * the previous window (`previousDays`), in at least two recent articles, or new: never in an
 * article before the recent window. A name in one article only is no trend. Ordered by recent
 * count, then momentum (new first). A topic that was not followed before the recent window
 * (`followedBefore` false) has nothing to be new against: its names are only the most named.
 */
export function risingNames(names: readonly NameCounts[], recentDays: number, previousDays: number, followedBefore = true): RisingName[] {
  const rising: RisingName[] = [];
  for (const counts of names) {
    if (counts.recent < RISING_MIN_COUNT) continue;
    const isNew = followedBefore && counts.previous === 0 && counts.ever === 0;
    const momentum = counts.previous === 0 ? null : round(counts.recent / recentDays / (counts.previous / previousDays), 2);
    if (isNew || momentum === null || momentum >= RISING_MIN_MOMENTUM) rising.push({ ...counts, momentum, isNew });
  }
  return rising.sort((a, b) => b.recent - a.recent || (b.momentum ?? Infinity) - (a.momentum ?? Infinity) || a.name.localeCompare(b.name));
}

/** The change from `previous` to `current` as a fraction (0.25 = +25%); null when there was nothing before. */
export function change(current: number, previous: number): number | null {
  return previous === 0 ? null : round((current - previous) / previous, 3);
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
