import { z } from 'zod';
import { terms } from '../../search/terms.js';
import { actionsIn } from '../lexicon/actions.js';
import type { Capability } from '../types.js';

export interface ConsolidationEvent {
  eventId: number;
  documentId: number;
  topic: string;
  title: string;
  summary: string;
  /** ISO date of the event's document. */
  date: string;
}

export interface ConsolidateInput {
  event: ConsolidationEvent;
  /** The user's recent novel events that kept their own article, newest first. */
  candidates: ConsolidationEvent[];
}

export const ZConsolidation = z.object({
  /** The event this one is merged into, or null when it stands alone. */
  merge_into: z.number().int().nullable(),
  similarity: z.number().min(0).max(1),
  reasoning: z.string(),
});
export type TConsolidation = z.infer<typeof ZConsolidation>;

/** Two documents this close in wording (cosine of title and summary terms) report one happening. */
export const CONSOLIDATION_THRESHOLD = 0.7;
/** ...when they are at most this far apart in time. */
export const CONSOLIDATION_WINDOW_HOURS = 48;

function vector(e: ConsolidationEvent): Map<string, number> {
  const v = new Map<string, number>();
  // The title names the happening: it weighs twice.
  for (const t of [...terms(e.title), ...terms(e.title), ...terms(e.summary)]) v.set(t, (v.get(t) ?? 0) + 1);
  return v;
}

const NUMBER = /\d+(?:[.,]\d+)*/g;

/** Why two titles cannot report one happening: different actions, or different figures. */
export function conflict(a: string, b: string): string | undefined {
  const [actA, actB] = [actionsIn(a), actionsIn(b)];
  if (actA.size && actB.size && ![...actA].some((x) => actB.has(x))) return 'the titles report different actions';
  const [numA, numB] = [new Set(a.match(NUMBER) ?? []), new Set(b.match(NUMBER) ?? [])];
  if (numA.size && numB.size && ![...numA].some((x) => numB.has(x))) return 'the titles report different figures';
  return undefined;
}

export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [t, x] of a) {
    na += x * x;
    const y = b.get(t);
    if (y) dot += x * y;
  }
  for (const y of b.values()) nb += y * y;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/**
 * Built-in consolidation: one happening reported twice for one user becomes one article. The same
 * document matched by two of the user's topics always merges; two documents merge when they are
 * within CONSOLIDATION_WINDOW_HOURS and their title and summary terms reach
 * CONSOLIDATION_THRESHOLD (cosine) and their titles do not disagree on what happened (an action
 * word such as raises / holds, or a figure). The most similar candidate wins; ties go to the older
 * event.
 */
export function builtinConsolidate(input: ConsolidateInput): TConsolidation {
  const same = input.candidates.find((c) => c.documentId === input.event.documentId);
  if (same) {
    return {
      merge_into: same.eventId,
      similarity: 1,
      reasoning: `The same document was already detected for the topic "${same.topic}" (event ${same.eventId}); this event for "${input.event.topic}" joins it.`,
    };
  }
  const mine = vector(input.event);
  const at = Date.parse(input.event.date);
  let best: { candidate: ConsolidationEvent; similarity: number } | undefined;
  for (const candidate of input.candidates) {
    if (Math.abs(Date.parse(candidate.date) - at) > CONSOLIDATION_WINDOW_HOURS * 3_600_000) continue;
    if (conflict(input.event.title, candidate.title)) continue;
    const similarity = cosine(mine, vector(candidate));
    if (!best || similarity > best.similarity || (similarity === best.similarity && candidate.eventId < best.candidate.eventId)) best = { candidate, similarity };
  }
  const rounded = (x: number) => Math.round(x * 1000) / 1000;
  if (best && best.similarity >= CONSOLIDATION_THRESHOLD) {
    return {
      merge_into: best.candidate.eventId,
      similarity: rounded(best.similarity),
      reasoning:
        `"${input.event.title}" and "${best.candidate.title}" (event ${best.candidate.eventId}) report the same happening: ` +
        `similarity ${rounded(best.similarity)} >= ${CONSOLIDATION_THRESHOLD} within ${CONSOLIDATION_WINDOW_HOURS} h.`,
    };
  }
  return {
    merge_into: null,
    similarity: best ? rounded(best.similarity) : 0,
    reasoning: input.candidates.length
      ? `No recent event reports the same happening (closest similarity ${best ? rounded(best.similarity) : 0} < ${CONSOLIDATION_THRESHOLD}).`
      : 'No recent novel event to compare with.',
  };
}

export const consolidate: Capability<ConsolidateInput, typeof ZConsolidation> = {
  name: 'consolidate',
  stage: 'consolidation',
  output: ZConsolidation,
  systemPrompt:
    'You decide whether a newly detected event reports the same real-world happening as one of the user\'s recent events. ' +
    'Merge only when both describe one happening (the same decision, deal, ruling, release or incident), not merely the same subject. ' +
    'Answer JSON: merge_into (the event id to merge into, or null), similarity (0 to 1), reasoning (one sentence).',
  userMessage: (input) =>
    JSON.stringify({
      new_event: { id: input.event.eventId, document_id: input.event.documentId, topic: input.event.topic, title: input.event.title, summary: input.event.summary, date: input.event.date },
      recent_events: input.candidates.map((c) => ({ id: c.eventId, document_id: c.documentId, topic: c.topic, title: c.title, summary: c.summary, date: c.date })),
    }),
  builtin: builtinConsolidate,
};
