import { describe, expect, it } from 'vitest';
import { ruleNamed } from '../rules.js';
import { ALL_TITLE_RULES, articleTitle, HEADLINE_RULES, KIND_RULES, LEAD_RULES, namesAKindOfDocument, SENTENCE_TITLE_RULES, TITLE_CODE_RULES, TODAY_RULES } from './titles.js';

// Each test rule on made-up titles: [rule, titles it holds for, titles it does not].
const tests: [string, string[], string[]][] = [
  ['one-word-title', ['Notice', 'Widgets'], ['Widget prices fall']],
  ['document-kind-title', ['Widget Board statement', 'Acme Inc. files Form 4'], ['Widget Board raises rates']],
  ['sentence-title', ['The widget board raised its rate on Monday.'], ['Widget board raises rate at Acme Inc.', 'Widgets rise.', 'The widget board met with the U.S.']],
];

describe.each(tests)('title rule %s', (name, holds, fails) => {
  const rule = ruleNamed([...KIND_RULES, ...SENTENCE_TITLE_RULES], name);
  it.each(holds)('holds for %j', (title) => expect(rule.test(title)).toBe(true));
  it.each(fails)('does not hold for %j', (title) => expect(rule.test(title)).toBe(false));
});

// Each rewrite rule on made-up text: [rule, input, expected].
const rewrites: [string, [string, string][]][] = [
  ['release-line-lead', [['For immediate release: The board met.', 'The board met.'], ['Press release - The board met.', 'The board met.']]],
  ['drop-today', [['The board voted today to raise the widget rate', 'The board voted to raise the widget rate'], ["The board read today's paper", "The board read today's paper"]]],
  ['second-clause', [['The widget party wins the elections; the new government is sworn in', 'The widget party wins the elections']]],
  ['asides', [['Widgets – mostly from Acme – arrive (say officials) in Aville', 'Widgets arrive in Aville']]],
  ['lead-in-clause', [['Following the widget board decision on prices, hundreds of makers stop work', 'Hundreds of makers stop work']]],
  ['descriptive-phrase', [['Hundreds of people, tired of waiting for widgets, broke out of the camp', 'Hundreds of people broke out of the camp']]],
  ['trailing-clause', [['Hundreds of widget makers walk to the border of Aland, past police lines', 'Hundreds of widget makers walk to the border of Aland']]],
  [
    'purpose-clause',
    [
      ['Authorities in Aland close the Aville widget station to prevent makers from leaving', 'Authorities in Aland close the Aville widget station'],
      ['Ministers of the four widget countries agree to discuss quotas', 'Ministers of the four widget countries agree to discuss quotas'],
    ],
  ],
];

describe.each(rewrites)('title rewrite %s', (name, pairs) => {
  const rule = ruleNamed([...LEAD_RULES, ...TODAY_RULES, ...HEADLINE_RULES], name);
  it.each(pairs)('%j', (input, expected) => expect(rule.apply(input)).toBe(expected));
});

// Rules written as code, through the article's title: [rule, title, lead, expected title].
const code: [string, string, string | undefined, string][] = [
  [
    'ellipsis-title',
    'Widget makers in Aland stop work after the board...',
    'Widget makers in Aland stop work after the board cut prices.',
    'Widget makers in Aland stop work after the board cut prices',
  ],
  ['ellipsis-title', 'Widget makers in Aland stop work…', undefined, 'Widget makers in Aland stop work'],
  ['cut-at-stop-title', 'Widget makers led by Jane Q.', 'Widget makers led by Jane Q. Roe stop work.', 'Widget makers led by Jane Q. Roe stop work'],
  ['acronym-for-name', 'WBB statement', 'The Widget Board of Bland voted to raise its rate.', 'WBB statement, Mar 3, 2099: The WBB voted to raise its rate'],
];

describe.each(code)('title rule %s', (name, title, lead, expected) => {
  it(`makes ${JSON.stringify(title)} ${JSON.stringify(expected)}`, () => {
    expect(ruleNamed(TITLE_CODE_RULES, name).reason).toMatch(/^[^\n]{10,}$/);
    expect(articleTitle(title, '2099-03-03T00:00:00Z', lead)).toBe(expected);
  });
});

describe('the title rules', () => {
  it('are each tested above, by a unique name, with a language and a one-line reason', () => {
    const names = ALL_TITLE_RULES.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names)).toEqual(new Set([...tests.map((t) => t[0]), ...rewrites.map((r) => r[0]), ...code.map((c) => c[0])]));
    for (const rule of ALL_TITLE_RULES) {
      expect(rule.language).toMatch(/^(?:\*|[a-z]{2})$/);
      expect(rule.reason).toMatch(/^[^\n]{10,}$/);
    }
  });

  it('leave a title in another language alone where the rule is written for English', () => {
    expect(namesAKindOfDocument('Widget Board statement')).toBe(true);
    expect(namesAKindOfDocument('Widget Board statement', 'de')).toBe(false);
    expect(articleTitle('WBB statement', '2099-03-03T00:00:00Z', 'The Widget Board of Bland voted today to raise its rate.', 'en')).toBe('WBB statement, Mar 3, 2099: The WBB voted to raise its rate');
  });
});
