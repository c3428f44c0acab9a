import { describe, expect, it } from 'vitest';
import { buildAiProfile, industriesOf } from './profile-builder.js';

describe('profile builder: industries from what a profile says', () => {
  it("reads an industry's cues by their word forms, not by their stems", () => {
    // "defensive" shares the stem of the cue "defense" and is none of its forms.
    expect(industriesOf('Defensive driving instructor', 'Defensive driving instructor')).not.toContain('Aerospace & Defense');
    expect(industriesOf('Defense procurement analyst', 'Defense procurement analyst')).toContain('Aerospace & Defense');
    // A phrase cue still matches word for word, its last word in its forms.
    expect(industriesOf('Analyst of capital markets', '')).toContain('Banking & Capital Markets');
  });

  it('takes where a user works from their title and organisation, not from a subject their interests name once', () => {
    const interests = 'Drug pricing and reimbursement, pharmaceutical market access, and central bank rates as they affect our financing';
    const industries = industriesOf(`Director of market access. Novanta Pharma. ${interests}`, 'Director of market access Novanta Pharma');
    expect(industries[0]).toMatch(/pharma/i);
    expect(industries).not.toContain('Banking & Capital Markets');
    // With nothing said of where they work, the interests decide, even by one cue.
    expect(industriesOf('Analyst. Central bank rates', 'Analyst')).toContain('Banking & Capital Markets');
  });
});

describe('profile builder: organisations a profile watches', () => {
  const profileOf = (interests: string) =>
    buildAiProfile({ firstName: 'Rea', title: 'Analyst', organization: 'Acme', location: 'London, United Kingdom', interests, answers: [] });

  it('reads a capital that starts an item of a list as the item’s, not as a name', () => {
    const { organizations } = profileOf('Federal Reserve interest rate decisions, Migrant crisis in Europe, Spinal surgery outcomes, Large language model safety');
    expect(organizations).toContain('Federal Reserve');
    expect(organizations.filter((o) => /Migrant|Large|Spinal/.test(o))).toEqual([]);
  });

  it('keeps the names a list holds', () => {
    expect(profileOf('Chip export controls, Microsoft and Nvidia; banking, Tesla').organizations).toEqual(expect.arrayContaining(['Microsoft', 'Nvidia', 'Tesla']));
  });
});
