import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestHerald, type TestHerald } from '../../test/harness.js';
import { suggestionCandidates, type ProfileForSuggestions } from './suggestion-candidates.js';

let herald: TestHerald;
beforeAll(async () => {
  herald = await createTestHerald();
});
afterAll(async () => herald?.close());

const banker: ProfileForSuggestions = { title: 'Risk analyst', organization: '', interests: '', industries: ['banking'], organizations: [], places: ['European Union'], productsMarkets: [], industriesChosen: true };

describe('suggestions from a profile', () => {
  it('say only what the profile states: "where you work" only for a location the user gave', async () => {
    const context = { database: herald.database, search: herald.search, config: herald.config, logger: herald.logger, queue: herald.queue } as never;
    const placed = (await suggestionCandidates(context, banker)).filter((c) => c.kind === 'place');
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.every((c) => c.reasoning.endsWith('a place your profile follows.'))).toBe(true);
    const located = (await suggestionCandidates(context, { ...banker, location: 'Frankfurt, Germany' })).filter((c) => c.kind === 'place');
    expect(located.map((c) => c.reasoning)).toContain('Rules for banking in Germany, where you work.');
  });
});
