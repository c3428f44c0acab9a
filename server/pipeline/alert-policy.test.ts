import { describe, expect, it } from 'vitest';
import { ALERT_POLICY, calibratedBar, decideAlert, describeAlertDecision, type AlertFacts } from './alert-policy.js';

/** n ranks spread evenly over [low, high]. */
const spread = (n: number, low: number, high: number) => Array.from({ length: n }, (_, i) => low + ((high - low) * i) / Math.max(1, n - 1));

describe('calibratedBar', () => {
  it.each([
    // The built-in engine's QA gives 0.69-0.81: a constant 0.6 bar let every article through;
    // the calibrated bar is the rank only the top 5% reach.
    { name: "the user's 100 ranks in 0.69-0.81", user: spread(100, 0.69, 0.81), install: [], bar: 0.805, basis: 'user' },
    { name: 'a model that ranks everything 0.2-0.5 never clears the floor', user: spread(100, 0.2, 0.5), install: [], bar: ALERT_POLICY.floor, basis: 'user' },
    { name: "too few of the user's own: the install's ranks", user: spread(5, 0.9, 0.95), install: spread(200, 0.3, 0.9), bar: 0.87, basis: 'install' },
    { name: 'too few anywhere: nothing is breaking yet', user: [0.9], install: spread(10, 0.5, 0.9), bar: 1.01, basis: 'too_few' },
    { name: 'all ranks equal: only that rank (ties share the top)', user: Array(40).fill(0.75), install: [], bar: 0.75, basis: 'user' },
  ])('$name', ({ user, install, bar, basis }) => {
    const result = calibratedBar(user, install);
    expect(result.basis).toBe(basis);
    expect(result.bar).toBeCloseTo(bar, 2);
  });

  it('lets through about the top share of a distribution, whatever its scale', () => {
    for (const [low, high] of [[0.6, 0.7], [0.69, 0.81], [0.7, 1]] as const) {
      const ranks = spread(400, low, high);
      const { bar } = calibratedBar(ranks, []);
      const share = ranks.filter((r) => r >= bar).length / ranks.length;
      expect(share).toBeGreaterThan(0);
      expect(share).toBeLessThanOrEqual(ALERT_POLICY.topShare + 0.005);
    }
  });
});

describe('decideAlert', () => {
  const bar = { bar: 0.8, basis: 'user' as const, sample: 100 };
  const facts = (over: Partial<AlertFacts>): AlertFacts => ({ rank: 0.85, bar, alertsOn: true, catchUp: false, storyAlertedEventId: null, alertsInWindow: 0, dailyCap: 3, ...over });
  it.each([
    { name: 'a top article, nothing sent today: sent', over: {}, decision: 'sent', reason: 'top_rank' },
    { name: 'exactly at the bar: sent', over: { rank: 0.8 }, decision: 'sent', reason: 'top_rank' },
    { name: 'under the bar: not breaking', over: { rank: 0.79 }, decision: 'not_breaking', reason: 'bar' },
    { name: 'its story alerted within 24 h: held for the brief', over: { storyAlertedEventId: 42 }, decision: 'held', reason: 'story' },
    { name: 'the daily cap reached: held for the brief', over: { alertsInWindow: 3 }, decision: 'held', reason: 'cap' },
    { name: 'under the cap by one: sent', over: { alertsInWindow: 2 }, decision: 'sent', reason: 'top_rank' },
    { name: 'a cap of 1 the user chose', over: { alertsInWindow: 1, dailyCap: 1 }, decision: 'held', reason: 'cap' },
    { name: 'a catch-up article is never breaking, whatever its rank', over: { catchUp: true, rank: 0.99 }, decision: 'not_breaking', reason: 'catch_up' },
    { name: 'alerts off', over: { alertsOn: false }, decision: 'not_breaking', reason: 'alerts_off' },
    { name: 'under the bar and its story alerted: not breaking (the story rule is for breaking ones)', over: { rank: 0.7, storyAlertedEventId: 42 }, decision: 'not_breaking', reason: 'bar' },
    { name: 'too few ranks to compare: not breaking', over: { bar: { bar: 1.01, basis: 'too_few' as const, sample: 3 }, rank: 0.95 }, decision: 'not_breaking', reason: 'bar' },
  ])('$name', ({ over, decision, reason }) => {
    const d = decideAlert(facts(over));
    expect(d).toMatchObject({ decision, reason });
    expect(describeAlertDecision({ ...d, at: '2026-11-25T00:00:00Z' })).toMatch(/^(Emailed|Held|Not)/);
  });

  it('over a day of 200 articles from one engine, sends at most the cap and holds the rest of the top', () => {
    const ranks = spread(200, 0.69, 0.81).sort(() => 0.5 - Math.random());
    const history = spread(200, 0.69, 0.81);
    let sent = 0;
    let held = 0;
    for (const rank of ranks) {
      const d = decideAlert(facts({ rank, bar: calibratedBar(history, []), alertsInWindow: sent }));
      if (d.decision === 'sent') sent++;
      if (d.decision === 'held') held++;
    }
    expect(sent).toBe(3);
    expect(sent + held).toBeLessThanOrEqual(Math.ceil(200 * ALERT_POLICY.topShare) + 1);
  });
});
