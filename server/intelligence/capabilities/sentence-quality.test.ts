import { describe, expect, it } from 'vitest';
import { ruleNamed } from '../rules.js';
import { BOILERPLATE_RULES, boilerplate, CLAUSE_RULES, FINISHING_RULES, finished, FRAGMENT_RULES, fragment, FURNITURE_RULES, LEANING_RULES, LIST_RULES, quotable, withoutFurniture } from './sentence-quality.js';

const TESTS = [...BOILERPLATE_RULES, ...FRAGMENT_RULES, ...CLAUSE_RULES];

// Each test rule on made-up text: [rule, sentences it holds for, sentences it does not].
const cases: [string, string[], string[]][] = [
  ['run-on', [`${'the widget rule applies to banks and '.repeat(12)}ends.`], ['The widget rule applies to banks.']],
  [
    'names-and-commas',
    ['Roe, Doe, Poe, Moe, and Loe, Senior Widget Officers, Widget Banks of Aville, Btown, Cville, Dtown, and Etown respectively'],
    ['Ministers from Aland, Bland, Cland and Dland met in Brussels on Monday to agree on widget quotas.'],
  ],
  [
    'colon-and-semicolon-list',
    ['Voting for the widget policy action were: Ann Roe, Chair; Bo Doe, Vice Chair; Cy Poe; Di Moe, Jr.; Ed Loe.'],
    ['The board did three things: it cut the widget rate; it raised the fee; it ended the widget program.', 'The widget board met on Monday; it cut the rate; it raised the fee; it ended the program.'],
  ],
  ['signature-label', ['Dated: March 3, 2099.', 'Authority: 12 U.S.C. 1.'], ['The widget was dated to 2099.']],
  ['day-of-formula', ['Signed at Widgetville this 5th day of March, 2099.'], ['On the fifth day the widget shipped.']],
  ['cfr-reference', ['Amend 12 CFR Part 324 as follows.'], ['The CFR lists widget rules.']],
  ['rin-number', ['The rule carries RIN 3064-AE12 in its header.'], ['The rin of the widget is wet.']],
  ['docket-number', ['Refer to Docket No. R-1442 for widgets.'], ['The widget docket is long.']],
  ['fr-doc-line', ['See FR Doc. 2099-1234 for the widget notice.'], ['The FR office is closed.']],
  ['billing-code', ['The notice ends with BILLING CODE 6714-01-P here.'], ['The code bills widgets.']],
  ['footnote-citation', ['7 15 U.S.C. 78s(b)(2)(B).', '12 17 CFR 240.19b-4.'], ['7 widgets were sold on Monday.']],
  ['table-run-in', ['The widget banks are shown in the table that follows: Aland Bank 5 Bland Bank 6.'], ['The widget sits on the table.']],
  ['shouted-header', ['FEDERAL WIDGET INSURANCE CORPORATION adopts a rule.'], ['The FDIC and SEC adopt a rule.']],
  ['section-label', ['AGENCY: Widget Safety Board.', 'FOR FURTHER INFORMATION CONTACT: Jane Roe.'], ['The agency wrote a rule.']],
  ['release-line', ['For immediate release the widget board met.'], ['The widget release is tomorrow.']],
  ['table-of-contents', ['Table of Contents I. Widgets II. Gadgets.'], ['The table holds widgets.']],
  ['list-marker', ['C. To draw widgets from the bank.', '(2) Each widget counts.', 'iv) the widget rule.'], ['Widgets are counted.']],
  ['pleasantry', ['Thank you very much.', 'Good afternoon, everybody.'], ['Thanks to widgets, prices fell by half in the year to March, the board said today.']],
  ['bracketed-opening', ['[Case termination for order and judgment] (Document)'], ['The case [sic] ended.']],
  ['back-to-top', ['The meeting ended. [Return to top]', 'Back to top of the widget page.'], ['The widget went to the top of the charts.']],
  ['markup', ['Byline|date of the widget story.', 'See [[w:Jane Roe|Jane Roe]] here.'], ['A widget costs 5 | 6 dollars.']],
  ['phone-number', ['Call (202) 555-0100 for widgets.', 'Reach us at 240-402-1453.'], ['The widget costs 202 dollars.']],
  ['please-contact', ['For widgets, please contact the board.'], ['The board contacted widget makers.']],
  ['phone-label', ['Widget office, telephone: 555 0100 200.'], ['The widget phone sold well.']],
  ['email-or-web-address', ['Write to roe@widget.test today.', 'See www.widget.test for more.', 'Read https://widget.test now.'], ['The widget is at home.']],
  ['office-notice', ['Copies are available for public inspection at the widget office.', 'The reading room is closed on Fridays.'], ['The widget office opened.']],
  ['roster', ['Jane Q. Roe, Senior Vice President; John Doe, Economist.', 'Jane Roe, Director of Widgets.'], ['Jane Roe, Director of Widgets, said prices would fall.']],
  ['roll-call', ['Votes against this action: None It was agreed to sell widgets.'], ['The board voted against the widget action.']],
  ['see-citation', ['See also Widget Act Release No. 64249 (April 7, 2099).'], ['See the widget.']],
  ['authority-citation', ['The authority citation for part 324 continues to read as follows.'], ['The authority cited widget rules.']],
  ['mostly-numbers', ['1761, 1789, 1790 (12 U.S.C. 1831n note); Pub.'], ['The widget rose 5 percent in March to a record.']],
  ['too-short', ['Widgets rose today.'], ['Widget prices rose sharply today.']],
  ['lower-case-opening', ['and the widget rose in price.', '(the widget fell.'], ['The widget rose in price.']],
  ['continuing-word', ['Which the widget board approved today.', 'Whereas widgets are sold in March.'], ['Widgets, which the board approved, are sold.']],
  ['no-finite-verb', ['Proposed rule; reopening of the widget comment period.', 'Notice of public widget meeting.'], ['The widget board kept its rate.']],
  [
    'lead-states-a-rule',
    ['The widget bank shall not commit itself to any balance.', 'All widget tenders must be submitted by noon.', 'Members may download the widget from the site.'],
    ['The widget board cut its rate in May 2016.', 'We introduce a widget game in which two agents must coordinate.', 'The widget board cut its rate.', 'Although widget security may restrain output for a time, the prospects remain favorable.'],
  ],
  ['lead-asks', ['Do you mean direct widget payments to Americans?', 'Can widgets learn from demonstration?"'], ['The widget board asked whether rates should rise.', 'Widget prices rose 5 percent (is that a record?) in May.']],
  [
    'lead-points-back',
    ['In a related action, the widget board cut its rate.', 'To address these challenges, we propose a widget.', 'Under this temporary deviation, the widget bridge stays closed.', 'In taking this action, the widget board approved the requests.', 'In taking the widget rate action, the board approved the requests.'],
    ['In this study, we test widgets on mice.', 'In March, the widget board cut its rate.', 'The widget board, in a related action, cut its rate.', 'In this action, the widget board approves the plan.', 'By raising the widget rate, the board cools demand.'],
  ],
  [
    'lead-defines-a-term',
    ['The widget rate is the interest rate that is charged to widget banks.', 'A widget is a device which turns gears.'],
    ['The widget board is raising the rate that banks pay.', 'The widget rate is 3 percent.', 'Widgets are the devices that the board approved.'],
  ],
  ['connective-opening', ['However, the widget board kept its rate.', '"Moreover, widgets fell."', 'Then, a second model fills in the widgets.', 'First, widget data are scarce.'], ['The widget board however kept its rate.', 'Then-chairman Widget kept the rate.', 'First widget sales rose.']],
  [
    'pointing-opening',
    ['They said the widget board kept its rate.', 'These findings show widgets work.', 'Together, these components make a widget.', 'Taken together, they show widgets work.'],
    ['This study shows widgets work.', 'It was agreed that widgets would be sold.', 'The board said widgets work.', 'Overall, this study shows widgets work.', 'In March, the board sold widgets.'],
  ],
  ['number-run', ['2236, 2355, as amended by the widget act.'], ['2236 widgets were sold last week.']],
  ['abbreviation-stop', ['The widget act was amended by Pub.', 'See widget rules Nos.'], ['The widget act was amended last year.']],
  ['no-full-stop', ['The widget board kept its rate'], ['The widget board kept its rate.', 'Did the widget board keep its rate?']],
  ['ellipsis-end', ['The widget board kept its rate...', 'The widget board kept its rate…'], ['The widget board kept its rate.']],
  ['colon-and-marker', ['The widget board directs the bank, as set at its meeting: 2.', 'The board authorizes these widget sales: B.'], ['The board met at 2:30 p.m.', 'The board sold widgets in part 2.']],
  ['heading-and-marker', ['Authorization for Domestic Widget Operations 1.'], ['The board approved 5 widgets in part 1.']],
  ['open-bracket', ['The widget board (and others kept its rate.'], ['The widget board (and others) kept its rate.']],
];

