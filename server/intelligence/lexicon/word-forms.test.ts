import { describe, expect, it } from 'vitest';
import { domainScores } from '../builtin/topic-analysis.js';
import { broadExamples } from '../builtin/topic-clarity.js';
import { interestsAreVague } from '../builtin/profile-builder.js';
import { cueGroups, cueText, cueWordsIn, formsOf, saysCue } from './word-forms.js';

const kinds = (text: string) => domainScores(text).map((d) => d.domain.key);

describe('cue words by their word forms, not by stems (ADR 015)', () => {
  it('writes a word’s inflections, irregular ones too, and not the words that share its stem', () => {
    expect([...formsOf('import')].sort()).toEqual(['import', 'imported', 'importing', 'imports']);
    expect(formsOf('imports')).toEqual(formsOf('import'));
    expect(formsOf('relations')).toContain('relation');
    expect(formsOf('relation')).toContain('relations');
    expect(formsOf('directive')).toContain('directives');
    expect(formsOf('customs')).toContain('custom');
    expect(formsOf('strike')).toContain('struck');
    for (const [cue, other] of <[string, string][]>[['import', 'important'], ['relations', 'related'], ['relations', 'relative'], ['directive', 'directly'], ['directive', 'direct'], ['customs', 'customers'], ['housing', 'house'], ['renewable', 'renewed'], ['conservation', 'conservative']]) {
      expect(formsOf(cue), `${cue} / ${other}`).not.toContain(other);
    }
    // A function word and a word WordNet does not know match as written.
    expect([...formsOf('us')]).toEqual(['us']);
    expect([...formsOf('covid')]).toEqual(['covid']);
  });

  it('finds a cue in a text by its forms; a phrase word for word with its last word in its forms', () => {
    expect(saysCue('import', 'Steel imported from Korea')).toBe(true);
    expect(saysCue('import', 'An important vote')).toBe(false);
    expect(saysCue('relations', 'Relation between the two states')).toBe(true);
    expect(saysCue('relations', 'Related news')).toBe(false);
    expect(saysCue('directive', 'Speaking directly to the press')).toBe(false);
    expect(saysCue('customs', 'Customers queue at dawn')).toBe(false);
    expect(saysCue('interest rate', 'Interest rates rise')).toBe(true);
    expect(saysCue('interest rate', 'Interesting rates')).toBe(false);
    expect(saysCue('anti-dumping', 'New anti-dumping duties')).toBe(true);
    expect(cueWordsIn('import', cueText('Imports fell; importing is dearer, and it is important.'))).toEqual(['imports', 'importing']);
  });

  it('counts the cues that share a form once', () => {
    const groups = cueGroups(['bank', 'banks', 'banking', 'import', 'imports', 'central bank']);
    expect(groups.get('banks')).toBe('bank');
    expect(groups.get('banking')).toBe('bank');
    expect(groups.get('imports')).toBe('import');
    expect(groups.get('central bank')).toBe('central bank');
  });

  it('reads no kind of topic from words that only share a cue’s stem', () => {
    const text = 'An important update for customers, sent directly to those related';
    expect(kinds(text)).not.toContain('trade');
    expect(kinds(text)).not.toContain('geopolitics');
    expect(kinds(text)).not.toContain('regulation');
    expect(kinds('Steel imported under new tariffs')[0]).toBe('trade');
  });

  it('reads a broad subject in its forms', () => {
    expect(broadExamples('Economies')).toEqual(broadExamples('economy'));
    expect(broadExamples('economy')?.length).toBeGreaterThan(0);
    expect(interestsAreVague('markets and economies').vague).toBe(true);
  });
});

describe('names and broad subjects by their noun forms', () => {
  it('asks which one is meant for a name in its plural, not for a verb that shares its letters', async () => {
    const { ambiguousSenses } = await import('../builtin/topic-clarity.js');
    expect(ambiguousSenses('Jaguars')?.key).toBe('jaguar');
    expect(ambiguousSenses('Shelling')).toBeUndefined();
    expect(ambiguousSenses('Targeting')).toBeUndefined();
    expect(broadExamples('Marketing')).toBeUndefined();
    expect(broadExamples('Market')).toEqual(broadExamples('markets'));
  });
});

describe("a topic's kind by the head of its name", () => {
  const kindOf = (name: string) => domainScores(name, { phrase: true })[0]?.domain.key;

  it('takes a general head’s kind from a noun before it that is a cue of another kind', () => {
    expect(kindOf('Phishing campaigns against hospitals')).toBe('cyber');
    expect(kindOf('Labour relations in German car plants')).toBe('labour');
    expect(kindOf('Union vote at the plant')).toBe('labour');
    expect(kindOf('Global wheat prices')).toBe('agriculture');
    // Each head of a coordination yields on its own: "Oil prices" are energy's, not markets'.
    expect(kindOf('Oil prices and OPEC')).toBe('energy');
  });

  it("keeps a kind's own word, a head an adjective classifies and the other half of a coordination as they are", () => {
    expect(kindOf('Battery regulation')).toBe('regulation');
    expect(kindOf('US farm bill')).toBe('legislation');
    expect(kindOf('Greek legislative elections')).toBe('elections');
    expect(kindOf('Presidential campaign')).toBe('elections');
    expect(kindOf('Consumer prices and inflation')).toBe('monetary');
  });
});
