import { describe, expect, it } from 'vitest';
import { binomialAtMost, cueStatistics, THRESHOLDS, type CueDocument, type CueStat } from './cue-stats.js';

const doc = (text: string, ...kinds: string[]): CueDocument => ({ text, kinds: new Set(kinds), set: kinds.length ? 'labelled' : 'other' });
const statOf = (stats: CueStat[], kind: string, cue: string) => stats.find((s) => s.kind === kind && s.cue === cue)!;
const LOW = { ...THRESHOLDS, labelled: 2 };

describe('cue statistics (scripts/eval-cues.ts)', () => {
  // Four trade stories labelled so, four others; "important" is no import, "the" is everywhere.
  const docs = [
    doc('New tariffs on steel imports were announced.', 'trade'),
    doc('The tariff on cars rises; imports fall.', 'trade'),
    doc('Exports and imports of grain, and a tariff dispute.', 'trade'),
    doc('The customs office and the tariff.', 'trade'),
    doc('The important thing about the vote is turnout.'),
    doc('It is important that the election is fair.'),
    doc('The election results are in; the vote is counted.'),
    doc('The court heard the appeal.'),
  ];
  const kinds = [
    { key: 'trade', cues: ['tariff', 'imports', 'anti-dumping'] },
    { key: 'elections', cues: ['election', 'vote'] },
    { key: 'function', cues: ['the'] },
  ];
  const { stats, kinds: summaries } = cueStatistics(docs, kinds, { thresholds: LOW });

  it('counts the documents that hold a cue as the engine reads it (by its word forms), in all and per set', () => {
    expect(statOf(stats, 'trade', 'tariff')).toMatchObject({ df: 4, dfBySet: { labelled: 4 }, inKind: 4, kindDocs: 4 });
    // "important" shares the stem of "imports" but is another word: the engine does not read it as the cue.
    const imports = statOf(stats, 'trade', 'imports');
    expect(imports).toMatchObject({ df: 3, dfBySet: { labelled: 3 }, inKind: 3, ownForms: 1 });
    expect(imports.heldAs).toEqual([{ word: 'imports', docs: 3 }]);
  });

  it('compares a cue in documents of its kind with the collection: lift and log odds', () => {
    const tariff = statOf(stats, 'trade', 'tariff');
    expect(tariff.lift).toBeCloseTo(1 / (4 / 8));
    expect(tariff.logOdds).toBeCloseTo(Math.log(4.5 / 0.5 / (0.5 / 4.5)));
    expect(tariff.flags).toEqual([]);
    expect(statOf(stats, 'trade', 'imports').lift).toBeCloseTo(3 / 4 / (3 / 8));
  });

  it('says which kind the other cues classify the documents holding a cue as', () => {
    expect(summaries.find((k) => k.key === 'trade')).toMatchObject({ kindDocs: 4, judged: 'labels' });
    expect(summaries.find((k) => k.key === 'elections')).toMatchObject({ kindDocs: 0, judged: 'classification' });
    // The fourth story, "tariff" left out, has only "the".
    expect(statOf(stats, 'trade', 'tariff')).toMatchObject({ classifiedAs: 'trade', classifiedOwn: 3 / 4 });
    // "vote" left out: the fifth story has only "the", the seventh is elections by "election".
    expect(statOf(stats, 'elections', 'vote')).toMatchObject({ df: 2, classifiedOwn: 1 / 2 });
  });

  it('flags a cue held by almost no document or by most documents; its forms are its own words', () => {
    expect(statOf(stats, 'trade', 'anti-dumping')).toMatchObject({ df: 0, lift: null, flags: ['rare'] });
    // A stop word is no term: "the" is held as written, by six of eight documents, none the others call "function".
    // With "the" left out no document is "function": the classification cannot judge it (it used to
    // compare it with the share "the" itself made, and flag it).
    expect(statOf(stats, 'function', 'the')).toMatchObject({ df: 6, classifiedOwn: 0, classifiedBase: 0, flags: [] });
    // Read by stems, "important" held "imports" in two of three documents (other-words); read by forms, only "imported" does.
    const { stats: wire } = cueStatistics([doc('Imports rose.', 'trade'), doc('An important day.'), doc('Important, and importantly so.'), doc('Imported cars.')], [{ key: 'trade', cues: ['imports'] }], { thresholds: { ...LOW, labelled: 1, rare: 2 } });
    expect(statOf(wire, 'trade', 'imports')).toMatchObject({ df: 2, ownForms: 1, flags: [] });
    expect(statOf(wire, 'trade', 'imports').heldAs.map((h) => h.word).sort()).toEqual(['imported', 'imports']);
  });

  it('compares the documents holding a cue with all documents classified without it, and says whether a flag is within chance', () => {
    const docs = ['Satellite launch into space.', 'Satellite orbit.', 'The state space of the model.', 'A latent space model.', 'Search space learning model.', 'A model of learning.'].map((text) => doc(text));
    const { stats: space, kinds } = cueStatistics(docs, [{ key: 'aerospace', cues: ['space', 'satellite'] }, { key: 'research', cues: ['model', 'learning'] }], { thresholds: { ...LOW, rare: 2 } });
    // With "space" in, four of six documents are aerospace; without it, two: "space" made the rest.
    expect(kinds.find((k) => k.key === 'aerospace')).toMatchObject({ classifiedShare: 4 / 6, judged: 'classification' });
    const stat = statOf(space, 'aerospace', 'space');
    expect(stat).toMatchObject({ df: 4, classifiedOwn: 1 / 4, classifiedBase: 2 / 6, flags: ['everywhere', 'other-kind'] });
    // One of four where a third was to be expected: well within chance.
    expect(stat.chance).toBeCloseTo((2 / 3) ** 4 + 4 * (1 / 3) * (2 / 3) ** 3);
    expect(binomialAtMost(0, 10, 0.5)).toBeCloseTo(1 / 1024);
  });

  it('flags a cue rarer in documents labelled with its kind than in the collection', () => {
    const { stats: law } = cueStatistics(
      [doc('The judge ruled.', 'law'), doc('The judge spoke.', 'law'), doc('A court case.', 'law'), doc('Court of public opinion.'), doc('The food court.'), doc('A tennis court.')],
      [{ key: 'law', cues: ['court', 'judge'] }],
      { thresholds: { ...LOW, rare: 2 } },
    );
    expect(statOf(law, 'law', 'court')).toMatchObject({ df: 4, inKind: 1, flags: ['everywhere', 'not-of-kind'] });
    expect(statOf(law, 'law', 'court').lift).toBeCloseTo(1 / 3 / (4 / 6));
    expect(statOf(law, 'law', 'judge')).toMatchObject({ lift: 2, flags: [] });
  });
});