describe.each(cases)('sentence rule %s', (name, holds, fails) => {
  const rule = ruleNamed(TESTS, name);
  it.each(holds)('holds for %j', (sentence) => expect(rule.test(sentence)).toBe(true));
  it.each(fails)('does not hold for %j', (sentence) => expect(rule.test(sentence)).toBe(false));
  it('has a language and a one-line reason', () => {
    expect(rule.language).toMatch(/^(?:\*|[a-z]{2})$/);
    expect(rule.reason).toMatch(/^[^\n]{10,}$/);
  });
});

// Each rewrite rule on made-up text: [rule, input, expected].
const rewrites: [string, [string, string][]][] = [
  ['trailing-link-text', [['The board met. [Return to top] 1.', 'The board met.']]],
  ['footnote-after-punctuation', [['widgets thereunder,2 notice', 'widgets thereunder, notice'], ['Widget-Dealer.7', 'Widget-Dealer.']]],
  ['footnote-leading', [['9 A widget order must stand.', 'A widget order must stand.']]],
  ['footnote-before-acronym', [['49 WIDGETCO believes that prices fall.', 'WIDGETCO believes that prices fall.'], ['12 CFR Part 324 applies.', '12 CFR Part 324 applies.']]],
  ['line-break-hyphen', [['rising unemploy- ment of widgets', 'rising unemployment of widgets'], ['pre- and post-war widgets', 'pre- and post-war widgets']]],
  ['rule-header', [['WIDGET CORPORATION 12 CFR Part 9 SUMMARY: The board adopts a rule.', 'The board adopts a rule.']]],
  ['back-to-top-opening', [['Return to top The board met.', 'The board met.']]],
  ['release-line-opening', [['For release at 2:30 p.m. EST The board met.', 'The board met.'], ['For immediate release: The board met.', 'The board met.']]],
  [
    'rule-section-caption',
    [
      ['SUPPLEMENTARY INFORMATION: The board sets new widget fees.', 'The board sets new widget fees.'],
      ['SUPPLEMENTARY INFORMATION: I. Background We announce a widget guidance.', 'We announce a widget guidance.'],
      ['DATES: Comments are due by May 1, 2016.', 'Comments are due by May 1, 2016.'],
      ['ACTION: Notice to alter a widget register.', 'Notice to alter a widget register.'],
      ['AGENCY: Widget Board.', 'AGENCY: Widget Board.'],
      ['ADDRESSES: 1 Widget Street.', 'ADDRESSES: 1 Widget Street.'],
    ],
  ],
  ['speaker-label', [['THE CHAIR: We met today.', 'We met today.'], ['MR. ROE: We met.', 'We met.'], ['AGENCY: Widget Board.', 'AGENCY: Widget Board.']]],
  ['abstract-section-label', [['Background: The widget is old.', 'The widget is old.'], ['Results: 5 widgets', 'Results: 5 widgets']]],
  [
    'missing-full-stop',
    [
      ['This study is to compare the widget outcome of lumbar spine', 'This study is to compare the widget outcome of lumbar spine.'],
      ['Widget Prices In The Spring Of The Year Two', 'Widget Prices In The Spring Of The Year Two'],
      ['The board lists the widgets as follows:', 'The board lists the widgets as follows:'],
    ],
  ],
];

