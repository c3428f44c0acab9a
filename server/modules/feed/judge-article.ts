import { and, eq, sql } from 'drizzle-orm';
import { ErrorCode } from '../../../contract/errors.js';
import type { TArticleJudgement } from '../../../contract/feed.js';
import { JUDGEMENT_TEXT, type TJudgement } from '../../../contract/judgement-text.js';
import type { DbOrTx } from '../../db/client.js';
import { events, relevanceJudgements, topics } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

/**
 * PUT and DELETE /articles/{id}/judgement/: the reader's "More like this" / "Less like this" on one
 * of their articles, stored for the article's topic and document (relevance_judgements, one row
 * per user, topic and document), changed, or removed (`null`). Another user's article, or an
 * event without an article, is 'not found', as GET /articles/{id}/ answers.
 */
export async function judgeArticle(db: DbOrTx, userId: string, articleId: number, judgement: TJudgement | null): Promise<TArticleJudgement> {
  return db.transaction(async (tx) => {
    // FOR KEY SHARE: the event (and so its topic and document, which cascade to it) cannot be
    // deleted before this commits, so the judgement never points at a row that is gone.
    const [article] = await tx
      .select({ topicId: events.topicId, documentId: events.documentId, topicName: topics.name })
      .from(events)
      .innerJoin(topics, eq(topics.id, events.topicId))
      .where(and(eq(events.id, articleId), eq(events.userId, userId), eq(events.articleGenerated, true)))
      .for('key share', { of: events });
    if (!article) throw new AppError(404, ErrorCode.notFound, JUDGEMENT_TEXT.notFound);
    const key = { userId, topicId: article.topicId, documentId: article.documentId };
    if (judgement === null) {
      await tx.delete(relevanceJudgements).where(and(eq(relevanceJudgements.userId, userId), eq(relevanceJudgements.topicId, key.topicId), eq(relevanceJudgements.documentId, key.documentId)));
    } else {
      await tx
        .insert(relevanceJudgements)
        .values({ ...key, eventId: articleId, judgement })
        .onConflictDoUpdate({
          target: [relevanceJudgements.userId, relevanceJudgements.topicId, relevanceJudgements.documentId],
          // updated_at is when the reader last changed their mind: saying the same again keeps it.
          set: {
            judgement,
            eventId: articleId,
            updatedAt: sql`CASE WHEN ${relevanceJudgements.judgement} = excluded.judgement THEN ${relevanceJudgements.updatedAt} ELSE now() END`,
          },
        });
    }
    return { article_id: articleId, topic: { id: article.topicId, name: article.topicName }, judgement };
  });
}
