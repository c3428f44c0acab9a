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

  const N = TEMPLATE_MIN_DOCUMENTS;
  const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => from + i);
  it.each([
    [`repeated in ${N} documents of its source: not the lead`, range(0, N).map((i) => minutes(i)), NEWS[0]],
    [`repeated in ${N + 3} documents of its source: not the lead`, range(0, N + 3).map((i) => minutes(i)), NEWS[0]],
    [`repeated in only ${N - 1} documents: still the lead`, range(0, N - 1).map((i) => minutes(i)), TEMPLATE],
    ["another source's repetition does not count", [minutes(0), ...range(1, N).map((i) => minutes(i, 'pier'))], TEMPLATE],
    [
      'a sentence with a figure is never template (a rate held for meetings on end is still the decision)',
      range(0, N).map((i) => ({ source: 'bank', title: `Bank rate decision ${i}`, text: `The bank decided to keep its rate at 2 percent. Markets were calm. Officials spoke of exports ${i}.` })),
      'The bank decided to keep its rate at 2 percent.',
    ],
  ] as [string, Doc[], string][])('%s', (_, corpus, expected) => {
    expect(lead(corpus[0]!, corpus)).toBe(expected);
  });

  it('a document that is all template is led by its title: it has no sentence of its own', () => {
    const same = range(0, N).map((i): Doc => ({ source: 'notices', title: `Notice ${i}`, text: 'Comments may be sent to the board by post. The board reads every comment it receives.' }));
    expect(templateMask(['Comments may be sent to the board by post.'], templateOf(same, 'notices'))).toEqual([true]);
    expect(lead(same[0]!, same)).toBe('Notice 0');
  });

  it('keys ignore case, punctuation and spacing, not words', () => {
    expect(sentenceKey('The minutes are  published, three weeks later.')).toBe(sentenceKey('the minutes are published three weeks later'));
    expect(sentenceKey('The minutes are published three weeks later.')).not.toBe(sentenceKey('The minutes are published two weeks later.'));
  });

  it("an article quotes its source's template neither as its introduction nor as a point", () => {
    const corpus = Array.from({ length: TEMPLATE_MIN_DOCUMENTS }, (_, i) => minutes(i));
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

  it('an article of a document that is all template says who published what and when, not the template', () => {
    const same = Array.from({ length: TEMPLATE_MIN_DOCUMENTS }, (_, i): Doc => ({ source: 'board', title: `Harbour board minutes ${i}`, text: TEMPLATE }));
    const doc = same[0]!;
    const sourceTemplate = templateOf(same, 'board');
    const summary = extractiveSummary({ title: doc.title, text: doc.text, sourceTemplate }).summary;
    const article = builtinCompose({
      topic: { name: 'Harbours' },
      main: { documentId: 1, title: doc.title, text: doc.text, summary, keyFacts: [], publisher: 'Harbour board', date: '2024-03-01', collectionId: 2, score: 1, sourceTemplate },
      supporting: [],
      novelFacts: [],
      knownFacts: [],
      phaseChange: null,
      language: 'en',
    });
    expect(summary).toBe(doc.title);
    expect(article.introduction).toBe('Harbour board published “Harbour board minutes 0” on Mar 1, 2024. [1]');
  });

  it('a summary written before the template was counted (a source\'s first documents) does not introduce the article with it', () => {
    const corpus = Array.from({ length: TEMPLATE_MIN_DOCUMENTS }, (_, i) => minutes(i));
    const doc = corpus[0]!;
    const article = builtinCompose({
      topic: { name: 'Harbours' },
      main: { documentId: 1, title: doc.title, text: doc.text, summary: `${TEMPLATE} ${NEWS[0]}`, keyFacts: [], publisher: 'Harbour board', date: '2024-03-01', collectionId: 2, score: 1, sourceTemplate: templateOf(corpus, 'harbour') },
      supporting: [],
      novelFacts: [],
      knownFacts: [],
      phaseChange: null,
      language: 'en',
    });
    expect(article.introduction).toBe(`${NEWS[0]} [1]`);
  });
});
