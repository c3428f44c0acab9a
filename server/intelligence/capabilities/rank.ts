import { z } from 'zod';
import type { Capability } from '../types.js';

export interface RankInput {
  relevance: number;
  novelty: number;
  phaseChange: boolean;
  references: number;
  /** Hours between the triggering document and now. */
  ageHours: number;
  title: string;
}

export const ZRank = z.object({ final_rank: z.number().min(0).max(1), reason: z.string() });
export type TRank = z.infer<typeof ZRank>;

/** Below this an article is not recommended (rank 0). */
export const RANK_FLOOR = 0.35;

/**
 * Built-in QA rank, a transparent score: 45% relevance, 30% novelty, 10% phase change, 10% sources
 * (up to 4), 5% freshness (a day halves it). Under RANK_FLOOR the article is not recommended
 * (rank 0). The reason spells out each part.
 */
export function builtinRank(input: RankInput): TRank {
  const sources = Math.min(1, input.references / 4);
  const fresh = Math.pow(0.5, Math.max(0, input.ageHours) / 24);
  const parts = { relevance: 0.45 * input.relevance, novelty: 0.3 * input.novelty, phase: input.phaseChange ? 0.1 : 0, sources: 0.1 * sources, freshness: 0.05 * fresh };
  const total = Object.values(parts).reduce((a, b) => a + b, 0);
  const rank = total < RANK_FLOOR ? 0 : Math.round(total * 1000) / 1000;
  const describe = Object.entries(parts)
    .map(([k, v]) => `${k} ${v.toFixed(3)}`)
    .join(' + ');
  return { final_rank: rank, reason: `${describe} = ${total.toFixed(3)}${rank === 0 ? ` (below ${RANK_FLOOR}: not recommended)` : ''}` };
}

export const rank: Capability<RankInput, typeof ZRank> = {
  name: 'rank',
  stage: 'qa',
  output: ZRank,
  systemPrompt:
    'You are the quality gate of a professional news feed. Given an article summary and its scores, give final_rank from 0 to 1 (0 means do not recommend) and a one-sentence reason. ' +
    'Weigh relevance most, then novelty, a change of phase, the number of sources and freshness.',
  userMessage: (input) => JSON.stringify(input),
  builtin: builtinRank,
};
