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
export function risingNames<T extends NameCounts>(names: readonly T[], recentDays: number, previousDays: number, followedBefore = true): (T & RisingName)[] {
  const rising: (T & RisingName)[] = [];
  for (const counts of names) {
    if (counts.recent < RISING_MIN_COUNT) continue;
    const isNew = followedBefore && counts.previous === 0 && counts.ever === 0;
    const momentum = counts.previous === 0 ? null : round(counts.recent / recentDays / (counts.previous / previousDays), 2);
    if (isNew || momentum === null || momentum >= RISING_MIN_MOMENTUM) rising.push({ ...counts, momentum, isNew });
  }
  return rising.sort((a, b) => b.recent - a.recent || (b.momentum ?? Infinity) - (a.momentum ?? Infinity) || a.name.localeCompare(b.name));
}

/** Counts of a name in the two windows, as nameCounts reads them. */
export interface WindowCounts {
  name: string;
  recent: number;
  previous: number;
}

/** A name and the shorter names folded into it (itself first): the spellings its articles carry. */
export type FoldedCounts = WindowCounts & { aliases: string[] };

const wordsOf = (name: string) => name.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * Names the NLP library cut short, folded into the name they were cut from: a name that is a
 * contiguous run of the words of a longer name of the same window ("Market Committee" of
 * "Federal Open Market Committee") and named in no more articles than it is that name, read short.
 * It goes to the longest such name (the most named among equals) and its counts are added there;
 * a name named more often than every longer one holding it is a name of its own ("United States"
 * beside "United States Senate") and stays. Each article's names hold no name inside another
 * (displayNames), so the sums count no article twice.
 */
export function foldFragments(names: readonly WindowCounts[]): FoldedCounts[] {
  const total = (c: WindowCounts) => c.recent + c.previous;
  // Every contiguous run of a multi-word name's words -> the names holding it.
  const holders = new Map<string, WindowCounts[]>();
  for (const c of names) {
    const words = wordsOf(c.name);
    for (let from = 0; from < words.length; from++)
      for (let to = from + 1; to <= words.length; to++) {
        if (to - from === words.length) continue;
        const run = words.slice(from, to).join(' ');
        holders.set(run, [...(holders.get(run) ?? []), c]);
      }
  }
  const into = new Map<WindowCounts, WindowCounts>();
  for (const c of names) {
    const longer = (holders.get(wordsOf(c.name).join(' ')) ?? []).filter((h) => total(h) >= total(c));
    const target = longer.sort((a, b) => wordsOf(b.name).length - wordsOf(a.name).length || total(b) - total(a) || a.name.localeCompare(b.name))[0];
    if (target) into.set(c, target);
  }
  // A chain (A in B in C) ends at the name nothing longer holds.
  const root = (c: WindowCounts): WindowCounts => (into.has(c) ? root(into.get(c)!) : c);
  const folded = new Map<WindowCounts, FoldedCounts>();
  for (const c of names) if (!into.has(c)) folded.set(c, { ...c, aliases: [c.name] });
  for (const c of names) {
    if (!into.has(c)) continue;
    const target = folded.get(root(c))!;
    target.recent += c.recent;
    target.previous += c.previous;
    target.aliases.push(c.name);
  }
  return [...folded.values()];
}

/** The change from `previous` to `current` as a fraction (0.25 = +25%); null when there was nothing before. */
export function change(current: number, previous: number): number | null {
  return previous === 0 ? null : round((current - previous) / previous, 3);
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
