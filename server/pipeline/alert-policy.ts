import { ALERT_DAILY_CAP_MAX } from '../../contract/constants.js';
import type { AlertDecisionRecord } from '../db/schema/index.js';

/**
 * When a published article interrupts its reader with a breaking-alert email. The decision is
 * the pipeline's, whichever engine ranked the article, so the bar is calibrated on the ranks that
 * engine actually gives, not a constant that every article may clear:
 *
 * - breaking = among the top `topShare` of the ranks of the user's recent articles (the install's
 *   recent articles while the user has fewer than `minSample`; with fewer still, nothing is
 *   breaking yet: there is nothing to compare with), and never under `floor`;
 * - at most one alert per story in `storyHours` (later reports of the story are in the feed, not
 *   in the inbox);
 * - at most the user's daily cap (default 3) in any `storyHours` window;
 * - a breaking article held back by either rule goes to the top of the next daily brief;
 * - catch-up articles (a new topic's first articles from the store) are never breaking.
 */
export const ALERT_POLICY = {
  /** The lowest rank that may ever alert. */
  floor: 0.6,
  /** The share of a user's articles that is breaking at most. */
  topShare: 0.05,
  /** Ranks needed before a share of them means anything. */
  minSample: 20,
  /** Ranks compared with: published in this many days, at most this many. */
  sampleDays: 30,
  sampleMax: 500,
  /** One alert per story in this many hours; the daily cap counts the same window. */
  storyHours: 24,
  defaultDailyCap: 3,
  maxDailyCap: ALERT_DAILY_CAP_MAX,
} as const;

export interface Bar {
  bar: number;
  basis: AlertDecisionRecord['basis'];
  sample: number;
}

/**
 * The rank an article needs to be breaking: the (1 - topShare) quantile of the recent ranks (the
 * rank that only the top `topShare` reach), at least the floor. `userRanks` first; the install's
 * when the user has too few; with too few on both, 1.01 (nothing qualifies).
 */
export function calibratedBar(userRanks: readonly number[], installRanks: readonly number[]): Bar {
  const [ranks, basis] = userRanks.length >= ALERT_POLICY.minSample ? [userRanks, 'user' as const] : [installRanks, 'install' as const];
  if (ranks.length < ALERT_POLICY.minSample) return { bar: 1.01, basis: 'too_few', sample: ranks.length };
  const sorted = [...ranks].sort((a, b) => a - b);
  const quantile = sorted[Math.min(sorted.length - 1, Math.floor((1 - ALERT_POLICY.topShare) * sorted.length))]!;
  return { bar: Math.max(ALERT_POLICY.floor, quantile), basis, sample: ranks.length };
}

export interface AlertFacts {
  rank: number;
  bar: Bar;
  alertsOn: boolean;
  /** A catch-up or initialization article: from the store, not news. */
  catchUp: boolean;
  /** The user's article of the same story alerted within the window, if any. */
  storyAlertedEventId: number | null;
  /** The user's alerts sent within the window. */
  alertsInWindow: number;
  dailyCap: number;
}

/** The decision for one article, in the order a reader would give the reasons. */
export function decideAlert(facts: AlertFacts): Omit<AlertDecisionRecord, 'at'> {
  const base = { rank: facts.rank, bar: Math.round(facts.bar.bar * 1000) / 1000, basis: facts.bar.basis, sample: facts.bar.sample };
  if (facts.catchUp) return { ...base, decision: 'not_breaking', reason: 'catch_up' };
  if (!facts.alertsOn) return { ...base, decision: 'not_breaking', reason: 'alerts_off' };
  if (facts.rank < facts.bar.bar) return { ...base, decision: 'not_breaking', reason: 'bar' };
  if (facts.storyAlertedEventId !== null) return { ...base, decision: 'held', reason: 'story', story_event_id: facts.storyAlertedEventId };
  if (facts.alertsInWindow >= facts.dailyCap) return { ...base, decision: 'held', reason: 'cap' };
  return { ...base, decision: 'sent', reason: 'top_rank' };
}

/** The decision in the product's words (inspection, logs). */
export function describeAlertDecision(d: AlertDecisionRecord): string {
  const bar = d.basis === 'too_few' ? `too few articles yet (${d.sample}) to know what is exceptional` : `bar ${d.bar.toFixed(3)}: the top ${ALERT_POLICY.topShare * 100}% of ${d.sample} recent ${d.basis === 'user' ? "of the user's" : "of the install's"} articles`;
  switch (d.reason) {
    case 'top_rank':
      return `Emailed as a breaking alert: rank ${d.rank.toFixed(3)} reached the ${bar}.`;
    case 'story':
      return `Held for the daily brief: an article of the same story was alerted in the last ${ALERT_POLICY.storyHours} hours.`;
    case 'cap':
      return 'Held for the daily brief: the daily alert limit was reached.';
    case 'bar':
      return `Not breaking: rank ${d.rank.toFixed(3)}, ${bar}.`;
    case 'alerts_off':
      return 'Not emailed: breaking alerts are off.';
    case 'catch_up':
      return 'Not emailed: a catch-up article from documents already in the store.';
  }
}
