import { describe, expect, it } from 'vitest';
import { terms } from '../../search/terms.js';
import { KIND_WORDS, wholeName } from './suggestion-candidates.js';

describe('names worth suggesting', () => {
  it.each([
    ['Volkswagen', true],
    ['RAND Corporation', true],
    ['Kenya Medical Research Institute', true],
    ['Munich Re', true],
    ['UNHCR', true],
    ['Nomura', true],
    // Pieces of names, kinds of organisations, ordinary words in capitals.
    ['Drug Administration (FDA', false],
    ['Government of the', false],
    ['II', false],
    ['Pension fund', false],
    ['Broker-dealer', false],
    ['Training Data', false],
    ['Advanced Approaches Risk-Based Capital', false],
  ])('%s: %s', (name, expected) => {
    expect(wholeName(name)).toBe(expected);
  });
});

describe('words that say what kind of news', () => {
  it('are held as the stemmer writes them, whatever it is (the stems of "rules", "prices", "updates")', () => {
    for (const stem of terms('rules prices updates regulation management')) expect(KIND_WORDS.has(stem)).toBe(true);
  });
});
