// Admin board management: the list (50 a page, with post counts), create/edit (address, levels,
// flags, points, categories), delete and order. Category merge is in admin-board-categories.ts.
// Every write is audited in its transaction and, once committed, every node forgets its board
// rules and cached answers (boardsWritten, admin-board-record.ts).
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminBoardListQuery, AdminBoardPage, AdminBoardRow, AdminBoardSave } from '../../../common/api/admin-boards.js';
import type { Db, Tx } from '../../db/client.js';
import { boardCategories, boardManagers, boardPageChunks, boards, levels, posts, programs } from '../../db/schema/index.js';
import { audit } from '../../lib/admin.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import type { Member } from '../../lib/session.js';
import { getSettings } from '../community/service.js';
import { menuChanged } from '../menus/admin-menus.js';
import { syncCategories } from './admin-board-categories.js';
import { managersOf, syncManagers } from './admin-board-managers.js';
import { BOARD_MSG, boardRecord, boardsWritten, editable, lockBoards } from './admin-board-record.js';
import { GALLERY_BOARD, MARKET_BOARD } from '../posts/kinds.js';

export const ADMIN_BOARD_PAGE_SIZE = 50;

/** Boards whose pages are their own (/market/..., /gallery/...): their address is fixed and they stay. */
export const FIXED_BOARDS: readonly string[] = [MARKET_BOARD, GALLERY_BOARD];

type SaveInput = z.output<typeof AdminBoardSave>;

/** True when any post (a deleted one too: it still points at the board) is on the board. */
export async function boardHasPosts(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ one: sql`1` }).from(posts).where(eq(posts.boardId, id)).limit(1);
  return row !== undefined;
}

/** The member levels in order (order 1 = the lowest), as the board rules count them. */
export async function levelOrders(db: Tx) {
  const rows = await db.select({ name: levels.name, minPoints: levels.minPoints }).from(levels).orderBy(asc(levels.minPoints));
  return rows.map((l, i) => ({ order: i + 1, name: l.name, minPoints: l.minPoints }));
}

// ---------------------------------------------------------------------------------------------
// List

