import type { Queue } from '../jobs/types.js';

/**
 * The event-to-article pipeline, stage by stage, in order. Each stage is a pg-boss job with a
 * typed payload (jobs.ts) and sends its output to the jobs named in its `next`, and to no other:
 * the handlers read `nextOf`, the sweep sends stalled work back to the same jobs, and a new topic's
 * catch-up (backfill.ts) joins at novelty. Each stage writes its interaction record under its
 * stage name in `events.llm_interactions`.
 *
 *   summarise -> pre-filter -> detect -> novelty -> consolidate -> article -> alert
 *                                    \-> story (beside novelty; an alert waits for its story)
 *   daily brief: hourly, per user at 07:00 local time, from the published articles
 */
export const SUMMARISE_JOB = 'pipeline-summarise';
export const PREFILTER_JOB = 'pipeline-prefilter';
export const DETECT_JOB = 'pipeline-detect';
export const NOVELTY_JOB = 'pipeline-novelty';
export const STORY_JOB = 'pipeline-story';
export const CONSOLIDATE_JOB = 'pipeline-consolidate';
export const ARTICLE_JOB = 'pipeline-article';
export const ALERT_JOB = 'pipeline-alert';
export const SWEEP_JOB = 'pipeline-sweep';
export const BRIEF_TICK_JOB = 'daily-brief-tick';
export const BRIEF_JOB = 'daily-brief';

export interface Stage {
  stage: string;
  job: string;
  does: string;
  /** The jobs this stage sends its output to. */
  next: readonly string[];
}

export const PIPELINE: readonly Stage[] = [
  { stage: 'summarization', job: SUMMARISE_JOB, next: [PREFILTER_JOB], does: 'summary and key facts per new document, shared by every user' },
  { stage: 'pre-filter', job: PREFILTER_JOB, next: [DETECT_JOB], does: 'new documents x active topics: only plausible pairs (topic sources, embedding similarity, key names) go on' },
  {
    stage: 'detection',
    job: DETECT_JOB,
    next: [NOVELTY_JOB, STORY_JOB],
    does: 'relevance scores per matrix dimension, PASS/DROP with rationale, one event per user, topic and document',
  },
  { stage: 'novelty', job: NOVELTY_JOB, next: [CONSOLIDATE_JOB], does: "new and known facts against the user's earlier events on the topic, phase change" },
  { stage: 'story assignment', job: STORY_JOB, next: [], does: "the user's story tracker: join the story of earlier events about the same happening or start one" },
  {
    stage: 'consolidation',
    job: CONSOLIDATE_JOB,
    next: [ARTICLE_JOB],
    does: "merge a novel event into the user's recent event about the same happening (same document via another topic, or another report within 48 h)",
  },
  {
    stage: 'research, composition and QA ranking',
    job: ARTICLE_JOB,
    next: [ALERT_JOB],
    does: 'research queries against our own search; title, points, sections, numbered references; final_rank; the article is published',
  },
  { stage: 'breaking alert', job: ALERT_JOB, next: [], does: 'email (exactly once) when the article clears the bar, once per story, within the daily cap' },
];

/** The jobs `job` sends its output to. */
export function nextOf(job: string): readonly string[] {
  const stage = PIPELINE.find((s) => s.job === job);
  if (!stage) throw new Error(`${job} is not a pipeline stage`);
  return stage.next;
}

/** Documents per summarise job. */
const BATCH = 50;

/** Starts the pipeline for newly stored documents (called after each ingested page). */
export async function startPipeline(queue: Queue | undefined, documentIds: number[]): Promise<void> {
  if (!queue) return; // the sweep picks them up
  for (let i = 0; i < documentIds.length; i += BATCH) {
    await queue.boss.send(PIPELINE[0]!.job, { documentIds: documentIds.slice(i, i + BATCH) });
  }
}
