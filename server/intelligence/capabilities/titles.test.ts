import { describe, expect, it } from 'vitest';
import { ruleNamed } from '../rules.js';
import { DECISION_RULES, KIND_RULES, kindNamedBy, namesAKindOfDocument, PUBLISHED_KIND_RULES, reportsADecision } from './document-kinds.js';
import { ALL_TITLE_RULES, articleTitle, HEADLINE_RULES, LEAD_RULES, SENTENCE_TITLE_RULES, TITLE_CODE_RULES, TODAY_RULES } from './titles.js';

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
  [
    'main-clause',
    [
      ['Following the widget board decision on prices, hundreds of makers stop work', 'Hundreds of makers stop work'],
      ['In these times, although recent data suggest that widget sales grew, the board judges that risks have increased', 'The board judges that risks have increased'],
      ['At its next meeting the widget board will assess the prices of widgets', 'The widget board will assess the prices of widgets'],
      ['As announced, to support makers and to help buyers, the board will buy widgets', 'The board will buy widgets'],
      ['The widget board, nonetheless, recognizes that prices rose', 'The widget board recognizes that prices rose'],
      // A sentence that opens with its subject stays whole.
      ['The widget board raised its rate in Aville, Bland and Cove', 'The widget board raised its rate in Aville, Bland and Cove'],
      ['In Aville, Bland and Cove, widget makers stop work', 'Widget makers stop work'],
      ['At least three widget makers die, 27 are injured, and 26 are missing', 'At least three widget makers die, 27 are injured, and 26 are missing'],
      // A part that opens with a verb has no subject of its own; commas in the preposed phrase leave it.
      ['In a widget scandal in Aland, a top maker, Jane Roe, says she is a victim of fraud', 'In a widget scandal in Aland, a top maker, Jane Roe, says she is a victim of fraud'],
      // Adjectives listed between commas are no aside.
      ['Widget makers find a rare, incurable, widget disorder', 'Widget makers find a rare, incurable, widget disorder'],
    ],
  ],
  ['descriptive-phrase', [['Hundreds of people, tired of waiting for widgets, broke out of the camp', 'Hundreds of people broke out of the camp']]],
  ['trailing-clause', [['Hundreds of widget makers walk to the border of Aland, past police lines', 'Hundreds of widget makers walk to the border of Aland']]],
  [
    'purpose-clause',
    [
      ['Authorities in Aland close the Aville widget station to prevent makers from leaving', 'Authorities in Aland close the Aville widget station'],
      ['Ministers of the four widget countries agree to discuss quotas', 'Ministers of the four widget countries agree to discuss quotas'],
      // A second purpose joined to a first: cutting it would end the headline on "and".
      ['To support a stronger widget market in Aland and to help ensure supply, the board keeps its rate', 'To support a stronger widget market in Aland and to help ensure supply, the board keeps its rate'],
    ],
  ],
  [
    'trailing-part',
    [
      ['The widget board keeps its policy, keeping its rate steady', 'The widget board keeps its policy'],
      ['The widget board keeps its policy, keeping its rate at 2 percent', 'The widget board keeps its policy, keeping its rate at 2 percent'],
      ['The widget board keeps its policy, keeping its rate at 6-1/2 percent', 'The widget board keeps its policy, keeping its rate at 6-1/2 percent'],
      ['Widget makers are still cutting back on staff, though at a slower pace', 'Widget makers are still cutting back on staff'],
      ['Ten widget makers are hurt, seven from one family, in a blast in a suburb of Paris', 'Ten widget makers are hurt, seven from one family, in a blast in a suburb of Paris'],
      ['The board continues its widget program, and it is keeping its rate', 'The board continues its widget program'],
      // A list's last item, an "of" that belongs to its noun: no trailing part.
      ['The board will close the Aville plant, the Bland plant, and the Cove plant', 'The board will close the Aville plant, the Bland plant, and the Cove plant'],
      ['Makers must be alert to the rise, or potential rise, of widget prices', 'Makers must be alert to the rise, or potential rise, of widget prices'],
    ],
  ],
  [
    'second-predicate',
    [
      ['The widget board will maintain the target range for widget prices and continues to expect that demand stays low', 'The widget board will maintain the target range for widget prices'],
      // A number or a place after it is the news; a list of predicates, a list of nouns and two participles are one predicate.
      ['The widget board approved the plan and raised the fee to 5 percent', 'The widget board approved the plan and raised the fee to 5 percent'],
      ['The widget board dissolves the guard, creates a commission, and dismisses the minister', 'The widget board dissolves the guard, creates a commission, and dismisses the minister'],
      ['We propose a widget agent for real shops, trained and evaluated within a closed loop', 'We propose a widget agent for real shops, trained and evaluated within a closed loop'],
    ],
  ],
  [
    'agent-phrase',
    [
      ['The widget board of Aland approved requests submitted by the makers of Aville, Bland, Cove, Dale, Eton, Fife, Gale and Hove', 'The widget board of Aland approved requests'],
      // A headline that fits keeps its agent: it may be the news.
      ['North and South Aland are to hold reunions for families divided by the widget war from May 1 to May 6', 'North and South Aland are to hold reunions for families divided by the widget war from May 1 to May 6'],
      // A passive verb is the clause's own: nothing is cut.
      ['The rise in the widget rate of Aland to 5 percent was approved by the board of Bland and Cove', 'The rise in the widget rate of Aland to 5 percent was approved by the board of Bland and Cove'],
      ['Officials of Aland say the two hundred widget makers rescued by the coast guard of Bland are safe', 'Officials of Aland say the two hundred widget makers rescued by the coast guard of Bland are safe'],
    ],
  ],
  [
    'trailing-phrases',
    [
      [
        'The widget board is maintaining its existing policy of reinvesting payments from its holdings of widget debt at auction',
        'The widget board is maintaining its existing policy of reinvesting payments',
      ],
      // A phrase with a number, a place or a verb is the news; a cut inside a list would leave it half, one after a second verb a clause half.
      ['The widget makers of the Aville region go to the polls for an election with the widget party returning to power', 'The widget makers of the Aville region go to the polls for an election with the widget party returning to power'],
      ['A widget court issues an injunction ordering a halt to a widget makers\' strike in the Aville region', 'A widget court issues an injunction ordering a halt to a widget makers\' strike in the Aville region'],
      ['A widget rally crash leaves six makers dead after a widget car veers off a straight section into spectators', 'A widget rally crash leaves six makers dead after a widget car veers off a straight section into spectators'],
      ['The widget makers of the Aville region agree to discuss their differences over the widget quotas in Prague', 'The widget makers of the Aville region agree to discuss their differences over the widget quotas in Prague'],
      ['The widget board of the Aville region raises its target for the widget rate by 25 basis points to 5 percent', 'The widget board of the Aville region raises its target for the widget rate by 25 basis points to 5 percent'],
      [
        'The widget board will assess information on the balance of supply and demand, conditions in financial markets, and the need for adjustment',
        'The widget board will assess information',
      ],
    ],
  ],
  [
    'kind-led-title',
    [
      ['WBB statement; and Board approval of fee requests of the Widget Banks of Aville, Bland and Cove', 'WBB statement'],
      ['WBB statement and Board fee action', 'WBB statement'],
    ],
  ],
  ['published-kind-title', [['Widget Board issues WBB statement', 'WBB statement'], ['Widget Board and WBB release projections from the May WBB meeting', 'Widget Board and WBB release projections from the May WBB meeting']]],
  [
    'decided-to-headline',
    [
      ['The WBB decided to raise its widget rate by 25 basis points', 'WBB raises its widget rate by 25 basis points'],
      ['The Widget Board of Bland at its meeting voted to lower its rate to 2 percent', 'The Widget Board of Bland lowers its rate to 2 percent'],
      ['To support widget makers and to help ensure supply, the Committee decided to keep its rate at 2 percent', 'The Committee keeps its rate at 2 percent'],
      ['In light of the progress, the Committee decided to modestly reduce the pace of its widget purchases', 'The Committee modestly reduces the pace of its widget purchases'],
      ['The board said that widget prices rose', 'The board said that widget prices rose'],
    ],
  ],
];

