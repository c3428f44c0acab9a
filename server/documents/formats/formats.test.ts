import { describe, expect, it } from 'vitest';
import { federalRegisterTitle, formatOf, normaliseSourceFormat, NORMALISING_RULES, type SourceFormat } from './index.js';
import type { Rule } from './rule.js';

const rule = (format: SourceFormat, part: 'text' | 'title', name: string): Rule => {
  const found = NORMALISING_RULES[format][part].find((r) => r.name === name);
  if (!found) throw new Error(`no rule ${name} for ${format} ${part}`);
  return found;
};

// Each rule on made-up text: [rule, input, expected].
describe.each<[SourceFormat, 'text' | 'title', string, [string, string][]]>([
  ['plain', 'text', 'html-entities', [['Call 1300&nbsp;735 or R&amp;D &#8212; now', 'Call 1300 735 or R&D — now'], ['AT&T stays', 'AT&T stays'], ['&bogus; stays', '&bogus; stays']]],
  ['plain', 'text', 'markdown-escapes', [['Center of Spine Surgery \\& Research, age \\> 18, 50\\% less', 'Center of Spine Surgery & Research, age > 18, 50% less'], ['a path C:\\Users stays', 'a path C:\\Users stays']]],
  ['plain', 'text', 'html-tags', [['A <b>bold</b> move.<br/>Next', 'A bold move.\nNext'], ['the token <part_k> stays', 'the token <part_k> stays'], ['if a < b and c > d', 'if a < b and c > d']]],
  ['plain', 'text', 'lost-block-break', [
    ['January 30-31 (Tuesday-Wednesday)March 20-21 (Tuesday)May 9', 'January 30-31 (Tuesday-Wednesday) March 20-21 (Tuesday) May 9'],
    ['the rate.The Board approved it.', 'the rate. The Board approved it.'],
    ['the U.S. Treasury, e.g. Widgets (ACME)Corp and www.example.com/News stay', 'the U.S. Treasury, e.g. Widgets (ACME)Corp and www.example.com/News stay'],
    ['email Jane.Roe@agency.gov or www.WidgetFacts.org today', 'email Jane.Roe@agency.gov or www.WidgetFacts.org today'],
  ]],
  ['plain', 'text', 'page-footer-menu', [
    ['Widgets will be sold in May. 1999 Widget news | 1999 Other notes', 'Widgets will be sold in May.'],
    ['See www.widget.test/list.htm Widget report May 3, 1999: 12 KB PDF | HTML', 'See www.widget.test/list.htm'],
    ['Widgets will be sold in May. The price is P(A | B) for buyers.', 'Widgets will be sold in May. The price is P(A | B) for buyers.'],
    ['The widgets are: • red • blue', 'The widgets are: • red • blue'],
  ]],
  ['plain', 'text', 'page-menu', [
    ['The board met on May 3 (Monday) and June 7 (Monday) 1999 Widget news | 1999 Other notes', 'The board met on May 3 (Monday) and June 7 (Monday)'],
    ['Home · News · About\nThe board met.', '\nThe board met.'],
    ['Either a | b, or c | d, holds.', 'Either a | b, or c | d, holds.'],
  ]],
  ['latex', 'text', 'latex-citations', [['grown \\cite{smith2020,lee2021}. Next', 'grown. Next'], ['see Section~\\ref{sec:x} for', 'see Section for']]],
  ['latex', 'text', 'latex-inline-math', [['improves by $+33.5\\%$ over', 'improves by +33.5% over'], ['the $\\alpha$ weight', 'the α weight'], ['PM$_{2.5}$ levels', 'PM2.5 levels'], ['Model-SR$^2$ wins', 'Model-SR² wins'], ['codes over $\\mathbb{F}_q \\times \\mathbb{F}_q$', 'codes over Fq × Fq'], ['for $q>2$ and $2\\le q$ only', 'for q>2 and 2≤ q only'], ['costs $5 and $6 each: $\\alpha$', 'costs $5 and $6 each: α'], ['the bound $\\min\\{k, n\\}$ holds', 'the bound min{k, n} holds'], ['observe \\(\\ell_o\\) nodes', 'observe ℓo nodes'], ['a penalty $\\tfrac{p(1-p)}{2}\\sum\\theta^2$ in', 'a penalty (p(1-p))/2Σθ² in'], ['half $\\frac{1}{2}$ of', 'half 1/2 of'], ['a gap ($\\approx\\!0.01$) and $\\left(a\\,b\\right)$', 'a gap (≈0.01) and (a b)']]],
  ['latex', 'text', 'latex-text-commands', [['\\textbf{Widget} beats \\emph{all}', 'Widget beats all'], ['\\textsc{DiARC}: a method', 'DiARC: a method'], ['code at \\href{https://x.test}{our repository}.', 'code at our repository.']]],
  ['latex', 'text', 'latex-escaped-specials', [['cuts cost by 50\\% and R\\&D', 'cuts cost by 50% and R&D'], ['a\\_b', 'a_b']]],
  [
    'latex',
    'text',
    'numbered-citations',
    [
      ['the Self-Harness framework [1] achieves 14% and distillation [2, 6], then', 'the Self-Harness framework achieves 14% and distillation, then'],
      ['we extend the insights of [39] to the case [3-5].', 'we extend the insights of ref. 39 to the case.'],
      ['Christodoulou et al. [2023] proved it', 'Christodoulou et al. (2023) proved it'],
      ['an array a[i] and [sic] stay', 'an array a[i] and [sic] stay'],
    ],
  ],
  ['latex', 'text', 'latex-tie', [['a 30.1~L/s leak', 'a 30.1 L/s leak'], ['F1~=~0.66', 'F1 = 0.66'], ['Model~(3B) runs', 'Model (3B) runs']]],
  ['latex', 'text', 'latex-symbol-commands', [['a 3\\times faster run', 'a 3× faster run'], ['\\unknown stays', '\\unknown stays']]],
  ['latex', 'text', 'latex-author-macros', [['We present \\method, a widget', 'We present method, a widget']]],
  ['latex', 'text', 'latex-grouping-braces', [['we propose {WidgetNet}, a net', 'we propose WidgetNet, a net']]],
  ['latex', 'text', 'latex-unmatched-braces', [['these models. } We develop', 'these models. We develop'], ['a { lone brace', 'a lone brace'], ['the bound min{k, n} holds', 'the bound min{k, n} holds'], ['a \\} escaped', 'a \\} escaped']]],
  ['federal_register', 'text', 'fr-document-trailer', [['Jane Roe, Director. [FR Doc. 2099-01234 Filed 1-2-99; 8:45 am] BILLING CODE 1234-56-P', 'Jane Roe, Director.'], ['Done. Billing code 3295-F6-P', 'Done.'], ['Done. BILLING CODE P', 'Done.'], ['the billing code for widgets', 'the billing code for widgets']]],
  ['federal_register', 'text', 'fr-page-marker', [['the widget [[Page 12345]] rule', 'the widget rule']]],
  ['federal_register', 'text', 'footnote-after-punctuation', [['like salt or sugar.1 The widget', 'like salt or sugar. The widget'], ['budgets.3', 'budgets.'], ['Messrs. Roe,1 and Doe', 'Messrs. Roe,1 and Doe'], ['Messrs. Roe,1 Senior Economists', 'Messrs. Roe, Senior Economists'], ['PM2.5 Plan stays', 'PM2.5 Plan stays'], ['version 2.1 The', 'version 2.1 The']]],
  ['federal_register', 'title', 'fr-information-collection-title', [['Agency Information Collection Activities; Proposed Collection; Comment Request; Widget Safety Survey', 'Widget Safety Survey: Information Collection'], ['Agency Information Collection Activities; Comment Request', 'Agency Information Collection Activities; Comment Request'], ['Widget Safety Standard', 'Widget Safety Standard']]],
  ['federal_register', 'title', 'sec-rule-filing-title', [['Self-Regulatory Organizations; Acme Exchange, Inc.; Notice of Filing of Proposed Rule Change To List Widgets', 'Acme Exchange, Inc.: Proposed Rule Change To List Widgets'], ['Self-Regulatory Organizations; Acme LLC; Notice of Filing and Immediate Effectiveness of a proposed Rule Change', 'Acme LLC: Proposed Rule Change']]],
  ['federal_reserve', 'text', 'fed-return-to-top', [['The meeting adjourned. [Return to top]', 'The meeting adjourned.']]],
  ['federal_reserve', 'text', 'fed-year-breadcrumb', [['the Banks of Widgetville. 1999 Monetary policy', 'the Banks of Widgetville.'], ['In 1999 Monetary policy was tight.', 'In 1999 Monetary policy was tight.']]],
])('%s %s rule %s', (format, part, name, cases) => {
  it.each(cases)('%s', (input, expected) => expect(rule(format, part, name).apply(input)).toBe(expected));
  it('has a one-line reason', () => expect(rule(format, part, name).reason).toMatch(/^[^\n]{10,}$/));
});

