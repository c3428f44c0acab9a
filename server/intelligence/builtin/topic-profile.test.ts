import { describe, expect, it } from 'vitest';
import { publishedKind } from './topic-analysis.js';
import { buildTopicProfile, relevantEvidence, topicKind, type TopicEvidence } from './topic-profile.js';

const doc = (title: string, summary: string): TopicEvidence => ({ title, summary, collectionId: 1 });

describe('topic profile: the evidence about a topic', () => {
  it("holds the name's words in their word forms, not in another word of the same stem", () => {
    const housing = doc('U.S. housing starts rise 2.6 pct in February', 'Housing starts rose to a seasonally adjusted annual rate, the Commerce Department said.');
    const plural = doc('Home builders see more housings sold', 'Builders said sales of new homes rose.');
    const money = doc('Bank of England offers early help in money market', 'The Bank of England bought bills from the discount houses to ease a shortage in the money market.');
    expect(relevantEvidence('Housing market', [housing, plural, money])).toEqual([housing, plural]);
  });

  it('holds a noun of the name by the forms of the verb it comes from that are no noun', () => {
    const filed = doc('Apple Inc. filed its annual report', 'Apple filed the report with the commission on Friday.');
    const acquires = doc('Lone Star acquires concrete operations', 'Lone Star Industries said it acquired the plants.');
    expect(relevantEvidence('Apple trademark filings', [filed])).toEqual([filed]);
    expect(relevantEvidence('Cement mergers and acquisitions', [acquires])).toEqual([]);
    expect(relevantEvidence('Concrete acquisitions', [acquires])).toEqual([acquires]);
  });

  it('holds a word WordNet does not know by its stem', () => {
    const covid = doc('Covid cases rise in the region', 'New covid cases rose for a third week.');
    expect(relevantEvidence('Covid vaccines', [covid])).toEqual([covid]);
  });
});

describe("topic profile: a rule's places", () => {
  const profile = (evidence: TopicEvidence[]) => buildTopicProfile({ name: 'Air quality rules', context: [], sources: [], profilePlaces: ['United Kingdom'], evidence });
  const american = [
    doc('EPA approves Texas air quality plan', 'The agency approved the air quality rules Texas submitted for ozone.'),
    doc('California air quality rules for ozone approved', 'The EPA approved California air quality rules on ozone.'),
    doc('Air quality rules of Texas revised', 'Texas revised its air quality rules for particulate matter.'),
  ];
  const british = [
    doc('London air quality rules tightened', 'The United Kingdom tightened air quality rules for London.'),
    doc('Air quality rules in the United Kingdom', 'New air quality rules apply across the United Kingdom from May.'),
  ];

  it("is the reader's jurisdiction when the store holds nothing about it, or holds it there", () => {
    expect(profile([]).key_places).toContain('United Kingdom');
    expect(profile(british).key_places).toContain('United Kingdom');
  });

  it("is not the reader's jurisdiction when the store's documents about it are set elsewhere", () => {
    expect(profile(american).key_places).not.toContain('United Kingdom');
  });
});

describe('topic profile: where, as the reader said it', () => {
  it("keeps the name's preposition before its place", () => {
    const into = buildTopicProfile({ name: 'Refugees crossing into Europe', context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(into.description).toMatch(/refugees crossing into Europe\b/);
    const inside = buildTopicProfile({ name: 'Lithium mining in Chile', context: [], sources: [], profilePlaces: [], evidence: [] });
    expect(inside.description).toMatch(/lithium mining in Chile\b/i);
  });
});

describe('topic profile: the kind of topic where its documents are published', () => {
  const papers = ['Robots learn grasping from human demonstration', 'Learning from demonstration with few trajectories', 'A robot learns to fold cloth from demonstration'].map(
    (title): TopicEvidence => ({ title, summary: `${title}. In this study we propose a machine learning algorithm that learns from demonstration trajectories of a robot arm.`, collectionId: 4 }),
  );
  const kind = (evidence: TopicEvidence[]) => topicKind({ name: 'Robot learning from demonstration', context: [], sources: [], profilePlaces: [], evidence }).kind;

  it('is research when most of the documents about it are papers, whatever kind its words name', () => {
    expect(kind(papers.map((p) => ({ ...p, collectionId: 1 })))).toBe('technology');
    expect(kind(papers)).toBe('research');
  });

  it('is read from one collection only when most documents are there, and never from news', () => {
    expect(publishedKind([4, 4, 1])).toMatchObject({ domain: { key: 'research' } });
    expect(publishedKind([4, 1, 6])).toBeUndefined();
    expect(publishedKind([4, 4])).toBeUndefined();
    expect(publishedKind([1, 1, 1])).toBeUndefined();
    expect(publishedKind([9, 9, 9])).toMatchObject({ domain: { key: 'clinical' }, share: 1 });
  });
});

describe('topic profile: the query', () => {
  const name = 'Diesel emissions scandal';
  const reports = [
    doc('Carmaker admits diesel emissions scandal', 'The carmaker admitted that diesel cars cheated emissions tests, in a scandal that grew.'),
    doc('Diesel emissions scandal widens', 'Regulators said the diesel emissions scandal reached more cars.'),
    doc('Recall over diesel emissions scandal', 'Owners of diesel cars face a recall after the emissions scandal.'),
  ];
  const query = (evidence: TopicEvidence[]) => buildTopicProfile({ name, context: [], sources: [], profilePlaces: [], evidence }).query.split(' ');

  it("holds the words WordNet derives from the name's only where the documents about it write them", () => {
    expect(query([])).toEqual(expect.arrayContaining(['emit', 'scandalise']));
    expect(query(reports)).not.toContain('scandalise');
    expect(query(reports)).not.toContain('emit');
  });
});
