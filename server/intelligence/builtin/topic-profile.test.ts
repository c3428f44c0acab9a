import { describe, expect, it } from 'vitest';
import { relevantEvidence, type TopicEvidence } from './topic-profile.js';

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
