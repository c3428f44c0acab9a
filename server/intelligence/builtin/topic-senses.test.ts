import { describe, expect, it } from 'vitest';
import { buildTopicModel, documentFeatures, sampleOf, scoreDocument, type ModelDocument } from './topic-model.js';
import { inSense } from './topic-senses.js';

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
