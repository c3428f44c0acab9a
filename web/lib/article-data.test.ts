import { describe, expect, it } from 'vitest';
import { articleHref, documentHref, isRightToLeft, mergeSources, parseDataTable, parseSources, parseTakeaways, plainText, resolveReference, splitMarkers, type ReferenceSource } from './article-data';

const src = (title: string, fields: Partial<ReferenceSource> = {}): ReferenceSource => ({ title, source: 'S', ...fields });

describe('resolveReference: the lookup order of references', () => {
  // Each row: the marker, the sources, the title that must win. Every source is a plausible
  // match by a later rule, so a row fails if the rules run in another order.
  const cases: [string, number, ReferenceSource[], string | undefined][] = [
    ['cited with that final number beats an uncited one listed first', 2, [src('uncited final 2', { finalNumber: 2, wasCited: false }), src('cited final 2', { finalNumber: 2, wasCited: true })], 'cited final 2'],
    ['final number beats number', 2, [src('number 2', { number: 2 }), src('final 2', { finalNumber: 2 })], 'final 2'],
    ['number beats initial number', 2, [src('initial 2', { initialNumber: 2 }), src('number 2', { number: 2 })], 'number 2'],
    ['initial number beats position', 2, [src('second by position'), src('first', { initialNumber: 9 }), src('initial 2', { initialNumber: 2 })], 'initial 2'],
    ['position last', 2, [src('one', { number: 7 }), src('two', { number: 8 })], 'two'],
    ['a cited document whose initial number differs still wins by final number', 1, [src('initial 1', { initialNumber: 1, finalNumber: 3, wasCited: true }), src('final 1', { initialNumber: 4, finalNumber: 1, wasCited: true })], 'final 1'],
    ['nothing matches and the position is past the end', 5, [src('one')], undefined],
    ['zero is never a position', 0, [src('one')], undefined],
  ];
  it.each(cases)('%s', (_name, n, sources, expected) => {
    expect(resolveReference(n, sources)?.title).toBe(expected);
  });
});

describe('mergeSources', () => {
  it('lists references in order with their documents’ numbers, then documents no reference names', () => {
    const merged = mergeSources(
      [
        { number: 1, title: 'A', source: 'Wire', document_id: 10 },
        { number: 2, title: 'B', source: 'Wire', document_id: 30 },
      ],
      JSON.stringify([
        { document_id: 10, title: 'A doc', initial_reference_number: 1, final_reference_number: 1, was_cited: true },
        { document_id: 20, title: 'Uncited', initial_reference_number: 2, final_reference_number: null, was_cited: false },
        { document_id: 30, title: 'B doc', initial_reference_number: 3, final_reference_number: 2, was_cited: true },
      ]),
    );
    expect(merged.map((s) => [s.title, s.number, s.initialNumber, s.finalNumber])).toEqual([
      ['A', 1, 1, 1],
      ['B', 2, 3, 2],
      ['Uncited', undefined, 2, undefined],
    ]);
    // [2] is B (final number 2), not the uncited second document.
    expect(resolveReference(2, merged)?.title).toBe('B');
    // No final number or number 3: the initial number 3 is B's.
    expect(resolveReference(3, merged)?.title).toBe('B');
  });

  it('survives malformed documents', () => {
    expect(mergeSources('not json', '{"broken"')).toEqual([]);
    expect(parseSources([null, 3, 'x', { name: 'Named', id: 'doc-1', score: 1 }])).toEqual([{ documentId: 'doc-1', title: 'Named', source: 'Unknown', date: undefined, number: undefined, initialNumber: undefined, finalNumber: undefined, wasCited: undefined }]);
  });
});

describe('documentHref', () => {
  it.each([
    [42, '/d/42'],
    ['abc-3', '/d/abc'],
    ['abc-def', '/d/abc-def'],
    ['doc-12-2', '/d/doc-12'],
    ['', undefined],
    [undefined, undefined],
  ])('%s -> %s', (id, href) => {
    expect(documentHref(id)).toBe(href);
  });
  it('keeps the suffix when asked (the inspection view)', () => {
    expect(documentHref('abc-3', false)).toBe('/d/abc-3');
  });
});

describe('splitMarkers', () => {
  it('finds single, listed and adjacent markers, not link texts', () => {
    expect(splitMarkers('Rates rose [1]. Markets [2, 3][4] fell; see [5](https://x.test) and [a].')).toEqual([
      { text: 'Rates rose ' },
      { marker: 1 },
      { text: '. Markets ' },
      { marker: 2 },
      { marker: 3 },
      { marker: 4 },
      { text: ' fell; see [5](https://x.test) and [a].' },
    ]);
    expect(splitMarkers('')).toEqual([]);
  });
});

describe('parseTakeaways', () => {
  it.each([
    ['Watch the next meeting. [1]', { text: 'Watch the next meeting. [1]' }],
    ['["Act now [1]", "Watch rates"]', { items: ['Act now [1]', 'Watch rates'] }],
    [['One', { text: 'Two' }, 3, null], { items: ['One', 'Two', '3'] }],
    ['[1] Start with the bracket', { text: '[1] Start with the bracket' }],
    ['["unterminated', { text: '["unterminated' }],
    ['   ', undefined],
    [[], undefined],
    [null, undefined],
    [{ a: 1 }, undefined],
  ])('%j', (input, expected) => {
    expect(parseTakeaways(input)).toEqual(expected);
  });
});

describe('parseDataTable', () => {
  it.each([
    [{ columns: ['Metric'], rows: [['Rate']] }, { columns: ['Metric'], rows: [['Rate']] }],
    ['{"columns":["Metric"],"rows":[{"metric":"Rate"}]}', { columns: ['Metric'], rows: [{ metric: 'Rate' }] }],
    ['{"columns": ["Metric"], "rows": [}', undefined],
    ['plain text', undefined],
    [{ columns: 'x', rows: [1, 'two', ['ok']] }, { columns: [], rows: [['ok']] }],
    [null, undefined],
  ])('%j', (input, expected) => {
    expect(parseDataTable(input)).toEqual(expected);
  });
});

describe('isRightToLeft', () => {
  it.each([
    ['ar', true],
    ['AR-eg', true],
    ['en', false],
    ['fa', false],
    [null, false],
  ])('%s', (language, expected) => {
    expect(isRightToLeft(language)).toBe(expected);
  });
});

describe('plainText and articleHref', () => {
  it('removes markers, link syntax and emphasis for cards', () => {
    expect(plainText('**Rates** rose [1] , see [the statement](https://x.test) [2, 3].')).toBe('Rates rose, see the statement.');
    expect(articleHref(7)).toBe('/a/7');
    expect(articleHref(7, 'a b')).toBe('/a/7?user_id=a%20b');
  });
});
