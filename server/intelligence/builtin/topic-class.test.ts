import { describe, expect, it } from 'vitest';
import { classLogit, stemCounts, trainTopicClass } from './topic-class.js';
import { buildTopicModel, documentFeatures, passesByClass, sampleOf, scoreDocument, wordScore, type ModelDocument } from './topic-model.js';

// A made-up wire: a few results reports that say "earnings", many that are only the table a wire
// files for results, monthly statistics, and other news. No demo data.
// Results are a frequent kind on a wire (a class is learnt only for a kind that is 3% of a mature store or more).
const companies = Array.from({ length: 60 }, (_, i) => `Co${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`);
const table = (i: number) => `Shr ${10 + i} cts vs ${8 + i} cts. Net ${1 + i},234,000 vs ${1 + i},100,000. Revs ${20 + i}.1 mln vs ${18 + i}.2 mln. Avg shrs ${9 + i},589,000 vs ${9 + i},348,000.`;
const said = companies.slice(0, 40).map((c, i) => [`${c} Inc 4th qtr earnings rise`, `${c} Inc said its fourth quarter earnings rose on higher sales. ${table(i)}`]);
const tables = companies.slice(40).map((c, i) => [`${c} Inc 4th qtr net`, table(i + 40)]);
const statistics = [
  ['U.S. industrial production rose 0.5 pct in February', 'Industrial production rose 0.5 pct in February after a 0.3 pct rise in January, the Federal Reserve said.'],
  ['Japan industrial production up 1.2 pct in January', 'Japan industrial production rose 1.2 pct in January from December, the ministry said.'],
  ['German industrial production falls 0.8 pct', 'West German industrial production fell 0.8 pct in January after rising in December, the ministry said.'],
  ['Danish unemployment rises to 7.9 pct in January', 'Unemployment rose to 7.9 pct in January from 7.7 pct in December, the statistics office said.'],
  ['Swiss wholesale prices fall 0.3 pct in February', 'Wholesale prices fell 0.3 pct in February after a 0.2 pct rise in January, the statistics office said.'],
  ['Canada unemployment 9.6 pct in February', 'Unemployment was 9.6 pct in February, down from 9.7 pct in January, the statistics office said.'],
];
const other = [
  ['Storm floods coastal towns', 'Heavy rain flooded coastal towns and closed roads as the storm moved north.'],
  ['City win the cup final', 'City won the cup final two goals to one in front of a full stadium.'],
  ['Railway strike halts trains', 'A railway strike halted trains across the country for a day.'],
  ['Museum shows lost paintings', 'The museum opened a show of paintings lost for a century.'],
  ['New bridge opens to traffic', 'The new bridge opened to traffic after three years of works.'],
  ['Election turnout falls', 'Turnout in the regional election fell to its lowest level.'],
];
// The rest of a wire, as many as a class needs a store to hold (1,000 documents): ten subjects in
// a hundred places.
const subjects = ['storm', 'election', 'strike', 'festival', 'bridge', 'court case', 'football match', 'wildfire', 'museum', 'railway'];
const placesOf = Array.from({ length: 100 }, (_, i) => `Town${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
const filler = subjects.flatMap((subject, i) => placesOf.map((place, j) => [`${place} ${subject} draws crowds`, `The ${subject} in ${place} drew large crowds on day ${i + j}, officials said, and more events follow.`]));
const rows = [...said, ...tables, ...statistics, ...other, ...filler];
const docs: ModelDocument[] = rows.map(([title, text], i) => ({ id: i + 1, title: title!, text: text! }));
const store = sampleOf(docs);
const features = (d: ModelDocument) => documentFeatures(d);
const passes = (model: ReturnType<typeof buildTopicModel>, d: ModelDocument) => scoreDocument(model, features(d)) >= model.bar;
const titles = (list: string[][]) => list.map(([title]) => title!);

describe('topic class: documents of the topic\'s kind that never say its words', () => {
  it('passes results tables for "Corporate earnings results": the reports that say "earnings" teach the class their table', () => {
    const model = buildTopicModel({ name: 'Corporate earnings results' }, store);
    expect(model.kind).toBeDefined();
    // The tables never write "earnings": by the words alone they stay below the bar.
    const tableDocs = docs.filter((d) => titles(tables).includes(d.title));
    for (const d of tableDocs) expect(wordScore(model, features(d))).toBeLessThan(model.bar);
    // By the class they pass, and that is what the model says of them.
    const passedTables = tableDocs.filter((d) => passes(model, d));
    expect(passedTables.length).toBeGreaterThanOrEqual(tableDocs.length - 1);
    for (const d of passedTables) expect(passesByClass(model, features(d))).toBe(true);
    // Nothing else passes: statistics and other news are of other kinds.
    const passed = docs.filter((d) => passes(model, d)).map((d) => d.title);
    expect(passed.filter((t) => !titles([...said, ...tables]).includes(t))).toEqual([]);
  });

  it('takes nothing of its class that does not name the topic: "Industrial production" is not every monthly statistic', () => {
    const model = buildTopicModel({ name: 'Industrial production' }, store);
    const passed = docs.filter((d) => passes(model, d)).map((d) => d.title);
    expect(passed).toEqual(titles(statistics.slice(0, 3)));
  });

  it('takes nothing of its class by the commonest word of the name: "Oil prices" is not every statement that speaks of prices', () => {
    // A central bank's statements, most of them of oil prices: the class learns the statement.
    const statement = (i: number, prices: string) => ['FOMC statement', `The Federal Open Market Committee decided today to keep its target for the federal funds rate at ${3 + (i % 9) / 4} percent. ${prices} The Committee will act as needed, its statement ${i} said.`];
    const onOil = Array.from({ length: 40 }, (_, i) => statement(i, 'Higher oil prices have lifted inflation, and energy markets stay tight.'));
    const onPrices = Array.from({ length: 10 }, (_, i) => statement(40 + i, 'Prices of goods and services rose moderately, and wages were steady.'));
    const statements = [...onOil, ...onPrices, ...filler].map(([title, text], i): ModelDocument => ({ id: i + 1, title: title!, text: text! }));
    const model = buildTopicModel({ name: 'Oil prices' }, sampleOf(statements));
    expect(model.kind).toBeDefined();
    expect(statements.slice(0, 40).filter((d) => passes(model, d)).length).toBe(40);
    expect(statements.slice(40, 50).filter((d) => passes(model, d))).toEqual([]);
  });

  it('labels the reader\'s judged documents: a "less like this" document is out of the class, a "more like this" one in it', () => {
    const labelledIn = trainTopicClass(store.docs, (i) => (i < 12 ? 1 : undefined))!;
    const labelledOut = trainTopicClass(store.docs, (i) => (i < 12 ? 1 : i < 15 ? 0 : undefined))!;
    const tableFeatures = store.docs[13]!.features.tf;
    expect(classLogit(labelledOut, tableFeatures)).toBeLessThan(classLogit(labelledIn, tableFeatures));
    // Nothing labelled of the class: no class.
    expect(trainTopicClass(store.docs, () => undefined)).toBeUndefined();
  });

  it('learns a class only of a frequent kind in a mature store: a few seeds, or a young store, teach their noise', () => {
    expect(buildTopicModel({ name: 'Industrial production' }, store).kind).toBeUndefined();
    expect(buildTopicModel({ name: 'Corporate earnings results' }, sampleOf(docs.slice(0, 600))).kind).toBeUndefined();
  });

  it('counts stems only, never words as written or pairs', () => {
    const { stems, length } = stemCounts(documentFeatures({ title: 'Net profit', text: 'Net profit rose.' }).tf);
    expect(stems.every(([s]) => !s.startsWith('=') && !s.includes('_'))).toBe(true);
    expect(length).toBe(stems.reduce((sum, [, n]) => sum + n, 0));
  });
});