describe.each(rewrites)('title rewrite %s', (name, pairs) => {
  const rule = ruleNamed([...LEAD_RULES, ...TODAY_RULES, ...HEADLINE_RULES, ...PUBLISHED_KIND_RULES, ...DECISION_RULES], name);
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
  ['acronym-for-name', 'WBB statement', 'The Widget Board of Bland raised its rate.', 'WBB statement, Mar 3, 2099: The WBB raised its rate'],
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

  it('keep a source\'s own title of up to 120 characters whole, subtitle and all', () => {
    const own = 'Frame-Conditioned Widget Computation in Widget 3.1-8B: A Mechanistic Interpretability Audit of Widget Reasoning';
    expect(own.length).toBeGreaterThan(110);
    expect(articleTitle(own, '2099-03-03T00:00:00Z', 'We audit widget reasoning.')).toBe(own);
  });

  it('keep a longer title whole past its colon: the subtitle says what the paper found', () => {
    const own = 'Noise as Defence in Frame-Conditioned Widget Reasoning Models: Injected Widget Noise Halves the Error Rate of Eight Audited Widget Models';
    expect(own.length).toBeGreaterThan(120);
    expect(articleTitle(own, '2099-03-03T00:00:00Z', 'We audit widget reasoning.')).toBe(own);
  });

  it('leave a title in another language alone where the rule is written for English', () => {
    expect(namesAKindOfDocument('Widget Board statement')).toBe(true);
    expect(namesAKindOfDocument('Widget Board statement', 'de')).toBe(false);
    expect(articleTitle('WBB statement', '2099-03-03T00:00:00Z', 'The Widget Board of Bland raised its rate today.', 'en')).toBe('WBB statement, Mar 3, 2099: The WBB raised its rate');
  });
});

