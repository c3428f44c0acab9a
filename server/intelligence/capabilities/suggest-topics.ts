import { z } from 'zod';
import { terms } from '../../search/terms.js';
import { meaningfulTerms } from '../builtin/topic-analysis.js';
import type { Capability } from '../types.js';
import { COLLECTION_LIST } from './topic-fields.js';

export type CandidateKind = 'interest' | 'organization' | 'product' | 'industry' | 'place' | 'corpus' | 'interview';

/** A topic worth suggesting, gathered from the profile and the document store. */
export interface SuggestionCandidate {
  name: string;
  kind: CandidateKind;
  reasoning: string;
  sources: number[];
  /** Documents in the store whose title names it. */
  evidence: number;
}

export interface SuggestTopicsInput {
  profile: { title: string; organization: string; interests: string; summary: string | null; industries: string[]; organizations: string[]; places: string[]; products_markets: string[] };
  existing: string[];
  /** Names the user removed or already has suggested: never suggested again. */
  excluded: string[];
  candidates: SuggestionCandidate[];
  limit: number;
}

export const ZSuggestedTopics = z.object({
  suggestions: z.array(z.object({ name: z.string(), reasoning: z.string(), sources: z.array(z.number().int()) })),
});
export type TSuggestedTopics = z.infer<typeof ZSuggestedTopics>;

/** Two names are the same suggestion when their meaningful words are the same. */
export const topicKey = (name: string) => [...new Set(meaningfulTerms(name).length ? meaningfulTerms(name) : terms(name))].sort().join(' ');

/** Kinds that are the user's own words. */
const OWN = new Set<CandidateKind>(['interview', 'interest']);
const WEIGHT: Record<CandidateKind, number> = { interview: 1.1, interest: 1, organization: 0.9, product: 0.85, industry: 0.7, corpus: 0.65, place: 0.5 };

/**
 * Whether two suggestion names are about one subject: one's words within the other's, or half
 * their words shared. An organisation and a subject named after it ("Federal Reserve" and
 * "Federal Reserve monetary policy") are two suggestions.
 */
export function sameSubject(a: string, b: string): boolean {
  const isName = (n: string) => n.split(/\s+/).every((w) => /^[\p{Lu}\d&]/u.test(w) || /^(?:of|and|for|the|de|du|la)$/.test(w));
  if (isName(a) !== isName(b)) return false;
  const x = new Set(meaningfulTerms(a));
  const y = new Set(meaningfulTerms(b));
  if (x.size === 0 || y.size === 0) return false;
  const shared = [...x].filter((t) => y.has(t)).length;
  return shared === x.size || shared === y.size || shared / new Set([...x, ...y]).size >= 0.5;
}

/**
 * Built-in: candidates ranked by where they came from (what the user said first, then their
 * organisations and markets, their industries, what the store covers) and by how much the store
 * holds about them, so suggestions have content from day one. Kinds take turns so the list is
 * not all one thing; names the user has, removed or was offered are left out.
 */
export function builtinSuggestTopics(input: SuggestTopicsInput): TSuggestedTopics {
  const taken = new Set([...input.existing, ...input.excluded].map(topicKey));
  const seen = new Set<string>();
  const scored = input.candidates
    .filter((c) => {
      const key = topicKey(c.name);
      if (!key || taken.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .map((c, order) => ({ c, score: WEIGHT[c.kind] + Math.min(0.5, Math.log1p(c.evidence) / Math.log(40)) - order * 0.001 }));
  // Candidates with nothing in the store still count (new sources arrive every day), but after those that have.
  const byKind = new Map<CandidateKind, typeof scored>();
  for (const s of scored.sort((a, b) => b.score - a.score)) byKind.set(s.c.kind, [...(byKind.get(s.c.kind) ?? []), s]);
  const out: SuggestionCandidate[] = [];
  while (out.length < input.limit && [...byKind.values()].some((list) => list.length)) {
    const round = [...byKind.values()].map((list) => list[0]).filter(Boolean).sort((a, b) => b!.score - a!.score);
    for (const next of round) {
      if (out.length >= input.limit) break;
      byKind.get(next!.c.kind)!.shift();
      // Two names of one subject ("Crop prices" and "Crop prices and harvests", "Chip export
      // controls" and "Semiconductor export controls"): one stays, the user's own words first.
      const same = out.findIndex((o) => sameSubject(o.name, next!.c.name));
      if (same < 0) out.push(next!.c);
      else if (OWN.has(next!.c.kind) && !OWN.has(out[same]!.kind)) out[same] = next!.c;
    }
  }
  return { suggestions: out.map((c) => ({ name: c.name, reasoning: c.reasoning, sources: c.sources })) };
}

export const suggestTopics: Capability<SuggestTopicsInput, typeof ZSuggestedTopics> = {
  name: 'suggest topics',
  stage: 'topic_suggestions',
  output: ZSuggestedTopics,
  systemPrompt: [
    'You suggest topics a professional should follow in a news and intelligence feed, given their profile.',
    'Each suggestion: name (a short, specific topic, at most 8 words), reasoning (one sentence tying it to the profile), sources (collection ids).',
    'Prefer topics the candidates show the document store already covers (evidence > 0), mix kinds (their ' +
    'organisations, markets, regulations, research), and never repeat existing or excluded topics.',
    `Collections: ${COLLECTION_LIST}. Answer exactly the number of suggestions asked for, or fewer if no more are useful.`,
  ].join('\n'),
  userMessage: (input) =>
    JSON.stringify(
      { profile: input.profile, existing_topics: input.existing, excluded: input.excluded, candidates: input.candidates.slice(0, 60), suggestions_wanted: input.limit },
      null,
      1,
    ),
  builtin: builtinSuggestTopics,
};
