import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { BOARD_MESSAGES, BOARD_PAGE_SIZE, type TBoardItem } from '../../../contract/boards.js';
import type { TArticleSummary } from '../../../contract/feed.js';
import { ErrorCode } from '../../../contract/errors.js';
import type { AppDb, DbOrTx } from '../../db/client.js';
import { boardItems, boards, events } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { selectArticles } from '../feed/feed-query.js';
import { presentSummary } from '../feed/presenter.js';
import { boardSeen, caller, readableArticle, type Caller } from './access.js';
import { presentBoard, sizeOf } from './boards.js';

type ItemRow = typeof boardItems.$inferSelect;

/** The items with their articles as list items (the feed's presenter), in the order given. */
async function present(db: DbOrTx, me: Caller, rows: ItemRow[]): Promise<TBoardItem[]> {
  if (rows.length === 0) return [];
  const found = await selectArticles(db).where(inArray(events.id, rows.map((r) => r.eventId)));
  const articles = new Map<number, TArticleSummary>(found.map((row) => [row.id, { ...presentSummary(row), judgement: null }]));
  return rows.flatMap((r) => {
    const article = articles.get(r.eventId);
    if (!article) return [];
    return [
      {
        id: r.id,
        board_id: r.boardId,
        article,
        note: r.note,
        added_by_name: r.addedByName,
        added_by_me: r.addedBy === me.id,
        created_at: r.createdAt.toISOString(),
        note_updated_at: r.noteUpdatedAt ? r.noteUpdatedAt.toISOString() : null,
      },
    ];
  });
}

/** GET /boards/{id}/: the board and a page of its items, newest first (`before`: the last item's id of the page before). */
export async function boardPage(db: DbOrTx, userId: string, boardId: number, before?: number) {
  const me = await caller(db, userId);
  const board = await boardSeen(db, me, boardId);
  const rows = await db
    .select()
    .from(boardItems)
    .where(and(eq(boardItems.boardId, boardId), before === undefined ? undefined : lt(boardItems.id, before)))
    .orderBy(desc(boardItems.id))
    .limit(BOARD_PAGE_SIZE + 1);
  const page = rows.slice(0, BOARD_PAGE_SIZE);
  return {
    board: presentBoard(me, board, { itemCount: await sizeOf(db, boardId) }),
    items: await present(db, me, page),
    next_before: rows.length > BOARD_PAGE_SIZE ? page.at(-1)!.id : null,
  };
}

const touch = (db: DbOrTx, boardId: number) => db.update(boards).set({ updatedAt: sql`now()` }).where(eq(boards.id, boardId));

/**
 * POST /boards/{id}/items/: an article the caller may read (comments' and shares' rule) onto a board
 * they see, with a note. Twice the same article: 409 board_item_exists, nothing changed. Nobody is
 * notified (a board is read when opened, not pushed).
 */
export async function addItem(db: AppDb, userId: string, boardId: number, input: { article_id: number; note?: string }): Promise<TBoardItem> {
  return db.transaction(async (tx) => {
    const me = await caller(tx, userId);
    await boardSeen(tx, me, boardId, { forUpdate: true });
    await readableArticle(tx, userId, input.article_id);
    const [row] = await tx
      .insert(boardItems)
      .values({ boardId, eventId: input.article_id, addedBy: me.id, addedByName: me.name, note: input.note || null })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new AppError(409, ErrorCode.boardItemExists, BOARD_MESSAGES.alreadyOnBoard);
    await touch(tx, boardId);
    return (await present(tx, me, [row]))[0]!;
  });
}

/** An item of a board the caller sees, locked; else 'not found'. */
async function itemOn(tx: DbOrTx, me: Caller, boardId: number, itemId: number): Promise<ItemRow> {
  await boardSeen(tx, me, boardId, { forUpdate: true });
  const [row] = await tx
    .select()
    .from(boardItems)
    .where(and(eq(boardItems.id, itemId), eq(boardItems.boardId, boardId)))
    .for('update');
  if (!row) throw new AppError(404, ErrorCode.notFound, BOARD_MESSAGES.itemNotFound);
  return row;
}

/** PATCH /boards/{id}/items/{item}/: the item's note, by anyone who sees the board (empty clears it). */
export async function editNote(db: AppDb, userId: string, boardId: number, itemId: number, note: string): Promise<TBoardItem> {
  return db.transaction(async (tx) => {
    const me = await caller(tx, userId);
    await itemOn(tx, me, boardId, itemId);
    const [row] = await tx
      .update(boardItems)
      .set({ note: note || null, noteUpdatedAt: sql`now()` })
      .where(eq(boardItems.id, itemId))
      .returning();
    return (await present(tx, me, [row!]))[0]!;
  });
}

/** DELETE /boards/{id}/items/{item}/: off the board, by anyone who sees it (the article stays). */
export async function removeItem(db: AppDb, userId: string, boardId: number, itemId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const me = await caller(tx, userId);
    await itemOn(tx, me, boardId, itemId);
    await tx.delete(boardItems).where(eq(boardItems.id, itemId));
    await touch(tx, boardId);
  });
}