// Documents whose title says nothing of what happened, made up: [case, title, lead, the document's sentences, title made].
const decisions: [string, string, string, string[], string][] = [
  [
    'a kind of document and what came with it: the decision, not the related action the lead quotes',
    'WBB statement; and Board approval of fee requests of the Widget Banks of Aville, Bland, Cove and Dale, effective immediately',
    'In a related action, the Board approved a 25 basis point increase in the fee rate to 3 percent.',
    ['The Widget Board of Bland decided today to raise its target for the widget rate by 25 basis points to 4 percent.', 'In a related action, the Board approved a 25 basis point increase in the fee rate to 3 percent.'],
    'WBB statement, Mar 3, 2099: WBB raises its target for the widget rate by 25 basis points to 4 percent',
  ],
  [
    'a kind of document someone published: the decision further down',
    'Widget Board issues WBB statement',
    'Information received since the Board met shows widget output growing.',
    ['Information received since the Board met shows widget output growing.', 'The Widget Board of Bland decided to keep its target for the widget rate at 2 percent.'],
    'WBB statement, Mar 3, 2099: WBB keeps its target for the widget rate at 2 percent',
  ],
  [
    'no decision in the document: the lead',
    'WBB statement',
    'Widget output grew in the first quarter.',
    ['Widget output grew in the first quarter.', 'Widget prices were steady.'],
    'WBB statement, Mar 3, 2099: Widget output grew in the first quarter',
  ],
  [
    'a rule\'s number is no act ("in accordance with Rules 211 and 214"): the lead',
    'Combined Notice of Widget Filings #1',
    'The Widget Commission received the following widget filings.',
    ['Any person desiring to protest must file in accordance with Rules 211 and 214 of the Widget Regulations.', 'The Widget Commission received the following widget filings.'],
    'Combined Notice of Widget Filings #1, Mar 3, 2099: The Widget Commission received the following widget filings',
  ],
  [
    'a title that says what happened stays whole',
    'Widget Board raises its rate and approves fee requests of the Widget Banks of Aville, Bland and Cove',
    'The Widget Board of Bland decided to raise its rate.',
    ['The Widget Board of Bland decided to raise its rate.'],
    'Widget Board raises its rate and approves fee requests of the Widget Banks of Aville, Bland and Cove',
  ],
  [
    'a kind of document and, after a colon, what happened: the source\'s own title',
    'WBB statement: The Widget Board is providing liquidity to widget markets',
    'The Widget Board of Bland decided to lower its rate.',
    ['The Widget Board of Bland decided to lower its rate.'],
    'WBB statement: The Widget Board is providing liquidity to widget markets',
  ],
];

describe.each(decisions)('the title of a document whose title says nothing of what happened: %s', (_, title, lead, sentences, expected) => {
  it(`is ${JSON.stringify(expected)}`, () => {
    const made = articleTitle(title, '2099-03-03T00:00:00Z', lead, 'en', sentences);
    expect(made).toBe(expected);
    expect(made.length).toBeLessThanOrEqual(120);
  });
});

describe('the kind of document a title names', () => {
  it.each([
    ['WBB statement', 'WBB statement'],
    ['WBB statement and Board fee action', 'WBB statement'],
    ['Widget Board issues WBB statement', 'WBB statement'],
    // A one-word kind part, a subject list, a title that reports an action: what happened, or no kind.
    ['Safety and Performance of a Widget Blocking System', undefined],
    ['Widget Safety Committee; Notice of Public Meeting on Aville widgets', undefined],
    ['WBB statement and Board raises fee rate', undefined],
  ])('%j -> %j', (title, kind) => expect(kindNamedBy(title)).toBe(kind));
});

describe('a decision a body will take', () => {
  it('is a decision when a named body says it will act, not when a common noun will ("inflation will settle")', () => {
    expect(reportsADecision('The Committee will maintain the target range for the federal funds rate at 0 to 1/4 percent.')).toBe(true);
    expect(reportsADecision('The Committee also anticipates that inflation will settle at lower levels.')).toBe(false);
    expect(reportsADecision('The Committee decided today to raise its target.')).toBe(true);
    // Whatever a body decided is its decision, with an adverb before the verb.
    expect(reportsADecision('The Committee decided to modestly reduce the pace of its asset purchases.')).toBe(true);
  });

  it("titles a statement by the decision that leads it, not by an earlier sentence's verb", () => {
    const lead = 'The Committee will maintain the target range for the federal funds rate at 0 to 1/4 percent.';
    const sentences = ['Businesses are cutting back on fixed investment.', lead];
    expect(articleTitle('FOMC statement', '2009-06-24', lead, 'en', sentences)).toBe('Jun 24, 2009: The Committee will maintain the target range for the federal funds rate at 0 to 1/4 percent');
  });
});
