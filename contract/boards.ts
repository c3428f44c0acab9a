import { z } from 'zod';
import { ZArticleSummary } from './feed.js';
import { ZFeedFormats } from './feeds-out.js';

/**
 * Team boards (issue 39 item 6, ADR 017): named collections of articles with a note per item, in
 * the caller's account. An 'account' board is read and filled by every member; a 'private' one by
 * its owner alone. Its owner or an ADMIN of the account renames or deletes a shared board.
 */
export const BOARD_NAME_MAX = 80;
export const BOARD_NOTE_MAX = 1000;
/** Items one board page answers (newest first; `before` the last item's id for the next). */
export const BOARD_PAGE_SIZE = 25;
/** Boards one account may hold. */
export const BOARDS_PER_ACCOUNT = 200;
export const BOARD_VISIBILITIES = ['account', 'private'] as const;
export type TBoardVisibility = (typeof BOARD_VISIBILITIES)[number];

export const BOARD_MESSAGES = {
  notFound: 'Board not found.',
  itemNotFound: 'This item is no longer on the board.',
  articleNotFound: 'Article not found.',
  nameEmpty: 'Give the board a name.',
  nameTooLong: `A board name of at most ${BOARD_NAME_MAX} characters.`,
  nameTaken: 'Your account already has a board with this name.',
  noteTooLong: `A note of at most ${BOARD_NOTE_MAX} characters.`,
  alreadyOnBoard: 'This article is already on the board.',
  notYours: 'Only the board’s owner or an admin of the account can rename or delete it.',
  visibilityNotYours: 'Only the board’s owner can make it private or shared.',
  tooMany: `An account can hold at most ${BOARDS_PER_ACCOUNT} boards. Delete one first.`,
} as const;

const ZName = z
  .string({ message: BOARD_MESSAGES.nameEmpty })
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, BOARD_MESSAGES.nameEmpty).max(BOARD_NAME_MAX, BOARD_MESSAGES.nameTooLong));
const ZVisibility = z.enum(BOARD_VISIBILITIES, { message: 'One of: account, private.' });
/** A note: plain text, trimmed; empty means none. */
const ZNote = z
  .string()
  .transform((s) => s.replace(/\r\n?/g, '\n').trim())
  .pipe(z.string().max(BOARD_NOTE_MAX, BOARD_MESSAGES.noteTooLong));

export const ZBoardCreate = z.object({ name: ZName, visibility: ZVisibility.default('account') }).strict();
export type TBoardCreate = z.input<typeof ZBoardCreate>;
export const ZBoardUpdate = z.object({ name: ZName.optional(), visibility: ZVisibility.optional() }).strict();
export type TBoardUpdate = z.input<typeof ZBoardUpdate>;
export const ZBoardItemCreate = z.object({ article_id: z.number({ message: BOARD_MESSAGES.articleNotFound }).int().positive().max(Number.MAX_SAFE_INTEGER), note: ZNote.optional() }).strict();
export type TBoardItemCreate = z.input<typeof ZBoardItemCreate>;
export const ZBoardItemUpdate = z.object({ note: ZNote }).strict();

export const ZBoard = z.object({
  id: z.number().int(),
  name: z.string(),
  visibility: ZVisibility,
  /** Kept when the owner leaves the account. */
  owner_name: z.string(),
  mine: z.boolean(),
  /** The caller may rename or delete it (its owner, or an ADMIN for a shared board). */
  can_manage: z.boolean(),
  item_count: z.number().int(),
  /** Whether the article asked about (`?article_id=`) is on it; false when none was asked. */
  has_article: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TBoard = z.infer<typeof ZBoard>;
export const ZBoardList = z.object({ boards: z.array(ZBoard) });
export const ZBoardListQuery = z.object({ article_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() }).strict();

export const ZBoardItem = z.object({
  id: z.number().int(),
  board_id: z.number().int(),
  article: ZArticleSummary,
  note: z.string().nullable(),
  /** Kept when the member who added it leaves the account. */
  added_by_name: z.string(),
  added_by_me: z.boolean(),
  created_at: z.string(),
  note_updated_at: z.string().nullable(),
});
export type TBoardItem = z.infer<typeof ZBoardItem>;

export const ZBoardPage = z.object({
  board: ZBoard,
  items: z.array(ZBoardItem),
  /** The `before` of the next page, or null at the end. */
  next_before: z.number().int().nullable(),
  /** The board's RSS, Atom and JSON Feed addresses under the caller's feed key. */
  feeds: ZFeedFormats,
});
export type TBoardPage = z.infer<typeof ZBoardPage>;
export const ZBoardPageQuery = z.object({ before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional() }).strict();