describe('the normaliser', () => {
  it('knows a format by content type, publisher or its own marker', () => {
    expect(formatOf({ contentType: 'arxiv_preprint', text: '' })).toBe('latex');
    expect(formatOf({ contentType: 'arXiv preprint', publisher: 'arXiv', text: '' })).toBe('latex');
    expect(formatOf({ contentType: 'federal_register_notice', text: '' })).toBe('federal_register');
    expect(formatOf({ contentType: 'Notice', text: 'Done. [FR Doc. 2099-01 Filed 1-1-99; 8:45 am]' })).toBe('federal_register');
    expect(formatOf({ contentType: 'FOMC statement', publisher: 'Board of Governors of the Federal Reserve System', text: '' })).toBe('federal_reserve');
    expect(formatOf({ contentType: 'rss_item', text: 'It cost $5 and $6.' })).toBe('plain');
  });

  it('leaves dollars alone where the source does not write LaTeX', () => {
    const doc = { title: 'Widget Co raises $5 million', text: 'Widget Co raised $5 million, or $6 million with fees.', contentType: 'rss_item' };
    expect(normaliseSourceFormat(doc)).toEqual({ title: doc.title, text: doc.text, format: 'plain' });
  });

  it('cleans a made-up abstract and a made-up notice whole', () => {
    expect(normaliseSourceFormat({ title: '\\textsc{WidgetNet}: PM$_{2.5}$ Forecasting', text: 'WidgetNet cuts error by 50\\% \\cite{x} at 30.1~L/s.', contentType: 'arxiv_preprint' })).toEqual({ title: 'WidgetNet: PM2.5 Forecasting', text: 'WidgetNet cuts error by 50% at 30.1 L/s.', format: 'latex' });
    expect(
      normaliseSourceFormat({
        title: 'Self-Regulatory Organizations; Acme Exchange, Inc.; Notice of Filing of Proposed Rule Change To List Widgets',
        text: 'The fee is set.1 Others agree. [FR Doc. 2099-01 Filed 1-1-99; 8:45 am] BILLING CODE 8011-01-P',
        contentType: 'federal_register_notice',
      }),
    ).toEqual({ title: 'Acme Exchange, Inc.: Proposed Rule Change To List Widgets', text: 'The fee is set. Others agree.', format: 'federal_register' });
  });
});

