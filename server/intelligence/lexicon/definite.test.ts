import { describe, expect, it } from 'vitest';
import { saidWithThe, usageOf, withThe } from './definite.js';

describe('saidWithThe', () => {
  it.each([
    ['European Union', true],
    ['United States', true],
    ['Federal Reserve', true],
    ['Bank of England', true],
    ['Food and Drug Administration', true],
    ['Securities and Exchange Commission', true],
    ['Middle East', true],
    ['Czech Republic', true],
    ['Netherlands', true],
    ['Philippines', true],
    ['Germany', false],
    ['Hong Kong', false],
    ['Vladimir Putin', false],
    ['Pechiney', false],
    ['FDA', false],
    ['Alcan Aluminium Ltd', false],
    ['Congress', false],
  ])('%s by grammar and the countries\' official names: %s', (name, the) => {
    expect(saidWithThe(name)).toBe(the);
  });

  it('follows how the texts write a name where they write it often enough', () => {
    const texts = ['Shares of Bethlehem Steel rose, and analysts praised Bethlehem Steel.', 'A loss at Bethlehem Steel; the Bethlehem Steel unit.', 'Analysts like Bethlehem Steel.'];
    expect(saidWithThe('Bethlehem Steel')).toBe(true);
    expect(saidWithThe('Bethlehem Steel', texts)).toBe(false);
    expect(withThe('Senate', ['The bill passed the Senate, and the Senate\'s floor.', 'A vote in the Senate.', 'Rivals of Senate leaders said so.'])).toBe('the Senate');
  });

  it('counts a name only where it heads its phrase, inside a sentence, with "the" or no determiner', () => {
    expect(usageOf('Federal Reserve', ['Federal Reserve, raising rates. The move by the Federal Reserve Board surprised its critics.', 'a Federal Reserve.', 'the proposed Federal Reserve rule'])).toEqual({ the: 0, bare: 0 });
    expect(usageOf('Federal Reserve', ["Markets watched the Federal Reserve, and the Federal Reserve's chair spoke; rates at Federal Reserve."])).toEqual({ the: 2, bare: 1 });
  });
});
