import { describe, expect, it } from 'vitest';
import { builtinNovelty } from './novelty.js';

const doc = (keyFacts: string[], title = 'Fed holds rates') => ({ id: 9, title, summary: keyFacts.join(' '), keyFacts, date: '2026-11-22' });

describe('built-in novelty', () => {
  it.each([
    ['no earlier events: all new', [], ['The Fed kept its rate at 5.25%.'], true, 1],
    ['the same fact reported before: known', [{ documentId: 1, title: 'Fed decision', date: '', keyFacts: ['The Federal Reserve kept its benchmark rate at 5.25%.'] }], ['The Fed kept its rate at 5.25%.'], false, 0],
    ['a new figure is news', [{ documentId: 1, title: 'Fed decision', date: '', keyFacts: ['The Fed kept its rate at 5.25%.'] }], ['The Fed kept its rate at 5.50%.'], true, 1],
    ['half new', [{ documentId: 1, title: 'Fed decision', date: '', keyFacts: ['The Fed kept its rate at 5.25%.'] }], ['The Fed kept its rate at 5.25%.', 'Two governors dissented from the decision.'], true, 0.5],
  ])('%s', (_name, earlier, facts, novel, score) => {
    const result = builtinNovelty({ document: doc(facts), earlier });
    expect(result.novel).toBe(novel);
    expect(result.novelty_score).toBe(score);
    expect(result.novel_facts.length + result.known_facts.length).toBe(facts.length);
    for (const known of result.known_facts) expect(known.citations).toEqual([1]);
  });

  it('sees a phase change when the title reports an action no earlier title did', () => {
    const earlier = [{ documentId: 1, title: 'Senate debates the budget bill', date: '', keyFacts: ['The Senate debated the bill.'] }];
    expect(builtinNovelty({ document: doc(['The Senate passed the bill 52-48.'], 'Senate passes the budget bill'), earlier })).toMatchObject({ phase_change: true });
    expect(builtinNovelty({ document: doc(['More debate.'], 'Senate debates the budget bill again'), earlier }).phase_change).toBe(false);
    // A bare form in a title is a noun, not news of a change.
    expect(builtinNovelty({ document: doc(['Straight leg raise test results in 40 patients.'], 'Straight Leg Raise Test in Lumbar Disc Herniation'), earlier }).phase_change).toBe(false);
    // "Banks" is no ban: an action is one of its verb's forms, not a word it begins.
    expect(builtinNovelty({ document: doc(['Banks warned of slower growth.'], 'Banks warn of slower growth'), earlier }).phase_change).toBe(false);
    // The reader is told the document's statement of the act, not how it was found.
    expect(builtinNovelty({ document: doc(['Markets moved.', 'The Fed raised its rate by a quarter point.'], 'Fed hikes its rate'), earlier }).phase_change_explanation).toBe('The Fed raised its rate by a quarter point.');
    expect(builtinNovelty({ document: doc(['Markets moved.'], 'Fed hikes its rate'), earlier }).phase_change_explanation).toBe('Fed hikes its rate.');
    // A noun in a heading ("Widget Rules: ...") is no act, nor a rule's number ("with Rules 211").
    expect(builtinNovelty({ document: doc(['The Board corrects a rule.'], 'Widget Capital Rules: Final Revisions Applicable to Widget Banks'), earlier }).phase_change).toBe(false);
    expect(builtinNovelty({ document: doc(['Protests are due.'], 'Protests filed in accordance with Rules 211 and 214'), earlier }).phase_change).toBe(false);
    expect(builtinNovelty({ document: doc(['The court ruled.'], 'Widget court rules against Acme'), earlier }).phase_change).toBe(true);
  });
});
