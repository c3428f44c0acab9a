import { and, eq, isNotNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { events } from './schema/index.js';

/**
 * A user's published articles, of one topic when `topicId` is given (values or placeholders). Of
 * every topic, only those of topics the user still follows, unless `retired` (Previous Articles):
 * a retired topic's articles leave the feed, Top News, search and the feeds out.
 */
export function publishedArticles(userId: string | Placeholder, topicId?: number | Placeholder, options: { retired?: boolean } = {}): SQL {
  // `article_generated` as a literal, not a parameter: a prepared statement's generic plan can then
  // use the partial indexes (WHERE article_generated); with `= $2` it could not.
  const where = [eq(events.userId, userId), sql`${events.articleGenerated}`, isNotNull(events.publishedAt)];
  // An article also belongs to the topics of the events consolidated into it.
  // The merged ids are few: one lookup in events_merged_idx, then a hashed test per row.
  if (topicId !== undefined) where.push(or(eq(events.topicId, topicId), sql`${events.id} IN (SELECT merged.merged_into_id FROM events merged WHERE merged.topic_id = ${topicId} AND merged.merged_into_id IS NOT NULL)`)!);
  // The user's retired topics, read once (a hashed subplan): the page still walks the published index.
  else if (!options.retired) where.push(sql`${events.topicId} NOT IN (SELECT retired.id FROM topics retired WHERE retired.user_id = ${userId} AND retired.retired_at IS NOT NULL)`);
  return and(...where)!;
}
