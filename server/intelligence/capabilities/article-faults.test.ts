import { beforeAll, describe, expect, it } from 'vitest';
import { loadDemoCorpus } from '../../sources/demo.js';
import { articleFaults, type ArticleFault, type CheckedArticle } from './article-faults.js';
import { builtinCompose, type ComposeSource, type TArticle } from './compose.js';
import { boilerplate, fragment, withoutFurniture } from './sentence-quality.js';
import { extractiveSummary } from './summarise.js';

type DemoRecord = { id: string; title: string; text: string; publisher: string | null; published_at: string; collection_id: number };
let corpus: Map<string, DemoRecord>;
beforeAll(async () => {
  const { records } = await loadDemoCorpus();
  corpus = new Map((records as DemoRecord[]).map((r) => [r.id, r]));
});

/** A demo document as the pipeline hands it to composition: its built-in summary and key facts. */
function source(id: string, documentId: number): ComposeSource & { keyFacts: string[] } {
  const record = corpus.get(id)!;
  const summary = extractiveSummary({ title: record.title, text: record.text });
  return { documentId, title: record.title, text: record.text, summary: summary.summary, keyFacts: summary.key_facts, publisher: record.publisher, date: record.published_at, collectionId: record.collection_id, score: 0.8 };
}

function compose(mainId: string, supportingIds: string[] = [], topic = 'Topic'): TArticle {
  const main = source(mainId, 1);
  return builtinCompose({ topic: { name: topic }, main, supporting: supportingIds.map((id, i) => source(id, i + 2)), novelFacts: main.keyFacts.slice(0, 2), knownFacts: [], phaseChange: null, language: 'en' });
}

describe('articles of real demo documents', () => {
  // Each of these gave a faulty article before: an agency header or a list item as the lead, a
  // header as a point, fragments of metrics, the lead again as the takeaway.
  it.each([
    ['a corrected capital rule (FDIC header, CFR and RIN lines)', 'fr:2016-08717', []],
    ['FOMC minutes (list items, a link text, a hyphenated word)', 'frb-monetary-1996-01-30-7', []],
    ['a Navy notice (header, addresses, a phone number)', 'fr:2016-08736', []],
    ['a discount rate approval ("from 5-1/2 percent to 6 percent")', 'frb-monetary-2000-05-17-50', ['frb-monetary-1996-01-30-7']],
    ['a trial registration whose sentence has no full stop', 'nct:NCT03924700', []],
    ['an import rule reopening its comment period', 'fr:2016-08806', []],
    ['a meeting schedule: one statement leading into a list of dates', 'frb-monetary-2002-07-05-119', []],
  ])('%s composes without faults', (_, mainId, supportingIds) => {
    expect(articleFaults(compose(mainId, supportingIds))).toEqual([]);
  });

  it('leads with the statement after the header, and says what comes next in the takeaway, not in the points', () => {
    expect(compose('fr:2016-08717').introduction).toMatch(/^The FDIC is correcting a Final Rule/);
    const apples = compose('fr:2016-08806');
    expect(apples.actionable_takeaway).toBe('What comes next: We will consider all comments that we receive on or before May 5, 2016. [1]');
    expect(apples.bullet_points.join(' ')).not.toContain('May 5, 2016');
    // Minutes name the next meeting at their end; "would be held down by the dollar" is not a meeting.
    expect(compose('frb-monetary-1996-05-21-5').actionable_takeaway).toMatch(/^What comes next: It was agreed that the next meeting of the Committee would be held on Tuesday-Wednesday, July 2-3, 1996\. \[1\]$/);
  });

  it('gives key metrics whole labels, or none', () => {
    const rows = compose('frb-monetary-2000-05-17-50').data_table.rows;
    expect(rows.map((r) => [r[0], r[1], r[2]])).toEqual([['discount rate at those banks', '6', 'percent']]);
  });

  it('dates the background and keeps it in date order', () => {
    const a = compose('frb-monetary-2000-05-17-50', ['frb-monetary-1996-01-30-7']);
    const background = a.sections.find((s) => s.heading === 'Background');
    // One dated item a line, as a list.
    expect(background?.content).toMatch(/^- Jan 30, 1996: /);
    expect(articleFaults(a)).toEqual([]);
  });
});

