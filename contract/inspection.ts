import { z } from 'zod';
import { PAGE_SIZE } from './constants.js';
import { JUDGEMENTS } from './judgement-text.js';

/**
 * The superuser pipeline-inspection calls: the internal
 * timeline's list and details, the export data, prompt data and interview export, restart insights.
 */

const ZUserId = z.uuid('a user id').optional();
const ZPollFlag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');

export const TIMELINE_MODES = ['events', 'articles', 'qa'] as const;
export type TTimelineMode = (typeof TIMELINE_MODES)[number];

export const ZInspectionListQuery = z.object({
  user_id: ZUserId,
  topic_id: z.coerce.number().int().positive().optional(),
  mode: z.enum(TIMELINE_MODES).default('articles'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
  /** Set by the web on its 10 s background polls. */
  p: ZPollFlag,
});

const ZDoc = z.object({ id: z.number(), title: z.string(), source: z.string(), canonical_at: z.string(), url: z.string().nullable(), collection_id: z.number() });

/** One row of the internal timeline: an event, and the article written from it. */
export const ZInspectionItem = z.object({
  id: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
  status: z.enum(['detected', 'dropped', 'failed']),
  topic: z.object({ id: z.number(), name: z.string() }),
  document: ZDoc,
  /** Order: the item's position among the user's events, newest first (1 = newest). */
  rank: z.number(),
  relevance_score: z.number().nullable(),
  /** Position by relevance score among the user's detected events (1 = most relevant). */
  relevance_rank: z.number().nullable(),
  /** The QA score, 0..1 (0: QA does not recommend the article). */
  final_rank: z.number().nullable(),
  /** Position by QA score among the user's recommended articles (1 = best); null when not recommended or not ranked. */
  qa_rank: z.number().nullable(),
  qa_at: z.string().nullable(),
  alerted_at: z.string().nullable(),
  /** The alert policy's decision in words (emailed, held for the brief and why, or not breaking and the bar). */
  alert_decision: z.string().nullable(),
  published_at: z.string().nullable(),
  consolidated_at: z.string().nullable(),
  article_generated_at: z.string().nullable(),
  initialization: z.boolean(),
  event_summary: z.string(),
  detection_decision: z.string().nullable(),
  novel: z.boolean().nullable(),
  novelty_score: z.number().nullable(),
  researched: z.boolean().nullable(),
  research_error: z.string().nullable(),
  query_count: z.number(),
  article_generated: z.boolean(),
  article_title: z.string().nullable(),
  /** The article generation error, else the stage error. */
  error: z.string().nullable(),
  relevance_to_topics: z.string().nullable(),
  relevance_to_user: z.string().nullable(),
  language: z.string().nullable(),
  /** The reader's "More like this" / "Less like this" on the event's document for its topic, and when they last changed it; null when none. */
  reader_judgement: z.object({ judgement: z.enum(JUDGEMENTS), at: z.string() }).nullable(),
});
export type TInspectionItem = z.infer<typeof ZInspectionItem>;

export const ZInspectionCounts = z.object({ events: z.number(), articles: z.number(), qa: z.number() });
export const ZInspectionList = z.object({ articles: z.array(ZInspectionItem), page: z.number(), has_next: z.boolean(), counts: ZInspectionCounts, mode: z.enum(TIMELINE_MODES) });
export type TInspectionList = z.infer<typeof ZInspectionList>;

const ZFactSource = z.object({ source: z.string(), source_id: z.number().nullable(), event_uuid: z.string().nullable() });
const ZCitedFact = z.object({ fact: z.string(), citations: z.array(z.number()) });

export const SOURCE_TYPES = ['Original Event', 'Supporting Document', 'Historical Document', 'Research Query Result'] as const;

/** A supporting document of the article with what the detailed view shows. */
export const ZInspectionDocument = z.object({
  document_id: z.number(),
  title: z.string(),
  source: z.string(),
  source_type: z.enum(SOURCE_TYPES),
  url: z.string().nullable(),
  date: z.string().nullable(),
  initial_reference_number: z.number().nullable(),
  final_reference_number: z.number().nullable(),
  was_cited: z.boolean(),
  text_content: z.string(),
  /** JSON text (title, abstract, publisher and the source's own fields). */
  metadata: z.string(),
  score: z.number().nullable(),
  token_count: z.number().nullable(),
  word_count: z.number().nullable(),
  strategy_used: z.string().nullable(),
  collection_id: z.number().nullable(),
  collection: z.string().nullable(),
});
export type TInspectionDocument = z.infer<typeof ZInspectionDocument>;

export const ZInspectionArticle = z.object({
  title: z.string(),
  superhead: z.string(),
  introduction: z.string(),
  markdown: z.string(),
  bullet_points: z.array(z.string()),
  sections: z.array(z.object({ heading: z.string(), content: z.string() })),
  references: z.array(z.object({ number: z.number(), title: z.string(), source: z.string(), date: z.string(), document_id: z.union([z.number(), z.string()]) })),
  disclosure: z.string(),
  topic_assignments: z.array(z.object({ topic: z.string(), reasoning: z.string() })),
  suggested_new_topics: z.array(z.object({ topic: z.string(), reasoning: z.string() })),
  supporting_documents: z.array(ZInspectionDocument),
  qa_reason: z.string().nullable(),
});
export type TInspectionArticle = z.infer<typeof ZInspectionArticle>;

/** Everything the expanded row and the detailed article view show. */
export const ZInspectionDetail = ZInspectionItem.extend({
  short_summary: z.string().nullable(),
  long_summary: z.string().nullable(),
  supporting_facts: z.array(z.object({ fact: z.string(), sources: z.array(ZFactSource) })),
  anchor_fact: z.object({ fact: z.string(), sources: z.array(ZFactSource) }).nullable(),
  actionable_takeaway: z.union([z.string(), z.array(z.string())]).nullable(),
  data_table: z.object({ columns: z.array(z.string()), rows: z.array(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])) }).nullable(),
  entities: z.array(z.string()),
  places: z.array(z.string()),
  action_outcome: z.array(z.string()),
  assigned_questions_mapped: z.array(z.string()),
  detection_documents: z.array(z.unknown()),
  detection_rational: z.string().nullable(),
  detection_scores: z.record(z.string(), z.number()).nullable(),
  decision_audit: z.record(z.string(), z.unknown()).nullable(),
  novelty_summary: z.string().nullable(),
  novelty_reason: z.string().nullable(),
  novel_facts: z.array(ZCitedFact).nullable(),
  known_facts: z.array(ZCitedFact).nullable(),
  /** The user's earlier events the novelty check compared against (the historical abstracts). */
  novelty_documents: z.array(z.unknown()).nullable(),
  skip_reason: z.string().nullable(),
  phase_change: z.boolean().nullable(),
  phase_change_explanation: z.string().nullable(),
  story: z.object({ id: z.number(), title: z.string() }).nullable(),
  queries: z.array(z.unknown()),
  article: ZInspectionArticle.nullable(),
  article_generation_error: z.string().nullable(),
  /** Interaction records keyed by stage name (summarization, relevance, novelty, research, article, qa...). */
  llm_interactions: z.record(z.string(), z.unknown()),
});
export type TInspectionDetail = z.infer<typeof ZInspectionDetail>;

