import { and, eq, or, sql, type SQL } from 'drizzle-orm';
import { BOARD_MESSAGES } from '../../../contract/boards.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { DbOrTx } from '../../db/client.js';
import { boards } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import type { Caller } from '../comments/access.js';

export { caller, readableArticle, type Caller } from '../comments/access.js';

/** The boards the caller sees: their account's shared boards and their own private ones. */
export const boardsSeenBy = (me: Pick<Caller, 'id' | 'accountId'>): SQL => and(eq(boards.accountId, me.accountId), or(eq(boards.visibility, 'account'), eq(boards.ownerId, me.id)))!;

export type BoardRow = typeof boards.$inferSelect;

/**
 * A board the caller sees, locked for the change when `forUpdate`; anything else (another
 * account's, a teammate's private board, a guessed id) is 'not found', never 'forbidden'.
 */
export async function boardSeen(db: DbOrTx, me: Caller, boardId: number, options: { forUpdate?: boolean } = {}): Promise<BoardRow> {
  const query = db.select().from(boards).where(and(eq(boards.id, boardId), boardsSeenBy(me)));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw new AppError(404, ErrorCode.notFound, BOARD_MESSAGES.notFound);
  return row;
}

/** Its owner, or an ADMIN of the account for a shared board, renames or deletes it. */
export const canManage = (me: Caller, board: BoardRow) => board.ownerId === me.id || (board.visibility === 'account' && me.isAdmin);

export function mustManage(me: Caller, board: BoardRow): void {
  if (!canManage(me, board)) throw new AppError(403, ErrorCode.boardNotYours, BOARD_MESSAGES.notYours);
}

/** A board's name is taken in the account (whatever its case), by another board than `except`. */
export async function nameTaken(db: DbOrTx, accountId: string, name: string, except?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: boards.id })
    .from(boards)
    .where(and(eq(boards.accountId, accountId), sql`lower(${boards.name}) = lower(${name})`, except === undefined ? undefined : sql`${boards.id} <> ${except}`));
  return row !== undefined;
}

export const nameTakenError = () => new AppError(409, ErrorCode.boardNameTaken, BOARD_MESSAGES.nameTaken, { name: [BOARD_MESSAGES.nameTaken] });

/** A unique index refused the write (two requests raced past the check). */
export const isUniqueViolation = (error: unknown) =>
  (error as { code?: string; cause?: { code?: string } })?.code === '23505' || (error as { cause?: { code?: string } })?.cause?.code === '23505';
