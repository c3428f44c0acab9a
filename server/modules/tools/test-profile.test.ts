import { describe, expect, it } from 'vitest';
import { generateTestProfile } from './test-profile.js';

describe('generateTestProfile', () => {
  it('is repeatable for a seed and varied across seeds', () => {
    expect(generateTestProfile(7)).toEqual(generateTestProfile(7));
    const titles = new Set(Array.from({ length: 50 }, (_, seed) => generateTestProfile(seed).title));
    expect(titles.size).toBeGreaterThan(10);
  });

  it('gives three distinct interests of one persona', () => {
    for (let seed = 0; seed < 200; seed++) {
      const interests = generateTestProfile(seed).interests.split(', ');
      expect(new Set(interests).size).toBe(3);
    }
  });
});
