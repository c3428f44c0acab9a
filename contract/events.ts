import { z } from 'zod';

/** An event as the inspection views read it; later stages add their fields. */
export const ZEvent = z.object({
  id: z.number(),
  user_id: z.string(),
  topic: z.object({ id: z.number(), name: z.string() }),
  document: z.object({ id: z.number(), title: z.string(), source: z.string(), canonical_at: z.string(), url: z.string().nullable(), collection_id: z.number() }),
  status: z.enum(['detected', 'dropped', 'failed']),
  prefilter_score: z.number(),
  detection_documents: z.array(z.unknown()),
  detection_decision: z.string().nullable(),
  detection_rational: z.string().nullable(),
  detection_scores: z.record(z.string(), z.number()).nullable(),
  decision_audit: z.record(z.string(), z.unknown()).nullable(),
  novel: z.boolean().nullable(),
  novelty_score: z.number().nullable(),
  novelty_summary: z.string().nullable(),
  novelty_reason: z.string().nullable(),
  novel_facts: z.array(z.object({ fact: z.string(), citations: z.array(z.number()) })).nullable(),
  known_facts: z.array(z.object({ fact: z.string(), citations: z.array(z.number()) })).nullable(),
  novelty_documents: z.array(z.unknown()).nullable(),
  skip_reason: z.string().nullable(),
  phase_change: z.boolean().nullable(),
  phase_change_explanation: z.string().nullable(),
  story_id: z.number().nullable(),
  consolidated_at: z.string().nullable(),
  merged_into_id: z.number().nullable(),
  initialization: z.boolean(),
  article_generated: z.boolean(),
  final_rank: z.number().nullable(),
  qa_at: z.string().nullable(),
  alerted_at: z.string().nullable(),
  /** The alert policy's decision on the published article: sent, held for the brief, or not breaking, with the bar. */
  alert_decision: z
    .object({
      decision: z.enum(['sent', 'held', 'not_breaking']),
      reason: z.enum(['top_rank', 'story', 'cap', 'bar', 'alerts_off', 'catch_up']),
      rank: z.number(),
      bar: z.number(),
      basis: z.enum(['user', 'install', 'too_few']),
      sample: z.number().int(),
      story_event_id: z.number().int().optional(),
      at: z.string(),
    })
    .nullable(),
  llm_interactions: z.record(z.string(), z.unknown()),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TEvent = z.infer<typeof ZEvent>;

export const ZEventList = z.object({ events: z.array(ZEvent), page: z.number(), has_next: z.boolean() });
export type TEventList = z.infer<typeof ZEventList>;
export const ZEventListQuery = z.object({
  user_id: z.uuid().optional(),
  topic_id: z.coerce.number().int().positive().optional(),
  status: z.enum(['detected', 'dropped', 'failed']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(25),
});
export const ZRestartContentResponse = z.object({ detail: z.string(), deleted_counts: z.object({ events: z.number() }) });

/**
 * POST /events/: a superuser files a document under one of the viewed user's topics by hand (the
 * detection missed it). The event starts as detected and goes through the rest of the pipeline:
 * novelty, story, consolidation, article.
 */
export const ZEventCreate = z.object({
  topic_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  document_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  /** Why it belongs: kept as the detection's reasoning ("Filed by hand" when absent). */
  note: z.string().trim().min(1).max(1000).optional(),
});
/**
 * PATCH /events/{id}/: overrule detection on one event. `detected` sends a dropped event through
 * the rest of the pipeline; `dropped` takes a detected event out of it (not one whose article is
 * published: delete the event to take the article away). `note` replaces the detection's reasoning.
 */
export const ZEventPatch = z
  .object({
    status: z.enum(['detected', 'dropped']).optional(),
    note: z.string().trim().min(1).max(1000).optional(),
  })
  .refine((patch) => patch.status !== undefined || patch.note !== undefined, { message: 'Give a status or a note to change.', path: ['status'] });
export const ZEventParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
