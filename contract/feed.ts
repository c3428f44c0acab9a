import { z } from 'zod';
import { PAGE_SIZE } from './constants.js';
import { JUDGEMENT_TEXT, JUDGEMENTS } from './judgement-text.js';

/** The reader's feed and article calls. */

const ZUserId = z.uuid('a user id').optional();
const ZTopicId = z.coerce.number().int().positive().optional();
/** The spec's `p` flag: set by the web on background polls. */
const ZPollFlag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** An article as lists show it: feed items, Top News, search results, history cards, side lists. */
export const ZArticleSummary = z.object({
  id: z.number(),
  title: z.string(),
  /** The superhead. */
  theme: z.string(),
  introduction: z.string(),
  /** Bullet points (markdown with [n] reference markers). */
  points: z.array(z.string()),
  published_at: z.string(),
  language: z.string(),
  topic: z.object({ id: z.number(), name: z.string() }),
  /** QA rank (0..1), higher is more important. */
  rank: z.number().nullable(),
  /** True when the article went out as a breaking alert. */
  alerted: z.boolean(),
  /** A new topic's catch-up: written from documents already in the store when the topic was added, never alerted. */
  catch_up: z.boolean(),
  /** A replayed document's original publication date (the demo source); null for documents that arrived when they were published. */
  original_published_at: z.string().nullable(),
  /** When later reports of the same happening were added to the article (it was composed again with them; never a second alert). */
  updated_at: z.string().nullable(),
  /** The reader's "More like this" / "Less like this" on the article for its topic; null when they said neither. */
  judgement: z.enum(JUDGEMENTS).nullable(),
});
export type TArticleSummary = z.infer<typeof ZArticleSummary>;

/** GET /for-you/ and GET /for-you/top/ and GET /for-you/timeline-search/. */
export const ZArticleList = z.object({ articles: z.array(ZArticleSummary) });
export type TArticleList = z.infer<typeof ZArticleList>;

export const ZFeedQuery = z.object({ user_id: ZUserId, topic_id: ZTopicId, p: ZPollFlag });

/**
 * A page of the newest-first list. `cursor` is the opaque `next_cursor` of the page before: with
 * it, a page is a keyset seek (page 400 costs what page 1 costs, and articles arriving meanwhile
 * neither repeat nor skip items); without it `page` alone is served by offset.
 */
export const ZPageQuery = z.object({
  user_id: ZUserId,
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
  cursor: z.string().max(200).optional(),
  p: ZPollFlag,
});
export const ZLatestQuery = ZPageQuery.extend({ topic_id: ZTopicId });

export const ZArticlePage = z.object({
  articles: z.array(ZArticleSummary),
  page: z.number(),
  per_page: z.number(),
  has_next: z.boolean(),
  /** Pass as `cursor` with `page + 1` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type TArticlePage = z.infer<typeof ZArticlePage>;

export const ZTimelineSearchQuery = z.object({
  user_id: ZUserId,
  topic_id: ZTopicId,
  q: z.string().trim().min(1, 'Enter something to search for').max(200, 'At most 200 characters'),
});

export const ZArticleQuery = z.object({
  user_id: ZUserId,
  /** Set when the article was opened from an email (/s/{id}). */
  email: ZPollFlag,
});

export const ZReference = z.object({
  number: z.number(),
  title: z.string(),
  source: z.string(),
  date: z.string(),
  document_id: z.union([z.number(), z.string()]),
});
export type TReference = z.infer<typeof ZReference>;

/** A supporting document of an article, without its text. */
export const ZSupportingDocument = z.object({
  document_id: z.union([z.number(), z.string()]),
  title: z.string(),
  source: z.string(),
  date: z.string().nullable(),
  initial_reference_number: z.number().nullable(),
  final_reference_number: z.number().nullable(),
  was_cited: z.boolean(),
  score: z.number().nullable(),
  collection_id: z.number().nullable(),
});
export type TSupportingDocument = z.infer<typeof ZSupportingDocument>;

/** The key-metrics table: columns and rows (arrays in column order, or objects keyed by column). */
export const ZDataTable = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.union([z.array(z.unknown()), z.record(z.string(), z.unknown())])),
});
export type TDataTable = z.infer<typeof ZDataTable>;

const ZRefNumbers = z.array(z.number());
/**
 * What the article means for its reader: why it matters (tied to their profile), a severity from
 * 1 to 5 with its confidence and basis, the names they follow that it names, and the dates its
 * documents set. Every claim carries the reference numbers that support it.
 */
export const ZArticleImpact = z.object({
  why_it_matters: z.object({ text: z.string(), references: ZRefNumbers }).nullable(),
  severity: z.number().int().min(1).max(5),
  confidence: z.enum(['low', 'medium', 'high']),
  severity_basis: z.string(),
  entities: z.array(z.object({ name: z.string(), references: ZRefNumbers })),
  horizon: z.array(z.object({ date: z.string(), what: z.string(), references: ZRefNumbers })),
});
export type TArticleImpact = z.infer<typeof ZArticleImpact>;

/**
 * What an article's takeaway was grounded in: the documents (a date, a change, an outlook, an act,
 * a resource, or the model's own), why it matters to the reader, or, when nothing else could be, a
 * stand-in that is the impact's own line: the names the topic follows, or the severity.
 */
export const TAKEAWAY_BASES = ['documents', 'why_it_matters', 'followed_names', 'impact'] as const;
export type TakeawayBasis = (typeof TAKEAWAY_BASES)[number];

/** GET /for-you/article/{id}/: the reader article. */
export const ZReaderArticle = ZArticleSummary.extend({
  sections: z.array(z.object({ heading: z.string(), content: z.string() })),
  disclosure: z.string(),
  references: z.array(ZReference),
  documents: z.array(ZSupportingDocument),
  /** Plain or markdown text with [n] markers, or a list of takeaways. */
  actionable_takeaway: z.union([z.string(), z.array(z.string())]).nullable(),
  /** What the takeaway was grounded in; null for an article written before it was recorded. */
  takeaway_basis: z.enum(TAKEAWAY_BASES).nullable(),
  data_table: ZDataTable.nullable(),
  /** Null for an article written before impact assessments. */
  impact: ZArticleImpact.nullable(),
});
export type TReaderArticle = z.infer<typeof ZReaderArticle>;

/** PUT /articles/{id}/judgement/: "More like this" or "Less like this" on one of the reader's articles. */
export const ZJudgementRequest = z.object({ judgement: z.enum(JUDGEMENTS, JUDGEMENT_TEXT.chooseOne) });

/** The reader's judgement on an article after PUT or DELETE /articles/{id}/judgement/ (null: none). */
export const ZArticleJudgement = z.object({
  article_id: z.number(),
  /** The topic the judgement steers: the article's own. */
  topic: z.object({ id: z.number(), name: z.string() }),
  judgement: z.enum(JUDGEMENTS).nullable(),
});
export type TArticleJudgement = z.infer<typeof ZArticleJudgement>;

/** GET /for-you/recent-abstracts/: source previews for the setup screen (at most 12). */
export const ZSourcePreview = z.object({
  summary: z.string(),
  source_name: z.string(),
  document_id: z.number(),
  title: z.string(),
  published_at: z.string(),
});
export type TSourcePreview = z.infer<typeof ZSourcePreview>;
export const ZSourcePreviewList = z.object({ results: z.array(ZSourcePreview) });

export const ZViewedQuery = z.object({ user_id: ZUserId });
