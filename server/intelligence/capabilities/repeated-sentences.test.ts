import { describe, expect, it } from 'vitest';
import { builtinCompose } from './compose.js';
import { sentenceKey, TEMPLATE_MIN_DOCUMENTS, templateMask } from './repeated-sentences.js';
import { extractiveSummary, leadSentenceKeys } from './summarise.js';

interface Doc {
  source: string;
  title: string;
  text: string;
}

/** What source_sentences holds for a source: its documents' keys counted, those in TEMPLATE_MIN_DOCUMENTS or more. */
function templateOf(corpus: readonly Doc[], source: string): Set<number> {
  const counts = new Map<number, number>();
  for (const doc of corpus.filter((d) => d.source === source)) for (const key of leadSentenceKeys(doc.text)) counts.set(key, (counts.get(key) ?? 0) + 1);
  return new Set([...counts].filter(([, n]) => n >= TEMPLATE_MIN_DOCUMENTS).map(([key]) => key));
}

const TEMPLATE = 'The minutes of each harbour board meeting are published three weeks after the harbour board meeting.';
const NEWS = ['The board raised mooring fees for ferries.', 'The board closed the north pier for repairs.', 'The board hired a new harbour master.', 'The board sold the old dredger.'];
/** Minutes of the harbour board: its template sentence first, then what the meeting decided. */
const minutes = (i: number, source = 'harbour', template = TEMPLATE): Doc => ({
  source,
  title: `Harbour board meeting minutes ${i}`,
  text: `${template} ${NEWS[i % NEWS.length]} Members discussed the budget at length.`,
});
const lead = (doc: Doc, corpus: readonly Doc[]) => extractiveSummary({ title: doc.title, text: doc.text, sourceTemplate: templateOf(corpus, doc.source) }).summary.split(/(?<=\.) /)[0];

describe('repeated-sentences: a sentence its source repeats in many documents is no lead', () => {
  it('the made-up minutes are led by their template when nothing is counted (what the rows below change)', () => {
    expect(extractiveSummary({ title: minutes(0).title, text: minutes(0).text }).summary.split(/(?<=\.) /)[0]).toBe(TEMPLATE);
  });

  it.each([
    ['repeated in 3 documents of its source: not the lead', [minutes(0), minutes(1), minutes(2)], NEWS[0]],
    ['repeated in 4 documents of its source: not the lead', [minutes(0), minutes(1), minutes(2), minutes(3)], NEWS[0]],
    ['repeated in only 2 documents: still the lead', [minutes(0), minutes(1)], TEMPLATE],
    ["another source's repetition does not count", [minutes(0), minutes(1, 'pier'), minutes(2, 'pier'), minutes(3, 'pier')], TEMPLATE],
    [
      'a sentence with a figure is never template (a rate held for three meetings is still the decision)',
      [0, 1, 2].map((i) => ({ source: 'bank', title: `Bank rate decision ${i}`, text: `The bank decided to keep its rate at 2 percent. Markets were calm. Officials spoke of exports ${i}.` })),
      'The bank decided to keep its rate at 2 percent.',
    ],
  ] as [string, Doc[], string][])('%s', (_, corpus, expected) => {
    expect(lead(corpus[0]!, corpus)).toBe(expected);
  });

  it('a document that is all template keeps its sentences: it has nothing else to lead with', () => {
    const same = [0, 1, 2].map((): Doc => ({ source: 'notices', title: 'Notice', text: 'Comments may be sent to the board by post. The board reads every comment it receives.' }));
    expect(templateMask(['Comments may be sent to the board by post.'], templateOf(same, 'notices'))).toEqual([false]);
    expect(same[0]!.text).toContain(lead(same[0]!, same));
  });

  it('keys ignore case, punctuation and spacing, not words', () => {
    expect(sentenceKey('The minutes are  published, three weeks later.')).toBe(sentenceKey('the minutes are published three weeks later'));
    expect(sentenceKey('The minutes are published three weeks later.')).not.toBe(sentenceKey('The minutes are published two weeks later.'));
  });

  it("an article quotes its source's template neither as its introduction nor as a point", () => {
    const corpus = [minutes(0), minutes(1), minutes(2)];
    const doc = corpus[0]!;
    const sourceTemplate = templateOf(corpus, 'harbour');
    const article = builtinCompose({
      topic: { name: 'Harbours' },
      main: { documentId: 1, title: doc.title, text: doc.text, summary: '', keyFacts: [], publisher: 'Harbour board', date: '2024-03-01', collectionId: 2, score: 1, sourceTemplate },
      supporting: [],
      novelFacts: [],
      knownFacts: [],
      phaseChange: null,
      language: 'en',
    });
    expect([article.introduction, ...article.bullet_points].join(' ')).not.toContain('published three weeks after');
    expect(article.introduction).toContain(NEWS[0]!.slice(0, -1));
  });
});