describe.each(rewrites)('sentence rewrite %s', (name, pairs) => {
  const rule = ruleNamed([...FURNITURE_RULES, ...FINISHING_RULES], name);
  it.each(pairs)('%j', (input, expected) => expect(rule.apply(input)).toBe(expected));
  it('has a language and a one-line reason', () => {
    expect(rule.language).toMatch(/^(?:\*|[a-z]{2})$/);
    expect(rule.reason).toMatch(/^[^\n]{10,}$/);
  });
});

describe('the sentence rules', () => {
  it('are each tested above, by a unique name', () => {
    const names = [...TESTS, ...FURNITURE_RULES, ...FINISHING_RULES].map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual([...cases.map((c) => c[0]), ...rewrites.map((r) => r[0])].sort());
    expect([...LIST_RULES, ...LEANING_RULES].every((r) => TESTS.includes(r))).toBe(true);
  });

  it('leave another language alone where the rule is written for English', () => {
    expect(fragment('However, the widget board kept its rate.')).toBe(true);
    expect(fragment('However, the widget board kept its rate.', 'de')).toBe(false);
    expect(boilerplate('Thank you very much.', 'en-GB')).toBe(true);
    expect(boilerplate('Thank you very much.', 'fr')).toBe(false);
    // A rule for any language still applies.
    expect(boilerplate('Write to roe@widget.test today.', 'fr')).toBe(true);
    expect(withoutFurniture('Background: The widget is old.', 'de')).toBe('Background: The widget is old.');
    expect(finished('Dies ist ein ganzer Satz ohne seinen Punkt am Ende', 'de')).toBe('Dies ist ein ganzer Satz ohne seinen Punkt am Ende.');
  });

  it('quote a whole statement and nothing else', () => {
    expect(quotable('The widget board kept its rate at 5 percent on Monday.')).toBe(true);
    expect(quotable('They kept the rate.')).toBe(false);
    expect(quotable('AGENCY: Widget Safety Board, widgets.')).toBe(false);
  });
});
