import { z } from 'zod';

/**
 * A user's feed as RSS 2.0, Atom and JSON Feed at addresses that carry a secret (a feed reader
 * subscribes without signing in): the whole feed and each topic's. Regenerating the secret changes
 * every address at once; the old ones answer 404.
 */
export const ZFeedFormats = z.object({ rss: z.string(), atom: z.string(), json: z.string() });
export type TFeedFormats = z.infer<typeof ZFeedFormats>;

export const ZFeedUrls = ZFeedFormats.extend({
  topics: z.array(ZFeedFormats.extend({ id: z.number(), name: z.string() })),
});
export type TFeedUrls = z.infer<typeof ZFeedUrls>;

/** The newest articles one feed document carries. */
export const FEED_OUT_ITEMS = 50;

export const FEEDS_OUT_MESSAGES = {
  notFound: 'Feed not found. Its address may have been regenerated: copy the new one from My Profile → Feeds.',
  regenerated: 'New feed addresses made. The old ones no longer work.',
} as const;
