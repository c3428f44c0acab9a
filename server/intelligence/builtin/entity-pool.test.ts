import { afterAll, describe, expect, it } from 'vitest';
import { closeEntityPool, extractEntitiesOffThread, namesOffThread } from './entity-pool.js';
import { displayNames, extractEntities } from './text-features.js';

const DOCS = [
  { title: 'Hungary closes border with Serbia', text: 'Hungarian police sealed the border near Roszke on Tuesday as Prime Minister Viktor Orban said the European Union had failed.' },
  { title: 'Fed holds rates', text: 'The Federal Reserve kept its benchmark rate unchanged, Janet Yellen told reporters in Washington.' },
  { title: 'Palmyra', text: 'Islamic State fighters destroyed a temple in Palmyra, Syria, the United Nations said.' },
  { title: 'No names here', text: 'prices rose slightly in most markets this week.' },
  ...Array.from({ length: 9 }, (_, i) => ({ title: `Storm ${i} hits Florida`, text: `Hurricane ${i} made landfall near Miami, Governor Rick Scott said.` })),
];

afterAll(() => closeEntityPool());

describe('extractEntitiesOffThread', () => {
  it('finds on worker threads what extractEntities finds, in the order given', async () => {
    const offThread = await extractEntitiesOffThread(DOCS);
    expect(offThread).toEqual(DOCS.map((d) => extractEntities(d.title, d.text)));
    expect(offThread[0]).toEqual(expect.arrayContaining(['hungary', 'viktor orban']));
    // Starting the threads loads the language library in each: seconds on a loaded machine.
  }, 30_000);

  it("keeps each document's names as a reader reads them, one per entity", async () => {
    const [hungary, fed, , none] = (await namesOffThread(DOCS.slice(0, 4))).map(displayNames);
    expect(hungary).toEqual(expect.arrayContaining(['Hungary', 'Serbia', 'Viktor Orban', 'European Union']));
    expect(fed).toEqual(expect.arrayContaining(['Federal Reserve', 'Janet Yellen', 'Washington']));
    expect(none).toEqual([]);
    expect(displayNames(["the Federal Reserve's", 'Federal Reserve', 'fed officials', 'X'])).toEqual(['Federal Reserve']);
    expect(displayNames(['Market Committee', 'Federal Open Market Committee', 'New York'])).toEqual(['Federal Open Market Committee', 'New York']);
    // A legal form the library kept alone is no name.
    expect(displayNames(['Inc', 'Ltd.', 'Bank of America'])).toEqual(['Bank of America']);
    // A legal form closing a name is left out: "Apple Inc" and "Apple" are one name, read "Apple".
    expect(displayNames(['Apple Inc', 'Acme Corp.', 'Apple', 'Bank of America'])).toEqual(['Apple', 'Acme', 'Bank of America']);
  });

  it('answers an empty list without starting threads', async () => {
    expect(await extractEntitiesOffThread([])).toEqual([]);
  });
});
