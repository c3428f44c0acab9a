import { and, asc, count, eq, sql } from 'drizzle-orm';
import { BOARD_MESSAGES, BOARDS_PER_ACCOUNT, type TBoard, type TBoardUpdate } from '../../../contract/boards.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { AppDb, DbOrTx } from '../../db/client.js';
import { accounts, boardItems, boards } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { boardSeen, boardsSeenBy, caller, canManage, isUniqueViolation, mustManage, nameTaken, nameTakenError, type BoardRow, type Caller } from './access.js';

// Qualified by hand: in a select list drizzle writes a lone table's columns unqualified, which inside the subquery would name bi's own.
const boardId = sql.raw('"boards"."id"');
const itemCount = sql<number>`(SELECT count(*) FROM ${boardItems} bi WHERE bi.board_id = ${boardId})`.mapWith(Number);
const holds = (articleId: number) => sql<boolean>`EXISTS (SELECT 1 FROM ${boardItems} bi WHERE bi.board_id = ${boardId} AND bi.event_id = ${articleId})`;

export function presentBoard(me: Caller, row: BoardRow, counts: { itemCount: number; hasArticle?: boolean }): TBoard {
  return {
    id: row.id,
    name: row.name,
    visibility: row.visibility,
    owner_name: row.ownerName,
    mine: row.ownerId === me.id,
    can_manage: canManage(me, row),
    item_count: counts.itemCount,
    has_article: counts.hasArticle ?? false,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET /boards/: the boards the caller sees, by name, with their sizes (and whether `articleId` is on each). */
export async function listBoards(db: DbOrTx, userId: string, articleId?: number): Promise<{ boards: TBoard[] }> {
  const me = await caller(db, userId);
  const rows = await db
    .select({ board: boards, itemCount, hasArticle: articleId === undefined ? sql<boolean>`false` : holds(articleId) })
    .from(boards)
    .where(boardsSeenBy(me))
    .orderBy(asc(sql`lower(${boards.name})`), asc(boards.id));
  return { boards: rows.map((r) => presentBoard(me, r.board, r)) };
}

/** A board's size, for answers after a change. */
export async function sizeOf(db: DbOrTx, boardId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(boardItems).where(eq(boardItems.boardId, boardId));
  return Number(row?.n ?? 0);
}

/** Two requests raced past the name check: the unique index answers, as the check would have. */
async function namedOnce<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTakenError();
    throw error;
  }
}

/** POST /boards/: a new board of the caller's account (one name per account whatever its case; at most BOARDS_PER_ACCOUNT). */
export async function createBoard(db: AppDb, userId: string, input: { name: string; visibility: 'account' | 'private' }): Promise<TBoard> {
  return namedOnce(
    db.transaction(async (tx) => {
      const me = await caller(tx, userId);
      // The account's row serialises its boards' creation: the limit and the name are checked once.
      await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, me.accountId)).for('update');
      const [held] = await tx.select({ n: count() }).from(boards).where(eq(boards.accountId, me.accountId));
      if (Number(held?.n ?? 0) >= BOARDS_PER_ACCOUNT) throw new AppError(409, ErrorCode.boardLimit, BOARD_MESSAGES.tooMany);
      if (await nameTaken(tx, me.accountId, input.name)) throw nameTakenError();
      const [row] = await tx.insert(boards).values({ accountId: me.accountId, ownerId: me.id, ownerName: me.name, name: input.name, visibility: input.visibility }).returning();
      return presentBoard(me, row!, { itemCount: 0 });
    }),
  );
}

/** PATCH /boards/{id}/: its owner (or an ADMIN, for a shared board) renames it; only its owner changes who sees it. */
export async function updateBoard(db: AppDb, userId: string, boardId: number, input: TBoardUpdate & { name?: string }): Promise<TBoard> {
  return namedOnce(
    db.transaction(async (tx) => {
      const me = await caller(tx, userId);
      const board = await boardSeen(tx, me, boardId, { forUpdate: true });
      mustManage(me, board);
      if (input.visibility !== undefined && input.visibility !== board.visibility && board.ownerId !== me.id) {
        throw new AppError(403, ErrorCode.boardNotYours, BOARD_MESSAGES.visibilityNotYours);
      }
      if (input.name !== undefined && (await nameTaken(tx, me.accountId, input.name, boardId))) throw nameTakenError();
      const [row] = await tx
        .update(boards)
        .set({ ...(input.name === undefined ? {} : { name: input.name }), ...(input.visibility === undefined ? {} : { visibility: input.visibility }), updatedAt: sql`now()` })
        .where(eq(boards.id, boardId))
        .returning();
      return presentBoard(me, row!, { itemCount: await sizeOf(tx, boardId) });
    }),
  );
}

/** DELETE /boards/{id}/: the board and its items (never the articles). */
export async function deleteBoard(db: AppDb, userId: string, boardId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const me = await caller(tx, userId);
    const board = await boardSeen(tx, me, boardId, { forUpdate: true });
    mustManage(me, board);
    await tx.delete(boards).where(and(eq(boards.id, boardId), eq(boards.accountId, me.accountId)));
  });
}
