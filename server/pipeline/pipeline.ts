/**
 * The event-to-article pipeline, stage by stage, in order (spec 3 section 1). Each stage is a
 * pg-boss job with a typed payload (server/pipeline/jobs.ts); each writes its interaction record
 * under its stage name in `events.llm_interactions`.
 *
 * summarization -> pre-filter -> detection -> novelty -> consolidation -> research -> composition ->
 * QA -> alert, story assignment beside novelty (from detection), and the daily brief.
 */
export const PIPELINE = [
  { stage: 'summarization', job: 'pipeline-summarise', built: true, does: 'summary and key facts per new document, shared by every user' },
  { stage: 'pre-filter', job: 'pipeline-prefilter', built: true, does: "new documents x active topics: only plausible pairs (topic sources, embedding similarity, key names) go on" },
  { stage: 'detection', job: 'pipeline-detect', built: true, does: 'relevance scores per matrix dimension, PASS/DROP with rationale, one event per user, topic and document' },
  { stage: 'novelty', job: 'pipeline-novelty', built: true, does: "new and known facts against the user's earlier events on the topic, phase change" },
  { stage: 'consolidation', job: 'pipeline-consolidate', built: true, does: "merge a novel event into the user's recent event about the same happening (same document via another topic, or another report within 48 h)" },
  { stage: 'story assignment', job: 'pipeline-story', built: true, does: "the user's story tracker: join the story of earlier events about the same happening or start one" },
  { stage: 'research', job: 'pipeline-article', built: true, does: 'planned queries against our own search for supporting documents' },
  { stage: 'article composition', job: 'pipeline-article', built: true, does: 'title, superhead, points, sections, numbered references, takeaway, key metrics' },
  { stage: 'QA ranking', job: 'pipeline-article', built: true, does: 'final_rank (0: not recommended, under the floor or with an article fault), qa_at; the article is published' },
  { stage: 'breaking alert', job: 'pipeline-alert', built: true, does: 'email (exactly once) when the article clears the bar and the user has alerts on' },
  { stage: 'daily brief', job: 'daily-brief', built: true, does: "at 07:00 in the user's time zone: the top articles since the last brief; none, no email" },
] as const;
