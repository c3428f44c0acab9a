import { z } from 'zod';

/**
 * Comments on articles (issue 39 item 5): a thread under each article, read and written by the
 * members of the account who may read the article (its owner and those it was shared with), with
 * @mentions of teammates that land in their inbox. Plain text; links and mentions are drawn by
 * the client from contract/comment-text.ts.
 */
export const COMMENT_MAX = 4000;
/** Comments one user may post or edit a minute (per API process). */
export const COMMENTS_PER_MINUTE = 20;
/** Teammates one comment may mention. */
export const MENTIONS_PER_COMMENT = 10;
/** Mentions one user may send a minute, over all their comments (counted in the database). */
export const MENTIONS_PER_MINUTE = 30;
/** The longest thread one call answers (oldest first; the newest are kept). */
export const THREAD_MAX = 500;
export const MENTIONABLE_MAX = 8;

export const COMMENT_MESSAGES = {
  articleNotFound: 'Article not found.',
  commentNotFound: 'This comment was not found.',
  empty: 'Write something first.',
  tooLong: `A comment of at most ${COMMENT_MAX} characters.`,
  notYours: 'You can edit only your own comments.',
  notYoursToDelete: 'You can delete only your own comments; an admin of the account can remove any.',
  tooManyMentions: `Mention at most ${MENTIONS_PER_COMMENT} teammates in one comment.`,
  cannotRead: 'Some teammates you mention cannot see this article yet. Share it with them first.',
  mentionsRateLimited: 'You have mentioned many teammates in the last minute. Please wait a moment and try again.',
} as const;

export const ZCommentBody = z
  .object({
    body: z
      .string({ message: COMMENT_MESSAGES.empty })
      .transform((s) => s.replace(/\r\n?/g, '\n').trim())
      .pipe(z.string().min(1, COMMENT_MESSAGES.empty).max(COMMENT_MAX, COMMENT_MESSAGES.tooLong)),
  })
  .strict();
export type TCommentBody = z.input<typeof ZCommentBody>;

export const ZComment = z.object({
  id: z.number().int(),
  article_id: z.number().int(),
  /** Kept when the author leaves the account: their comments stay readable to the team. */
  author_name: z.string(),
  /** The author's handle, or null once they left the account. */
  author_handle: z.string().nullable(),
  mine: z.boolean(),
  body: z.string(),
  /** The handles in the body that name teammates (drawn highlighted); others are plain text. */
  mentions: z.array(z.string()),
  created_at: z.string(),
  edited_at: z.string().nullable(),
  /** The reader may edit it (their own). */
  can_edit: z.boolean(),
  /** The reader may delete it (their own, or any when they are an admin of the account). */
  can_delete: z.boolean(),
});
export type TComment = z.infer<typeof ZComment>;

export const ZCommentThread = z.object({
  comments: z.array(ZComment),
  count: z.number().int(),
});
export type TCommentThread = z.infer<typeof ZCommentThread>;

export const ZMentionQuery = z.object({ q: z.string().trim().max(64, 'At most 64 characters.').default('') }).strict();

export const ZMentionable = z.object({
  id: z.string(),
  name: z.string(),
  handle: z.string(),
  /** Whether they may read the article (a mention of someone who cannot is refused). */
  can_read: z.boolean(),
});
export const ZMentionables = z.object({ teammates: z.array(ZMentionable) });
export type TMentionable = z.infer<typeof ZMentionable>;
