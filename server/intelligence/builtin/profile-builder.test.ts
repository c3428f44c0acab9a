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
});