/**
 * GET /events/data/: the export's Fact Groups, Articles and QA Articles, each
 * item with the fields its Markdown shows and no more (the whole details of 200 events came to
 * 8 MB, which a superuser's browser then waited for).
 */
const ZExportBase = ZInspectionDetail.pick({ id: true, created_at: true, status: true, topic: true, document: true, event_summary: true });
export const ZExportEvent = ZExportBase.extend(
  ZInspectionDetail.pick({ detection_decision: true, relevance_score: true, novel: true, novelty_score: true, supporting_facts: true, novel_facts: true, known_facts: true }).shape,
);
export type TExportEvent = z.infer<typeof ZExportEvent>;
export const ZExportArticle = ZExportBase.extend({
  ...ZInspectionDetail.pick({ article_title: true, article_generated_at: true, final_rank: true, qa_at: true, alerted_at: true, article_generation_error: true }).shape,
  article: ZInspectionArticle.pick({ title: true, markdown: true, qa_reason: true }).nullable(),
});
export type TExportArticle = z.infer<typeof ZExportArticle>;
export const ZExportData = z.object({
  events: z.array(ZExportEvent),
  articles: z.array(ZExportArticle),
  qa_articles: z.array(ZExportArticle),
  limit: z.number(),
  /** Every model that produced a stage record of the exported items (model_used), sorted. */
  models: z.array(z.string()),
});
export type TExportData = z.infer<typeof ZExportData>;
/** GET /articles-data/: the export's two article lists (Articles, QA Articles) without the events. */
export const ZArticlesData = ZExportData.omit({ events: true });
export type TArticlesData = z.infer<typeof ZArticlesData>;
export const EXPORT_LIMIT = 200;

export const PROMPT_TYPES = ['DETECTION', 'VALIDATION', 'COMPOSITION'] as const;
export type TPromptType = (typeof PROMPT_TYPES)[number];
/** Which stage's interaction record each prompt type exports. */
export const PROMPT_TYPE_STAGE: Record<TPromptType, string> = { DETECTION: 'relevance', VALIDATION: 'novelty', COMPOSITION: 'article' };

export const ZPromptDataQuery = z.object({ prompt_type: z.enum(PROMPT_TYPES), user_id: ZUserId });
export const ZPromptRecord = z.object({
  event_id: z.number(),
  event_summary: z.string(),
  created_at: z.string(),
  stage: z.string(),
  model_used: z.string(),
  system_prompt: z.string(),
  user_message: z.string(),
  response: z.string(),
  prompt_tokens: z.number(),
  response_tokens: z.number(),
  total_tokens: z.number(),
  processing_duration_seconds: z.number(),
});
export type TPromptRecord = z.infer<typeof ZPromptRecord>;
export const ZPromptData = z.object({ prompt_type: z.enum(PROMPT_TYPES), stage: z.string(), prompts: z.array(ZPromptRecord), limit: z.number() });
export type TPromptData = z.infer<typeof ZPromptData>;

/** GET /conversation/onboarding_interview/. */
export const ZInterviewExport = z.object({
  metadata: z.object({
    total_messages: z.number(),
    user_messages: z.number(),
    assistant_messages: z.number(),
    conversation_id: z.string().nullable(),
    interview_model: z.string().nullable(),
    started_at: z.string().nullable(),
    last_message_at: z.string().nullable(),
    duration_seconds: z.number().nullable(),
  }),
  interview_messages: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string(), timestamp: z.string(), options: z.array(z.object({ id: z.string(), text: z.string() })).nullable() })),
});
export type TInterviewExport = z.infer<typeof ZInterviewExport>;

export const ZRestartInsightsResponse = z.object({ detail: z.string(), last_insights_updated_at: z.null(), topics_queued: z.number() });