/** A page of every board (hidden ones too) in menu order, with live post counts from the page chunks. */
export async function listAdminBoards(db: Db, q: z.output<typeof AdminBoardListQuery>): Promise<z.output<typeof AdminBoardPage>> {
  const like = q.search ? `%${q.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = like ? or(ilike(boards.name, like), ilike(boards.id, like), ilike(boards.description, like)) : undefined;
  const [rows, [count], levelList, settings] = await Promise.all([
    db
      .select()
      .from(boards)
      .where(where)
      .orderBy(asc(boards.sort), asc(boards.id))
      .limit(ADMIN_BOARD_PAGE_SIZE)
      .offset((q.page - 1) * ADMIN_BOARD_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(boards).where(where),
    levelOrders(db),
    getSettings(db),
  ]);
  const ids = rows.map((b) => b.id);
  const [cats, counts, withPosts, managers] = ids.length
    ? await Promise.all([
        db.select().from(boardCategories).where(inArray(boardCategories.boardId, ids)).orderBy(asc(boardCategories.sort), asc(boardCategories.code)),
        db
          .select({ boardId: boardPageChunks.boardId, scope: boardPageChunks.scope, n: sql<number>`sum(${boardPageChunks.liveCount})::int` })
          .from(boardPageChunks)
          .where(inArray(boardPageChunks.boardId, ids))
          .groupBy(boardPageChunks.boardId, boardPageChunks.scope),
        db.selectDistinct({ boardId: posts.boardId }).from(posts).where(inArray(posts.boardId, ids)),
        managersOf(db, ids),
      ])
    : [[], [], [], new Map<string, never[]>()];
  const live = new Map(counts.map((c) => [`${c.boardId} ${c.scope}`, Number(c.n)]));
  const holding = new Set(withPosts.map((p) => p.boardId));
  const items: AdminBoardRow[] = rows.map((b) => ({
    ...editable(b),
    posts: live.get(`${b.id} c0`) ?? 0,
    hasPosts: holding.has(b.id),
    categories: cats.filter((c) => c.boardId === b.id).map((c) => ({ code: c.code, name: c.name, posts: live.get(`${b.id} ${c.code}`) ?? 0 })),
    managers: managers.get(b.id) ?? [],
  }));
  return {
    items,
    page: q.page,
    pageSize: ADMIN_BOARD_PAGE_SIZE,
    total: Number(count?.n ?? 0),
    levels: levelList,
    defaultPoints: { post: settings.points.post, comment: settings.points.comment },
  };
}

// ---------------------------------------------------------------------------------------------
// Save

async function checkLevels(tx: Tx, input: SaveInput) {
  const max = (await levelOrders(tx)).length;
  const checks: Array<[number, string]> = [
    [input.readLevel, '읽기'],
    [input.writeLevel, '글쓰기'],
    [input.commentLevel, '댓글'],
  ];
  for (const [value, what] of checks) if (value > max) throw badRequest(BOARD_MSG.levelRange(what, max));
}

/** Creates (no originalId) or edits a board and its categories; returns its id. */
export async function saveBoard(db: Db, admin: Member, input: SaveInput): Promise<string> {
  const id = await db.transaction(async (tx) => {
    await lockBoards(tx);
    await checkLevels(tx, input);
    const fields = {
      name: input.name,
      description: input.description,
      readLevel: input.readLevel,
      writeLevel: input.writeLevel,
      commentLevel: input.commentLevel,
      adminOnly: input.adminOnly,
      noticeOnly: input.noticeOnly,
      hidden: input.hidden,
      secretPosts: input.secretPosts,
      answers: input.answers,
      pointsPost: input.pointsPost,
      pointsComment: input.pointsComment,
    };
    const taken = async () => (await tx.select({ id: boards.id }).from(boards).where(eq(boards.id, input.id))).length > 0;

    if (input.originalId === undefined) {
      if (await taken()) throw badRequest(BOARD_MSG.slugTaken);
      const [last] = await tx.select({ n: sql<number>`coalesce(max(${boards.sort}), 0)::int` }).from(boards);
      await tx.insert(boards).values({ id: input.id, ...fields, sort: Number(last?.n ?? 0) + 1 });
      await syncCategories(tx, input.id, input.categories);
      if (input.managers !== undefined) await syncManagers(tx, input.id, input.managers);
      // Registered as a page at once, so the menu page can offer it without typing its address.
      await tx
        .insert(programs)
        .values({ id: `board-${input.id}`, name: input.name, url: `/board/${input.id}/c0/list` })
        .onConflictDoNothing();
      await audit(tx, admin, { action: 'board.create', targetKind: 'board', targetKey: input.id, before: null, after: await boardRecord(tx, input.id) });
      return input.id;
    }

    const before = await boardRecord(tx, input.originalId);
    if (!before) throw notFound(BOARD_MSG.noBoard);
    if (input.id !== input.originalId) {
      if (FIXED_BOARDS.includes(input.originalId)) throw badRequest(BOARD_MSG.fixedBoard);
      if (await boardHasPosts(tx, input.originalId)) throw badRequest(BOARD_MSG.slugFixed);
      if (await taken()) throw badRequest(BOARD_MSG.slugTaken);
      // The id is the key categories point at: a new row takes them over, then the old one goes.
      const [old] = await tx.select().from(boards).where(eq(boards.id, input.originalId));
      await tx.insert(boards).values({ ...old!, id: input.id });
      await tx.update(boardCategories).set({ boardId: input.id }).where(eq(boardCategories.boardId, input.originalId));
      await tx.update(boardManagers).set({ boardId: input.id }).where(eq(boardManagers.boardId, input.originalId));
      await tx.delete(boardPageChunks).where(eq(boardPageChunks.boardId, input.originalId));
      await tx.delete(boards).where(eq(boards.id, input.originalId));
      // Registered pages (and so menu entries) that open the board follow it to its new address.
      const prefix = `/board/${input.originalId}/`;
      await tx
        .update(programs)
        .set({ url: sql`${`/board/${input.id}/`} || substr(${programs.url}, ${prefix.length + 1})` })
        .where(sql`left(${programs.url}, ${prefix.length}) = ${prefix}`);
    }
    await tx.update(boards).set(fields).where(eq(boards.id, input.id));
    await syncCategories(tx, input.id, input.categories);
    if (input.managers !== undefined) await syncManagers(tx, input.id, input.managers);
    await audit(tx, admin, { action: 'board.save', targetKind: 'board', targetKey: input.id, before, after: await boardRecord(tx, input.id) });
    return input.id;
  });
  boardsWritten(db);
  // The menu leaves out hidden boards' pages and follows a board to a new address.
  menuChanged(db);
  return id;
}

// ---------------------------------------------------------------------------------------------
// Delete and order

/** Deletes a board that never held a post (a board with posts is hidden instead). */
export async function deleteBoard(db: Db, admin: Member, id: string): Promise<void> {
  if (FIXED_BOARDS.includes(id)) throw badRequest(BOARD_MSG.fixedBoard);
  await db.transaction(async (tx) => {
    await lockBoards(tx);
    const before = await boardRecord(tx, id);
    if (!before) throw notFound(BOARD_MSG.noBoard);
    if (await boardHasPosts(tx, id)) throw conflict(BOARD_MSG.hasPosts, 'board_has_posts');
    await tx.delete(boardPageChunks).where(eq(boardPageChunks.boardId, id));
    await tx.delete(boardCategories).where(eq(boardCategories.boardId, id));
    await tx.delete(boards).where(eq(boards.id, id));
    await audit(tx, admin, { action: 'board.delete', targetKind: 'board', targetKey: id, before, after: null });
  });
  boardsWritten(db);
}

/**
 * The listed boards take the places they hold now, in the order given (so one page, or a search
 * result, is reordered among itself); then every board is numbered 1, 2, 3 … again.
 */
export async function orderBoards(db: Db, admin: Member, ids: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    await lockBoards(tx);
    const all = await tx.select({ id: boards.id, sort: boards.sort }).from(boards).orderBy(asc(boards.sort), asc(boards.id));
    const index = new Map(all.map((b, i) => [b.id, i]));
    if (ids.some((id) => !index.has(id))) throw conflict(BOARD_MSG.orderStale, 'board_order_stale');
    const before = all.map((b) => b.id);
    const slots = ids.map((id) => index.get(id)!).sort((a, b) => a - b);
    const after = [...before];
    slots.forEach((slot, i) => (after[slot] = ids[i]!));
    for (const [i, id] of after.entries()) {
      if (all[index.get(id)!]!.sort !== i + 1) await tx.update(boards).set({ sort: i + 1 }).where(and(eq(boards.id, id)));
    }
    await audit(tx, admin, { action: 'board.order', targetKind: 'board', targetKey: '*', before, after });
  });
  boardsWritten(db);
}
