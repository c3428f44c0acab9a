import { describe, expect, it } from 'vitest';
import { listLike } from './sentence-quality.js';
import { extractiveSummary, sentences } from './summarise.js';

describe('sentences', () => {
  it.each([
    ['an initialism inside a sentence', 'The U.S. Congress passed the bill on Tuesday. It goes to the Senate next.', ['The U.S. Congress passed the bill on Tuesday.', 'It goes to the Senate next.']],
    ['an initialism that ends one', 'Sanctions were lifted by the U.S. The talks resumed on Monday morning.', ['Sanctions were lifted by the U.S.', 'The talks resumed on Monday morning.']],
    ['titles and places', 'Dr. Smith met Gen. Allen in St. Louis last week. Both declined to comment.', ['Dr. Smith met Gen. Allen in St. Louis last week.', 'Both declined to comment.']],
    ['a roster name (FOMC minutes)', 'Present were Mr. Kos and Ms. Rosenbaum, Vice President. The Manager reported on markets.', ['Present were Mr. Kos and Ms. Rosenbaum, Vice President.', 'The Manager reported on markets.']],
    ['a month and a statute', 'The rule takes effect Jan. 5 under 12 U.S.C. 1813 and applies to banks. Comments are due in March.', ['The rule takes effect Jan. 5 under 12 U.S.C. 1813 and applies to banks.', 'Comments are due in March.']],
    ['a middle initial and decimals', 'John F. Kennedy said output rose 5.5 percent. Prices fell 0.25 points.', ['John F. Kennedy said output rose 5.5 percent.', 'Prices fell 0.25 points.']],
    ['Latin abbreviations', 'Patients form two groups, i.e. ELDOA with decompression and decompression alone. Smith et al. (2023) found e.g. Pain fell.', ['Patients form two groups, i.e. ELDOA with decompression and decompression alone.', 'Smith et al. (2023) found e.g. Pain fell.']],
    ['an hour and its time zone', 'Requests must reach the OCC by 5 p.m. EDT on Tuesday, April 26, 2016. The blasts came at 9:30 a.m. Immediately after, the gates were sealed.', ['Requests must reach the OCC by 5 p.m. EDT on Tuesday, April 26, 2016.', 'The blasts came at 9:30 a.m.', 'Immediately after, the gates were sealed.']],
    ['a stray closing bracket', 'Germany says it can take 500,000 asylum seekers a year. )', ['Germany says it can take 500,000 asylum seekers a year.']],
    ['line breaks and short fragments', 'Headline only\nThe first real sentence is here.\nOk then.', ['The first real sentence is here.']],
  ])('%s', (_, text, expected) => {
    expect(sentences(text)).toEqual(expected);
  });

  it.each([
    ['French: an initial and a capital with an accent', 'fr', 'Le président M. Macron a annoncé une réforme des retraites. État et syndicats en discuteront demain matin.', ['Le président M. Macron a annoncé une réforme des retraites.', 'État et syndicats en discuteront demain matin.']],
    ['Spanish: an opening question mark', 'es', 'El gobierno aprobó la nueva ley ayer. ¿Quién pagará la factura de la reforma?', ['El gobierno aprobó la nueva ley ayer.', '¿Quién pagará la factura de la reforma?']],
    ['Chinese: its own full stops, words without spaces', 'zh', '中国政府宣布了新的出口管制政策。该政策将于明年一月生效！市场反应积极。', ['中国政府宣布了新的出口管制政策。', '该政策将于明年一月生效！']],
  ])('in the document\'s language, by its rules (%s)', (_, language, text, expected) => {
    expect(sentences(text, language)).toEqual(expected);
  });

  it('reads a text of no known language, and English, by the English rules', () => {
    const text = 'Dr. Smith met Gen. Allen in St. Louis last week. Both declined to comment.';
    expect(sentences(text, null)).toEqual(sentences(text, 'en'));
    // A malformed language from a source is no language: read as English, never an error.
    expect(sentences(text, '??')).toEqual(sentences(text, 'en'));
    expect(sentences(text, 'en')).toEqual(['Dr. Smith met Gen. Allen in St. Louis last week.', 'Both declined to comment.']);
  });

  it('leads with a clause, not the caption of a preamble\'s ACTION line', () => {
    // The caption restates the title and opens a news section: the method ranks it first.
    const text =
      'WIDGET SAFETY BOARD Widget Safety Standard AGENCY: Widget Safety Board. ACTION: Proposed widget safety standard; reopening of the widget comment period. ' +
      'SUMMARY: The Widget Safety Board is reopening the comment period on its proposed widget safety standard. Widgets sold in Aville must carry a label. ' +
      'DATES: Comments must be received by May 5, 2099.';
    const { summary } = extractiveSummary({ title: 'Widget Safety Standard: reopening of the widget comment period', text });
    expect(sentences(summary)[0]).toMatch(/^The Widget Safety Board is reopening/);
  });

  it('summarises a document without cutting it at an abbreviation', () => {
    const { summary } = extractiveSummary({
      title: 'U.S. Senate approves the budget',
      text: 'The U.S. Senate approved the budget on Friday by 60 votes to 40. Sen. Jones said the vote was close. The House votes next week.',
    });
    expect(summary).toContain('The U.S. Senate approved the budget on Friday by 60 votes to 40.');
  });

  it.each([
    ['a roster of FOMC minutes', 'Dewald, Hakkio, Kos, Lang, Rolnick, Rosenblum, and Sniderman, Senior Vice Presidents, Federal Reserve Banks of Boston, St. Louis, Kansas City, New York, Philadelphia, Minneapolis, Dallas, and Cleveland respectively', true],
    ['a contact address', 'FOR FURTHER INFORMATION CONTACT: Carrie L. Assar, Center for Food Safety and Applied Nutrition (HFS-850), Food and Drug Administration, 5100 Paint Branch Pkwy., College Park, MD 20740, 240-402-1453.', true],
    ['a run-on of 80 words', `${'the rule applies to banks and '.repeat(16)}ends.`, true],
    ['a sentence with a short list', 'Ministers from Hungary, Austria, Germany and Croatia met in Brussels on Monday to agree on quotas for refugees.', false],
    ['a plain sentence', 'The Committee decided to keep the federal funds rate at about 5-1/2 percent.', false],
  ])('list-like: %s', (_, sentence, expected) => {
    expect(listLike(sentence)).toBe(expected);
  });

  it('summarises FOMC minutes from what the Committee did, not from the roster of those present', () => {
    const text = [
      'Present: Mr. Greenspan, Chairman; Mr. McDonough, Vice Chairman; Mr. Broaddus, Mr. Guynn, Mr. Kelley, Mr. Meyer, Ms. Minehan, Mr. Moskow, Ms. Phillips, Ms. Rivlin',
      'Messrs. Boehne, McTeer, and Stern, Presidents of the Federal Reserve Banks of Philadelphia, Dallas, and Minneapolis respectively Mr. Kohn, Secretary and Economist Mr. Bernard, Deputy Secretary Mr. Coyne, Assistant Secretary Mr. Gillum, Assistant Secretary.',
      'Open market operations were directed throughout the intermeeting period toward maintaining the existing degree of pressure on reserve positions.',
      'The Committee decided to keep the federal funds rate at about 5-1/2 percent.',
    ].join(' ');
    const { summary } = extractiveSummary({ title: 'Minutes of Federal Open Market Committee, July 1-2, 1997', text }, 2);
    // The decision names the Committee of the title: it leads, the other statement follows.
    expect(summary).toBe('The Committee decided to keep the federal funds rate at about 5-1/2 percent. Open market operations were directed throughout the intermeeting period toward maintaining the existing degree of pressure on reserve positions.');
  });
});
