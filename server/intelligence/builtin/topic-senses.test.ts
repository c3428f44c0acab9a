import { describe, expect, it } from 'vitest';
import { buildTopicModel, documentFeatures, sampleOf, scoreDocument, type ModelDocument } from './topic-model.js';
import { inSense, measurePairs } from './topic-senses.js';

// A made-up wire: reports of the base metals, and bond issues whose "lead manager" holds a word of the
// metals' name in another sense; the rest of a wire around them. No demo data.
const metals = [
  ['Zinc prices rise as smelter closes', 'Zinc prices rose on the metal exchange after a smelter closed; lead and tin followed.'],
  ['Lead stocks fall in warehouses', 'Lead stocks in metal warehouses fell 2,000 tonnes; zinc stocks rose.'],
  ['Tin council debts talks resume', 'Talks on the tin council debts resumed; tin and zinc traders wait.'],
  ['Smelter raises lead output', 'The smelter raised lead and zinc output to 90,000 tonnes of metal.'],
  ['Zinc producers cut prices', 'Zinc producers cut prices by 20 dlrs a tonne; lead prices were steady at the smelter.'],
  ['Tin output falls in Bolivia', 'Tin output from Bolivian mines fell; the metal price rose and zinc eased.'],
];
const bonds = Array.from({ length: 8 }, (_, i) => [`Issuer${i} issues 100 mln stg bond`, `Issuer${i} is issuing a 100 mln stg bond due 1992 with a coupon of 9 pct, lead manager Bank${i} said.`]);
const subjects = ['storm', 'election', 'strike', 'festival', 'bridge', 'court case', 'football match', 'wildfire', 'museum', 'railway'];
const filler = subjects.flatMap((subject, i) => Array.from({ length: 100 }, (_, j) => [`Town${j} ${subject} draws crowds`, `The ${subject} in Town${j} drew large crowds on day ${i + j}, officials said.`]));
const docs: ModelDocument[] = [...metals, ...bonds, ...filler].map(([title, text], i) => ({ id: i + 1, title: title!, text: text! }));
const store = sampleOf(docs);
const model = buildTopicModel({ name: 'Zinc, lead and tin' }, store);
const score = (title: string, text: string) => scoreDocument(model, documentFeatures({ title, text }));

describe('topic senses: one sense per collocation', () => {
  it("finds the pair in which a word of the name has another sense: the documents holding it say nothing else of the topic", () => {
    expect(Object.keys(model.senses ?? {})).toContain('lead_manager');
    // The name's own words in their sense are no such pair.
    expect(Object.keys(model.senses ?? {}).some((pair) => /smelter|zinc|tin/.test(pair))).toBe(false);
  });

  it('does not pass a bond issue by its lead manager, and still passes a report of lead', () => {
    expect(score('Issuer9 issues 50 mln stg bond', 'Issuer9 is issuing a 50 mln stg bond, lead manager Bank9 said.')).toBeLessThan(model.bar);
    expect(score('Lead prices rise', 'Lead prices rose as a smelter shut; zinc was steady.')).toBeGreaterThanOrEqual(model.bar);
  });

  it('counts the word outside the pair, and reads a document through the senses once', () => {
    const features = documentFeatures({ title: 'Lead output and the lead manager', text: 'Lead output rose at the smelter, the lead manager said.' });
    const read = inSense(model, features);
    expect(read.tf.get('=lead')).toBe(features.tf.get('=lead')! - features.tf.get('lead_manager')!);
    expect(read.tf.get('=lead')).toBeGreaterThan(0);
    expect(inSense(model, read)).toBe(read);
    // A document without the pair is read as it is.
    const plain = documentFeatures({ title: 'Zinc output', text: 'Zinc output rose.' });
    expect(inSense(model, plain)).toBe(plain);
  });
});

// A made-up wire of the yen: rate reports, and loans and debts counted in yen.
const yen = [
  ['Yen rises against the dollar', 'The yen rose against the dollar in Tokyo as Japanese dealers sold dollars; the dollar ended at 150.20 yen.'],
  ['Dollar falls to 148.50 yen', 'The dollar fell to 148.50 yen from 150.10 yen as the Bank of Japan held back, Japanese dealers said.'],
  ['Yen firm on trade surplus', 'The yen was firm on news of the trade surplus; Japanese dealers expect the yen to test new highs.'],
  ['Bank of Japan buys dollars to curb yen', 'The Bank of Japan bought dollars to curb the yen rise, Japanese dealers said; the yen eased.'],
];
const amounts = Array.from({ length: 8 }, (_, i) => [`Japan firm${i} gets ${i + 2}0 billion yen loan`, `Japan firm${i} signed a ${i + 2}0 billion yen loan for a dam, and ${i + 3} mln yen in fees, the Japanese bank said.`]);
const figures = Array.from({ length: 30 }, (_, i) => [`Output rises ${i} pct`, `Output rose ${i + 1} pct to ${i + 10} billion units and ${i + 4} mln units, officials said.`]);
const yenStore = sampleOf([...yen, ...amounts, ...figures, ...filler].map(([title, text], i) => ({ id: i + 1, title: title!, text: text! })));
const yenModel = buildTopicModel({ name: 'Japanese yen' }, yenStore);

describe('topic senses: a unit after an amount', () => {
  it('reads a unit of the name after a magnitude the store writes after figures, not after a bare figure', () => {
    expect(measurePairs([['=yen', 'yen']], yenStore, 'en')).toEqual({ billion_yen: ['=yen', 'yen'], mln_yen: ['=yen', 'yen'] });
    // A word that is no unit of measurement keeps its pairs; a name in another language is not read by WordNet.
    expect(measurePairs([['=dam', 'dam']], yenStore, 'en')).toEqual({});
    expect(measurePairs([['=yen', 'yen']], yenStore, 'de')).toEqual({});
  });

  it('does not pass a loan counted in yen, and still passes a rate in yen', () => {
    const score = (title: string, text: string) => scoreDocument(yenModel, documentFeatures({ title, text }));
    expect(score('Japan firm9 gets 90 billion yen loan', 'Japan firm9 signed a 90 billion yen loan for a dam, the Japanese bank said.')).toBeLessThan(yenModel.bar);
    expect(score('Japanese yen firms against the dollar', 'The yen firmed against the dollar, which ended at 149.80 yen, Japanese dealers said.')).toBeGreaterThanOrEqual(yenModel.bar);
  });
});
