import { describe, expect, it } from 'vitest';
import { findEntities } from './name-reading.js';

describe('findEntities: what English writes as a name', () => {
  it('keeps names whole across an abbreviation and drops a sentence-opening article', () => {
    const names = findEntities('Officials of the Federal Reserve Bank of St. Louis met on Tuesday. The Government of Morocco asked for talks.');
    expect(names).toContain('Federal Reserve Bank of St. Louis');
    expect(names).toContain('Government of Morocco');
    expect(names).not.toContain('The Government of Morocco');
  });

  it('reads no name where a word is written in lower case ("Kenyan mobile")', () => {
    expect(findEntities('Kenyan mobile money regulation')).not.toContain('Kenyan mobile');
    expect(findEntities('News about Shell plc and its rivals')).toContain('Shell plc');
  });

  it('reads "the Board" and "the Boards of Directors" as descriptions, "the Amazon" and "General Motors" as names', () => {
    const names = findEntities('Rates were approved by the Board, and later by the Boards of Directors of the banks. Fires burn in the Amazon, said analysts at General Motors.');
    expect(names).not.toContain('Board');
    expect(names).not.toContain('Boards of Directors');
    expect(names).toContain('Amazon');
    expect(names).toContain('General Motors');
  });

  it('reads no run in a sentence in title case, and ends no name on a word that is no noun', () => {
    const names = findEntities('Notice of Commercial Availability Request Under the United States Free Trade Agreement With Morocco. Officials met.');
    expect(names.some((n) => /Request|Under$/.test(n))).toBe(false);
  });

  it('reads a person once, without the titles before the name', () => {
    const names = findEntities('Talks in Moscow were led by Russian President Vladimir Putin on Monday.');
    expect(names.filter((n) => n.endsWith('Vladimir Putin'))).toHaveLength(1);
  });
});
