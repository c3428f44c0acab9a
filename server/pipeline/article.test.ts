import { describe, expect, it } from 'vitest';
import { extractEntities } from '../intelligence/builtin/text-features.js';
import { backgroundInTime, qaVerdict, relatedToEvent } from './article.js';

const relation = (title: string, text: string, date: string) => ({ entities: new Set(extractEntities(title, text)), date: new Date(date) });

describe('background of an article', () => {
  const projections = relation(
    'Federal Reserve Board and Federal Open Market Committee release economic projections',
    'The Federal Open Market Committee released its economic projections from the January 24-25 meeting.',
    '2012-01-25',
  );
  it.each([
    ['a statement of the same meeting', relation('FOMC statement', 'The Federal Open Market Committee decided today to keep the target range for the federal funds rate at 0 to 1/4 percent.', '2012-01-25'), true],
    ['a 1999 meeting schedule that names the same committee', relation('FOMC meeting schedule for 2000', 'The Federal Open Market Committee announced its tentative meeting schedule for 2000.', '1999-06-30'), false],
    ['a recent notice that names nobody the event names', relation('Importation of fresh apple and pear fruit', 'The Animal and Plant Health Inspection Service reopens the comment period.', '2012-02-01'), false],
  ])('%s: %s', (_name, candidate, expected) => {
    expect(relatedToEvent(projections, candidate)).toBe(expected);
  });
});

describe('background in time', () => {
  it.each([
    ['the same day', '2012-01-25', true],
    ['a year before', '2011-01-25', true],
    ['two days after (a later report of the same day)', '2012-01-27', true],
    ['a week after', '2012-02-01', false],
    ['minutes of a meeting years later', '2019-03-20', false],
  ])('%s', (_name, date, expected) => {
    expect(backgroundInTime(new Date('2012-01-25'), new Date(date))).toBe(expected);
  });
});

describe('the QA decision', () => {
  const good = {
    title: 'Fed raises the discount rate to 6 percent',
    introduction: 'The Board approved an increase in the discount rate from 5-1/2 percent to 6 percent. [1]',
    bullet_points: ['The action was taken in light of inflationary pressures in the economy. [1]'],
    sections: [],
    actionable_takeaway: 'What comes next: the Committee meets again on June 27. [1]',
    data_table: { columns: [], rows: [] },
    references: [{ number: 1, title: 'Discount rate', source: 'Federal Reserve', date: '2000-05-16', document_id: 1 }],
  };
  it('keeps the rank QA gave an article without faults', () => {
    expect(qaVerdict({ final_rank: 0.76, reason: 'relevance 0.4 + novelty 0.3' }, good)).toEqual({ finalRank: 0.76, reason: 'relevance 0.4 + novelty 0.3' });
  });
  it('does not recommend an article with a fault, whoever scored it, and says why', () => {
    const verdict = qaVerdict({ final_rank: 0.91, reason: 'A strong article.' }, { ...good, introduction: 'FEDERAL DEPOSIT INSURANCE CORPORATION 12 CFR Part 324 RIN 3064-AE12 [1]' });
    expect(verdict.finalRank).toBe(0);
    expect(verdict.reason).toMatch(/^A strong article\. Not recommended: lead or point quotes furniture/);
  });
});