describe('the fault checks', () => {
  const good: CheckedArticle = {
    title: 'Federal Reserve raises the discount rate to 6 percent',
    superhead: 'Federal Reserve monetary policy',
    introduction: 'The Board approved an increase in the discount rate from 5-1/2 percent to 6 percent. [1]',
    bullet_points: ['The action was requested by the Federal Reserve Banks of Atlanta and Dallas. [1]'],
    sections: [{ heading: 'Background', content: 'Feb 1, 2000: The Federal Reserve raised the discount rate to 5-1/2 percent. [2] Mar 21, 2000: The Federal Reserve Banks of Atlanta and Dallas raised the rate again. [3]' }],
    actionable_takeaway: 'What comes next: The Committee will meet again on June 27, 2000. [1]',
    data_table: { columns: ['Metric', 'Value', 'Unit'], rows: [['discount rate', '6', 'percent']] },
    references: [{ number: 1, title: 'Discount rate action', source: 'Federal Reserve', date: '2000-05-16', document_id: 1 }],
  };

  it('finds nothing in a good article', () => {
    expect(articleFaults(good)).toEqual([]);
    // A whole title that ends on a noun, a number or an abbreviation is not cut.
    for (const title of ['Minutes of the Federal Open Market Committee, March 13, 2012', 'Approval of the discount rate action of the Federal Reserve Bank of St. Louis', 'Position-Induced Opening of the Foramen is Efficient to Treat Radiculopathy'])
      expect(articleFaults({ ...good, title })).toEqual([]);
  });

  it.each<[ArticleFault, Partial<CheckedArticle>]>([
    ['generic_title', { title: 'FOMC statement' }],
    ['cut_title', { title: 'Federal Reserve raises the discount rate to 6 percent for the...' }],
    ['cut_title', { title: 'Federal Reserve raises the discount rate at the Banks of' }],
    ['cut_title', { title: 'Federal Reserve raises the discount rate at the Banks of Atlanta and' }],
    ['cut_title', { title: 'Federal Reserve raises the discount rate at the Banks of Atlanta, Dallas,' }],
    ['boilerplate', { introduction: 'FEDERAL DEPOSIT INSURANCE CORPORATION 12 CFR Part 324 RIN 3064-AE12 Regulatory Capital Rules. [1]' }],
    ['boilerplate', { bullet_points: ['C. To draw foreign currencies and to permit foreign banks to draw dollars. [1]'] }],
    ['fragment', { bullet_points: ['the action was requested by the Federal Reserve Banks of Atlanta and Dallas. [1]'] }],
    ['fragment', { introduction: 'In accordance with the following domestic policy directive: [1]' }],
    ['caption_lead', { introduction: 'Proposed rule; reopening of comment period. [1]' }],
    ['caption_lead', { introduction: 'Notice of public meeting of the Widget Advisory Board. [1]' }],
    ['background_undated', { sections: [{ heading: 'Background', content: 'The Federal Reserve raised the discount rate to 5-1/2 percent. [2]' }] }],
    ['background_order', { sections: [{ heading: 'Background', content: 'Mar 21, 2000: The Federal Reserve raised the discount rate. [3] Feb 1, 2000: The Federal Reserve raised the discount rate to 5-1/2 percent. [2]' }] }],
    ['background_unrelated', { sections: [{ heading: 'Background', content: 'Feb 1, 2000: Thousands of migrants crossed into Hungary overnight. [2]' }] }],
    ['background_later', { sections: [{ heading: 'Background', content: 'Mar 18, 2003: The Federal Reserve held the discount rate at 2-1/4 percent. [2]' }] }],
    // Sharing only the topic's own words ("Federal Reserve", "monetary policy") is not being about the same thing.
    ['background_unrelated', { sections: [{ heading: 'Background', content: 'Feb 1, 2000: The Federal Reserve published its monetary policy report to the Congress. [2]' }] }],
    ['metric_fragment', { data_table: { rows: [['discount rate) from', '0.5', 'percent']] } }],
    ['metric_fragment', { data_table: { rows: [['from 1/2 percent to', '0.75', 'percent']] } }],
    ['metric_fragment', { data_table: { rows: [['discount rate', '6', '']] } }],
    ['takeaway_repeats', { actionable_takeaway: 'Check whether this affects your work on Federal Reserve monetary policy: the rate rose.' }],
    ['takeaway_repeats', { actionable_takeaway: 'The Board approved an increase in the discount rate from 5-1/2 percent to 6 percent. [1]' }],
    ['takeaway_repeats', { actionable_takeaway: 'What to expect: The Committee will meet again on June 27, 2000. [1] The Board approved an increase in the discount rate from 5-1/2 percent to 6 percent. [1]' }],
  ])('finds %s', (fault, change) => {
    expect(articleFaults({ ...good, ...change })).toEqual([fault]);
  });

  it('reads a takeaway of several lines line by line: a long one does not repeat a point by holding its words', () => {
    const point = (good.bullet_points as string[])[0]!.replace(/\s*\[\d+\]$/, '');
    const words = point.replace(/[.]$/, '').split(' ');
    // Two lines that between them hold a point's words, each saying something else.
    const takeaway = `New since the story's last article: ${words.slice(0, Math.ceil(words.length / 2)).join(' ')} held for a year, members said. [1] What to expect: ${words.slice(Math.ceil(words.length / 2)).join(' ')} will be reviewed in June. [1]`;
    expect(articleFaults({ ...good, actionable_takeaway: takeaway })).toEqual([]);
  });

  it("reads Herald's own line about the source as no quote, and an editor's [sic] as no citation", () => {
    const sections = [
      { heading: 'What happened', content: 'A ROT is defined in Exchange Rule 1014(b) as a regular member [sic] of the Exchange located on the trading floor. [1]' },
      { heading: 'The source', content: 'arXiv published “GridVQA-X: A Framework” on Jun 16, 2026; the points above are its main statements.' },
    ];
    expect(articleFaults({ ...good, sections })).toEqual([]);
  });

  it('knows furniture from statements', () => {
    expect(boilerplate(withoutFurniture('THE PRESIDENT: Thank you very much.'))).toBe(true);
    expect(boilerplate(withoutFurniture('THE PRESIDENT: We signed an order today.'))).toBe(false);
    // A structured abstract's section label goes; a colon inside a statement stays.
    expect(withoutFurniture('Background: The selection of primary outcomes is instrumental in clinical studies.')).toBe('The selection of primary outcomes is instrumental in clinical studies.');
    expect(withoutFurniture('Purpose: The incidence of surgery for lumbar disc hernia varies.')).toBe('The incidence of surgery for lumbar disc hernia varies.');
    expect(withoutFurniture('The FOMC had one aim: to keep inflation low.')).toBe('The FOMC had one aim: to keep inflation low.');
    expect(withoutFurniture('For immediate release In order to facilitate the functioning of markets, the Federal Reserve agreed.')).toBe('In order to facilitate the functioning of markets, the Federal Reserve agreed.');
    expect(withoutFurniture('Such transactions may carry a service fee when appropriate. [Return to top] 1.')).toBe('Such transactions may carry a service fee when appropriate.');
    expect(boilerplate('Normal reading room hours are 8 a.m. to 4:30 p.m., Monday through Friday, except holidays.')).toBe(true);
    expect(fragment('Immediately after the blasts, a small arms attack was launched by rebels on Checkpoint 1.')).toBe(false);
    expect(fragment('Authorization for Domestic Open Market Operations 1.')).toBe(true);
    // A sentence that leans on the one before is not quoted alone; the document speaking of itself is.
    expect(fragment('However, the Committee judged that the risks remained weighted toward inflation.')).toBe(true);
    expect(fragment('Crucially, this makes the approach applicable to real-world deployments.')).toBe(true);
    expect(fragment('They said the attack was carried out by two gunmen on motorbikes.')).toBe(true);
    expect(fragment('These findings suggest that early surgery shortens recovery.')).toBe(true);
    expect(fragment('This study compares the outcomes of microdiscectomy and physiotherapy.')).toBe(false);
    expect(fragment('This final rule takes effect on January 1, 2015.')).toBe(false);
    expect(fragment('This clinical trial is designed to evaluate the efficacy of thread-embedding acupuncture.')).toBe(false);
    expect(fragment('This is pilot study for a 3-arm randomized controlled trial of pharmacopuncture.')).toBe(false);
    expect(fragment('This means that the rule no longer applies to small banks.')).toBe(true);
    expect(fragment('So the purpose of the study is to determine the effect of traction on pain.')).toBe(true);
    expect(fragment('2236, 2355, as amended by Pub.')).toBe(true);
    expect(fragment('The rule was adopted under section 5 of Pub.')).toBe(true);
    expect(fragment('1,200 migrants arrived in Vienna on Saturday.')).toBe(false);
    expect(boilerplate('7 15 U.S.C. 78s(b)(2)(B) (if the Commission does not approve or disapprove a proposed rule change, it shall institute proceedings).')).toBe(true);
    expect(boilerplate('The amounts of the arrangements approved for renewal are shown in the table that follows: Foreign Bank Amount of Arrangement Term Maturity Date.')).toBe(true);
    expect(fragment('It was agreed that the next meeting of the Committee would be held on March 16.')).toBe(false);
    expect(fragment('The Committee judged that the risks remained weighted toward inflation.')).toBe(false);
    // Footnotes of a rule filing: their markers go, a citation of other releases is furniture.
    expect(withoutFurniture('Pursuant to Section 19(b)(1) of the Act,1 and Rule 19b-4 thereunder,2 notice is hereby given.')).toBe('Pursuant to Section 19(b)(1) of the Act, and Rule 19b-4 thereunder, notice is hereby given.');
    expect(withoutFurniture('9 A Floor QCC Order must be for at least 1,000 contracts.')).toBe('A Floor QCC Order must be for at least 1,000 contracts.');
    expect(withoutFurniture('49 FINRA believes that the revised language should help promote clarity.')).toBe('FINRA believes that the revised language should help promote clarity.');
    expect(withoutFurniture('12 CFR Part 324 is amended as follows.')).toBe('12 CFR Part 324 is amended as follows.');
    expect(withoutFurniture('Rates rose 5 percent in 2,000 cities.')).toBe('Rates rose 5 percent in 2,000 cities.');
    expect(boilerplate('See also Securities Exchange Act Release No. 64249 (April 7, 2011), 76 FR 20773 (April 13, 2011).')).toBe(true);
    expect(boilerplate('The authority citation for part 324 continues to read as follows: Authority: 12 U.S.C. 1815(a), 1815(b), 1816.')).toBe(true);
    expect(boilerplate('1761, 1789, 1790 (12 U.S.C. 1831n note); Pub.')).toBe(true);
    expect(boilerplate('The Committee raised the federal funds rate by 25 basis points to 5.25 percent in 2006.')).toBe(false);
    // Rosters of a meeting are furniture; a statement that names people or lists places is not.
    expect(boilerplate('Michael H. Moskow, President of the Federal Reserve Bank of Chicago, with Jerry L. Jordan, President of the Federal Reserve Bank of Cleveland, as alternate.')).toBe(true);
    expect(boilerplate('Messrs. Chen and Rosenbaum, Vice Presidents, Federal Reserve Banks of Cleveland and Atlanta respectively.')).toBe(true);
    expect(boilerplate('Janet Yellen, Chair of the Federal Reserve, said the economy was strong.')).toBe(false);
    expect(boilerplate('In taking the discount action, the Board approved requests submitted by the Boards of Directors of the Federal Reserve Banks of New York, Philadelphia, Cleveland, Atlanta, Minneapolis, and Dallas.')).toBe(false);
  });
});
