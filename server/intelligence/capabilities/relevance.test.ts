import { describe, expect, it } from 'vitest';
import { buildTopicModel, documentFeatures, sampleOf, scoreDocument } from '../builtin/topic-model.js';
import { builtinRelevance, DETECTION_THRESHOLD, type RelevanceInput } from './relevance.js';

const topic = (name: string, extra: Partial<RelevanceInput['topic']> = {}): RelevanceInput['topic'] => ({
  name,
  description: '',
  query: '',
  keyEvents: [],
  keyEntities: [],
  keyPlaces: [],
  relevanceMatrix: {},
  ...extra,
});
const doc = (title: string, text: string): RelevanceInput['document'] => ({ title, summary: text, text, publisher: 'Wire', date: '2026-01-01' });

// A made-up store of a few subjects.
const store = sampleOf(
  [
    ['Harbour strike halts container ships', 'Dockers struck at the harbour and container ships waited at anchor; the port authority said cargo piled up.'],
    ['Port of Santos clears cargo backlog', 'The port cleared its backlog of cargo ships after the customs strike ended.'],
    ['Shipping rates rise as ports congest', 'Freight rates for container shipping rose as congestion grew at the main ports.'],
    ['Dock workers accept pay deal', 'Dock workers at the port accepted a pay deal, ending the threat of a strike that would have stopped shipping.'],
    ['New container terminal opens at port', 'A container terminal opened at the port, adding berths for large ships.'],
    ['Storm closes roads', 'A storm closed roads in the north.'],
    ['Team wins the final', 'The team won the final in extra time.'],
    ['Bank raises rates', 'The central bank raised its rates by half a point.'],
  ].map(([title, text], i) => ({ id: i + 1, title: title!, text: text! })),
);

describe('built-in relevance', () => {
  const shipping = topic('Shipping and ports');
  const model = buildTopicModel({ name: shipping.name }, store);

  it('passes what the topic model scores at the bar, its weighted total 0.5 there for every topic, and says why', () => {
    const on = builtinRelevance({ topic: shipping, document: doc('Port strike strands ships', 'A strike at the port stranded cargo ships for a week.'), similarity: 0, model });
    expect(on.decision).toBe('PASS');
    expect(on.rationale).toMatch(/^Relevant to "Shipping and ports": the document holds the topic's words .*port/);
    expect(on.rationale).toContain(`this topic's bar is ${model.bar}`);
    const off = builtinRelevance({ topic: shipping, document: doc('Team wins the cup', 'The team won the cup in extra time.'), similarity: 0, model });
    expect(off.decision).toBe('DROP');
    expect(off.scores.weighted_total).toBeLessThan(DETECTION_THRESHOLD);
    // 0.5 x score / bar: a document at the bar is at 0.5.
    const features = documentFeatures({ title: 'Port strike strands ships', text: 'A strike at the port stranded cargo ships for a week.' });
    expect(on.scores.weighted_total).toBeCloseTo(Math.min(1, (0.5 * scoreDocument(model, features)) / model.bar), 2);
  });

  it("counts a title that names a key entity three times: it passes at a third of the bar", () => {
    const withEntity = topic('Shipping and ports', { keyEntities: ['Maersk'] });
    const title = builtinRelevance({ topic: withEntity, document: doc('Maersk adds a route', 'The company added a route with two ships.'), similarity: 0, model });
    const text = builtinRelevance({ topic: withEntity, document: doc('Company adds a route', 'Maersk added a route with two ships.'), similarity: 0, model });
    expect(title.scores.weighted_total).toBeCloseTo(Math.min(1, text.scores.weighted_total * 3), 2);
    expect(title.scores.entities).toBe(0.667);
  });

  it("does not count a lesser word of the topic's own name as an entity a title names", () => {
    // "Ports" is a word of the name as weighty as "shipping": it stands for the topic and counts three times.
    const ports = topic('Shipping and ports', { keyEntities: ['Ports'] });
    const named = builtinRelevance({ topic: ports, document: doc('Ports add a route', 'The company added a route.'), similarity: 0, model });
    const unnamed = builtinRelevance({ topic: ports, document: doc('Company adds a route', 'The company added a route.'), similarity: 0, model });
    expect(named.scores.weighted_total).toBeGreaterThan(unnamed.scores.weighted_total * 2);
    // "Container" of "Container port congestion" carries too little of the name: a title naming
    // container ships without the rest of the name gets no more than its words.
    const congestion = topic('Container port congestion', { keyEntities: ['Container'] });
    const congestionModel = buildTopicModel({ name: congestion.name, keyEntities: congestion.keyEntities }, store);
    const container = doc('Container ship launched', 'A new container ship was launched at the yard.');
    const withEntity = builtinRelevance({ topic: congestion, document: container, similarity: 0, model: congestionModel });
    const without = builtinRelevance({ topic: { ...congestion, keyEntities: [] }, document: container, similarity: 0, model: congestionModel });
    expect(withEntity.scores.weighted_total).toBeCloseTo(without.scores.weighted_total, 3);
  });

  it("does not count the topic's name in a title where it stands inside a company's name", () => {
    const containers = topic('Container shipping');
    const containerModel = buildTopicModel({ name: containers.name }, store);
    const offering = 'Atlantic Container Shipping Co Inc is raising 14 mln dlrs through an offering of debentures due 2007.';
    const company = builtinRelevance({ topic: containers, document: doc('Atlantic Container Shipping <ACS> sells debentures', offering), similarity: 0, model: containerModel });
    const untitled = builtinRelevance({ topic: containers, document: doc('Atlantic <ACS> sells debentures', offering), similarity: 0, model: containerModel });
    expect(company.scores.weighted_total).toBeCloseTo(untitled.scores.weighted_total, 3);
    expect(company.decision).toBe('DROP');
    // The name said by the report itself still counts three times.
    const said = builtinRelevance({ topic: containers, document: doc('Atlantic <ACS> sees container shipping slow', offering), similarity: 0, model: containerModel });
    expect(said.decision).toBe('PASS');
    expect(said.scores.weighted_total).toBeGreaterThan(untitled.scores.weighted_total);
  });

  it('keeps a share of the score of a document set elsewhere than the key places, and none is lost where no country is named', () => {
    const german = topic('Shipping and ports', { keyPlaces: ['Germany'] });
    const there = builtinRelevance({ topic: german, document: doc('Port strike in Germany', 'A port strike in Germany stranded ships.'), similarity: 0, model });
    const elsewhere = builtinRelevance({ topic: german, document: doc('Port strike in Brazil', 'A port strike in Brazil stranded ships.'), similarity: 0, model });
    const nowhere = builtinRelevance({ topic: german, document: doc('Port strike', 'A port strike stranded ships.'), similarity: 0, model });
    expect(there.scores.places).toBe(1);
    expect(elsewhere.scores.places).toBe(0);
    expect(nowhere.scores.places).toBe(0.5);
    expect(elsewhere.scores.weighted_total).toBeLessThan(there.scores.weighted_total);
    expect(elsewhere.rationale).toContain('is set elsewhere than the key places');
  });

  it('reads a topic without a model by its own words', () => {
    const on = builtinRelevance({ topic: topic('Lithium recycling'), document: doc('Lithium recycling plant opens', 'A plant for lithium recycling opened.'), similarity: 0 });
    expect(on.decision).toBe('PASS');
    expect(on.rationale).toContain('the store holds nothing about it yet');
    expect(builtinRelevance({ topic: topic('Lithium recycling'), document: doc('Plant opens', 'A plant opened.'), similarity: 0 }).decision).toBe('DROP');
  });
});
