import { describe, expect, it } from 'vitest';
import { conceptOf, namesConcept } from './topic-concept.js';

/** A made-up store's rarity: the words given are rare, every other word common. */
const rarity = (rare: Record<string, number>) => (feature: string) => rare[feature] ?? 1;
const inStore = () => true;
const names = (name: string, rare: Record<string, number>, words: string[]) => namesConcept(conceptOf(name, 'en', rarity(rare), inStore), new Set(words), 0.55);

describe("a topic's concept: a compound's head alone is its class, not the compound", () => {
  const cases: { name: string; rare: Record<string, number>; words: string[]; names: boolean; why: string }[] = [
    { name: 'Banking and securities regulation', rare: { regul: 5 }, words: ['regul'], names: false, why: 'a rule of any agency is no securities regulation' },
    { name: 'Banking and securities regulation', rare: { regul: 5 }, words: ['secur', 'regul'], names: true, why: 'the whole compound' },
    { name: 'Banking and securities regulation', rare: { secur: 5 }, words: ['secur'], names: true, why: 'the modifier that narrows it, rarer than its head' },
    { name: 'Balance of payments and current account', rare: { balanc: 5 }, words: ['balanc'], names: false, why: 'the head before "of" alone' },
    { name: 'Balance of payments and current account', rare: { account: 5 }, words: ['account'], names: false, why: 'an account is no current account' },
    { name: 'Natural gas', rare: { gas: 5 }, words: ['gas'], names: true, why: 'WordNet holds "gas" as a synonym of the collocation "natural gas"' },
    { name: 'Refugees in Germany', rare: { refuge: 5 }, words: ['refuge'], names: true, why: 'the subject is one word; the place is where' },
    { name: 'Gold', rare: {}, words: ['gold'], names: true, why: 'one word is its own head' },
  ];
  for (const c of cases) {
    it(`${c.name}: ${c.words.join(' + ')} -> ${c.names} (${c.why})`, () => {
      expect(names(c.name, c.rare, c.words)).toBe(c.names);
    });
  }
});
