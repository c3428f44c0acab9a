import { z } from 'zod';

/**
 * A topic's trends (the topic dashboard) and the overview of all the reader's topics. Every figure
 * comes from the reader's own published articles of the topic; each spike, name and story lists the
 * articles behind it.
 */

import { TREND_RANGES, type TrendRange } from './constants.js';

export { TREND_RANGES, type TrendRange };

export const ZTrendQuery = z.object({
  range: z.enum(TREND_RANGES, { error: 'range must be one of 24h, 7d, 30d or 90d' }).default('30d'),
  user_id: z.uuid('a user id').optional(),
});

export const ZTrendArticle = z.object({ id: z.number(), title: z.string(), published_at: z.string() });
export type TTrendArticle = z.infer<typeof ZTrendArticle>;

export const ZTrendBucket = z.object({
  /** Start of the hour or day (UTC). */
  start: z.string(),
  total: z.number().int(),
  /** Articles by source kind (collection key: news, regulations, clinical_trials ...), kinds with none left out. */
  by_kind: z.record(z.string(), z.number().int()),
});

export const ZSpike = z.object({
  /** First and last bucket of the spike. */
  start: z.string(),
  end: z.string(),
  count: z.number().int(),
  /** The mean of the 14 buckets before it and the count it had to pass. */
  baseline: z.number(),
  threshold: z.number(),
  /** One or two sentences: what the articles of the spike were about, citing them by number. */
  explanation: z.string(),
  articles: z.array(ZTrendArticle),
});
export type TSpike = z.infer<typeof ZSpike>;

export const ZRisingName = z.object({
  name: z.string(),
  kind: z.enum(['place', 'entity']),
  /** Articles naming it in the last 7 days, and in the 30 days before. */
  recent: z.number().int(),
  previous: z.number().int(),
  /** Rate per day now against before; null when it was not named in the 30 days before. */
  momentum: z.number().nullable(),
  /** Never named in an article of the topic before the last 7 days. */
  is_new: z.boolean(),
  articles: z.array(ZTrendArticle),
});
export type TRisingName = z.infer<typeof ZRisingName>;

export const ZTrendStory = z.object({
  id: z.number(),
  title: z.string(),
  /** The story's articles in the range, oldest first: the first report, its updates, the latest. */
  articles: z.array(ZTrendArticle),
});
export type TTrendStory = z.infer<typeof ZTrendStory>;

export const ZTrendAnalysis = z.object({
  /** "What changed": sentences ending with reference markers [n]. */
  text: z.string(),
  references: z.array(z.object({ number: z.number().int(), article_id: z.number(), title: z.string() })),
  /** The model that wrote it ('builtin' for the built-in engine's extractive answer). */
  model: z.string(),
});
export type TTrendAnalysis = z.infer<typeof ZTrendAnalysis>;

export const ZTopicTrends = z.object({
  topic: z.object({ id: z.number(), name: z.string() }),
  range: z.enum(TREND_RANGES),
  bucket: z.enum(['hour', 'day']),
  from: z.string(),
  to: z.string(),
  total: z.number().int(),
  /** Articles of the period of the same length just before, and the change from it (0.25 = +25%; null when there were none). */
  previous_total: z.number().int(),
  change: z.number().nullable(),
  by_kind: z.record(z.string(), z.number().int()),
  series: z.array(ZTrendBucket),
  spikes: z.array(ZSpike),
  /** When spikes can first be found: 14 buckets after the topic began following the stream. */
  spikes_from: z.string(),
  rising: z.array(ZRisingName),
  stories: z.array(ZTrendStory),
  /** Null when the period has no articles. */
  analysis: ZTrendAnalysis.nullable(),
});
export type TTopicTrends = z.infer<typeof ZTopicTrends>;

export const ZTrendsOverview = z.object({
  range: z.enum(TREND_RANGES),
  bucket: z.enum(['hour', 'day']),
  from: z.string(),
  to: z.string(),
  topics: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      total: z.number().int(),
      previous_total: z.number().int(),
      change: z.number().nullable(),
      /** Articles per bucket, oldest first (the sparkline). */
      series: z.array(z.number().int()),
      spikes: z.array(z.object({ start: z.string(), count: z.number().int() })),
      /** The topic's two most rising names. */
      rising: z.array(z.string()),
    }),
  ),
});
export type TTrendsOverview = z.infer<typeof ZTrendsOverview>;
