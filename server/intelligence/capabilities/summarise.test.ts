import { describe, expect, it } from 'vitest';
import { extractiveSummary, sentences } from './summarise.js';

describe('sentences', () => {
  it.each([
    ['an initialism inside a sentence', 'The U.S. Congress passed the bill on Tuesday. It goes to the Senate next.', ['The U.S. Congress passed the bill on Tuesday.', 'It goes to the Senate next.']],
    ['an initialism that ends one', 'Sanctions were lifted by the U.S. The talks resumed on Monday morning.', ['Sanctions were lifted by the U.S.', 'The talks resumed on Monday morning.']],
    ['titles and places', 'Dr. Smith met Gen. Allen in St. Louis last week. Both declined to comment.', ['Dr. Smith met Gen. Allen in St. Louis last week.', 'Both declined to comment.']],
    ['a roster name (FOMC minutes)', 'Present were Mr. Kos and Ms. Rosenbaum, Vice President. The Manager reported on markets.', ['Present were Mr. Kos and Ms. Rosenbaum, Vice President.', 'The Manager reported on markets.']],
    ['a month and a statute', 'The rule takes effect Jan. 5 under 12 U.S.C. 1813 and applies to banks. Comments are due in March.', ['The rule takes effect Jan. 5 under 12 U.S.C. 1813 and applies to banks.', 'Comments are due in March.']],
    ['a middle initial and decimals', 'John F. Kennedy said output rose 5.5 percent. Prices fell 0.25 points.', ['John F. Kennedy said output rose 5.5 percent.', 'Prices fell 0.25 points.']],
    ['line breaks and short fragments', 'Headline only\nThe first real sentence is here.\nOk then.', ['The first real sentence is here.']],
  ])('%s', (_, text, expected) => {
    expect(sentences(text)).toEqual(expected);
  });

  it('summarises a document without cutting it at an abbreviation', () => {
    const { summary } = extractiveSummary({
      title: 'U.S. Senate approves the budget',
      text: 'The U.S. Senate approved the budget on Friday by 60 votes to 40. Sen. Jones said the vote was close. The House votes next week.',
    });
    expect(summary).toContain('The U.S. Senate approved the budget on Friday by 60 votes to 40.');
  });
});
