import { describe, expect, it } from 'vitest';
import { industriesOf } from './profile-builder.js';

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
