import { describe, expect, it } from 'vitest';
import { lexRank, rankSentences, sectionRoles } from './lead.js';
import { extractiveSummary } from './summarise.js';

const best = (title: string, sentences: string[], roles = sectionRoles(sentences)) =>
  [...rankSentences(title, sentences, roles)].sort((a, b) => b.score - a.score)[0]!.sentence;

describe('lead: one rule of the method a row, on made-up documents', () => {
  it.each([
    [
      'centrality: the sentence the others share words with leads',
      'Harbour notes',
      [
        'Gulls circled the pier at dawn.',
        'The harbour authority raised mooring fees for ferries and fishing boats by ten percent.',
        'Ferries will pay the higher mooring fees from June.',
        'Fishing boats pay the new fees too.',
      ],
      'The harbour authority raised mooring fees for ferries and fishing boats by ten percent.',
    ],
    [
      'title: the sentence that says what the title says leads',
      'Valley council closes the old bridge',
      ['Residents met in the town hall on Monday evening.', 'The valley council voted to close the old bridge to traffic.', 'Coffee was served after the meeting.'],
      'The valley council voted to close the old bridge to traffic.',
    ],
    [
      'position: with nothing else to tell them apart, the first leads',
      'Notes',
      ['Apples grow in the northern orchard.', 'Pears grow beside the southern wall.', 'Plums grow near the eastern gate.'],
      'Apples grow in the northern orchard.',
    ],
    [
      "a structured abstract's results lead over its background",
      'Outcomes of a walking programme',
      [
        'BACKGROUND: Walking programmes are widely offered to older adults in many countries.',
        'METHODS: We enrolled older adults in a twelve week walking programme.',
        'RESULTS: The walking programme cut falls among older adults by a third.',
      ],
      'RESULTS: The walking programme cut falls among older adults by a third.',
    ],
    [
      "a rule's contact section never leads",
      'Fees for harbour moorings',
      [
        'FOR FURTHER INFORMATION CONTACT: Jane Doe, harbour fees office, about mooring fees and harbour moorings.',
        'SUPPLEMENTARY INFORMATION: The authority sets new fees for harbour moorings.',
      ],
      'SUPPLEMENTARY INFORMATION: The authority sets new fees for harbour moorings.',
    ],
    [
      "an unlabelled paper's finding leads over its motivation and its method",
      'Walking and falls in older adults',
      [
        'Falls are common among older adults in many countries.',
        'We enrolled older adults in a walking programme in three towns.',
        'We show that walking cut falls among older adults by a third.',
      ],
      'We show that walking cut falls among older adults by a third.',
    ],
    [
      "an unlabelled paper's aim (what it presents) leads over the field's problem it opens with",
      'FoldBlade: a tidal turbine that survives storms',
      [
        'Tidal power is an attractive source of energy for small harbours.',
        'Debris carried by storms damages the blades of many turbines.',
        'We present FoldBlade, a tidal turbine that folds its blades when debris arrives.',
      ],
      'We present FoldBlade, a tidal turbine that folds its blades when debris arrives.',
    ],
    [
      'a sentence that cites other work is its background, not the lead',
      'Walking and falls in older adults',
      [
        'Walking and balance classes reduce falls in older adults (1, 2).',
        'Older adults of three towns walked twice a week and had fewer falls.',
      ],
      'Older adults of three towns walked twice a week and had fewer falls.',
    ],
  ])('%s', (_, title, sentences, expected) => {
    expect(best(title, sentences)).toBe(expected);
  });

  it.each([
    ['a label opens a section that lasts until the next', ['AGENCY: Coast Guard.', 'It patrols.', 'DATES: Effective May 1.', 'More.'], ['furniture', 'furniture', 'news', 'news']],
    ['a label glued to the end of a header', ['HARBOUR AUTHORITY 33 CFR Part 1 Moorings AGENCY: Harbour Authority.', 'ACTION: Final rule.'], ['furniture', 'news']],
    ['a preamble\'s supplementary information states what the document does', ['ADDRESSES: 1 Harbour Road.', 'SUPPLEMENTARY INFORMATION: The authority sets fees.', 'They apply in May.'], ['furniture', 'news', 'news']],
    ['a document without labels has no sections', ['One statement here.', 'Another one there.'], [null, null]],
    // A label is written as one: in capitals wherever it stands, or opening the sentence in sentence or title case.
    ['a structured abstract\'s labels in sentence case', ['Background: Falls are common.', 'Methods: We walked.', 'Results: Falls fell.'], ['context', 'context', 'news']],
    ['a heading of a word or two ending in a label', ['Key findings: Falls fell by a third.', 'Materials and Methods: We walked.'], ['news', 'context']],
    ['a roll call\'s "action:" is running text, not an ACTION caption', ['The Committee kept its target.', 'Votes for this action: Messrs. Hoe and Roe.', 'Mr. Roe dissented.'], [null, null, null]],
    ['a word before a colon mid-sentence is running text', ['We report two critical findings: walking works.', 'We used the following methods: surveys.'], [null, null]],
    ['a lower-case label opening a sentence is running text', ['results: falls fell.'], [null]],
    ['a capitalised label mid-sentence is running text', ['The study had four aims; (i) Action: act.'], [null]],
    ['a label in capitals still opens its section after running text ones', ['Votes for this action: all.', 'ADDRESSES: 1 Harbour Road.'], [null, 'furniture']],
  ])('sections: %s', (_, sentences, roles) => {
    expect(sectionRoles(sentences)).toEqual(roles);
  });

  it('LexRank is a distribution, uniform over sentences that share nothing', () => {
    const ranks = lexRank([new Map([['a', 1]]), new Map([['b', 1]]), new Map([['c', 1]])]);
    expect(ranks.reduce((s, x) => s + x, 0)).toBeCloseTo(1, 6);
    for (const r of ranks) expect(r).toBeCloseTo(1 / 3, 6);
  });

  it("the summary puts the lead first, then the other points in the document's order", () => {
    const { summary } = extractiveSummary(
      {
        title: 'Harbour authority raises mooring fees',
        text: 'Gulls circled the pier at dawn before the meeting began. Ferries will pay the higher mooring fees from June. The harbour authority raised mooring fees for ferries and fishing boats by ten percent. Fishing boats pay the new fees from July.',
      },
      2,
    );
    expect(summary.startsWith('The harbour authority raised mooring fees')).toBe(true);
  });
});
