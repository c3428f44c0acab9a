import { describe, expect, it } from 'vitest';
import { wholeName } from './suggestion-candidates.js';

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