describe('Federal Register titles as published (the rules in order)', () => {
  it.each([
    ['Self-Regulatory Organizations; BOX Options Exchange LLC; Notice of Filing and Immediate Effectiveness of a Proposed Rule Change To Amend BOX Rule 100 (Definitions) Relating to Professionals', 'BOX Options Exchange LLC: Proposed Rule Change To Amend BOX Rule 100 (Definitions) Relating to Professionals'],
    ['Self-Regulatory Organizations; Bats EDGA Exchange, Inc.; Notice of Filing and Immediate Effectiveness of a Non-Substantive Correction to Rule 11.27', 'Bats EDGA Exchange, Inc.: Non-Substantive Correction to Rule 11.27'],
    ['Self-Regulatory Organizations; NYSE Arca, Inc.; Notice of Filing of Proposed Rule Change To List and Trade Shares of AdvisorShares Cornerstone Small Cap ETF', 'NYSE Arca, Inc.: Proposed Rule Change To List and Trade Shares of AdvisorShares Cornerstone Small Cap ETF'],
    ['Importation of Fresh Apple and Pear Fruit From China', 'Importation of Fresh Apple and Pear Fruit From China'],
    // An information collection notice: what it collects goes first, the clauses every such notice carries go.
    [
      'Agency Information Collection Activities; Proposed eCollection, eComments Requested; Extension Without Change of a Previously Approved Collection Reporting and Recordkeeping for Digital Certificates',
      'Reporting and Recordkeeping for Digital Certificates: Information Collection',
    ],
    ['Agency Information Collection Activities; Submission for Office of Management and Budget Review; Comment Request; Center for Devices and Radiological Health Appeals Processes', 'Center for Devices and Radiological Health Appeals Processes: Information Collection'],
    // One that names no subject stays as it is.
    ['Agency Information Collection Activities; Proposed Renewal of an Existing Collection (EPA ICR No. 0152.11); Comment Request', 'Agency Information Collection Activities; Proposed Renewal of an Existing Collection (EPA ICR No. 0152.11); Comment Request'],
  ])('%s', (title, expected) => expect(federalRegisterTitle(title)).toBe(expected));
});
