import { describe, expect, it } from 'vitest';
import { extractEntities } from '../intelligence/builtin/text-features.js';
import { backgroundInTime, relatedToEvent } from './article.js';

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
